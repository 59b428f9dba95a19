"""Compiled Klondike search (numba) for unlimited passes without the switch rule.

It mirrors :class:`~solvers.patience.klondike.KlondikeKernel` driven by
``search._dfs`` move for move: the same candidate moves in the same order, the same
automatic foundation moves, the same pending moves and the same key equivalence, so
both visit the same positions in the same order and count the same nodes (the tests
check this). Only the representation differs:

* a column is its count of face-down cards (always a prefix of the dealt ones) and
  its face-up run; the stock and waste are a bit mask over the dealt talon order plus
  the pointer ``p`` (cards still in the talon before the pointer);
* a key is four 64-bit words: the sorted column codes (face-down count and the
  dealt column when cards are face down, head card, one suit bit a card) and the
  talon mask, foundation heights and pointer class. It is exact, never a
  hash: two positions share a key exactly when ``KlondikeKernel.key`` says they are
  the same;
* the transposition table is open addressing over those words.

The search runs in chunks of nodes so that the caller can keep the time budget, grow
the table and the stack, and stop. A win comes back as the list of moves taken; the
caller replays it through the plain kernel to get notation.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale

# every kernel of this package is compiled or loaded after this: none may be stale
drop_stale(__file__)

MAXCOL = 7
RUN = 13
MAXM = 64   # room for every candidate move: at most 14 onto tops, 4 kings, 11 upwards
MAXTALON = 40
# move fields and kinds
KIND, A, B, N, X, WAIT, Q = range(7)
TF, TT, W, F = 0, 1, 2, 3
PARTIAL, CLEAR = 1, 2
# the ``back`` flags of _moves: foundation cards may come down; no partial runs
# other than those that send a card up; moves in a seeded random order (the seed
# in the bits from SALT up)
BACK, NO_PARTIAL, SHUFFLE, SALT = 1, 2, 4, 3
# run() results
CHUNK, WON, EXHAUSTED, LIMIT, GROW_TABLE, GROW_STACK = range(6)
CHUNK_NODES = 1 << 16
# a generous bound on the seconds that doubling the table takes per key in it
REHASH_SECONDS = 5e-7
# a search stops (unknown) rather than grow its table past this many slots of 32
# bytes (2 GiB, about 33 million positions: a minute of search or more); without a
# bound a long search of a hard deal fills any memory (24 GB in 11 minutes)
MAX_TABLE_SLOTS = 1 << 26
# the first restart of the search in a random move order stops after this many
# positions, the next after twice as many, and so on (see probe_schedule)
RESTART_NODES = 1 << 20


@njit(cache=True, inline="always")
def _safe(c, fd, L):
    r = c % 13
    if r <= 1:
        return True
    s = c // 13
    if s == 1 or s == 2:
        o1, o2 = 0, 3
    else:
        o1, o2 = 1, 2
    return fd[L, o1] >= r and fd[L, o2] >= r and fd[L, 3 - s] >= r - 1


@njit(cache=True, inline="always")
def _remaining(mask, T, rem):
    n = 0
    for i in range(T):
        if (mask >> i) & 1:
            rem[n] = i
            n += 1
    return n


@njit(cache=True, inline="always")
def _normalize(L, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem):
    changed = True
    while changed:
        changed = False
        for i in range(ncol):
            u = un[L, i]
            if u > 0:
                c = up[L, i, u - 1]
                s = c // 13
                if fd[L, s] == c % 13 and _safe(c, fd, L):
                    fd[L, s] += 1
                    un[L, i] = u - 1
                    if u == 1 and dn[L, i] > 0:
                        dn[L, i] -= 1
                        up[L, i, 0] = down0[i, dn[L, i]]
                        un[L, i] = 1
                    changed = True
        if setk:
            n = _remaining(mask[L], T, rem)
            for q in range(n, 0, -1):
                c = tal[rem[q - 1]]
                s = c // 13
                if fd[L, s] == c % 13 and _safe(c, fd, L):
                    fd[L, s] += 1
                    mask[L] &= ~(np.int64(1) << rem[q - 1])
                    pp[L] = q - 1
                    changed = True
                    break


@njit(cache=True, inline="always")
def _targets(n, p, k, qs):
    """Waste tops reachable with unlimited turn-overs (as talon.targets)."""
    m = 0
    q = p
    while True:
        if q > 0:
            qs[m] = q
            m += 1
        if q >= n:
            break
        q = min(q + k, n)
    if n == 0:
        return m
    q = 0
    while q < n:
        q = min(q + k, n)
        # reached in this pass: p, p + k, ... and the end
        if not (q == n or (q >= p and (q - p) % k == 0)):
            qs[m] = q
            m += 1
    return m


@njit(cache=True, inline="always")
def _put(mv, L, m, kind, a, b, n, x, wait, q):
    mv[L, m, KIND] = kind
    mv[L, m, A] = a
    mv[L, m, B] = b
    mv[L, m, N] = n
    mv[L, m, X] = x
    mv[L, m, WAIT] = wait
    mv[L, m, Q] = q
    return m + 1


@njit(cache=True, inline="always")
def _parents(x, topcol):
    """The columns (ascending, -1 for none) whose top card ``x`` may go on."""
    r = x % 13 + 1
    if r == 13:
        return -1, -1
    s = x // 13
    if s == 1 or s == 2:
        j1 = topcol[r]
        j2 = topcol[39 + r]
    else:
        j1 = topcol[13 + r]
        j2 = topcol[26 + r]
    if j1 < 0 or (j2 >= 0 and j2 < j1):
        return j2, j1
    return j1, j2


@njit(cache=True, inline="always")
def _put_on(mv, L, m, kind, a, n, x, wait, q, topcol, empty, king):
    """Put a move of card ``x`` (``n`` cards from ``a``) onto each column whose top it
    fits, then, a king, into the column ``empty`` (-1: none)."""
    j1, j2 = _parents(x, topcol)
    if j1 >= 0:
        m = _put(mv, L, m, kind, a, j1, n, x, wait, q)
        if j2 >= 0:
            m = _put(mv, L, m, kind, a, j2, n, x, wait, q)
    if x % 13 == king and empty >= 0:
        m = _put(mv, L, m, kind, a, empty, n, x, wait, q)
    return m


@njit(cache=True, inline="always")
def _moves(L, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol):
    """KlondikeKernel.moves: to a foundation, reveals (deepest first), talon to
    tableau, column-emptying runs, partial runs, foundation cards back down.
    ``topcol`` (all -1 on entry and on return) maps top cards to their columns."""
    empty = -1
    for j in range(ncol - 1, -1, -1):
        if un[L, j] == 0:
            empty = j
        else:
            topcol[up[L, j, un[L, j] - 1]] = j
    m = 0
    for i in range(ncol):
        u = un[L, i]
        if u > 0:
            c = up[L, i, u - 1]
            if fd[L, c // 13] == c % 13:
                m = _put(mv, L, m, TF, i, 0, 0, c, 0, 0)
    n = _remaining(mask[L], T, rem)
    nq = 0
    if n > 0:
        nq = _targets(n, pp[L], k, qs)
        for t in range(nq):
            q = qs[t]
            x = tal[rem[q - 1]]
            if fd[L, x // 13] == x % 13:
                m = _put(mv, L, m, W, q, -1, 0, x, 0, 0)
    maxd = 0
    for i in range(ncol):
        if un[L, i] > 0 and dn[L, i] > maxd:
            maxd = dn[L, i]
    for depth in range(maxd, 0, -1):
        for i in range(ncol):
            if un[L, i] > 0 and dn[L, i] == depth:
                m = _put_on(mv, L, m, TT, i, un[L, i], up[L, i, 0], 0, depth, topcol, empty, king)
    for t in range(nq):
        q = qs[t]
        m = _put_on(mv, L, m, W, q, 0, tal[rem[q - 1]], 0, 0, topcol, empty, king)
    for i in range(ncol):
        if un[L, i] > 0 and dn[L, i] == 0:
            # a king heading a whole column into an empty one only permutes columns
            m = _put_on(mv, L, m, TT, i, un[L, i], up[L, i, 0], CLEAR, 0, topcol, -1, king)
    for i in range(ncol):
        u = un[L, i]
        for hm in range(1, u):
            under = up[L, i, hm - 1]
            wait = PARTIAL
            if fd[L, under // 13] == under % 13 and _safe(under, fd, L):
                wait = 0   # the uncovered card goes up by itself: a full move
            elif back & NO_PARTIAL:
                continue
            m = _put_on(mv, L, m, TT, i, u - hm, up[L, i, hm], wait, dn[L, i], topcol, empty, king)
    if back & BACK:
        for s in range(4):
            level = fd[L, s]
            if level and not _safe(s * 13 + level - 1, fd, L):
                m = _put_on(mv, L, m, F, s, 0, s * 13 + level - 1, 0, 0, topcol, empty, king)
    for j in range(ncol):
        if un[L, j] > 0:
            topcol[up[L, j, un[L, j] - 1]] = -1
    if back & SHUFFLE:
        h = np.uint64(mask[L] + 1) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(back)
        for j in range(ncol):
            h = (h ^ np.uint64(un[L, j] * 64 + dn[L, j])) * np.uint64(0xBF58476D1CE4E5B9)
        for t in range(m - 1, 0, -1):
            h ^= h << np.uint64(13)
            h ^= h >> np.uint64(7)
            h ^= h << np.uint64(17)
            j = np.int64(h % np.uint64(t + 1))
            for f in range(7):
                tmp = mv[L, t, f]
                mv[L, t, f] = mv[L, j, f]
                mv[L, j, f] = tmp
    return m


@njit(cache=True, inline="always")
def _risen(y, reach, where, unc):
    """Can every card of ``y``'s suit below it get up?"""
    for x in range(y - y % 13, y):
        if not (where[x] == 3 or unc[x] or (where[x] == 2 and reach[x])):
            return False
    return True


