"""A beam over stock cards dealt, for Forty Thieves with no turn-over left (compiled).

The move-by-move beam (:mod:`forty_thieves_jit`) compares positions one macro move
from the root at each level, whatever the stock: a position that dealt ten cards to
play one looks as far on as one that dealt none. Here a level is the number of stock
cards dealt, the only step that cannot be taken back, so the positions a level
compares have been dealt the same cards. From each kept position the search
explores what can be done *without* dealing (tableau moves, cards up, the waste top
onto the tableau; a depth-first search of at most ``reach`` positions, in the
kernel's move order, sharing one "seen" set per level), and every position found
offers one candidate for the next level: itself with the next stock card dealt. Of
the candidates from one kept position the best ``per`` by the beam's score
(:mod:`forty_thieves_order`) are offered, and the best ``width`` of all offers that
are neither repeated nor dead ends (rule 9) make the next level. With the stock run out the search
from a kept position is the end game, with ``reach`` times ``END_REACH`` positions.

Like the other probe it only ever answers "winnable", with a line that is replayed
through the plain kernel (a deal is a kernel state with the pointer one further) and
refused unless it wins; "seen" holds 64-bit hashes, so a collision can only lose a
win. Rows, moves, automatic moves and the dead-end proof are those of
:mod:`forty_thieves_jit`.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_beam import run_schedule
from solvers.patience.forty_thieves_jit import (W, _child, _hash, _moves, _normalize, _same,
                                                _score, _Scratch, encode, insert, layout_for, rehash,
                                                stuck)

drop_stale(__file__)

WON, DONE, FULL = 0, 1, 2
END_REACH = 4            # the end game (no stock left) searches this many times ``reach``
DEAL = 3                 # move kind: deal the next stock card (not a kernel move)

# (width, reach, per, weights) from cheap to dear; see :func:`probe`
WEIGHTS = ((100, 40, 30, 8, 3), (100, 80, 30, 20, 4), (100, 40, 6, 30, 3))
SCHEDULE = tuple(
    (width, reach, per, w)
    for width, reach, per in ((20, 200, 4), (60, 400, 4), (200, 800, 8), (600, 1500, 8),
                              (2000, 3000, 16), (5000, 3000, 24))
    for w in WEIGHTS)


@njit(cache=True)
def _deal(src, dst, lay):
    """``dst`` = ``src`` with the next stock card dealt onto the waste (and the
    automatic moves after it)."""
    for k in range(lay[8]):
        dst[k] = src[k]
    dst[lay[6]] += 1
    _normalize(dst, lay)


@njit(cache=True)
def expand(roots, r0, r1, lay, maxred, ranks, total, reach, per, weights, table,
           npar, nmv, nroot, ctl, srows, smvs, snmv, sidx, snode, accn, accj, qs,
           piles, plen, depth, avail, base, pend, loose, blocked, fx,
           krow, kscore, knode, crow, cscore, cnode, tmp):
    """Search from each of ``roots[r0:r1]`` without dealing, for at most ``reach``
    new positions each; record every position as a node (parent node ``npar``, move
    ``nmv``, its root ``nroot``) and add the best ``per`` dealt candidates of each
    root to ``crow``/``cscore``/``cnode`` (``ctl[1]`` counts them). ``ctl[0]``
    counts nodes, ``ctl[2]`` is the winning node. Returns WON, DONE or FULL (the
    node arrays or the table need to grow)."""
    of, on, op = lay[3], lay[5], lay[6]
    maxd = srows.shape[0]
    for r in range(r0, r1):
        if ctl[0] + reach + 1 > npar.shape[0] or 2 * (ctl[0] + reach + 1) > table.shape[0]:
            ctl[3] = r
            return FULL
        kn = 0
        # the root itself: a node and a candidate
        root_node = ctl[0]
        npar[root_node] = -1
        nroot[root_node] = r
        ctl[0] += 1
        insert(table, _hash(roots[r], lay))
        up = 0
        for k in range(8):
            up += roots[r, of + k]
        if up == total:
            ctl[2] = root_node
            return WON
        for k in range(lay[8]):
            srows[0, k] = roots[r, k]
        snode[0] = root_node
        d = 0
        snmv[0] = _moves(srows[0], lay, maxred, smvs[0], accn, accj, qs)
        sidx[0] = 0
        if srows[0, on] > srows[0, op]:
            _deal(srows[0], tmp, lay)
            kscore[0] = _score(tmp, lay, weights)
            knode[0] = root_node
            krow[0] = tmp
            kn = 1
        found = 0
        while d >= 0:
            if sidx[d] == snmv[d]:
                d -= 1
                continue
            t = sidx[d]
            sidx[d] = t + 1
            kind, a, b = smvs[d, t, 0], smvs[d, t, 1], smvs[d, t, 2]
            if kind == W and a != srows[d, op]:
                continue        # it deals: left to the next level
            if d + 1 >= maxd:
                continue
            kid = srows[d + 1]
            _child(srows[d], kid, kind, a, b, lay)
            if not insert(table, _hash(kid, lay)):
                continue
            node = ctl[0]
            npar[node] = snode[d]
            nmv[node, 0] = kind
            nmv[node, 1] = a
            nmv[node, 2] = b
            nroot[node] = r
            ctl[0] += 1
            found += 1
            up = 0
            for k in range(8):
                up += kid[of + k]
            if up == total:
                ctl[2] = node
                return WON
            if stuck(kid, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
                continue
            if kid[on] > kid[op]:
                _deal(kid, tmp, lay)
                sc = _score(tmp, lay, weights)
                if kn < per:
                    krow[kn] = tmp
                    kscore[kn] = sc
                    knode[kn] = node
                    kn += 1
                else:
                    worst = 0
                    for u in range(1, kn):
                        if kscore[u] < kscore[worst]:
                            worst = u
                    if sc > kscore[worst]:
                        krow[worst] = tmp
                        kscore[worst] = sc
                        knode[worst] = node
            if found >= reach:
                break
            snode[d + 1] = node
            snmv[d + 1] = _moves(kid, lay, maxred, smvs[d + 1], accn, accj, qs)
            sidx[d + 1] = 0
            d += 1
        for u in range(kn):
            c = ctl[1]
            crow[c] = krow[u]
            cscore[c] = kscore[u]
            cnode[c] = knode[u]
            ctl[1] = c + 1
    ctl[3] = r1
    return DONE


@njit(cache=True)
def select(crow, cscore, ncand, lay, maxred, ranks, width, table, out, outnode, cnode,
           piles, plen, depth, avail, base, pend, loose, blocked, fx):
    """The best ``width`` candidates (score, then order) that are neither repeated
    nor dead ends, into ``out``; their nodes into ``outnode``. Returns how many."""
    order = np.argsort(-cscore[:ncand], kind="mergesort")
    w = 0
    for t in range(ncand):
        e = order[t]
        if not insert(table, _hash(crow[e], lay)):
            continue
        if stuck(crow[e], lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
            continue
        out[w] = crow[e]
        outnode[w] = cnode[e]
        w += 1
        if w == width:
            break
    return w


@njit(cache=True)
def _path(node, npar, nmv, out):
    """The moves from its root to ``node`` (into ``out``, last first); how many."""
    n = 0
    while npar[node] >= 0:
        out[n, 0] = nmv[node, 0]
        out[n, 1] = nmv[node, 1]
        out[n, 2] = nmv[node, 2]
        n += 1
        node = npar[node]
    return n


def _table(n: int) -> np.ndarray:
    size = 1 << 12
    while size < 2 * n:
        size *= 2
    return np.zeros(size, np.int64)


def covers(kernel, root) -> bool:
    """Only with no turn-over left (the stock is then dealt once, in order)."""
    lay = layout_for(kernel, root)
    return lay is not None and root[4] >= kernel.max_redeals


def beam(kernel, root, width, reach, per, weights, deadline=None, max_nodes=None):
    """One beam over stock cards dealt from the normalized ``root``: ``(line or
    None, positions, finished)``, as :func:`forty_thieves_jit.beam`."""
    lay = layout_for(kernel, root)
    L = lay.array()
    maxred, ranks, total = kernel.max_redeals, kernel.ranks, kernel.total
    weights = np.array(weights, np.int64)
    sc = _Scratch(lay)
    maxm = 4 * lay.ncol + 4 * lay.talon + 8
    maxd = 4 * lay.ncol * lay.maxlen + 64
    srows = np.zeros((maxd, lay.size), np.int16)
    smvs = np.zeros((maxd, maxm, 3), np.int64)
    snmv = np.zeros(maxd, np.int64)
    sidx = np.zeros(maxd, np.int64)
    snode = np.zeros(maxd, np.int64)
    krow = np.zeros((per, lay.size), np.int16)
    kscore = np.zeros(per, np.int64)
    knode = np.zeros(per, np.int64)
    tmp = np.zeros(lay.size, np.int16)
    roots = encode(root, lay)[None, :].copy()
    # per kept root: (root index at the level before, node moves from it, dealt)
    history = [[(-1, [])]]
    nodes = 0
    end = False
    while len(roots):
        n = len(roots)
        end = all(r[lay.n] <= r[lay.p] for r in roots)
        rch = reach * END_REACH if end else reach
        cap = min(n * (rch + 1) + 16, 1 << 22)
        npar = np.zeros(cap, np.int64)
        nmv = np.zeros((cap, 3), np.int16)
        nroot = np.zeros(cap, np.int64)
        table = _table(cap)
        crow = np.zeros((n * per, lay.size), np.int16)
        cscore = np.zeros(n * per, np.int64)
        cnode = np.zeros(n * per, np.int64)
        ctl = np.zeros(4, np.int64)
        r = 0
        status = DONE
        while r < n:
            r1 = min(n, r + 16)
            status = expand(roots, r, r1, L, maxred, ranks, total, rch, per, weights, table,
                            npar, nmv, nroot, ctl, srows, smvs, snmv, sidx, snode, sc.accn, sc.accj,
                            sc.qs, *sc.proof(), krow, kscore, knode, crow, cscore, cnode, tmp)
            if status == WON:
                break
            if status == FULL:
                # grow the node arrays and the table
                more = 2 * len(npar)
                npar = np.concatenate([npar, np.zeros(more - len(npar), np.int64)])
                nmv = np.concatenate([nmv, np.zeros((more - len(nmv), 3), np.int16)])
                nroot = np.concatenate([nroot, np.zeros(more - len(nroot), np.int64)])
                bigger = _table(more)
                rehash(table, bigger)
                table = bigger
                r = int(ctl[3])
                continue
            r = r1
            if max_nodes is not None and nodes + ctl[0] >= max_nodes:
                return None, nodes + int(ctl[0]), False
            if deadline is not None and time.perf_counter() > deadline:
                return None, nodes + int(ctl[0]), False
        nodes += int(ctl[0])
        if status == WON:
            node = int(ctl[2])
            buf = np.zeros((maxd + 8, 3), np.int64)
            k = _path(node, npar, nmv, buf)
            moves = [tuple(int(v) for v in buf[i]) for i in range(k - 1, -1, -1)]
            line = _unwind(history, len(history) - 1, int(nroot[node]), moves)
            return _to_notes(kernel, root, line), nodes, True
        ncand = int(ctl[1])
        if ncand == 0:
            return None, nodes, True
        out = np.zeros((min(width, ncand), lay.size), np.int16)
        outnode = np.zeros(len(out), np.int64)
        w = select(crow, cscore, ncand, L, maxred, ranks, len(out), _table(ncand), out, outnode, cnode,
                   *sc.proof())
        level = []
        buf = np.zeros((maxd + 8, 3), np.int64)
        for i in range(w):
            node = int(outnode[i])
            k = _path(node, npar, nmv, buf)
            moves = [tuple(int(v) for v in buf[j]) for j in range(k - 1, -1, -1)]
            level.append((int(nroot[node]), moves))
        history.append(level)
        roots = out[:w].copy()
    return None, nodes, True


def _unwind(history, level, index, tail) -> list:
    """The moves from the root to the end of ``tail`` taken from root ``index`` of
    ``level``: each level's moves, then a deal."""
    parts = [tail]
    while level > 0:
        parent, moves = history[level][index]
        parts.append(moves + [(DEAL, 0, 0)])
        level, index = level - 1, parent
    parts.append(history[0][0][1])
    out = []
    for part in reversed(parts):
        out.extend(part)
    return out


