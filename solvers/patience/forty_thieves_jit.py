"""Compiled beam probe (numba) for Forty Thieves with a limited stock.

It mirrors :func:`forty_thieves_beam._beam` over :class:`FortyThievesKernel`: the
same macro moves in the same order, the same automatic foundation moves, the same
static scores of :mod:`forty_thieves_order` and the same dead-end proof of
:mod:`forty_thieves_deadlock` (rule 9), so a beam keeps the same positions level by
level. Only the representation differs:

* a position is one row of small integers: the columns (bottom to top, in the
  kernel's column order), their lengths, the eight foundation heights, the talon
  (waste bottom to top, then the stock), its length, the pointer and the turn-overs
  used;
* "seen" is a set of 64-bit hashes of the kernel key (columns taken in any order).
  A collision can only drop a position, and so at worst lose a win: the probe only
  ever answers "winnable", and its line is replayed through the plain kernel and
  checked to win;
* the dead-end proof runs when a position is about to enter the next beam, not when
  it is generated: the beam then takes the same best positions that are not dead
  ends, for far fewer proofs.

The search runs in chunks of positions so the caller keeps the time budget and can
grow the arrays.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale

from solvers.patience.forty_thieves_beam import probe as plain_probe
from solvers.patience.forty_thieves_order import WEIGHTS

# every kernel of this package is compiled or loaded after this: none may be stale
drop_stale(__file__)

TF, TT, W = 0, 1, 2
# run() results
CHUNK, WON, DONE, LIMIT, GROW_TABLE, GROW_KIDS, GROW_LEVELS = range(7)
# ctl fields
LEVEL, PARENT, NKIDS, NODES, NBEAM, COUNT, WIN_PARENT, WIN_KIND, WIN_A, WIN_B = range(10)
CHUNK_NODES = 1 << 14
MAXVAL = 120        # every row entry fits an int16 comfortably; bigger positions use the plain probe
MIX1 = np.int64(-7046029254386353131)    # 0x9E3779B97F4A7C15
MIX2 = np.int64(-4658895280553007687)    # 0xBF58476D1CE4E5B9
MIX3 = np.int64(-7723592293110705685)    # 0x94D049BB133111EB

# widths (positions kept per level) run from narrow to wide, every weighting at each
SCHEDULE = tuple((width, w) for width in (20, 40, 80, 160, 320, 640, 1280, 2560, 5120) for w in WEIGHTS)


class Layout:
    """Offsets of the fields in a position row."""

    def __init__(self, ncol: int, maxlen: int, talon: int):
        self.ncol, self.maxlen, self.talon = ncol, maxlen, talon
        self.lens = ncol * maxlen
        self.found = self.lens + ncol
        self.tal = self.found + 8
        self.n = self.tal + talon
        self.p = self.n + 1
        self.red = self.p + 1
        self.size = self.red + 1

    def array(self) -> np.ndarray:
        """The offsets as the compiled functions take them."""
        return np.array([self.ncol, self.maxlen, self.lens, self.found, self.tal, self.n, self.p,
                         self.red, self.size], np.int64)


@njit(cache=True, inline="always")
def _mix(x):
    x = (x ^ ((x >> 30) & np.int64(0x3FFFFFFFF))) * MIX2
    x = (x ^ ((x >> 27) & np.int64(0x1FFFFFFFFF))) * MIX3
    return x ^ ((x >> 31) & np.int64(0x1FFFFFFFF))


@njit(cache=True, inline="always")
def _col_hash(row, ml, i, L):
    x = np.int64(L + 1)
    for k in range(L):
        x = x * np.int64(131) + row[i * ml + k] + 1
    return _mix(x * MIX1)


@njit(cache=True, inline="always")
def _found_hash(row, of):
    f = np.int64(0)
    for k in range(8):
        f = f * 16 + row[of + k]
    return _mix(f + MIX3)


@njit(cache=True, inline="always")
def _talon_hash(row, ot, on, op, orr):
    n = row[on]
    t = np.int64(n * 256 + row[op] * 8 + row[orr] + 7)
    for k in range(n):
        t = t * np.int64(131) + row[ot + k] + 1
    return _mix(t ^ MIX2)


@njit(cache=True, inline="always")
def _hash(row, lay):
    """64 bits of the kernel key: columns in any order, foundations, talon, pointer."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    h = np.int64(0)
    for i in range(ncol):
        h += _col_hash(row, ml, i, row[ol + i])
    h += _found_hash(row, of)
    h += _talon_hash(row, ot, on, op, orr)
    if h == 0:
        h = 1
    return h


