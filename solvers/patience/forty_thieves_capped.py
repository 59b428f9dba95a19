"""Forty Thieves (limited stock) with the waste capped: no move may leave more than
``cap`` cards in the waste.

Every line of the capped game is a line of the real game, so a capped win is a real
win (its line replays through :mod:`solvers.patience.rules`); a capped loss only says
that no win keeps the waste that small. The exact search of the capped game is far
smaller than the real one (the real search spends its positions over long wastes), so
a family of capped searches, the cap raised step by step, is a probe for wins that
need little waste, and a measure of how much waste a win of a hard deal would need.
With a cap at least the talon's length nothing is cut and the capped game is the
real one.

:class:`CappedKernel` is the plain reference (the kernel's search with the talon
moves over the cap dropped, without lifts so that the compiled search below stores
the same positions); :func:`capped_search` runs the same search compiled, with the
exact search's keys, moves, automatic moves and rule-9 proof
(:mod:`forty_thieves_exact`, :mod:`forty_thieves_jit`).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_exact import (CHUNK, CHUNK_NODES, COUNT, DEPTH, GROW_DEPTH,
                                                  GROW_SECONDS_PER_KEY, GROW_TABLE, LIMIT, LOST, NODES,
                                                  OUT_OF_TIME, WON, Search, _all_up, _doubled, _find_or_add,
                                                  make_key, rebuild)
from solvers.patience.forty_thieves_jit import W, _child, _moves, layout_for, stuck, to_kernel_line

drop_stale(__file__)


class CappedKernel(FortyThievesKernel):
    """The Forty Thieves kernel (limited stock, no lifts) whose talon moves may leave
    at most ``cap`` cards in the waste."""

    def __init__(self, rules, cap: int, ranks: int = 13):
        super().__init__(rules, ranks)
        if self.max_redeals is None:
            raise ValueError("the waste is capped only with a limited stock")
        self.cap = cap
        # the compiled capped search has no postponed lifts; the reference neither
        self.lifts = False

    def moves(self, s) -> list:
        """The kernel's moves but the talon moves over the cap (playing the talon card
        at 1-based place ``q`` leaves ``q - 1`` cards in the waste)."""
        return [m for m in super().moves(s) if m[0] != "W" or m[1] - 1 <= self.cap]


@njit(cache=True)
def _keep_under_cap(mv, n, cap):
    """Drop, in place, the talon moves that leave more than ``cap`` cards in the
    waste; return how many moves are kept."""
    m = 0
    for t in range(n):
        if mv[t, 0] == W and mv[t, 1] - 1 > cap:
            continue
        mv[m, 0] = mv[t, 0]
        mv[m, 1] = mv[t, 1]
        mv[m, 2] = mv[t, 2]
        m += 1
    return m


@njit(cache=True)
def run_capped(ctl, rows, mvs, nmv, idx, lay, maxred, ranks, total, orig, norig, order, key,
               slots, keys, hashes, accn, accj, qs, piles, plen, depth, avail, base, pend, loose,
               blocked, fx, chunk, limit, cap):
    """The exact search's loop (:func:`forty_thieves_exact.run` without lifts or move
    weights) over the capped game; the same results and requests."""
    start = ctl[NODES]
    of = lay[3]
    while ctl[DEPTH] >= 0:
        d = ctl[DEPTH]
        if idx[d] == nmv[d]:
            ctl[DEPTH] = d - 1
            continue
        if 2 * (ctl[COUNT] + 1) > slots.shape[0] or ctl[COUNT] + 1 > keys.shape[0]:
            return GROW_TABLE
        if d + 1 >= rows.shape[0]:
            return GROW_DEPTH
        t = idx[d]
        idx[d] = t + 1
        kid = rows[d + 1]
        _child(rows[d], kid, mvs[d, t, 0], mvs[d, t, 1], mvs[d, t, 2], lay)
        h = make_key(kid, lay, orig, norig, order, key)
        if not _find_or_add(slots, keys, hashes, ctl, key, h):
            continue
        ctl[NODES] += 1
        if _all_up(kid, of, total):
            return WON
        if stuck(kid, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
            continue
        if limit > 0 and ctl[NODES] >= limit:
            return LIMIT
        n = _moves(kid, lay, maxred, mvs[d + 1], accn, accj, qs)
        nmv[d + 1] = _keep_under_cap(mvs[d + 1], n, cap)
        idx[d + 1] = 0
        ctl[DEPTH] = d + 1
        if ctl[NODES] - start >= chunk:
            return CHUNK
    return LOST


class CappedSearch(Search):
    """The compiled exact search of the capped game from a normalized root."""

    def __init__(self, kernel: CappedKernel, root, lay):
        super().__init__(kernel, root, lay)
        self.cap = kernel.cap
        self.nmv[0] = _keep_under_cap(self.mvs[0], self.nmv[0], self.cap)

    def step(self, limit: int = 0, deadline: float | None = None) -> int:
        """As :meth:`Search.step`, over the capped game."""
        sc = self.scratch
        while True:
            status = run_capped(self.ctl, self.rows, self.mvs, self.nmv, self.idx, self.layout, self.maxred,
                                self.kernel.ranks, self.kernel.total, self.orig, self.norig, self.order,
                                self.key, self.slots, self.keys, self.hashes, sc.accn, sc.accj, sc.qs,
                                *sc.proof(), CHUNK_NODES, limit, self.cap)
            if status == GROW_TABLE or status == GROW_DEPTH:
                if not self._grow(status, deadline):
                    return OUT_OF_TIME
            else:
                return status

    def _grow(self, status, deadline) -> bool:
        """Double the table or the frames; False when a table copy would not fit
        before ``deadline``."""
        if status == GROW_DEPTH:
            self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
            self.mvs = np.concatenate([self.mvs, np.zeros_like(self.mvs)])
            self.nmv = np.concatenate([self.nmv, np.zeros_like(self.nmv)])
            self.idx = np.concatenate([self.idx, np.zeros_like(self.idx)])
            return True
        count = int(self.ctl[COUNT])
        if deadline is not None and time.perf_counter() + GROW_SECONDS_PER_KEY * count > deadline:
            return False
        if count + 1 > len(self.keys):
            self.keys = _doubled(self.keys, count)
            self.hashes = _doubled(self.hashes, count)
        if 2 * (count + 1) > len(self.slots):
            self.slots = np.zeros(2 * len(self.slots), np.int64)
            rebuild(self.slots, self.hashes, count)
        return True


def capped_search(kernel: CappedKernel, root, max_nodes=None, deadline=None):
    """The exact search of the capped game from the normalized ``root`` (not won,
    not a dead end): ``(verdict, notes per move or None, positions)`` as the plain
    search over ``kernel`` gives them, or ``None`` when the compiled search does not
    cover the position. A ``"winnable"`` line is a real win."""
    lay = layout_for(kernel, root)
    if lay is None or len(root[2]) > 255 or kernel.max_redeals > 255:
        return None
    s = CappedSearch(kernel, root, lay)
    limit = max_nodes or 0
    while True:
        status = s.step(limit, deadline)
        if status == WON:
            return "winnable", to_kernel_line(kernel, root, s.line()), s.nodes
        if status == LOST:
            return "unwinnable", None, s.nodes
        if status in (LIMIT, OUT_OF_TIME):
            return "unknown", None, s.nodes
        if status == CHUNK and deadline is not None and time.perf_counter() > deadline:
            return "unknown", None, s.nodes