@njit(cache=True, inline="always")
def _talon_leaves(c, reach, base, where, unc):
    """Can talon card ``c`` leave the talon (onto the tableau or up)?"""
    return reach[c] == 1 and (base[c] == 1 or _risen(c, reach, where, unc))


@njit(cache=True)
def _stuck(L, dn, un, up, fd, mask, pp, down0, tal, ncol, T, k, king, back, where, upc, unc, base,
           reach, tord, pile):
    """klondike_deadlock.klondike_stuck on level ``L``: is some tableau card never
    uncovered, or some talon card never the waste top? (``where``, ``upc``, ``unc``,
    ``base``, ``reach``: 52 bytes each of workspace; ``tord``: room for the talon;
    ``pile``: 20 bytes; ``k``: the draw size, 1 when every talon card counts as
    reachable.)"""
    for c in range(52):
        where[c] = 0
        upc[c] = 0
        unc[c] = 0
        base[c] = 0
        reach[c] = 1
    nt = 0
    for t in range(T):
        if (mask[L] >> t) & 1:
            tord[nt] = tal[t]
            nt += 1
    missing = 0     # talon cards not (yet) known to reach the waste top
    if k > 1:
        ptr = pp[L]
        for q in range(1, nt + 1):
            if not (q == ptr or (q > ptr and (q - ptr) % k == 0) or q % k == 0 or q == nt):
                reach[tord[q - 1]] = 0
                missing += 1
    for s in range(4):
        for r in range(fd[L, s]):
            where[s * 13 + r] = 3
    for t in range(T):
        if (mask[L] >> t) & 1:
            where[tal[t]] = 2
    empty = False
    for i in range(ncol):
        d = dn[L, i]
        u = un[L, i]
        if u == 0:
            empty = True
            continue
        for t in range(d):
            where[down0[i, t]] = 1
        for t in range(u):
            where[up[L, i, t]] = 1
            upc[up[L, i, t]] = 1
        unc[up[L, i, u - 1]] = 1
    changed = True
    while changed:
        changed = False
        for r in range(12, -1, -1):     # kings first: a card's bases are one rank higher
            for s in range(4):
                c = s * 13 + r
                w = where[c]
                if w == 1:
                    base[c] = unc[c]
                elif w == 2 or (w == 3 and back & BACK):
                    b = 1 if r == king and empty else 0
                    if r < king:
                        if s == 1 or s == 2:
                            b |= base[r + 1] | base[39 + r + 1]
                        else:
                            b |= base[13 + r + 1] | base[26 + r + 1]
                    base[c] = b & reach[c]
        if missing:
            # a talon card becomes the waste top once the card after it leaves, or
            # takes another place once a card before it leaves
            earlier = False
            for q in range(nt):
                c = tord[q]
                if reach[c] == 0:
                    if earlier or (q + 1 < nt and _talon_leaves(tord[q + 1], reach, base, where, unc)):
                        reach[c] = 1
                        missing -= 1
                        changed = True
                if not earlier:
                    earlier = _talon_leaves(c, reach, base, where, unc)
        for i in range(ncol):
            d = dn[L, i]
            u = un[L, i]
            n = d + u
            if n == 0:
                continue
            for t in range(d):
                pile[t] = down0[i, t]
            for t in range(u):
                pile[d + t] = up[L, i, t]
            for t in range(n - 1, -1, -1):
                if t > 0 and unc[pile[t - 1]]:
                    continue
                if t == 0 and empty:
                    continue
                y = pile[t]
                r = y % 13
                s = y // 13
                leave = False
                if unc[y] or upc[y]:
                    if r == king:
                        leave = empty
                    elif s == 1 or s == 2:
                        leave = base[r + 1] == 1 or base[39 + r + 1] == 1
                    else:
                        leave = base[13 + r + 1] == 1 or base[26 + r + 1] == 1
                if not leave and unc[y]:
                    leave = _risen(y, reach, where, unc)
                if leave:
                    if t > 0:
                        unc[pile[t - 1]] = 1
                    else:
                        empty = True
                    changed = True
    if missing:
        return True     # a talon card that never reaches the waste top never leaves
    for i in range(ncol):
        for t in range(dn[L, i]):
            if not unc[down0[i, t]]:
                return True
        for t in range(un[L, i]):
            if not unc[up[L, i, t]]:
                return True
    return False


