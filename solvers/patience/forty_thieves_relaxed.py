"""A relaxed Forty Thieves game (stock dealt once) whose loss proves the real game lost.

**The shape of a real tableau.** A card is only ever put onto the next card of its
suit or into an empty column, so a card that lies on a card that is *not* the next of
its suit lies where the deal put it. Each column is therefore, bottom to top, a
*prefix* of its dealt cards that have never moved (``k`` of them, ``0 <= k <= 4``)
and on top of it cards each lying on the next card of its suit; in a column whose
dealt cards have all left (``k = 0``) the bottom card lies on nothing.

**The relaxed game.** A position keeps the foundations, the talon (stock pointer and
the waste stack) and the prefix length of each column exactly; every other tableau
card is in the *pool*, a multiset with no arrangement. Pool cards are all reachable at
any time. A relaxed position is allowed only if its pool *can* be arranged: each pool
card of rank ``r`` needs a distinct copy of the next card of its suit, in the pool or
on top of a prefix, or else it is a column bottom, and there are at most as many
column bottoms as columns with ``k = 0``. Per suit and rank that is a count::

    roots = sum over cards x of max(0, pool[x] - pool[x + 1] - prefix_tops[x + 1])
    roots <= columns with k = 0      (a king always counts as a root)

The moves: deal the next stock card; the waste top up or into the pool; a prefix top
(the ``k``-th dealt card of a column) up or into the pool; a pool card up; each only
when the position after it is allowed. Every real position maps to a relaxed one
(its prefixes, its other tableau cards as the pool), and that one is allowed (the
real arrangement is one). Every real move maps to a relaxed move or to none (a card
moved within the pool). So every real line is a relaxed line: **a relaxed loss is a
real loss.**

**Strict moves** (``strict``, on by default). The allowed test above only asks that
the pool *can* be arranged after a move; a real move also needs, before it is made,
that the card leaving is a top card and that the place it goes to is free. So a move
of the strict relaxed game also asks, of the position before it (``roots`` being the
fewest column bottoms an arrangement of the pool needs):

* a prefix top or pool card that leaves (up or into the pool) is *uncovered*:
  ``roots`` with one copy of it hosting nothing is at most the columns with ``k = 0``
  (the real arrangement is such an arrangement);
* a prefix top or waste top put into the pool has an empty column (``roots`` below
  the columns with ``k = 0``, counted with the card itself hosting nothing) or a free
  copy of the next card of its suit (fewer pool copies of the card than pool copies
  and prefix tops of the next one). If the real move uses a free copy while a copy of
  the card is a column bottom, moving that copy onto the free one gives an
  arrangement with a bottom fewer, so one of the two conditions holds.

Both hold before every real move, so every real line is still a strict relaxed line.
Without them a card could go into the pool as a bottom while the run in the column it
takes moves onto it, which needs room the real game does not have.

**Reductions inside the relaxed game**, each keeping a relaxed win when there is one:

* Safe moves up (as rule 5): a card whose lower foundation pile is exactly one below
  it, from the waste top, a prefix top, the pool or the next stock card, goes up at
  once. Both copies of the card below it are up, so it hosts nothing; removing it
  from the pool never raises ``roots`` (its own term can only fall, the term of the
  rank below is 0), a shorter prefix only exposes another host or empties a column,
  and a talon card taken out keeps every other talon card reachable as before.
* Positions are stored (exact keys: the waste as a bit set over the dealt order, the
  pointer, the foundation heights, the prefix lengths) and never searched twice.
* A dead-end proof (rule 9's fixed point, over the relaxed game): prefixes and the
  waste are piles that shed from the top, a pool card is reachable and a base, and
  the stock is dealt in order onto the waste; every pool card must still rise. The
  relaxed game's moves are a subset of what that fixed point allows (a prefix top or
  waste top enters the pool only onto a host that is a base, or as a root, which needs
  a column with ``k = 0``: an emptied pile), so a card outside it never leaves in the
  relaxed game.

Two versions: :func:`relaxed_search_plain` in plain Python (the reference) and the
compiled :func:`relaxed_search`, which store the same positions in the same order
(tested), with the same count. The compiled one can also postpone a card's entry into
the pool until a move needs it (``postpone=True``, off: fewer positions stored, no less
CPU; see ``docs/patience.md``). :mod:`compiled` runs it before the probes with a share
of the budget (``FT_RELAXED_SHARE``, 0 = off, the default).
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.patience.forty_thieves_deadlock import _Fix
from solvers.patience.forty_thieves_jit import _based, _grow, _uncover

WON, LOST, UNKNOWN = "won", "lost", "unknown"
CHUNK = 1 << 16          # positions between two readings of the clock


def parts(state):
    """(columns, foundation heights, talon, waste size) of a kernel state."""
    cols, found, talon, p, _ = state
    return [list(c) for c in cols], tuple(found), list(talon), p


# ------------------------------------------------------------------ plain reference


class _Plain:
    def __init__(self, cols, found, stock, ranks):
        self.cols, self.stock, self.R = cols, stock, ranks
        self.S = len(stock)
        self.total = [0] * 53
        for c in range(52):
            if c % 13 < ranks:
                self.total[c] = 2

    def pool(self, found, ptr, mask, ks):
        n = self.total[:]
        for s in range(4):
            for h in (found[2 * s], found[2 * s + 1]):
                for r in range(h):
                    n[s * 13 + r] -= 1
        for i, k in enumerate(ks):
            for c in self.cols[i][:k]:
                n[c] -= 1
        for j in range(self.S):
            if j >= ptr or (mask >> j) & 1:
                n[self.stock[j]] -= 1
        return n

    def allowed(self, ks, pool):
        """Can ``pool`` be arranged on the columns' tops and the empty columns?"""
        roots, empty = self.roots(ks, pool)
        return roots <= empty

    def roots(self, ks, pool, drop=-1):
        """(the fewest column bottoms an arrangement of ``pool`` needs, columns with
        ``k = 0``), with one copy of ``drop`` hosting nothing (-1: none)."""
        hosts = [0] * 53
        empty = 0
        for i, k in enumerate(ks):
            if k:
                hosts[self.cols[i][k - 1]] += 1
            else:
                empty += 1
        if drop >= 0:
            hosts[drop] -= 1
        roots = 0
        for s in range(4):
            b = s * 13
            for r in range(self.R):
                p = pool[b + r]
                if p:
                    h = pool[b + r + 1] + hosts[b + r + 1] if r + 1 < self.R else 0
                    if p > h:
                        roots += p - h
        return roots, empty

    def free(self, ks, pool, c, drop=-1):
        """Can ``c`` be put on the tableau now (:func:`_c_free`)?"""
        roots, empty = self.roots(ks, pool, drop)
        if roots < empty:
            return True
        if c % 13 + 1 >= self.R:
            return False
        tops = sum(1 for i, k in enumerate(ks) if k and self.cols[i][k - 1] == c + 1)
        return pool[c] < pool[c + 1] + tops

    def dead(self, found, ptr, mask, ks, pool):
        fix = _Fix([self.cols[i][:k] for i, k in enumerate(ks)], found, (),
                   [self.stock[j] for j in range(ptr) if (mask >> j) & 1], self.R)
        for c in range(52):
            if pool[c]:
                fix.avail[c] += pool[c]
                fix.base[c] = True
                fix.dirty.add(c // 13)
        fix.run()
        pile = len(fix.piles) - 1
        for c in self.stock[ptr:]:
            fix.push(pile, c)
            fix.run()
        if any(d < len(p) for d, p in zip(fix.depth, fix.piles)):
            return True
        return any(pool[c] and not fix.rises(c) for c in range(52))


def _fits(found, c):
    s, r = c // 13, c % 13
    return found[2 * s] == r or found[2 * s + 1] == r


def _up(found, c):
    s, r = c // 13, c % 13
    f = list(found)
    lo, hi = f[2 * s], f[2 * s + 1]
    if lo == r:
        lo += 1
        if lo > hi:
            lo, hi = hi, lo
    else:
        hi += 1
    f[2 * s], f[2 * s + 1] = lo, hi
    return tuple(f)


def _top(mask, ptr):
    j = ptr - 1
    while j >= 0 and not (mask >> j) & 1:
        j -= 1
    return j


def relaxed_search_plain(cols, found, stock, p=0, ranks=13, max_states=1_000_000, strict=True):
    """(verdict, positions stored) of the relaxed game, plain Python.

    ``cols``: the columns bottom to top (card codes; every card of them counts as
    never moved), ``found``: the eight pile heights (per suit lower first),
    ``stock``: the talon in dealing order, of which the first ``p`` are the waste
    (no turn-over may be left). ``strict``: a move also needs what the real move
    needs before it is made (:func:`_c_free`, :func:`_c_uncovered`).
    """
    g = _Plain(cols, found, stock, ranks)
    R, S = ranks, len(stock)
    seen = set()
    stack = [(tuple(found), p, (1 << p) - 1, tuple(len(c) for c in cols))]
    while stack:
        found, ptr, mask, ks = stack.pop()
        changed = True
        while changed:              # safe moves up, to the end
            changed = False
            j = _top(mask, ptr)
            if j >= 0 and found[2 * (stock[j] // 13)] == stock[j] % 13:
                found, mask, changed = _up(found, stock[j]), mask & ~(1 << j), True
                continue
            if ptr < S and found[2 * (stock[ptr] // 13)] == stock[ptr] % 13:
                found, ptr, changed = _up(found, stock[ptr]), ptr + 1, True
                continue
            for i, k in enumerate(ks):
                if k and found[2 * (cols[i][k - 1] // 13)] == cols[i][k - 1] % 13:
                    found, ks, changed = _up(found, cols[i][k - 1]), ks[:i] + (k - 1,) + ks[i + 1:], True
                    break
            if changed:
                continue
            pool = g.pool(found, ptr, mask, ks)
            for c in range(52):
                if pool[c] and found[2 * (c // 13)] == c % 13:
                    found, changed = _up(found, c), True
                    break
        if all(h == R for h in found):
            return WON, len(seen)
        key = (found, ptr, mask, ks)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > max_states:
            return UNKNOWN, len(seen)
        pool = g.pool(found, ptr, mask, ks)
        if g.dead(found, ptr, mask, ks, pool):
            continue
        kids = []
        j = _top(mask, ptr)
        if j >= 0 and _fits(found, stock[j]):
            kids.append((_up(found, stock[j]), ptr, mask & ~(1 << j), ks))
        def uncovered(c):
            return not strict or g.roots(ks, pool, c)[0] <= g.roots(ks, pool, c)[1]

        for i, k in enumerate(ks):
            if k and _fits(found, cols[i][k - 1]) and uncovered(cols[i][k - 1]):
                nk = ks[:i] + (k - 1,) + ks[i + 1:]
                if g.allowed(nk, pool):
                    kids.append((_up(found, cols[i][k - 1]), ptr, mask, nk))
        for c in range(52):
            if pool[c] and _fits(found, c) and uncovered(c):
                pool[c] -= 1
                if g.allowed(ks, pool):
                    kids.append((_up(found, c), ptr, mask, ks))
                pool[c] += 1
        for i, k in enumerate(ks):
            if k:
                c = cols[i][k - 1]
                if strict and not (uncovered(c) and g.free(ks, pool, c, c)):
                    continue
                nk = ks[:i] + (k - 1,) + ks[i + 1:]
                pool[c] += 1
                if g.allowed(nk, pool):
                    kids.append((found, ptr, mask, nk))
                pool[c] -= 1
        if j >= 0 and (not strict or g.free(ks, pool, stock[j])):
            pool[stock[j]] += 1
            if g.allowed(ks, pool):
                kids.append((found, ptr, mask & ~(1 << j), ks))
            pool[stock[j]] -= 1
        if ptr < S:
            kids.append((found, ptr + 1, mask | (1 << ptr), ks))
        stack.extend(reversed(kids))
    return LOST, len(seen)


# ------------------------------------------------------------------ compiled


@njit(cache=True)
def _c_pool(st, cols, ncol, stock, S, ranks, pool):
    for c in range(53):
        pool[c] = 2 if (c < 52 and c % 13 < ranks) else 0
    for s in range(4):
        for h in (st[2 * s], st[2 * s + 1]):
            for r in range(h):
                pool[s * 13 + r] -= 1
    for i in range(ncol):
        for k in range(st[10 + i]):
            pool[cols[i, k]] -= 1
    ptr, mask = st[8], st[9]
    for j in range(S):
        if j >= ptr or (mask >> j) & 1:
            pool[stock[j]] -= 1


@njit(cache=True)
def _c_allowed(st, cols, ncol, ranks, pool, hosts):
    """Can the pool be arranged on the columns' tops and the empty columns?"""
    return _c_roots(st, cols, ncol, ranks, pool, hosts, -1) <= 0


@njit(cache=True)
def _c_roots(st, cols, ncol, ranks, pool, hosts, drop):
    """The fewest column bottoms an arrangement of the pool needs, with one copy of
    ``drop`` hosting nothing (-1: none), minus the columns with ``k = 0`` (so <= 0
    when allowed, < 0 when some column is empty in every such arrangement)."""
    for c in range(53):
        hosts[c] = 0
    empty = 0
    for i in range(ncol):
        k = st[10 + i]
        if k:
            hosts[cols[i, k - 1]] += 1
        else:
            empty += 1
    if drop >= 0:
        hosts[drop] -= 1
    roots = 0
    for s in range(4):
        b = s * 13
        for r in range(ranks):
            p = pool[b + r]
            if p:
                h = pool[b + r + 1] + hosts[b + r + 1] if r + 1 < ranks else 0
                if p > h:
                    roots += p - h
    return roots - empty


@njit(cache=True)
def _c_uncovered(st, cols, ncol, ranks, pool, hosts, c):
    """Can a copy of ``c`` (a prefix top or a pool card) be a top card now? In the
    real position it then hosts nothing, so its arrangement is one with a copy of
    ``c`` hosting nothing, which needs at most as many bottoms as there are columns
    with ``k = 0``."""
    return _c_roots(st, cols, ncol, ranks, pool, hosts, c) <= 0


@njit(cache=True)
def _c_free(st, cols, ncol, ranks, pool, hosts, c, drop):
    """Can ``c`` (uncovered, ``drop``: ``c`` itself when it is a prefix top, else
    -1) be put on the tableau now? The real move needs an empty column (the real
    arrangement then has fewer bottoms than columns with ``k = 0``) or an uncovered
    copy of ``c + 1`` (a pool card or prefix top with no ``c`` on it: then fewer pool
    copies of ``c`` than such copies of ``c + 1``, unless a copy of ``c`` is a bottom,
    and moving that one onto the free copy gives an arrangement with a bottom fewer)."""
    if _c_roots(st, cols, ncol, ranks, pool, hosts, drop) < 0:
        return True
    if c % 13 + 1 >= ranks:
        return False
    tops = 0
    for i in range(ncol):
        k = st[10 + i]
        if k and cols[i, k - 1] == c + 1:
            tops += 1
    return pool[c] < pool[c + 1] + tops


@njit(cache=True, inline="always")
def _c_fits(st, c):
    s, r = c // 13, c % 13
    return st[2 * s] == r or st[2 * s + 1] == r


@njit(cache=True, inline="always")
def _c_safe(st, c):
    return st[2 * (c // 13)] == c % 13


@njit(cache=True, inline="always")
def _c_up(st, c):
    s, r = c // 13, c % 13
    lo, hi = st[2 * s], st[2 * s + 1]
    if lo == r:
        lo += 1
        if lo > hi:
            lo, hi = hi, lo
    else:
        hi += 1
    st[2 * s] = lo
    st[2 * s + 1] = hi


@njit(cache=True, inline="always")
def _c_top(st):
    j = st[8] - 1
    mask = st[9]
    while j >= 0 and not (mask >> j) & 1:
        j -= 1
    return j


@njit(cache=True, inline="always")
def _c_rises(y, st, avail):
    r = y % 13
    lo, hi = st[2 * (y // 13)], st[2 * (y // 13) + 1]
    start = lo if r < hi else hi
    if r < start:
        return False
    for x in range(y - r + start, y):
        if avail[x] == 0:
            return False
    return True


@njit(cache=True)
def _c_dead(st, cols, ncol, stock, S, ranks, pool, piles, plen, depth, avail, base, pend, blocked, fx):
    """Rule 9's fixed point over the relaxed position (see the module's text)."""
    last = ranks - 1
    for c in range(52):
        avail[c] = 0
        base[c] = False
        pend[c] = False
    for s in range(4):
        blocked[s] = 0
    fx[0] = 0
    for i in range(ncol):
        L = st[10 + i]
        plen[i] = L
        depth[i] = 0
        for k in range(L):
            piles[i, k] = cols[i, k]
        if L == 0:
            fx[0] = 1
    wp = ncol
    depth[wp] = 0
    plen[wp] = 0
    ptr, mask = st[8], st[9]
    for j in range(ptr):
        if (mask >> j) & 1:
            piles[wp, plen[wp]] = stock[j]
            plen[wp] += 1
    fx[1] = 15
    fx[2] = (np.int64(1) << (ncol + 1)) - 1
    for i in range(ncol + 1):
        if plen[i] > 0:
            _uncover(i, piles[i, plen[i] - 1], ncol, last, avail, base, pend, fx)
    for c in range(52):
        if pool[c]:
            avail[c] += pool[c]
            _based(c, base, pend, fx)
    _grow(st, 0, last, ncol, piles, plen, depth, avail, base, pend, blocked, fx)
    for k in range(ptr, S):
        plen[wp] -= depth[wp]
        depth[wp] = 0
        c = stock[k]
        piles[wp, plen[wp]] = c
        plen[wp] += 1
        _uncover(wp, c, ncol, last, avail, base, pend, fx)
        fx[2] |= np.int64(1) << wp
        _grow(st, 0, last, ncol, piles, plen, depth, avail, base, pend, blocked, fx)
    for i in range(ncol + 1):
        if depth[i] < plen[i]:
            return True
    for c in range(52):
        if pool[c] and not _c_rises(c, st, avail):
            return True
    return False


@njit(cache=True, inline="always")
def _c_key(st, ncol):
    k1 = np.int64(0)
    for i in range(8):
        k1 |= np.int64(st[i]) << (4 * i)
    k1 |= np.int64(st[8]) << 32
    k2 = np.int64(0)
    for i in range(ncol):
        k2 |= np.int64(st[10 + i]) << (4 * i)
    return st[9], k1, k2


@njit(cache=True)
def _c_slot(table, k0, k1, k2):
    """The row holding the key, else the empty row where it would go. ``table``: rows
    (k0, k1, k2), k1 = -1 empty."""
    m = table.shape[0] - 1
    h = (k0 * np.int64(-7046029254386353131)) ^ (k1 * np.int64(-4658895280553007687)) ^ (k2 * np.int64(-7723592293110705685))
    h ^= h >> 29
    i = h & m
    while table[i, 1] != -1:
        if table[i, 0] == k0 and table[i, 1] == k1 and table[i, 2] == k2:
            return i
        i = (i + 1) & m
    return i


@njit(cache=True)
def _c_insert(table, k0, k1, k2):
    """Insert a key; False if it was there."""
    i = _c_slot(table, k0, k1, k2)
    if table[i, 1] != -1:
        return False
    table[i, 0] = k0
    table[i, 1] = k1
    table[i, 2] = k2
    return True


@njit(cache=True)
def _c_start(cols, ncol, p0, found0):
    """The search stack with the root, and an empty table."""
    W = 12 + ncol
    stack = np.zeros((1024, W), np.int64)
    for i in range(8):
        stack[0, i] = found0[i]
    stack[0, 8] = p0
    stack[0, 9] = (np.int64(1) << p0) - 1 if p0 < 63 else np.int64(-1)
    for i in range(ncol):
        stack[0, 10 + i] = cols_len_of(cols, i)
    table = np.full((1 << 16, 3), -1, np.int64)
    return stack, table


@njit(cache=True)
def _c_has(table, k0, k1, k2):
    """Is the key in the table?"""
    return table[_c_slot(table, k0, k1, k2), 1] != -1


@njit(cache=True)
def _c_search(cols, ncol, stock, S, ranks, stack, table, ctl, chunk, max_states, max_table, postpone,
              strict):
    """Up to ``chunk`` positions from the stack: 0 won, 1 lost, 2 unknown (cap), 3 go
    on; ``ctl``: stack size, positions stored. Returns the (maybe grown) arrays too.
    ``postpone``: a card put into the pool (from a prefix or the waste) waits for a
    move that needs it (row fields ``P0``: 0 none, 1 prefix column, 2 waste index)."""
    W = 12 + ncol
    P0 = 10 + ncol
    kind = np.zeros(2 * ncol + 60, np.int64)
    arg = np.zeros(2 * ncol + 60, np.int64)
    und = np.zeros(W, np.int64)
    upool = np.zeros(53, np.int64)
    sp = ctl[0]
    stored = ctl[1]
    pool = np.zeros(53, np.int64)
    hosts = np.zeros(53, np.int64)
    maxlen = cols.shape[1]
    piles = np.zeros((ncol + 1, maxlen + S + 1), np.int64)
    plen = np.zeros(ncol + 1, np.int64)
    depth = np.zeros(ncol + 1, np.int64)
    avail = np.zeros(52, np.int64)
    base = np.zeros(52, np.bool_)
    pend = np.zeros(52, np.bool_)
    blocked = np.zeros(4, np.int64)
    fx = np.zeros(3, np.int64)
    st = np.zeros(W, np.int64)
    kids = np.zeros((2 * ncol + 60, W), np.int64)
    popped = 0
    while sp > 0:
        if popped >= chunk:
            ctl[0] = sp
            ctl[1] = stored
            return 3, stack, table
        popped += 1
        sp -= 1
        for i in range(W):
            st[i] = stack[sp, i]
        for i in range(10 + ncol):
            und[i] = st[i]
        changed = True
        while changed:
            changed = False
            j = _c_top(st)
            if j >= 0 and _c_safe(st, stock[j]):
                _c_up(st, stock[j])
                st[9] &= ~(np.int64(1) << j)
                changed = True
                continue
            if st[8] < S and _c_safe(st, stock[st[8]]):
                _c_up(st, stock[st[8]])
                st[8] += 1
                changed = True
                continue
            for i in range(ncol):
                k = st[10 + i]
                if k and _c_safe(st, cols[i, k - 1]):
                    _c_up(st, cols[i, k - 1])
                    st[10 + i] = k - 1
                    changed = True
                    break
            if changed:
                continue
            _c_pool(st, cols, ncol, stock, S, ranks, pool)
            for c in range(52):
                if pool[c] and _c_safe(st, c):
                    _c_up(st, c)
                    changed = True
                    break
        won = True
        for i in range(8):
            if st[i] != ranks:
                won = False
        if won:
            ctl[1] = stored
            return 0, stack, table
        if st[P0]:
            for i in range(10 + ncol):
                if und[i] != st[i]:
                    st[P0] = 0          # a move up followed it at once: stored as usual
                    break
        k0, k1, k2 = _c_key(st, ncol)
        if st[P0]:
            if _c_has(table, k0, k1, k2):
                continue
        elif not _c_insert(table, k0, k1, k2):
            continue
        else:
            stored += 1
        if stored > max_states:
            ctl[1] = stored
            return 2, stack, table
        if 2 * stored > table.shape[0] and not st[P0]:
            if 2 * table.shape[0] > max_table:
                ctl[1] = stored
                return 2, stack, table
            old = table
            table = np.full((2 * old.shape[0], 3), -1, np.int64)
            for t in range(old.shape[0]):
                if old[t, 1] != -1:
                    _c_insert(table, old[t, 0], old[t, 1], old[t, 2])
        _c_pool(st, cols, ncol, stock, S, ranks, pool)
        if _c_dead(st, cols, ncol, stock, S, ranks, pool, piles, plen, depth, avail, base, pend, blocked, fx):
            continue
        nk = 0
        j = _c_top(st)
        if j >= 0 and _c_fits(st, stock[j]):
            kids[nk, :] = st
            _c_up(kids[nk], stock[j])
            kids[nk, 9] &= ~(np.int64(1) << j)
            kind[nk] = 0
            nk += 1
        for i in range(ncol):
            k = st[10 + i]
            if k and _c_fits(st, cols[i, k - 1]) and (
                    not strict or _c_uncovered(st, cols, ncol, ranks, pool, hosts, cols[i, k - 1])):
                st[10 + i] = k - 1
                if _c_allowed(st, cols, ncol, ranks, pool, hosts):
                    kids[nk, :] = st
                    _c_up(kids[nk], cols[i, k - 1])
                    kind[nk] = 1
                    arg[nk] = i
                    nk += 1
                st[10 + i] = k
        for c in range(52):
            if pool[c] and _c_fits(st, c) and (
                    not strict or _c_uncovered(st, cols, ncol, ranks, pool, hosts, c)):
                pool[c] -= 1
                if _c_allowed(st, cols, ncol, ranks, pool, hosts):
                    kids[nk, :] = st
                    _c_up(kids[nk], c)
                    kind[nk] = 2
                    arg[nk] = c
                    nk += 1
                pool[c] += 1
        for i in range(ncol):
            k = st[10 + i]
            if k:
                c = cols[i, k - 1]
                if strict and not (_c_uncovered(st, cols, ncol, ranks, pool, hosts, c)
                                   and _c_free(st, cols, ncol, ranks, pool, hosts, c, c)):
                    continue
                st[10 + i] = k - 1
                pool[c] += 1
                if _c_allowed(st, cols, ncol, ranks, pool, hosts):
                    kids[nk, :] = st
                    kind[nk] = 3
                    arg[nk] = i
                    nk += 1
                pool[c] -= 1
                st[10 + i] = k
        if j >= 0 and (not strict or _c_free(st, cols, ncol, ranks, pool, hosts, stock[j], -1)):
            pool[stock[j]] += 1
            if _c_allowed(st, cols, ncol, ranks, pool, hosts):
                kids[nk, :] = st
                kids[nk, 9] &= ~(np.int64(1) << j)
                kind[nk] = 4
                arg[nk] = j
                nk += 1
            pool[stock[j]] -= 1
        if st[8] < S:
            kids[nk, :] = st
            kids[nk, 9] |= np.int64(1) << st[8]
            kids[nk, 8] += 1
            kind[nk] = 5
            nk += 1
        if st[P0]:
            # keep only the moves that need the pending one
            keep = 0
            pk, pa = st[P0], st[P0 + 1]
            pc = cols[pa, st[10 + pa]] if pk == 1 else stock[pa]
            for t in range(nk):
                need = False
                if pk == 1 and (kind[t] == 1 or kind[t] == 3) and arg[t] == pa:
                    need = True
                elif pk == 2 and (kind[t] == 0 or kind[t] == 4 or kind[t] == 5):
                    need = True
                elif kind[t] == 2 and arg[t] == pc:
                    need = False        # the same as the card going up from where it was
                else:
                    for i in range(10 + ncol):
                        und[i] = kids[t, i]
                    if pk == 1:
                        und[10 + pa] += 1
                    else:
                        und[9] |= np.int64(1) << pa
                    _c_pool(und, cols, ncol, stock, S, ranks, upool)
                    need = not _c_allowed(und, cols, ncol, ranks, upool, hosts)
                if need:
                    if keep != t:
                        kids[keep, :] = kids[t]
                        kind[keep] = kind[t]
                        arg[keep] = arg[t]
                    keep += 1
            nk = keep
        for t in range(nk):
            kids[t, P0] = 0
            kids[t, P0 + 1] = 0
            if postpone and kind[t] == 3:
                kids[t, P0] = 1
                kids[t, P0 + 1] = arg[t]
            elif postpone and kind[t] == 4:
                kids[t, P0] = 2
                kids[t, P0 + 1] = arg[t]
        if sp + nk > stack.shape[0]:
            bigger = np.zeros((2 * stack.shape[0] + nk, W), np.int64)
            bigger[:sp] = stack[:sp]
            stack = bigger
        for t in range(nk - 1, -1, -1):
            stack[sp, :] = kids[t]
            sp += 1
    ctl[0] = 0
    ctl[1] = stored
    return 1, stack, table


@njit(cache=True, inline="always")
def cols_len_of(cols, i):
    n = 0
    while n < cols.shape[1] and cols[i, n] >= 0:
        n += 1
    return n


def relaxed_search(cols, found, stock, p=0, ranks=13, max_states=5_000_000, deadline=None,
                   max_table=1 << 25, chunk=CHUNK, postpone=False, strict=None):
    """(verdict, positions stored) of the relaxed game, compiled; the same arguments
    and the same positions in the same order as :func:`relaxed_search_plain`.
    ``deadline``: a ``time.perf_counter`` value, read every ``chunk`` positions."""
    if strict is None:
        strict = not postpone
    if strict and postpone:
        raise ValueError("postponed pool entries are proven only without strict moves")
    ncol = len(cols)
    maxlen = max([len(c) for c in cols] + [1])
    arr = np.full((ncol, maxlen + 1), -1, np.int64)
    for i, c in enumerate(cols):
        arr[i, :len(c)] = c
    st = np.array(list(stock) + [0], np.int64)
    stack, table = _c_start(arr, ncol, p, np.array(found, np.int64))
    ctl = np.array([1, 0], np.int64)
    while True:
        code, stack, table = _c_search(arr, ncol, st, len(stock), ranks, stack, table, ctl, chunk,
                                       max_states, max_table, postpone, strict)
        if code != 3:
            return (WON, LOST, UNKNOWN)[code], int(ctl[1])
        if deadline is not None and time.perf_counter() > deadline:
            return UNKNOWN, int(ctl[1])


def covers(kernel, state) -> bool:
    """Whether the relaxed game applies (no turn-over left) and the compiled search's
    keys hold the position (at most 15 columns of at most 15 cards, 64 talon cards)."""
    cols, _, talon, _, red = state
    return (kernel.max_redeals is not None and red >= kernel.max_redeals and len(cols) <= 15
            and all(len(c) <= 15 for c in cols) and len(talon) <= 64)


def search(kernel, state, max_states=None, deadline=None):
    """The relaxed game from a kernel state it covers: ``(verdict, positions stored)``."""
    cols, found, talon, p = parts(state)
    cap = 1 << 62 if max_states is None else max_states
    return relaxed_search(cols, found, talon, p, kernel.ranks, cap, deadline)


def warm_up():
    """Compile the relaxed search (cached on disk after the first time)."""
    relaxed_search([[0]], (0,) * 8, [1], 0, 2)
