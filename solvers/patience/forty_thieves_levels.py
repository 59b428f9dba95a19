"""Forty Thieves with no turn-over left, searched level by level (compiled; not used by
``solve``, see ``docs/patience.md``, thirteenth round).

Level ``k`` is every position reachable with exactly ``k`` stock cards dealt. From
each position that opens the level (its *roots*) the search takes every move that
does not deal (tableau moves, cards up, the waste top onto the tableau), so the level
is the *closure* of its roots; every position of it, dealt one card, opens the next
level. A position proven a dead end (rule 9) is not expanded. The deal is the only
move that cannot be taken back, so each level is searched once and then forgotten:
memory holds one level, not the whole game. The search is exhaustive, so it answers
"winnable" when a level holds a won position and "unwinnable" when a level opens no
next one; it gives no winning line (the beams and the exact search do).

Rows, moves, automatic moves and the dead-end proof are those of
:mod:`forty_thieves_jit`. "Seen" holds 64-bit hashes of the kernel key, so a
collision can drop a position: an "unwinnable" verdict holds up to that chance
(about ``n * n / 2**65`` for ``n`` positions a level, below 1e-5 at 10 million).
Its job is the census of how many positions each level holds, and a cross-check of
the exact search on small deals by a search organised another way (no components,
no lifts, no depth-first order).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_jit import (W, _child, _hash, _moves, _Scratch, encode,
                                                insert, layout_for, rehash, stuck)
from solvers.patience.forty_thieves_stock import _deal, _table

drop_stale(__file__)

WON, DONE, FULL, RESTART = 0, 1, 2, 3
MARGIN = 1 << 16        # room kept free before each root: positions and next roots
CHUNK = 1 << 20         # next roots are stored in chunks of this many rows
MAX_DEPTH = 60_000      # depth of the search inside one level


@njit(cache=True)
def _closure(roots, r0, lay, maxred, ranks, total, seen, nxt, nxtn, nxttab, ntot, ctl,
             srows, smvs, snmv, sidx, accn, accj, qs,
             piles, plen, depth, avail, base, pend, loose, blocked, fx, tmp, margin):
    """Search every position reachable without dealing from ``roots[r0:]``; each new
    one that is not a dead end is dealt one card into ``nxt`` (once per level, by
    ``nxttab``). ``ctl``: positions, depth overflows, won, the root to resume at.
    Returns WON, DONE, FULL (room is short before a root) or RESTART (one root's
    closure outgrew ``margin``)."""
    of, on, op, size = lay[3], lay[5], lay[6], lay[8]
    maxd = srows.shape[0]
    for r in range(r0, roots.shape[0]):
        if nxtn[0] + margin > nxt.shape[0] or 2 * (ctl[0] + margin) > seen.shape[0] \
                or 2 * (ntot[0] + margin) > nxttab.shape[0]:
            ctl[3] = r
            return FULL
        for k in range(size):
            srows[0, k] = roots[r, k]
        if not insert(seen, _hash(srows[0], lay)):
            continue
        ctl[0] += 1
        d = 0
        fresh = True
        while d >= 0:
            if fresh:
                fresh = False
                row = srows[d]
                up = 0
                for k in range(8):
                    up += row[of + k]
                if up == total:
                    ctl[2] = 1
                    return WON
                if stuck(row, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose,
                         blocked, fx):
                    d -= 1
                    continue
                if row[on] > row[op]:
                    _deal(row, tmp, lay)
                    if nxtn[0] + 2 >= nxt.shape[0]:
                        return RESTART
                    if insert(nxttab, _hash(tmp, lay)):
                        ntot[0] += 1
                        i = nxtn[0]
                        for k in range(size):
                            nxt[i, k] = tmp[k]
                        nxtn[0] = i + 1
                snmv[d] = _moves(row, lay, maxred, smvs[d], accn, accj, qs)
                sidx[d] = 0
            if sidx[d] == snmv[d]:
                d -= 1
                continue
            t = sidx[d]
            sidx[d] = t + 1
            kind, a, b = smvs[d, t, 0], smvs[d, t, 1], smvs[d, t, 2]
            if kind == W and a != srows[d, op]:
                continue        # it deals: the next level's business
            if d + 1 >= maxd:
                ctl[1] += 1
                continue
            kid = srows[d + 1]
            _child(srows[d], kid, kind, a, b, lay)
            if not insert(seen, _hash(kid, lay)):
                continue
            ctl[0] += 1
            if 2 * ctl[0] + 16 > seen.shape[0]:
                return RESTART
            d += 1
            fresh = True
    ctl[3] = roots.shape[0]
    return DONE


@dataclass
class LevelCensus:
    """What the level search found: ``verdict`` is ``winnable``, ``unwinnable`` or
    ``unknown`` (a cap was reached); ``levels`` lists, per level searched to its end,
    ``(roots, positions)``; ``positions`` is their total."""

    verdict: str
    positions: int = 0
    seconds: float = 0.0
    levels: list = field(default_factory=list)
    complete: bool = True       # False if a search inside a level hit the depth limit


def covers(kernel, root) -> bool:
    """Only with no turn-over left, where the compiled rows cover the position."""
    return (kernel.max_redeals is not None and root[4] >= kernel.max_redeals
            and layout_for(kernel, root) is not None)


def search(kernel, root, max_positions: int | None = None, max_level_roots: int | None = None,
           max_seconds: float | None = None, log=None) -> LevelCensus:
    """Search the normalized ``root`` level by level (see the module's text). Stops
    with ``unknown`` once ``max_positions`` positions were searched, a level would
    open with more than ``max_level_roots`` roots, or ``max_seconds`` of CPU passed
    (checked between levels). ``log(level, roots, positions)`` is called per level."""
    if not covers(kernel, root):
        raise ValueError("the level search needs Forty Thieves with no turn-over left")
    lay = layout_for(kernel, root)
    L = lay.array()
    maxred, ranks, total = kernel.max_redeals, kernel.ranks, kernel.total
    sc = _Scratch(lay)
    maxm = 4 * lay.ncol + 4 * lay.talon + 8
    srows = np.zeros((MAX_DEPTH, lay.size), np.int16)
    smvs = np.zeros((MAX_DEPTH, maxm, 3), np.int16)
    snmv = np.zeros(MAX_DEPTH, np.int64)
    sidx = np.zeros(MAX_DEPTH, np.int64)
    tmp = np.zeros(lay.size, np.int16)
    roots = [encode(root, lay)[None, :].copy()]
    out = LevelCensus("unknown")
    start = time.process_time()
    level = 0
    while True:
        n = sum(len(c) for c in roots)
        grow = 1
        while True:
            margin = MARGIN * grow
            chunks = [np.zeros((max(CHUNK, 2 * margin), lay.size), np.int16)]
            nxtn = np.zeros(1, np.int64)
            ntot = np.zeros(1, np.int64)
            nxttab = _table(max(n + n // 2, margin))
            seen = _table(grow * (4 * n + margin))
            ctl = np.zeros(4, np.int64)
            status = DONE
            for part in roots:
                r, status = 0, FULL
                while status == FULL:
                    status = _closure(part, r, L, maxred, ranks, total, seen, chunks[-1], nxtn,
                                      nxttab, ntot, ctl, srows, smvs, snmv, sidx, sc.accn, sc.accj,
                                      sc.qs, *sc.proof(), tmp, margin)
                    if status == FULL:
                        r = int(ctl[3])
                        if nxtn[0] + margin > len(chunks[-1]):
                            chunks[-1] = chunks[-1][:nxtn[0]].copy()
                            chunks.append(np.zeros((max(CHUNK, 2 * margin), lay.size), np.int16))
                            nxtn[0] = 0
                        if 2 * (ntot[0] + margin) > len(nxttab):
                            bigger = np.zeros(2 * len(nxttab), np.int64)
                            rehash(nxttab, bigger)
                            nxttab = bigger
                        if 2 * (ctl[0] + margin) > len(seen):
                            bigger = np.zeros(2 * len(seen), np.int64)
                            rehash(seen, bigger)
                            seen = bigger
                if status in (WON, RESTART):
                    break
            if status != RESTART:
                break
            grow *= 4       # one position's closure outgrew the room: this level again
        out.positions += int(ctl[0])
        out.seconds = time.process_time() - start
        out.complete = out.complete and ctl[1] == 0
        if status == WON:
            out.verdict = "winnable"
            return out
        out.levels.append((n, int(ctl[0])))
        if log is not None:
            log(level, n, int(ctl[0]))
        nnext = int(ntot[0])
        if nnext == 0:
            out.verdict = "unwinnable" if out.complete else "unknown"
            return out
        if (max_positions is not None and out.positions >= max_positions) \
                or (max_level_roots is not None and nnext > max_level_roots) \
                or (max_seconds is not None and out.seconds >= max_seconds):
            return out
        chunks[-1] = chunks[-1][:nxtn[0]]
        roots = [c for c in chunks if len(c)]
        del chunks, seen, nxttab
        level += 1


def warm_up() -> None:
    """Compile (or load from numba's cache) once per process."""
    from solvers.patience.deal import forty_thieves_deal
    from solvers.patience.options import FortyThievesRules
    from solvers.patience.search import kernel_for
    pos = forty_thieves_deal(1, ranks=3, columns=3, rows=2)
    kernel = kernel_for(pos, FortyThievesRules(redeals=0))
    root, _ = kernel.normalize(kernel.encode(pos))
    search(kernel, root)