@njit(cache=True, inline="always")
def _is_pending(mv, L, i, setk):
    kind = mv[L, i, KIND]
    if kind == F:
        return True
    if kind == W:
        return setk and mv[L, i, B] >= 0
    if kind == TT:
        return mv[L, i, WAIT] > 0
    return False


@njit(cache=True, inline="always")
def _follows(mv, L, i, P, pi, king):
    """KlondikeKernel.follows: does move ``i`` of level ``L`` depend on the pending
    move ``pi`` of level ``P``?"""
    kind = mv[L, i, KIND]
    fk = mv[P, pi, KIND]
    if fk == TT:
        a = mv[P, pi, A]
        b = mv[P, pi, B]
        n = mv[P, pi, N]
        if mv[P, pi, WAIT] == CLEAR:
            if kind == TT:
                return mv[L, i, X] % 13 == king or (mv[L, i, A] == b and mv[L, i, N] > n)
            if kind == TF:
                return False
            return mv[L, i, B] >= 0 and mv[L, i, X] % 13 == king
        if kind == TF:
            return mv[L, i, A] == a
        if kind == TT:
            return mv[L, i, A] == a or mv[L, i, B] == a or (mv[L, i, A] == b and mv[L, i, N] > n)
        return mv[L, i, B] == a
    j = mv[P, pi, B]
    if kind == TT or kind == F:
        if mv[L, i, B] == j:
            return True
        return kind == F and fk == F and mv[L, i, A] == mv[P, pi, A]
    return kind == W and mv[L, i, B] == j


