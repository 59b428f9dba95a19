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
CHUNK = 1 << 26         # next roots are stored packed, in chunks of this many bytes
MAX_DEPTH = 60_000      # depth of the search inside one level


@njit(cache=True)
def _pack(row, lay, talon0, buf, at):
    """Write ``row`` into ``buf`` from byte ``at``, one byte an entry: each column's
    length and cards, the foundations, the talon's length, pointer and turn-overs,
    then which cards of the first root's talon ``talon0`` are still in it (a bit
    each: cards only ever leave the talon, so it stays in that order). Returns the
    end."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    for i in range(ncol):
        n = row[ol + i]
        buf[at] = n
        at += 1
        for k in range(n):
            buf[at] = row[i * ml + k]
            at += 1
    for k in range(8):
        buf[at + k] = row[of + k]
    buf[at + 8] = row[on]
    buf[at + 9] = row[op]
    buf[at + 10] = row[orr]
    at += 11
    nbytes = (talon0.shape[0] + 7) // 8
    for k in range(nbytes):
        buf[at + k] = 0
    j = 0
    for k in range(row[on]):
        c = row[ot + k]
        while talon0[j] != c:
            j += 1
        buf[at + j // 8] |= np.uint8(1 << (j % 8))
        j += 1
    return at + nbytes


@njit(cache=True)
def _unpack(buf, at, lay, talon0, row):
    """Read into ``row`` the position :func:`_pack` wrote at byte ``at``; returns the
    end."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    for k in range(lay[8]):
        row[k] = 0
    for i in range(ncol):
        n = buf[at]
        row[ol + i] = n
        at += 1
        for k in range(n):
            row[i * ml + k] = buf[at]
            at += 1
    for k in range(8):
        row[of + k] = buf[at + k]
    row[on] = buf[at + 8]
    row[op] = buf[at + 9]
    row[orr] = buf[at + 10]
    at += 11
    k = 0
    for j in range(talon0.shape[0]):
        if (buf[at + j // 8] >> (j % 8)) & 1:
            row[ot + k] = talon0[j]
            k += 1
    return at + (talon0.shape[0] + 7) // 8


def record_bytes(lay) -> int:
    """The most bytes :func:`_pack` writes for a row of this layout."""
    return lay.ncol + lay.ncol * lay.maxlen + 11 + (lay.talon + 7) // 8


@njit(cache=True)
def _closure(roots, r0, lay, talon0, rec, maxred, ranks, total, seen, nxt, nxtn, nxttab, ntot,
             ctl, srows, smvs, snmv, sidx, accn, accj, qs,
             piles, plen, depth, avail, base, pend, loose, blocked, fx, tmp, margin):
    """Search every position reachable without dealing from the packed roots in
    ``roots`` from byte ``r0`` on; each new one that is not a dead end is dealt one
    card and packed into ``nxt`` (once per level, by ``nxttab``; ``nxtn`` is its
    bytes used). ``ctl``: positions, depth overflows, won, the byte to resume at.
    Returns WON, DONE, FULL (room is short before a root) or RESTART (one root's
    closure outgrew ``margin``)."""
    of, on, op = lay[3], lay[5], lay[6]
    maxd = srows.shape[0]
    at = r0
    while at < roots.shape[0]:
        if nxtn[0] + margin * rec > nxt.shape[0] or 2 * (ctl[0] + margin) > seen.shape[0] \
                or 2 * (ntot[0] + margin) > nxttab.shape[0]:
            ctl[3] = at
            return FULL
        at = _unpack(roots, at, lay, talon0, srows[0])
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
                    if nxtn[0] + rec >= nxt.shape[0]:
                        return RESTART
                    if insert(nxttab, _hash(tmp, lay)):
                        ntot[0] += 1
                        nxtn[0] = _pack(tmp, lay, talon0, nxt, nxtn[0])
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
    ctl[3] = at
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
    talon0 = np.array(list(root[2]), np.int16)
    rec = record_bytes(lay)
    first = np.zeros(rec, np.uint8)
    roots = [first[:_pack(encode(root, lay), L, talon0, first, 0)]]
    n = 1
    out = LevelCensus("unknown")
    start = time.process_time()
    level = 0
    while True:
        grow = 1
        while True:
            margin = MARGIN * grow
            room = max(CHUNK, 2 * margin * rec)
            chunks = [np.zeros(room, np.uint8)]
            nxtn = np.zeros(1, np.int64)
            ntot = np.zeros(1, np.int64)
            nxttab = _table(max(n + n // 2, margin))
            seen = _table(grow * (4 * n + margin))
            ctl = np.zeros(4, np.int64)
            status = DONE
            for part in roots:
                r, status = 0, FULL
                while status == FULL:
                    status = _closure(part, r, L, talon0, rec, maxred, ranks, total, seen,
                                      chunks[-1], nxtn, nxttab, ntot, ctl, srows, smvs, snmv, sidx,
                                      sc.accn, sc.accj, sc.qs, *sc.proof(), tmp, margin)
                    if status == FULL:
                        r = int(ctl[3])
                        if nxtn[0] + margin * rec > len(chunks[-1]):
                            chunks[-1] = chunks[-1][:nxtn[0]].copy()
                            chunks.append(np.zeros(room, np.uint8))
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
        chunks[-1] = chunks[-1][:nxtn[0]].copy()
        roots = [c for c in chunks if len(c)]
        del chunks, seen, nxttab
        n = nnext
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
