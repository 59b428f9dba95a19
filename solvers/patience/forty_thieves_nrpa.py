"""Nested rollout policy adaptation over Forty Thieves' macro moves (compiled; a probe
for winning lines, not used by the solver).

A *rollout* plays from the root to the end: at each position it draws one of the
kernel's macro moves (:mod:`forty_thieves_jit`'s moves, children and automatic moves)
with probability proportional to ``exp(policy[code] + bias)``, where ``code`` names
the move by the card moved, where it goes (up, onto a card, into an empty column;
from a column or the talon) and what it uncovers (the card under it in its column,
or how many stock cards it deals), and ``bias`` is the rise of the beam's static
score (:mod:`forty_thieves_order`) from the position to the child, divided by
``tau``. A rollout never enters a position it has met already and stops at a win, at
a position with no move, or at a dead end of rule 9. Its value is the cards up at the
end, then the static score there.

Level 1 runs ``iters`` rollouts, after each moving the policy towards the best line so
far (NRPA's *adapt*: the best line's moves gain ``alpha``, every move offered on the
way loses ``alpha`` times its probability); level ``k`` runs level ``k - 1``
``iters`` times from copies of its policy and adapts it towards its best line. Like
the beams it only ever answers "winnable": a line is replayed through the plain
kernel and refused unless it wins.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_jit import (TF, W, _child, _hash, _moves, _score, _Scratch, encode,
                                                insert, layout_for, stuck, to_kernel_line)
from solvers.patience.forty_thieves_order import WEIGHTS

drop_stale(__file__)

NCTX = 69               # what a move uncovers: a column card (52), nothing (52), 0-15 stock cards dealt
NCODES = 52 * 6 * NCTX
SEEN = 1 << 12          # positions a rollout remembers (more than twice MAXLEN)
MAXLEN = 1000           # moves in a rollout
UP = 1048576.0          # a card up outweighs any difference of static score
WIN = 1e300


@njit(cache=True, inline="always")
def _code(row, lay, kind, a, b):
    """The policy's name for a move of ``row``."""
    ml, ol, ot, op = lay[1], lay[2], lay[4], lay[6]
    if kind != W:
        L = row[ol + a]
        c = row[a * ml + L - 1]
        ctx = row[a * ml + L - 2] if L >= 2 else 52
        kd = 0 if kind == TF else (2 if row[ol + b] == 0 else 1)
    else:
        c = row[ot + a - 1]
        ctx = 53 + min(15, max(0, a - row[op]))
        kd = 3 if b < 0 else (5 if row[ol + b] == 0 else 4)
    return (c * 6 + kd) * NCTX + ctx


@njit(cache=True, inline="always")
def _up(row, lay):
    total = 0
    for k in range(8):
        total += row[lay[3] + k]
    return total


@njit(cache=True)
def _seen(table, h):
    mask = table.shape[0] - 1
    i = h & mask
    while table[i] != 0:
        if table[i] == h:
            return True
        i = (i + 1) & mask
    return False


@njit(cache=True)
def seed_rng(seed):
    """Seed the compiled functions' random numbers."""
    np.random.seed(seed)


@njit(cache=True)
def _weights(cur, lay, maxred, pol, weights, tau, mv, accn, accj, qs, kids, wts, codes, seen, skip_seen):
    """The moves of ``cur`` (children in ``kids``), their weights ``exp(policy + bias)``
    in ``wts`` (0 for a child in ``seen`` when ``skip_seen``): (moves, total weight)."""
    n = _moves(cur, lay, maxred, mv, accn, accj, qs)
    here = _score(cur, lay, weights)
    top = -1e300
    for t in range(n):
        _child(cur, kids[t], mv[t, 0], mv[t, 1], mv[t, 2], lay)
        codes[t] = _code(cur, lay, mv[t, 0], mv[t, 1], mv[t, 2])
        wts[t] = pol[codes[t]] + (_score(kids[t], lay, weights) - here) / tau
        top = max(top, wts[t])
    total = 0.0
    for t in range(n):
        if skip_seen and _seen(seen, _hash(kids[t], lay)):
            wts[t] = 0.0
        else:
            wts[t] = np.exp(wts[t] - top)
        total += wts[t]
    return n, total