@njit(cache=True, inline="always")
def _kid_hash(kid, par, lay, colh, talh):
    """:func:`_hash` of a child of ``par``, whose column and talon terms are in
    ``colh`` and ``talh``: moves only ever change a column's length when they change
    the column, and the talon's length when they change the talon."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    h = np.int64(0)
    for i in range(ncol):
        L = kid[ol + i]
        if L == par[ol + i]:
            h += colh[i]
        else:
            h += _col_hash(kid, ml, i, L)
    h += _found_hash(kid, of)
    if kid[on] == par[on] and kid[op] == par[op] and kid[orr] == par[orr]:
        h += talh
    else:
        h += _talon_hash(kid, ot, on, op, orr)
    if h == 0:
        h = 1
    return h


@njit(cache=True)
def insert(table, h):
    """Add the hash ``h`` (never 0) to the open-addressing set; False if present."""
    mask = table.shape[0] - 1
    i = h & mask
    while table[i] != 0:
        if table[i] == h:
            return False
        i = (i + 1) & mask
    table[i] = h
    return True


@njit(cache=True)
def rehash(table, bigger):
    """Copy every hash of one set into a larger one."""
    for i in range(table.shape[0]):
        if table[i] != 0:
            insert(bigger, table[i])


@njit(cache=True, inline="always")
def _raise(row, of, c):
    s, r = c // 13, c % 13
    lo, hi = row[of + 2 * s], row[of + 2 * s + 1]
    if lo == r:
        lo += 1
        if lo > hi:
            lo, hi = hi, lo
    elif hi == r:
        hi += 1
    row[of + 2 * s] = lo
    row[of + 2 * s + 1] = hi


@njit(cache=True, inline="always")
def _fits(row, of, c):
    s, r = c // 13, c % 13
    return row[of + 2 * s] == r or row[of + 2 * s + 1] == r


@njit(cache=True, inline="always")
def _safe(row, of, c):
    return row[of + 2 * (c // 13)] == c % 13


@njit(cache=True, inline="always")
def _take_talon(row, ot, on, q):
    """Remove the talon card at index ``q`` (0-based)."""
    n = row[on]
    for k in range(ot + q, ot + n - 1):
        row[k] = row[k + 1]
    row[on] = n - 1


@njit(cache=True, inline="always")
def _normalize(row, lay):
    ncol, ml, ol, of, ot, on, op = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6]
    changed = True
    while changed:
        changed = False
        for i in range(ncol):
            L = row[ol + i]
            if L > 0:
                c = row[i * ml + L - 1]
                if _safe(row, of, c):
                    _raise(row, of, c)
                    row[ol + i] = L - 1
                    changed = True
        p, n = row[op], row[on]
        if p > 0 and _safe(row, of, row[ot + p - 1]):
            _raise(row, of, row[ot + p - 1])
            _take_talon(row, ot, on, p - 1)
            row[op] = p - 1
            changed = True
        elif p < n and _safe(row, of, row[ot + p]):
            _raise(row, of, row[ot + p])
            _take_talon(row, ot, on, p)
            changed = True


@njit(cache=True, inline="always")
def _child(src, dst, kind, a, b, lay):
    """``dst`` = ``src`` after a move (kernel ``child``) and the automatic moves."""
    ml, ol, of, ot, on, op, orr, size = lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7], lay[8]
    for k in range(size):
        dst[k] = src[k]
    if kind == TF:
        L = dst[ol + a]
        _raise(dst, of, dst[a * ml + L - 1])
        dst[ol + a] = L - 1
    elif kind == TT:
        L = dst[ol + a]
        c = dst[a * ml + L - 1]
        dst[ol + a] = L - 1
        M = dst[ol + b]
        dst[b * ml + M] = c
        dst[ol + b] = M + 1
    else:
        c = dst[ot + a - 1]
        if a < dst[op]:
            dst[orr] += 1       # reached through a turn-over
        _take_talon(dst, ot, on, a - 1)
        dst[op] = a - 1
        if b < 0:
            _raise(dst, of, c)
        else:
            M = dst[ol + b]
            dst[b * ml + M] = c
            dst[ol + b] = M + 1
    _normalize(dst, lay)


@njit(cache=True, inline="always")
def _put(mv, m, kind, a, b):
    mv[m, 0] = kind
    mv[m, 1] = a
    mv[m, 2] = b
    return m + 1


@njit(cache=True)
def _moves(row, lay, maxred, mv, accn, accj, qs):
    """The kernel's candidate moves, in its order: to a foundation, moves that empty a
    column, tableau builds, talon cards onto the tableau, cards into an empty column.
    A move is (kind, a, b): TF (column a), TT (column a onto b), W (talon card at
    1-based index a onto column b, or up when b is -1)."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    empty = -1
    for j in range(ncol):
        L = row[ol + j]
        if L > 0:
            t = row[j * ml + L - 1]
            if t % 13 > 0:
                accj[t - 1, accn[t - 1]] = j
                accn[t - 1] += 1
        elif empty < 0:
            empty = j
    # reachable waste tops: forward from the pointer, then through a turn-over
    n, p = row[on], row[op]
    nq = 0
    for q in range(max(p, 1), n + 1):
        qs[nq] = q
        nq += 1
    if row[orr] < maxred:
        for q in range(1, p):
            qs[nq] = q
            nq += 1
    m = 0
    for i in range(ncol):
        L = row[ol + i]
        if L > 0 and _fits(row, of, row[i * ml + L - 1]):
            m = _put(mv, m, TF, i, 0)
    for t in range(nq):
        if _fits(row, of, row[ot + qs[t] - 1]):
            m = _put(mv, m, W, qs[t], -1)
    for single in (True, False):
        for i in range(ncol):
            L = row[ol + i]
            if L > 0 and (L == 1) == single:
                x = row[i * ml + L - 1]
                for u in range(accn[x]):
                    m = _put(mv, m, TT, i, accj[x, u])
    for t in range(nq):
        x = row[ot + qs[t] - 1]
        for u in range(accn[x]):
            m = _put(mv, m, W, qs[t], accj[x, u])
    if empty >= 0:
        for i in range(ncol):
            if row[ol + i] > 1:
                m = _put(mv, m, TT, i, empty)
        for t in range(nq):
            m = _put(mv, m, W, qs[t], empty)
    for j in range(ncol):
        L = row[ol + j]
        if L > 0 and row[j * ml + L - 1] % 13 > 0:
            accn[row[j * ml + L - 1] - 1] = 0
    return m