def step(kernel, state, move):
    """One step of a compiled line through the plain kernel: ``(state, notes)``. A
    deal is the kernel state with the pointer one further, and its automatic moves.
    Raises when the move is not a kernel move."""
    kind, a, b = move
    if kind == DEAL:
        cols, found, talon, p, redeals = state
        if p >= len(talon):
            raise AssertionError("no stock card left to deal")
        state, auto = kernel.normalize((cols, found, talon, p + 1, redeals))
        return state, ("draw",) + tuple(auto)
    mv = next((m for m in kernel.moves(state) if _same(m, kind, a, b)
               and (kind != W or not m[2])), None)
    if mv is None:
        raise AssertionError("the compiled line leaves the kernel's moves")
    return kernel.child(state, mv)


def _to_notes(kernel, root, line) -> list:
    """Replay the moves through the plain kernel (:func:`step`): the notes of each
    step. Raises when a move is not a kernel move or the line does not win."""
    state = root
    path = []
    for move in line:
        state, notes = step(kernel, state, move)
        path.append(notes)
    if not kernel.is_won(state):
        raise AssertionError("the compiled line does not win")
    return path


def probe(kernel, root, deadline=None, max_nodes=None, schedule=SCHEDULE):
    """Run the beams of ``schedule`` until one wins: ``(line or None, positions)``,
    or ``None`` when the position is not covered."""
    if not covers(kernel, root):
        return None

    def run(entry, budget):
        width, reach, per, weights = entry
        return beam(kernel, root, width, reach, per, weights, deadline, budget)
    return run_schedule(schedule, max_nodes, run)


def warm_up() -> None:
    """Compile (or load from numba's cache) once per process."""
    if _warm:
        return
    from solvers.patience.deal import forty_thieves_deal
    from solvers.patience.forty_thieves import FortyThievesKernel
    from solvers.patience.options import FortyThievesRules
    kernel = FortyThievesKernel(FortyThievesRules(0), 3)
    root = kernel.normalize(kernel.encode(forty_thieves_deal(1, ranks=3, columns=3, rows=5)))[0]
    beam(kernel, root, 4, 20, 2, (100, 40, 30, 8, 3), max_nodes=200)
    _warm.append(True)


_warm: list = []