@njit(cache=True)
def rollout(root, lay, maxred, ranks, total, pol, weights, tau, seq, mv, accn, accj, qs, cur, kids, seen,
            wts, codes, piles, plen, depth, avail, base, pend, loose, blocked, fx):
    """One rollout from ``root`` by the policy, its moves in ``seq``: (value, moves, cards up)."""
    cur[:] = root
    seen[:] = 0
    insert(seen, _hash(cur, lay))
    steps = 0
    while steps < MAXLEN and _up(cur, lay) < total:
        if stuck(cur, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
            break
        n, weight = _weights(cur, lay, maxred, pol, weights, tau, mv, accn, accj, qs, kids, wts, codes,
                             seen, True)
        if weight <= 0.0:
            break
        r = np.random.random() * weight
        acc = 0.0
        t = -1
        for u in range(n):
            if wts[u] > 0.0:
                t = u
                acc += wts[u]
                if acc > r:
                    break
        insert(seen, _hash(kids[t], lay))
        seq[steps] = mv[t]
        cur[:] = kids[t]
        steps += 1
    up = _up(cur, lay)
    return up * UP + _score(cur, lay, weights), steps, up


@njit(cache=True)
def adapt(pol, newpol, root, lay, maxred, weights, tau, seq, nseq, alpha, mv, accn, accj, qs, cur, kids,
          seen, wts, codes):
    """NRPA's adapt: move ``pol`` towards the line ``seq`` (the probabilities of the
    policy before the step, with the bias)."""
    newpol[:] = pol
    cur[:] = root
    for s in range(nseq):
        n, weight = _weights(cur, lay, maxred, pol, weights, tau, mv, accn, accj, qs, kids, wts, codes,
                             seen, False)
        kind, a, b = seq[s, 0], seq[s, 1], seq[s, 2]
        newpol[_code(cur, lay, kind, a, b)] += alpha
        for t in range(n):
            newpol[codes[t]] -= alpha * wts[t] / weight
        _child(cur, kids[0], kind, a, b, lay)
        cur[:] = kids[0]
    pol[:] = newpol


@njit(cache=True)
def level1(root, lay, maxred, ranks, total, pol, newpol, weights, tau, iters, alpha, best, seq, mv, accn,
           accj, qs, cur, kids, seen, wts, codes, piles, plen, depth, avail, base, pend, loose, blocked, fx):
    """NRPA's level 1 (``pol`` is adapted in place): (best value, its moves in ``best``,
    rollouts, cards up at its end); a win has the value ``WIN``."""
    best_value, best_len, best_up, done = -WIN, 0, 0, 0
    for _ in range(iters):
        value, n, up = rollout(root, lay, maxred, ranks, total, pol, weights, tau, seq, mv, accn, accj, qs,
                               cur, kids, seen, wts, codes, piles, plen, depth, avail, base, pend, loose,
                               blocked, fx)
        done += 1
        if up == total:
            value = WIN
        if value >= best_value:
            best_value, best_len, best_up = value, n, up
            best[:n] = seq[:n]
        if up == total:
            break
        adapt(pol, newpol, root, lay, maxred, weights, tau, best, best_len, alpha, mv, accn, accj, qs, cur,
              kids, seen, wts, codes)
    return best_value, best_len, done, best_up


class NestedRollouts:
    """The arrays and settings of one NRPA search from a kernel root."""

    def __init__(self, kernel, root, *, iters=100, alpha=1.0, tau=30.0, weights=WEIGHTS[0], seed=1):
        self.kernel, self.root = kernel, root
        self.iters, self.alpha, self.tau = iters, alpha, float(tau)
        lay = layout_for(kernel, root)
        self.layout = lay.array()
        self.row = encode(root, lay)
        self.maxred = 1 << 20 if kernel.max_redeals is None else kernel.max_redeals
        self.weights = np.array(weights, np.int64)
        self.scratch = _Scratch(lay)
        self.mv = np.zeros((4 * lay.ncol + 4 * lay.talon + 8, 3), np.int64)
        self.cur = np.zeros(lay.size, np.int16)
        self.kids = np.zeros((len(self.mv), lay.size), np.int16)
        self.seen = np.zeros(SEEN, np.int64)
        self.wts = np.zeros(len(self.mv), np.float64)
        self.codes = np.zeros(len(self.mv), np.int64)
        self.seq = np.zeros((MAXLEN, 3), np.int64)
        self.newpol = np.zeros(NCODES, np.float64)
        self.rollouts = 0
        self.best_up = 0
        seed_rng(seed)

    def _arrays(self):
        sc = self.scratch
        return (self.mv, sc.accn, sc.accj, sc.qs, self.cur, self.kids, self.seen, self.wts, self.codes)

    def level1(self, pol):
        """Level 1 from a copy of ``pol``: (value, best line as an array of moves)."""
        best = np.zeros((MAXLEN, 3), np.int64)
        value, n, done, up = level1(self.row, self.layout, self.maxred, self.kernel.ranks, self.kernel.total,
                                    pol.copy(), self.newpol, self.weights, self.tau, self.iters, self.alpha,
                                    best, self.seq, *self._arrays(), *self.scratch.proof())
        self.rollouts += done
        self.best_up = max(self.best_up, int(up))
        return value, best[:n].copy()

    def adapt(self, pol, line):
        """Move ``pol`` towards ``line`` (in place)."""
        adapt(pol, self.newpol, self.row, self.layout, self.maxred, self.weights, self.tau, line, len(line),
              self.alpha, *self._arrays())

    def nested(self, level, pol, deadline=None):
        """NRPA at ``level`` from a copy of ``pol``: (value, best line)."""
        if level <= 1:
            return self.level1(pol)
        pol = pol.copy()
        best_value, best_line = -WIN, None
        for _ in range(self.iters):
            value, line = self.nested(level - 1, pol, deadline)
            if value >= best_value:
                best_value, best_line = value, line
            if best_value >= WIN or (deadline is not None and time.perf_counter() > deadline):
                break
            self.adapt(pol, best_line)
        return best_value, best_line


def search(kernel, root, deadline: float | None = None, max_rollouts: int | None = None, *, level=2,
           iters=100, alpha=1.0, tau=30.0, weights=WEIGHTS[0], seed=1):
    """NRPA searches at ``level`` from the normalized ``root``, each from a fresh
    policy, until one wins or the budget is spent: ``(line or None, rollouts, most
    cards up)``, the line as the kernel's notes per move; ``None`` when the compiled
    rows do not cover the position."""
    if layout_for(kernel, root) is None:
        return None
    search = NestedRollouts(kernel, root, iters=iters, alpha=alpha, tau=tau, weights=weights, seed=seed)
    while True:
        value, line = search.nested(level, np.zeros(NCODES, np.float64), deadline)
        if value >= WIN:
            moves = [tuple(int(v) for v in m) for m in line]
            return to_kernel_line(kernel, root, moves), search.rollouts, kernel.total
        if deadline is not None and time.perf_counter() > deadline:
            break
        if max_rollouts is not None and search.rollouts >= max_rollouts:
            break
    return None, search.rollouts, search.best_up