@njit(cache=True, inline="always")
def _child(L, i, mv, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem):
    """Level ``L + 1`` = level ``L`` after its move ``i`` and the automatic moves."""
    M = L + 1
    for c in range(ncol):
        dn[M, c] = dn[L, c]
        u = un[L, c]
        un[M, c] = u
        for t in range(u):
            up[M, c, t] = up[L, c, t]
    for c in range(4):
        fd[M, c] = fd[L, c]
    mask[M] = mask[L]
    pp[M] = pp[L]
    kind = mv[L, i, KIND]
    if kind == TF:
        c = mv[L, i, A]
        un[M, c] -= 1
        fd[M, mv[L, i, X] // 13] += 1
        if un[M, c] == 0 and dn[M, c] > 0:
            dn[M, c] -= 1
            up[M, c, 0] = down0[c, dn[M, c]]
            un[M, c] = 1
    elif kind == TT:
        a = mv[L, i, A]
        b = mv[L, i, B]
        n = mv[L, i, N]
        ua = un[M, a]
        ub = un[M, b]
        for t in range(n):
            up[M, b, ub + t] = up[M, a, ua - n + t]
        un[M, b] = ub + n
        un[M, a] = ua - n
        if ua == n and dn[M, a] > 0:
            dn[M, a] -= 1
            up[M, a, 0] = down0[a, dn[M, a]]
            un[M, a] = 1
    elif kind == W:
        n = _remaining(mask[M], T, rem)
        q = mv[L, i, A]
        mask[M] &= ~(np.int64(1) << rem[q - 1])
        pp[M] = q - 1
        c = mv[L, i, X]
        b = mv[L, i, B]
        if b < 0:
            fd[M, c // 13] += 1
        else:
            up[M, b, un[M, b]] = c
            un[M, b] += 1
    else:
        fd[M, mv[L, i, A]] -= 1
        b = mv[L, i, B]
        up[M, b, un[M, b]] = mv[L, i, X]
        un[M, b] += 1
    _normalize(M, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem)


@njit(cache=True, inline="always")
def _key(L, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, out):
    """Four words: seven 25-bit column codes (face-down count and dealt column,
    head card, then the run as a sentinel bit above one suit bit a card), the
    talon mask (40 bits), foundation heights, pointer class and an "in use" bit."""
    for i in range(ncol):
        u = un[L, i]
        if u == 0:
            codes[i] = 0
            continue
        d = dn[L, i]
        run = np.int64(1) << (u - 1)
        for t in range(1, u):
            if up[L, i, t] // 13 >= 2:
                run |= np.int64(1) << (t - 1)
        code = (np.int64(up[L, i, 0]) << 13) | run
        if d:
            code |= ((np.int64(i) << 3) | d) << 19
        codes[i] = code
    for i in range(ncol, MAXCOL):
        codes[i] = 0
    for i in range(1, ncol):   # insertion sort: the column order never matters
        v = codes[i]
        j = i - 1
        while j >= 0 and codes[j] > v:
            codes[j + 1] = codes[j]
            j -= 1
        codes[j + 1] = v
    pclass = 0
    mk = mask[L]
    if not setk:
        n = 0
        for t in range(T):
            n += (mk >> t) & 1
        p = pp[L]
        if not (p % k == 0 or p == n):
            pclass = p
    found = (np.int64(fd[L, 0]) | (np.int64(fd[L, 1]) << 4) | (np.int64(fd[L, 2]) << 8)
             | (np.int64(fd[L, 3]) << 12))
    out[0] = codes[0] | (codes[1] << 25) | ((mk & 0x3FFF) << 50)
    out[1] = codes[2] | (codes[3] << 25) | (((mk >> 14) & 0x3FFF) << 50)
    out[2] = codes[4] | (codes[5] << 25) | (((mk >> 28) & 0xFFF) << 50)
    out[3] = codes[6] | (found << 25) | (np.int64(pclass) << 41) | (np.int64(1) << 47)


@njit(cache=True)
def _hash(key):
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(4):
        h ^= np.uint64(key[w])
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return h


@njit(cache=True, inline="always")
def _contains(tk, key) -> bool:
    cap = tk.shape[0]
    h = np.int64(_hash(key) & np.uint64(cap - 1))
    while tk[h, 3] != 0:
        if tk[h, 0] == key[0] and tk[h, 1] == key[1] and tk[h, 2] == key[2] and tk[h, 3] == key[3]:
            return True
        h = (h + 1) & (cap - 1)
    return False


@njit(cache=True)
def insert(tk, key) -> bool:
    """Add ``key`` to the table (a free slot is all zeros; a key never is); False if
    it was there already."""
    cap = tk.shape[0]
    h = np.int64(_hash(key) & np.uint64(cap - 1))
    while tk[h, 3] != 0:
        if tk[h, 0] == key[0] and tk[h, 1] == key[1] and tk[h, 2] == key[2] and tk[h, 3] == key[3]:
            return False
        h = (h + 1) & (cap - 1)
    for w in range(4):
        tk[h, w] = key[w]
    return True


@njit(cache=True)
def rehash(tk, tk2):
    """Copy every key of one table into a larger one."""
    for h in range(tk.shape[0]):
        if tk[h, 3] != 0:
            insert(tk2, tk[h])


@njit(cache=True)
def prepare(L, mv, nm, idx, pend, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king):
    """Fill the move list of level ``L`` (the root)."""
    rem = np.zeros(64, np.int64)
    qs = np.zeros(128, np.int64)
    nm[L] = _moves(L, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs,
                   np.full(52, -1, np.int64))
    idx[L] = 0
    pend[L, 0] = -1


@njit(cache=True)
def key_of(L, dn, un, up, fd, mask, pp, ncol, T, k, setk):
    """The key words of level ``L``."""
    codes = np.zeros(MAXCOL, np.int64)
    out = np.zeros(4, np.int64)
    _key(L, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, out)
    return out


@njit(cache=True)
def run(ctl, mv, nm, idx, pend, dn, un, up, fd, mask, pp, tk,
        down0, tal, ncol, T, k, setk, back, king, total, chunk):
    """Search on from the stack in ``ctl`` = [depth, nodes, table count, node limit]
    for up to ``chunk`` nodes; return one of CHUNK, WON, EXHAUSTED, LIMIT,
    GROW_TABLE, GROW_STACK."""
    rem = np.zeros(64, np.int64)
    qs = np.zeros(128, np.int64)
    codes = np.zeros(MAXCOL, np.int64)
    key = np.zeros(4, np.int64)
    topcol = np.full(52, -1, np.int64)
    where = np.zeros(52, np.int8)
    upc = np.zeros(52, np.int8)
    unc = np.zeros(52, np.int8)
    base = np.zeros(52, np.int8)
    reach = np.zeros(52, np.int8)
    tord = np.zeros(64, np.int64)
    pile = np.zeros(20, np.int64)
    sp = ctl[0]
    nodes = ctl[1]
    count = ctl[2]
    limit = ctl[3]
    stop = nodes + chunk
    levels = nm.shape[0]
    cap = tk.shape[0]
    status = EXHAUSTED
    while sp > 0:
        if nodes >= stop:
            status = CHUNK
            break
        if 2 * count > cap:
            status = GROW_TABLE
            break
        if sp + 1 >= levels:
            status = GROW_STACK
            break
        L = sp - 1
        if idx[L] == nm[L]:
            sp -= 1
            continue
        i = idx[L]
        idx[L] = i + 1
        _child(L, i, mv, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem)
        M = L + 1
        if _is_pending(mv, L, i, setk) and (pend[L, 0] < 0 or mv[L, i, KIND] != TT):
            # an intermediate position: only the moves that depend on this one (none
            # new if the position was reached in full already)
            _key(M, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, key)
            if _contains(tk, key):
                continue
            nodes += 1
            n = _moves(M, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol)
            kept = 0
            for t in range(n):
                if _follows(mv, M, t, L, i, king):
                    if kept != t:
                        mv[M, kept] = mv[M, t]
                    kept += 1
            nm[M] = kept
            idx[M] = 0
            pend[M] = mv[L, i]
            sp += 1
            continue
        _key(M, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, key)
        if not insert(tk, key):
            continue
        count += 1
        if not setk and (key[3] >> 41) & 63:
            # the same position with the pointer class 0 has no move this one lacks
            key[3] &= ~(np.int64(63) << 41)
            count += insert(tk, key)
        nodes += 1
        if fd[M, 0] + fd[M, 1] + fd[M, 2] + fd[M, 3] == total:
            status = WON
            break
        if _stuck(M, dn, un, up, fd, mask, pp, down0, tal, ncol, T, k, king, back, where, upc, unc, base,
                  reach, tord, pile):
            continue
        if limit > 0 and nodes >= limit:
            status = LIMIT
            break
        nm[M] = _moves(M, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol)
        idx[M] = 0
        pend[M, 0] = -1
        sp += 1
    ctl[0] = sp
    ctl[1] = nodes
    ctl[2] = count
    return status


# ---------------------------------------------------------------- driver


class _Search:
    """The arrays of one compiled search."""

    def __init__(self, kernel, root, flags=None):
        cols, found, talon, p, _, _ = root
        self.kernel = kernel
        self.ncol = len(cols)
        self.down0 = np.zeros((MAXCOL, 8), np.int64)
        self.tal = np.zeros(max(1, len(talon)), np.int64)
        self.tal[:len(talon)] = list(talon)
        self.T = len(talon)
        self.grow_stack(256)
        for i, (d, u) in enumerate(cols):
            self.down0[i, :len(d)] = list(d)
            self.dn[0, i] = len(d)
            self.un[0, i] = len(u)
            self.up[0, i, :len(u)] = list(u)
        self.fd[0] = found
        self.mask[0] = (1 << len(talon)) - 1
        self.pp[0] = p
        self.tk = np.zeros((1 << 16, 4), np.int64)
        self.args = (self.down0, self.tal, self.ncol, self.T, kernel.k, kernel.set_talon,
                     (BACK if kernel.back else 0) if flags is None else flags, kernel.king, kernel.total)

    def grow_stack(self, levels):
        """Room for ``levels`` search levels, keeping what is there."""
        fresh = dict(mv=np.zeros((levels, MAXM, 7), np.int32), nm=np.zeros(levels, np.int64),
                     idx=np.zeros(levels, np.int64), pend=np.zeros((levels, 7), np.int32),
                     dn=np.zeros((levels, MAXCOL), np.int8), un=np.zeros((levels, MAXCOL), np.int8),
                     up=np.zeros((levels, MAXCOL, RUN), np.int8), fd=np.zeros((levels, 4), np.int8),
                     mask=np.zeros(levels, np.int64), pp=np.zeros(levels, np.int64))
        for name, arr in fresh.items():
            old = getattr(self, name, None)
            if old is not None:
                arr[:len(old)] = old
            setattr(self, name, arr)

    def grow_table(self):
        """Twice the table, same keys."""
        tk = np.zeros((2 * len(self.tk), 4), np.int64)
        rehash(self.tk, tk)
        self.tk = tk

    def start(self, max_nodes=None):
        """Put the root on the stack and in the table; ``max_nodes`` caps the search
        exactly as the plain search caps it (it may be changed between steps)."""
        kernel = self.kernel
        key = key_of(0, self.dn, self.un, self.up, self.fd, self.mask, self.pp, self.ncol, self.T,
                     kernel.k, kernel.set_talon)
        insert(self.tk, key)
        prepare(0, self.mv, self.nm, self.idx, self.pend, self.dn, self.un, self.up, self.fd, self.mask,
                self.pp, self.tal, self.ncol, self.T, kernel.k, self.args[6], kernel.king)
        self.ctl = np.array([1, 1, 1, max_nodes or 0], np.int64)

    @property
    def nodes(self) -> int:
        """Positions searched so far."""
        return int(self.ctl[1])

    @property
    def depth(self) -> int:
        """Levels on the stack (after a win: the moves of the winning line)."""
        return int(self.ctl[0])

    def step(self, chunk=CHUNK_NODES, deadline=None):
        """Search on for about ``chunk`` positions; return CHUNK (more to do), WON,
        EXHAUSTED or LIMIT (the node cap, or no time or memory left to grow the
        table)."""
        stop = int(self.ctl[1]) + chunk     # growing the table or stack does not renew the chunk
        while True:
            status = run(self.ctl, self.mv, self.nm, self.idx, self.pend, self.dn, self.un, self.up,
                         self.fd, self.mask, self.pp, self.tk, *self.args, max(0, stop - int(self.ctl[1])))
            if status == GROW_TABLE:
                # copying tens of millions of keys takes seconds: not past the deadline
                if deadline is not None and time.perf_counter() + REHASH_SECONDS * self.ctl[2] > deadline:
                    return LIMIT
                if 2 * len(self.tk) > MAX_TABLE_SLOTS:
                    return LIMIT
                self.grow_table()
            elif status == GROW_STACK:
                self.grow_stack(2 * len(self.nm))
            else:
                return status

    def run(self, max_nodes, deadline):
        """Search to the end or the budget; return (status, nodes, depth)."""
        self.start(max_nodes)
        while True:
            status = self.step(deadline=deadline)
            if status != CHUNK:
                return status, self.nodes, self.depth
            if deadline is not None and time.perf_counter() > deadline:
                return LIMIT, self.nodes, 0

    def line(self, root, depth):
        """The moves of the winning line, replayed through the plain kernel."""
        kernel = self.kernel
        state = root
        path = []
        for level in range(depth):
            rec = self.mv[level, self.idx[level] - 1]
            mv = next(m for m in kernel.moves(state) if _same(m, rec))
            state, notes = kernel.child(state, mv)
            path.append(notes)
        if not kernel.is_won(state):
            raise AssertionError("the compiled line does not replay")
        return path


def _same(mv, rec) -> bool:
    kind = int(rec[KIND])
    if kind == TF:
        return mv[0] == "TF" and mv[1] == rec[A]
    if kind == TT:
        return mv[0] == "TT" and mv[1] == rec[A] and mv[2] == rec[B] and mv[3] == rec[N]
    if kind == W:
        return mv[0] == "W" and mv[1] == rec[A] and mv[5] == rec[B]
    return mv[0] == "F" and mv[1] == rec[A] and mv[2] == rec[B]


def _fits_arrays(root) -> bool:
    """Does the position fit the fixed-size arrays and key fields? (Face-up piles
    must be proper runs, so that no run ever grows past a king-to-ace one.)"""
    cols, _, talon, _, _, _ = root
    if len(talon) > MAXTALON or len(cols) > MAXCOL:
        return False
    for d, u in cols:
        if len(d) > 7 or len(u) > RUN:
            return False
        if any(not _fits_py(x, t) for t, x in zip(u, u[1:])):
            return False
    return True


def _fits_py(x, t) -> bool:
    return t % 13 == x % 13 + 1 and (t // 13 in (1, 2)) != (x // 13 in (1, 2))


def probe_schedule(back: bool, exhausted: set):
    """The searches that take turns with the exact one, as ``(kind, flags, node
    cap)``, in rounds whose caps double. Two kinds are streamlined (no partial runs
    other than those that send a card up; without, then with foundation cards
    coming down): their lines are legal lines, so a win they find is a win, but
    running out proves nothing. The third is the full search: when one runs out it
    proves the loss as well. The first round keeps the usual move order; later ones
    shuffle it with a new seed. A kind in ``exhausted`` (the caller adds it when one
    runs out) is not tried again: another order searches the same positions."""
    full = BACK if back else 0
    kinds = (NO_PARTIAL, NO_PARTIAL | BACK, full) if back else (NO_PARTIAL, full)
    round_ = 0
    while True:
        for kind in kinds:
            if kind in exhausted or (round_ == 0 and kind == full):
                continue
            flags = kind | (SHUFFLE | round_ << SALT if round_ else 0)
            yield kind, flags, RESTART_NODES << min(round_, 10)
        round_ += 1


def search(kernel, root, max_nodes, deadline, probes=True, exact=None):
    """Search from the normalized ``root`` (not won, not hopeless, already counted as
    one node); return ``(verdict, path, nodes)`` with ``verdict`` one of
    ``"winnable"``, ``"unwinnable"``, ``"unknown"`` and ``path`` the notes of each
    move of a winning line.

    With ``probes``, the searches of :func:`probe_schedule` take turns with the exact
    one, chunk for chunk (depth-first search is heavy-tailed: a win the exact search
    would reach after millions of positions is often found at once by a streamlined
    search or in another move order). ``nodes`` counts every search's positions.
    ``exact``: the class of the exact search (default :class:`_Search`, equal to the
    plain one; :mod:`compiled` passes ``klondike_sets.SetSearch``)."""
    if not _fits_arrays(root):
        return None
    exact = (exact or _Search)(kernel, root)
    exact.start(max_nodes)
    exhausted = set()
    schedule = probe_schedule(kernel.back, exhausted) if probes else iter(())
    probe = None
    probed = 0      # positions searched by finished probes and the current one
    while True:
        if max_nodes:
            exact.ctl[3] = max(1, max_nodes - probed)
        status = exact.step(deadline=deadline)
        if status == WON:
            return "winnable", exact.line(root, exact.depth), exact.nodes + probed
        if status == EXHAUSTED:
            return "unwinnable", None, exact.nodes + probed
        if status == LIMIT or (deadline is not None and time.perf_counter() > deadline):
            return "unknown", None, exact.nodes + probed
        if probe is None:
            kind, flags, cap = next(schedule, (None, None, None))
            if kind is None:
                continue
            probe = _Search(kernel, root, flags)
            probe.start(cap)
        before = probe.nodes
        chunk = CHUNK_NODES
        if max_nodes:
            chunk = min(chunk, max_nodes - exact.nodes - probed)
            if chunk <= 0:
                return "unknown", None, exact.nodes + probed
        status = probe.step(chunk, deadline)
        probed += probe.nodes - before
        if status == WON:
            return "winnable", probe.line(root, probe.depth), exact.nodes + probed
        if status == EXHAUSTED:
            if not kind & NO_PARTIAL:
                return "unwinnable", None, exact.nodes + probed
            exhausted.add(kind)
        if status == EXHAUSTED or (status == LIMIT and probe.nodes >= cap):
            probe = None    # its table is freed; the next one starts afresh
        elif status == LIMIT:
            probe, schedule = None, iter(())   # no time left to grow its table


def warm_up() -> None:
    """Compile (or load from numba's cache) the search once per process."""
    if _warm:
        return
    from solvers.patience.deal import klondike_deal
    from solvers.patience.klondike import KlondikeKernel
    from solvers.patience.options import KlondikeRules
    kernel = KlondikeKernel(KlondikeRules(draw=1), 2)
    root = kernel.normalize(kernel.encode(klondike_deal(1, ranks=2, columns=2)))[0]
    search(kernel, root, 100, None)
    _warm.append(True)


_warm: list = []