@njit(cache=True, inline="always")
def _col_score(row, ml, of, i, L, empty_w, buried_w, horizon):
    if L == 0:
        return empty_w
    total = np.int64(0)
    for k in range(L):
        c = row[i * ml + k]
        need = c % 13 - row[of + 2 * (c // 13)]
        if need < horizon:
            total -= buried_w * (horizon - need) * (L - 1 - k)
    return total


@njit(cache=True, inline="always")
def _waste_score(row, ot, of, p, buried_w, horizon):
    total = np.int64(0)
    for k in range(p):
        c = row[ot + k]
        need = c % 13 - row[of + 2 * (c // 13)]
        if need < horizon:
            total -= buried_w * (horizon - need) * (p - 1 - k)
    return total


@njit(cache=True, inline="always")
def _score(row, lay, weights):
    ncol, ml, ol, of, ot, op = lay[0], lay[1], lay[2], lay[3], lay[4], lay[6]
    up_w, empty_w, waste_w, buried_w, horizon = weights[0], weights[1], weights[2], weights[3], weights[4]
    total = np.int64(0)
    for k in range(8):
        total += row[of + k]
    total = up_w * total - waste_w * row[op]
    for i in range(ncol):
        total += _col_score(row, ml, of, i, row[ol + i], empty_w, buried_w, horizon)
    return total + _waste_score(row, ot, of, row[op], buried_w, horizon)


@njit(cache=True, inline="always")
def _kid_score(kid, par, lay, weights, cols, waste):
    """:func:`_score` of a child of ``par``, whose column and waste terms are in
    ``cols`` and ``waste``: they hold while the foundations and what they cover
    stay as they were."""
    ncol, ml, ol, of, ot, on, op = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6]
    same = True
    for k in range(8):
        if kid[of + k] != par[of + k]:
            same = False
            break
    if not same:
        return _score(kid, lay, weights)
    up_w, empty_w, waste_w, buried_w, horizon = weights[0], weights[1], weights[2], weights[3], weights[4]
    total = np.int64(0)
    for k in range(8):
        total += kid[of + k]
    p = kid[op]
    total = up_w * total - waste_w * p
    for i in range(ncol):
        L = kid[ol + i]
        if L == par[ol + i]:
            total += cols[i]
        else:
            total += _col_score(kid, ml, of, i, L, empty_w, buried_w, horizon)
    if kid[on] == par[on] and p == par[op]:
        return total + waste
    return total + _waste_score(kid, ot, of, p, buried_w, horizon)


# ---------------------------------------------------------------- rule 9


@njit(cache=True, inline="always")
def _leaves(y, row, of, last, avail, base):
    """Can ``y``, once reachable, go up or onto a base (no empty column)?"""
    r = y % 13
    if r < last and base[y + 1]:
        return True
    s = y // 13
    lo, hi = row[of + 2 * s], row[of + 2 * s + 1]
    start = lo if r < hi else hi
    if r < start:
        return False
    for x in range(y - r + start, y):
        if avail[x] == 0:
            return False
    return True


@njit(cache=True, inline="always")
def _based(c, base, pend, fx):
    """``c`` became a base: so do the waiting cards it takes, down the suit."""
    base[c] = True
    fx[1] |= 1 << (c // 13)
    while c % 13 > 0 and pend[c - 1] and not base[c - 1]:
        c -= 1
        base[c] = True


@njit(cache=True, inline="always")
def _unplaced(c, last, base, pend, fx):
    """``c`` is reachable off the tableau: a base once an empty column or a base of
    the next rank is known, and waiting until then."""
    fx[1] |= 1 << (c // 13)
    if base[c]:
        return
    if fx[0] or (c % 13 < last and base[c + 1]):
        _based(c, base, pend, fx)
    else:
        pend[c] = True


@njit(cache=True, inline="always")
def _uncover(i, z, ncol, last, avail, base, pend, fx):
    avail[z] += 1
    if i < ncol:
        if base[z]:
            fx[1] |= 1 << (z // 13)
        else:
            _based(z, base, pend, fx)
    else:
        _unplaced(z, last, base, pend, fx)


@njit(cache=True)
def _grow(row, of, last, ncol, piles, plen, depth, avail, base, pend, blocked, fx):
    """Grow the fixed point until nothing changes (``fx``: empty column known,
    suits whose blocked piles to retry, piles to advance, as bit masks)."""
    npiles = ncol + 1
    while fx[2] or fx[1]:
        while fx[2]:
            i = 0
            while not (fx[2] >> i) & 1:
                i += 1
            fx[2] &= ~(np.int64(1) << i)
            n = plen[i]
            while depth[i] < n:
                y = piles[i, n - 1 - depth[i]]
                if not (fx[0] or _leaves(y, row, of, last, avail, base)):
                    blocked[y // 13] |= np.int64(1) << i
                    break
                depth[i] += 1
                if depth[i] < n:
                    _uncover(i, piles[i, n - 1 - depth[i]], ncol, last, avail, base, pend, fx)
                elif i < ncol and not fx[0]:
                    fx[0] = 1
                    for c in range(52):
                        if pend[c]:
                            base[c] = True
                    fx[1] = 15
                    fx[2] = (np.int64(1) << npiles) - 1
        while fx[1]:
            s = 0
            while not (fx[1] >> s) & 1:
                s += 1
            fx[1] &= ~(1 << s)
            if blocked[s]:
                fx[2] |= blocked[s]
                blocked[s] = 0


@njit(cache=True)
def stuck(row, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
    """The dead-end proof of :mod:`forty_thieves_deadlock` (rule 9) for a row: with no
    turn-over left the stock is dealt in order onto the waste stack, otherwise every
    talon card is loose."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    last = ranks - 1
    in_order = row[orr] >= maxred
    n, p = row[on], row[op]
    for c in range(52):
        avail[c] = 0
        base[c] = False
        pend[c] = False
    for s in range(4):
        blocked[s] = 0
    fx[0] = 0
    for i in range(ncol):
        L = row[ol + i]
        plen[i] = L
        depth[i] = 0
        for k in range(L):
            piles[i, k] = row[i * ml + k]
        if L == 0:
            fx[0] = 1
    wp = ncol
    depth[wp] = 0
    plen[wp] = 0
    if in_order:
        plen[wp] = p
        for k in range(p):
            piles[wp, k] = row[ot + k]
    fx[1] = 15
    fx[2] = (np.int64(1) << (ncol + 1)) - 1
    for i in range(ncol + 1):
        if plen[i] > 0:
            _uncover(i, piles[i, plen[i] - 1], ncol, last, avail, base, pend, fx)
    nloose = 0
    if not in_order:
        for k in range(n):
            c = row[ot + k]
            avail[c] += 1
            loose[nloose] = c
            nloose += 1
            _unplaced(c, last, base, pend, fx)
    _grow(row, of, last, ncol, piles, plen, depth, avail, base, pend, blocked, fx)
    if in_order:
        for k in range(p, n):
            # the stock card lands on the waste cards not yet known to leave
            plen[wp] -= depth[wp]
            depth[wp] = 0
            c = row[ot + k]
            piles[wp, plen[wp]] = c
            plen[wp] += 1
            _uncover(wp, c, ncol, last, avail, base, pend, fx)
            fx[2] |= np.int64(1) << wp
            _grow(row, of, last, ncol, piles, plen, depth, avail, base, pend, blocked, fx)
    for i in range(ncol + 1):
        if depth[i] < plen[i]:
            return True
    if fx[0]:
        return False
    for k in range(nloose):
        if not _leaves(loose[k], row, of, last, avail, base):
            return True
    return False


class _Scratch:
    """Work arrays of the dead-end proof and the move generator."""

    def __init__(self, lay: Layout):
        self.piles = np.zeros((lay.ncol + 1, lay.maxlen + lay.talon + 1), np.int16)
        self.plen = np.zeros(lay.ncol + 1, np.int64)
        self.depth = np.zeros(lay.ncol + 1, np.int64)
        self.avail = np.zeros(52, np.int64)
        self.base = np.zeros(52, np.bool_)
        self.pend = np.zeros(52, np.bool_)
        self.loose = np.zeros(lay.talon + 1, np.int16)
        self.accn = np.zeros(52, np.int64)
        self.accj = np.zeros((52, 2 * lay.ncol), np.int64)
        self.qs = np.zeros(2 * lay.talon + 2, np.int64)
        self.blocked = np.zeros(4, np.int64)
        self.fx = np.zeros(3, np.int64)

    def proof(self):
        return (self.piles, self.plen, self.depth, self.avail, self.base, self.pend,
                self.loose, self.blocked, self.fx)


# ---------------------------------------------------------------- the beam


@njit(cache=True)
def _sig(row, lay):
    """64 bits of the foundations and the talon (never 0): the foundation heights
    packed exactly (no overflow), the talon hashed."""
    f = np.int64(0)
    for k in range(8):
        f = f * 16 + row[lay[3] + k]
    h = _talon_hash(row, lay[4], lay[5], lay[6], lay[7]) ^ (f << 20)
    return h if h != 0 else np.int64(1)


@njit(cache=True)
def run(ctl, beam, nxt, lay, maxred, ranks, total, width, weights, table, kpar, kmv, kkey,
        hpar, hmv, mv, accn, accj, qs, piles, plen, depth, avail, base, pend, loose,
        blocked, fx, chunk, limit, cap, sigs, sign):
    """Go on with the beam search in ``ctl`` for about ``chunk`` positions (``limit``:
    stop once this many were generated, 0 for none). ``beam`` holds the current
    level's positions; each parent's new children are hashed into ``table`` and listed
    as (parent, move, sort key); once a level is expanded, the best children that
    are not dead ends become the next level and their parents and moves go into the
    history ``hpar``/``hmv``; with ``cap`` > 0 at most ``cap`` of them per foundations
    and talon (counted in the open-addressing table ``sigs``/``sign``). Returns CHUNK, WON (the parent and move in ``ctl``),
    DONE (the beam ran dry), LIMIT or a request to grow an array."""
    maxm = mv.shape[0]
    start = ctl[NODES]
    kid = np.zeros(lay[8], np.int16)
    ncol, ml, ol, of, ot, op = lay[0], lay[1], lay[2], lay[3], lay[4], lay[6]
    empty_w, buried_w, horizon = weights[1], weights[3], weights[4]
    colh = np.zeros(ncol, np.int64)
    cols = np.zeros(ncol, np.int64)
    while True:
        b = ctl[PARENT]
        if b < ctl[NBEAM]:
            if 2 * (ctl[COUNT] + maxm) > table.shape[0]:
                return GROW_TABLE
            if ctl[NKIDS] + maxm > kpar.shape[0]:
                return GROW_KIDS
            par = beam[b]
            n = _moves(par, lay, maxred, mv, accn, accj, qs)
            nk = ctl[NKIDS]
            # the parent's terms of the hash and of the score, which most children share
            for i in range(ncol):
                colh[i] = _col_hash(par, ml, i, par[ol + i])
                cols[i] = _col_score(par, ml, of, i, par[ol + i], empty_w, buried_w, horizon)
            talh = _talon_hash(par, ot, lay[5], op, lay[7])
            waste = _waste_score(par, ot, of, par[op], buried_w, horizon)
            for t in range(n):
                _child(par, kid, mv[t, 0], mv[t, 1], mv[t, 2], lay)
                if not insert(table, _kid_hash(kid, par, lay, colh, talh)):
                    continue
                ctl[COUNT] += 1
                ctl[NODES] += 1
                won = 0
                for k in range(8):
                    won += kid[lay[3] + k]
                if won == total:
                    ctl[WIN_PARENT] = b
                    ctl[WIN_KIND] = mv[t, 0]
                    ctl[WIN_A] = mv[t, 1]
                    ctl[WIN_B] = mv[t, 2]
                    return WON
                kpar[nk] = b
                kmv[nk, 0] = mv[t, 0]
                kmv[nk, 1] = mv[t, 1]
                kmv[nk, 2] = mv[t, 2]
                # best score first, then the order of generation
                kkey[nk] = (-_kid_score(kid, par, lay, weights, cols, waste) << 32) | nk
                nk += 1
            ctl[NKIDS] = nk
            ctl[PARENT] = b + 1
            if limit > 0 and ctl[NODES] >= limit:
                return LIMIT
            if ctl[NODES] - start >= chunk:
                return CHUNK
            continue
        level = ctl[LEVEL] + 1
        if level >= hpar.shape[0]:
            return GROW_LEVELS
        nk = ctl[NKIDS]
        order = np.sort(kkey[:nk])
        w = 0
        if cap > 0:
            sigs[:] = 0
        smask = sigs.shape[0] - 1
        for t in range(nk):
            e = order[t] & np.int64(0xFFFFFFFF)
            _child(beam[kpar[e]], nxt[w], kmv[e, 0], kmv[e, 1], kmv[e, 2], lay)
            slot = -1
            sg = np.int64(0)
            if cap > 0:
                sg = _sig(nxt[w], lay)
                slot = sg & smask
                while sigs[slot] != 0 and sigs[slot] != sg:
                    slot = (slot + 1) & smask
                if sigs[slot] != 0 and sign[slot] >= cap:
                    continue
            if stuck(nxt[w], lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose,
                     blocked, fx):
                continue
            if slot >= 0:
                # only kept positions enter the table (at most ``width`` < its size / 2)
                if sigs[slot] == 0:
                    sigs[slot] = sg
                    sign[slot] = 0
                sign[slot] += 1
            hpar[level, w] = kpar[e]
            hmv[level, w, 0] = kmv[e, 0]
            hmv[level, w, 1] = kmv[e, 1]
            hmv[level, w, 2] = kmv[e, 2]
            w += 1
            if w == width:
                break
        beam[:w] = nxt[:w]
        ctl[LEVEL] = level
        ctl[NBEAM] = w
        ctl[PARENT] = 0
        ctl[NKIDS] = 0
        if w == 0:
            return DONE


class _Beam:
    """The arrays of one compiled beam search."""

    def __init__(self, kernel, root, lay: Layout, width: int, weights, cap: int = 0):
        self.kernel, self.root, self.lay, self.width, self.cap = kernel, root, lay, width, cap
        self.weights = np.array(weights, np.int64)
        self.layout = lay.array()
        self.beam = np.zeros((width, lay.size), np.int16)
        self.nxt = np.zeros((width, lay.size), np.int16)
        self.beam[0] = encode(root, lay)
        maxm = 4 * lay.ncol + 4 * lay.talon + 8
        self.mv = np.zeros((maxm, 3), np.int64)
        self.table = np.zeros(1 << 12, np.int64)
        insert(self.table, _hash(self.beam[0], self.layout))
        self.kpar = np.zeros(max(width * 32, maxm), np.int64)
        self.kmv = np.zeros((len(self.kpar), 3), np.int16)
        self.kkey = np.zeros(len(self.kpar), np.int64)
        self.hpar = np.zeros((64, width), np.int32)
        self.hmv = np.zeros((64, width, 3), np.int16)
        self.scratch = _Scratch(lay)
        size = 1
        while size < 4 * width:
            size *= 2
        self.sigs = np.zeros(size if cap else 1, np.int64)
        self.sign = np.zeros(len(self.sigs), np.int64)
        self.ctl = np.zeros(10, np.int64)
        self.ctl[NBEAM] = 1
        self.ctl[COUNT] = 1
        self.maxred = 1 << 20 if kernel.max_redeals is None else kernel.max_redeals

    @property
    def nodes(self) -> int:
        """Positions generated so far (as the plain beam counts them)."""
        return int(self.ctl[NODES])

    def step(self, limit: int = 0):
        """Search on for about a chunk of positions; CHUNK, WON, DONE or LIMIT."""
        sc = self.scratch
        while True:
            status = run(self.ctl, self.beam, self.nxt, self.layout, self.maxred, self.kernel.ranks,
                         self.kernel.total, self.width, self.weights, self.table, self.kpar, self.kmv,
                         self.kkey, self.hpar, self.hmv, self.mv, sc.accn, sc.accj, sc.qs, *sc.proof(),
                         CHUNK_NODES, limit, self.cap, self.sigs, self.sign)
            if status == GROW_TABLE:
                bigger = np.zeros(2 * len(self.table), np.int64)
                rehash(self.table, bigger)
                self.table = bigger
            elif status == GROW_KIDS:
                self.kpar = np.concatenate([self.kpar, np.zeros_like(self.kpar)])
                self.kmv = np.concatenate([self.kmv, np.zeros_like(self.kmv)])
                self.kkey = np.concatenate([self.kkey, np.zeros_like(self.kkey)])
            elif status == GROW_LEVELS:
                self.hpar = np.concatenate([self.hpar, np.zeros_like(self.hpar)])
                self.hmv = np.concatenate([self.hmv, np.zeros_like(self.hmv)])
            else:
                return status

    def moves(self) -> list:
        """The moves of the winning line, as (kind, a, b), from the root."""
        ctl = self.ctl
        out = [(int(ctl[WIN_KIND]), int(ctl[WIN_A]), int(ctl[WIN_B]))]
        slot = int(ctl[WIN_PARENT])
        for level in range(int(ctl[LEVEL]), 0, -1):
            out.append(tuple(int(v) for v in self.hmv[level, slot]))
            slot = int(self.hpar[level, slot])
        out.reverse()
        return out


def encode(root, lay: Layout) -> np.ndarray:
    """The row of a kernel state."""
    cols, found, talon, p, redeals = root
    row = np.zeros(lay.size, np.int16)
    for i, col in enumerate(cols):
        row[i * lay.maxlen:i * lay.maxlen + len(col)] = list(col)
        row[lay.lens + i] = len(col)
    row[lay.found:lay.found + 8] = found
    row[lay.tal:lay.tal + len(talon)] = list(talon)
    row[lay.n] = len(talon)
    row[lay.p] = p
    row[lay.red] = redeals
    return row


def layout_for(kernel, root) -> Layout | None:
    """The row layout for positions reached from ``root``, or ``None`` when the
    compiled probe does not cover them. A column only ever grows by a run built
    down by suit on what is left of it, so it never exceeds its length now plus 13."""
    cols, _, talon, p, redeals = root
    if kernel.max_redeals is None or kernel.set_talon:
        return None
    maxlen = max((len(c) for c in cols), default=0) + 13
    if not cols or len(cols) > 60 or maxlen > MAXVAL or len(talon) > MAXVAL or redeals > MAXVAL:
        return None
    return Layout(len(cols), maxlen, len(talon))


def to_kernel_line(kernel, root, moves) -> list:
    """Replay compiled moves through the plain kernel: the notes of each move.
    Raises when a move is not a kernel move or the line does not win."""
    state = root
    path = []
    for kind, a, b in moves:
        mv = next((m for m in kernel.moves(state) if _same(m, kind, a, b)), None)
        if mv is None:
            raise AssertionError("the compiled line leaves the kernel's moves")
        state, notes = kernel.child(state, mv)
        path.append(notes)
    if not kernel.is_won(state):
        raise AssertionError("the compiled line does not win")
    return path


def _same(mv, kind, a, b) -> bool:
    if kind == TF:
        return mv[0] == "TF" and mv[1] == a
    if kind == TT:
        return mv[0] == "TT" and mv[1] == a and mv[2] == b
    return mv[0] == "W" and mv[1] == a and mv[4] == b


def beam(kernel, root, width, weights, deadline=None, max_nodes=None, lay=None, cap=0):
    """One compiled beam search from the normalized ``root``: ``(line or None,
    positions generated, finished)`` as :func:`forty_thieves_beam._beam`."""
    lay = lay or layout_for(kernel, root)
    search = _Beam(kernel, root, lay, width, weights, cap)
    while True:
        status = search.step(max_nodes or 0)
        if status == WON:
            return to_kernel_line(kernel, root, search.moves()), search.nodes, True
        if status == DONE:
            return None, search.nodes, True
        if status == LIMIT:
            return None, search.nodes, False
        if deadline is not None and time.perf_counter() > deadline:
            return None, search.nodes, False


def probe(kernel, root, deadline: float | None = None, max_nodes: int | None = None,
          schedule=SCHEDULE):
    """The compiled :func:`forty_thieves_beam.probe`: a winning line from ``root``
    (a list of note tuples) and the positions generated, or ``None`` and that count
    when no beam found one in time; ``None`` when the compiled probe does not cover
    the position."""
    lay = layout_for(kernel, root)
    if lay is None:
        return None

    def compiled(width, weights, deadline, budget, cap):
        return beam(kernel, root, width, weights, deadline, budget, lay, cap)
    return plain_probe(kernel, root, deadline, max_nodes, schedule, compiled)


def warm_up() -> None:
    """Compile (or load from numba's cache) the probe once per process."""
    if _warm:
        return
    from solvers.patience.deal import forty_thieves_deal
    from solvers.patience.forty_thieves import FortyThievesKernel
    from solvers.patience.options import FortyThievesRules
    kernel = FortyThievesKernel(FortyThievesRules(0), 3)
    root = kernel.normalize(kernel.encode(forty_thieves_deal(1, ranks=3, columns=3, rows=5)))[0]
    beam(kernel, root, 4, WEIGHTS[0], max_nodes=200)
    _warm.append(True)


_warm: list = []
