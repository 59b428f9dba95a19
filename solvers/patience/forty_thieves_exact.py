"""Compiled exact search (numba) for Forty Thieves with a limited stock.

It is the plain depth-first search of :func:`solvers.patience.search._dfs` over
:class:`FortyThievesKernel` (the same macro moves in the same order, the same
automatic foundation moves, rule 9 at every stored position), so it stores the same
positions in the same order and reaches the same verdict with the same count; only
faster. The moves, automatic moves and dead-end proof are those of
:mod:`forty_thieves_jit`; what is new here is the transposition table.

The table holds **exact keys**, never hashes alone, so no collision can hide a
position and a loss it reports is a proof. A key packs, in a few 64-bit words:

* the columns as a multiset (sorted; each as its length and its cards, 6 bits a card);
* the eight foundation heights;
* the talon as the set of places of the starting talon still in it (cards never
  come back to the talon and keep their order, so the starting talon and that set
  give the talon; of two copies of a card the first one free is taken, so the same
  talon always gives the same set), the pointer and the turn-overs used.

Two positions have the same key exactly when the plain kernel's keys are equal. The
hash only picks the slot; keys in the slot are compared word by word.
The search runs in chunks so the caller keeps the time budget and grows the arrays.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_jit import (TF, TT, W, _child, _moves, _safe, _score, _Scratch, encode,
                                                layout_for,
                                                stuck, to_kernel_line)

drop_stale(__file__)

# run() results
CHUNK, WON, LOST, LIMIT, GROW_TABLE, GROW_DEPTH, OUT_OF_TIME, OUT_OF_MEMORY = range(8)
# ctl fields
DEPTH, NODES, COUNT = range(3)
CHUNK_NODES = 1 << 14
HMUL = np.uint64(0x9E3779B97F4A7C15)
# seconds to move one stored position into doubled arrays (copy its key, re-slot
# it): measured at about 0.5 us (2.1 s at 4.2 million positions), doubled for a
# loaded machine
GROW_SECONDS_PER_KEY = 1e-6
# a search stops (unknown) rather than grow its key table past this many keys (104
# bytes each; with their hashes and slots about 4.3 GB at 2^25). A minute of search
# stores about 20 million; without a bound a long search fills any memory (seed 21
# of the no-redeal set, given 25 minutes, asked for 26 GiB after 15 and failed)
MAX_TABLE_KEYS = 1 << 25


def key_words(lay, talon_len: int) -> int:
    """64-bit words of a key for this layout (see the module's notes)."""
    cards = 104                           # at most every card of two packs on the tableau
    bits = lay.ncol * 8 + 6 * cards + 32 + talon_len + 16
    return (bits + 63) // 64


@njit(cache=True, inline="always")
def _put_bits(out, at, value, nbits):
    """Write ``value`` (``nbits`` < 64) at bit ``at`` of ``out``; return the next bit."""
    w, b = at >> 6, at & 63
    v = np.uint64(value)
    out[w] |= v << np.uint64(b)
    if b + nbits > 64:
        out[w + 1] |= v >> np.uint64(64 - b)
    return at + nbits


@njit(cache=True, inline="always")
def _col_less(row, ml, ol, i, j):
    """Is column ``i`` before column ``j`` (cards bottom up, then length)?"""
    li, lj = row[ol + i], row[ol + j]
    n = min(li, lj)
    for k in range(n):
        a, b = row[i * ml + k], row[j * ml + k]
        if a != b:
            return a < b
    return li < lj


@njit(cache=True)
def make_key(row, lay, orig, norig, order, out):
    """The exact key of ``row`` in ``out`` (zeroed here); returns its hash (63 bits)."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    out[:] = 0
    for i in range(ncol):
        order[i] = i
    for i in range(1, ncol):
        c = order[i]
        j = i - 1
        while j >= 0 and _col_less(row, ml, ol, c, order[j]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = c
    at = 0
    for t in range(ncol):
        i = order[t]
        L = row[ol + i]
        at = _put_bits(out, at, L, 8)
        for k in range(L):
            at = _put_bits(out, at, row[i * ml + k], 6)
    for k in range(8):
        at = _put_bits(out, at, row[of + k], 4)
    # the talon as the places of the starting talon it still holds (first free copy)
    n = row[on]
    q = 0
    for k in range(norig):
        if q < n and orig[k] == row[ot + q]:
            at = _put_bits(out, at, 1, 1)
            q += 1
        else:
            at = _put_bits(out, at, 0, 1)
    at = _put_bits(out, at, row[op], 8)
    at = _put_bits(out, at, row[orr], 8)
    return _hash_words(out)


@njit(cache=True, inline="always")
def _hash_words(out):
    """The table hash (63 bits) of a key."""
    h = np.uint64(0x243F6A8885A308D3)
    for w in range(out.shape[0]):
        h = (h ^ out[w]) * HMUL
        h ^= h >> np.uint64(29)
    return np.int64(h >> np.uint64(1))


@njit(cache=True)
def _probe(slots, keys, hashes, key, h):
    """The slot holding ``key`` and True, or the empty slot where it would go and False."""
    mask = np.int64(slots.shape[0] - 1)
    i = h & mask
    W = key.shape[0]
    while slots[i] != 0:
        e = slots[i] - 1
        if hashes[e] == h:
            same = True
            for w in range(W):
                if keys[e, w] != key[w]:
                    same = False
                    break
            if same:
                return i, True
        i = (i + 1) & mask
    return i, False


@njit(cache=True)
def _find_or_add(slots, keys, hashes, ctl, key, h):
    """Add ``key`` to the table; False when it is there already."""
    i, found = _probe(slots, keys, hashes, key, h)
    if found:
        return False
    e = ctl[COUNT]
    keys[e, :] = key
    hashes[e] = h
    slots[i] = e + 1
    ctl[COUNT] = e + 1
    return True


@njit(cache=True)
def _known(slots, keys, hashes, key, h):
    """Is ``key`` in the table?"""
    return _probe(slots, keys, hashes, key, h)[1]


@njit(cache=True, inline="always")
def _is_lift(row, lay, kind, a):
    """Does the move take a column's top card off the next card of its suit
    (the kernel's lifts, see ``FortyThievesKernel.pending``)?"""
    if kind != TT:
        return False
    ml, ol = lay[1], lay[2]
    L = row[ol + a]
    if L < 2:
        return False
    x = row[a * ml + L - 1]
    return x % 13 < 12 and row[a * ml + L - 2] == x + 1


@njit(cache=True)
def _keep_following(mv, n, a, b, onto_a=False):
    """Keep, in order, the ``n`` moves in ``mv`` that depend on the lift from
    column ``a`` to ``b`` (from ``a``, or onto ``b``; with ``onto_a``, onto ``a``
    too); return how many."""
    m = 0
    for t in range(n):
        kind, u, v = mv[t, 0], mv[t, 1], mv[t, 2]
        if kind == TF:
            keep = u == a
        elif kind == TT:
            keep = u == a or v == b or (onto_a and v == a)
        else:
            keep = v == b or (onto_a and v == a)
        if keep:
            mv[m, 0] = kind
            mv[m, 1] = u
            mv[m, 2] = v
            m += 1
    return m


@njit(cache=True, inline="always")
def _all_up(row, of, total):
    """Whether the foundations hold every card (the eight piles from ``of``)."""
    up = 0
    for k in range(8):
        up += row[of + k]
    return up == total


@njit(cache=True)
def rebuild(slots, hashes, count):
    """Fill a new, larger slot array from the stored hashes."""
    mask = slots.shape[0] - 1
    for e in range(count):
        i = hashes[e] & mask
        while slots[i] != 0:
            i = (i + 1) & mask
        slots[i] = e + 1


@njit(cache=True)
def _order(row, lay, mv, n, weights, tmp, scores):
    """Sort the ``n`` moves in ``mv`` by the score of the child, best first (ties
    in the kernel's order). Any order searches the same space."""
    for t in range(n):
        _child(row, tmp, mv[t, 0], mv[t, 1], mv[t, 2], lay)
        scores[t] = -_score(tmp, lay, weights) * 1024 + t
    perm = np.argsort(scores[:n])
    saved = mv[:n].copy()
    for t in range(n):
        mv[t, 0] = saved[perm[t], 0]
        mv[t, 1] = saved[perm[t], 1]
        mv[t, 2] = saved[perm[t], 2]


@njit(cache=True)
def run(ctl, rows, mvs, nmv, idx, lay, maxred, ranks, total, orig, norig, order, key,
        slots, keys, hashes, accn, accj, qs, piles, plen, depth, avail, base, pend, loose,
        blocked, fx, chunk, limit, weights, tmp, scores, lifted, unbury=False):
    """Go on with the depth-first search in ``ctl`` for about ``chunk`` stored
    positions (``limit``: stop once this many are counted, 0 for none). Frame ``d``
    holds a position (``rows[d]``), its moves and the next one to try. Returns
    CHUNK, WON (the line is the moves just tried in frames 0..DEPTH), LOST (the
    space is exhausted), LIMIT, or a request to grow an array. With ``weights``
    (non-empty) the moves of a position are tried best child first by the beam's
    score (:func:`_order`), else in the kernel's order. ``lifted[d]`` is 1 when
    frame ``d`` holds the position just after a lift (not stored; only the moves
    that depend on the lift follow, as in the plain search's pending moves), else 0;
    ``lifted`` empty: no lifts."""
    start = ctl[NODES]
    lifts = lifted.shape[0] > 0
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
        kind, a, b = mvs[d, t, 0], mvs[d, t, 1], mvs[d, t, 2]
        lift = lifts and lifted[d] == 0 and _is_lift(rows[d], lay, kind, a)
        unb = unbury and lifts and not lift and lifted[d] == 0 and kind == TT and rows[d][lay[2] + a] >= 2
        _child(rows[d], kid, kind, a, b, lay)
        if unb:
            for k in range(8):
                if kid[of + k] != rows[d][of + k]:
                    unb = False
                    break
        h = make_key(kid, lay, orig, norig, order, key)
        if lift or unb:
            # an intermediate position: not stored; skipped if reached in full
            if _known(slots, keys, hashes, key, h):
                continue
            ctl[NODES] += 1
            n = _moves(kid, lay, maxred, mvs[d + 1], accn, accj, qs)
            nmv[d + 1] = _keep_following(mvs[d + 1], n, a, b, unb)
            idx[d + 1] = 0
            lifted[d + 1] = 1
            ctl[DEPTH] = d + 1
            continue
        if not _find_or_add(slots, keys, hashes, ctl, key, h):
            continue
        ctl[NODES] += 1
        if _all_up(kid, of, total):
            return WON
        if stuck(kid, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose, blocked, fx):
            continue
        if limit > 0 and ctl[NODES] >= limit:
            return LIMIT
        nmv[d + 1] = _moves(kid, lay, maxred, mvs[d + 1], accn, accj, qs)
        if weights.shape[0]:
            _order(kid, lay, mvs[d + 1], nmv[d + 1], weights, tmp, scores)
        idx[d + 1] = 0
        if lifts:
            lifted[d + 1] = 0
        ctl[DEPTH] = d + 1
        if ctl[NODES] - start >= chunk:
            return CHUNK
    return LOST


# ------------------------------------------------------- keyed by reversible components

# run_components() asks for a larger pool of member rows
GROW_POOL = 7
# at most this many members of a component are gathered before its expansion falls
# back to trying the reversible moves as well (see ``run_components``)
COMPONENT_CAP = 4096
# components entered between two readings of the clock (one can hold hundreds of
# members: 16,384 of them overran a 60 s budget by 1.1 s)
CHUNK_COMPONENTS = 1 << 11


@njit(cache=True, inline="always")
def _reversible(row, lay, kind, a):
    """Is the move a tableau move of a card off the next card of its suit, or out of
    a column it is alone in? Then the card can go straight back (onto that card, or
    into the column left empty), so the move links two positions both ways."""
    if kind != TT:
        return False
    ml, ol = lay[1], lay[2]
    L = row[ol + a]
    if L == 1:
        return True
    x = row[a * ml + L - 1]
    return x % 13 < 12 and row[a * ml + L - 2] == x + 1


@njit(cache=True)
def _member_moves(row, lay, maxred, mv, accn, accj, qs, every, touched, skip):
    """The kernel's moves of ``row`` in its order, without the reversible ones
    unless ``every``; returns how many. ``touched``: the columns (bits) the
    reversible moves from the component's first member to this one changed; with
    ``skip``, a tableau move or a talon card put on the tableau that uses none of
    them and is followed by no automatic move is left out (the first member has
    it too, and its child there reaches this one's by the same reversible moves)."""
    n = _moves(row, lay, maxred, mv, accn, accj, qs)
    if every:
        return n
    ml, ol, of, ot, on = lay[1], lay[2], lay[3], lay[4], lay[5]
    m = 0
    for t in range(n):
        kind, a, b = mv[t, 0], mv[t, 1], mv[t, 2]
        if skip and touched != 0:
            if kind == TT and (touched >> a) & 1 == 0 and (touched >> b) & 1 == 0:
                L = row[ol + a]
                if L < 2 or not _safe(row, of, row[a * ml + L - 2]):
                    continue
            elif kind == W and b >= 0 and (touched >> b) & 1 == 0:
                nt = row[on]
                if not _safe(row, of, row[ot + a - 1]) and \
                        not (a >= 2 and _safe(row, of, row[ot + a - 2])) and \
                        not (a < nt and _safe(row, of, row[ot + a])):
                    continue
        if not _reversible(row, lay, mv[t, 0], mv[t, 1]):
            mv[m, 0] = mv[t, 0]
            mv[m, 1] = mv[t, 1]
            mv[m, 2] = mv[t, 2]
            m += 1
    return m


@njit(cache=True)
def _component(pool, nb, cap, ppar, pmv, pmask, lay, maxred, orig, norig, order, key, slots, keys, hashes,
               ctl, mv, accn, accj, qs):
    """Gather, breadth first from ``pool[nb]`` (its key already stored), the positions
    reachable by reversible moves, storing each one's key; they go to ``pool[nb:]``
    with, for each, the member it was reached from (``ppar``, relative) and the move
    (``pmv``), and the columns changed on the way from the first (``pmask``, bits).
    Returns the number of members, negated when ``cap`` stopped the search before
    every member's reversible moves were followed."""
    cnt = 1
    ppar[nb] = -1
    pmask[nb] = 0
    q = 0
    while q < cnt:
        row = pool[nb + q]
        n = _moves(row, lay, maxred, mv, accn, accj, qs)
        for t in range(n):
            kind, a, b = mv[t, 0], mv[t, 1], mv[t, 2]
            if not _reversible(row, lay, kind, a):
                continue
            if cnt == cap:
                return -cnt
            kid = pool[nb + cnt]
            _child(row, kid, kind, a, b, lay)
            h = make_key(kid, lay, orig, norig, order, key)
            if not _find_or_add(slots, keys, hashes, ctl, key, h):
                continue
            ppar[nb + cnt] = q
            pmv[nb + cnt, 0] = kind
            pmv[nb + cnt, 1] = a
            pmv[nb + cnt, 2] = b
            pmask[nb + cnt] = pmask[nb + q] | (np.int64(1) << a) | (np.int64(1) << b)
            cnt += 1
        q += 1
    return cnt


@njit(cache=True)
def _canon_component(pool, nb, cap, ppar, pmv, pmask, lay, maxred, orig, norig, order, key, lslots,
                     lstamp, lkeys, lhash, gen, mv, accn, accj, qs):
    """As :func:`_component`, but with a table of its own (``lslots`` entries
    stamped ``gen`` are in use): nothing is stored in the search's table, and the
    smallest member key (word by word) is left in ``key``, a normal form of the
    component (the same from every member when the gathering is complete). Returns
    the count (negated when capped) and the normal form's hash."""
    mask = np.int64(lslots.shape[0] - 1)
    W = key.shape[0]
    cnt = 0
    ppar[nb] = -1
    pmask[nb] = 0
    best = 0
    q = -1
    capped = False
    n = 0
    kind, a, b = 0, 0, 0
    row = pool[nb]
    while q < cnt and not capped:
        if q < 0:
            row = pool[nb]
        else:
            row = pool[nb + q]
            n = _moves(row, lay, maxred, mv, accn, accj, qs)
        nt = 1 if q < 0 else n
        for t in range(nt):
            if q < 0:
                kid = pool[nb]
            else:
                kind, a, b = mv[t, 0], mv[t, 1], mv[t, 2]
                if not _reversible(row, lay, kind, a):
                    continue
                if cnt == cap:
                    capped = True
                    break
                kid = pool[nb + cnt]
                _child(row, kid, kind, a, b, lay)
            h = make_key(kid, lay, orig, norig, order, key)
            i = h & mask
            new = True
            while lstamp[i] == gen:
                e = lslots[i]
                if lhash[e] == h:
                    same = True
                    for w in range(W):
                        if lkeys[e, w] != key[w]:
                            same = False
                            break
                    if same:
                        new = False
                        break
                i = (i + 1) & mask
            if not new:
                continue
            lstamp[i] = gen
            lslots[i] = cnt
            lhash[cnt] = h
            lkeys[cnt, :] = key
            if q >= 0:
                ppar[nb + cnt] = q
                pmv[nb + cnt, 0] = kind
                pmv[nb + cnt, 1] = a
                pmv[nb + cnt, 2] = b
                pmask[nb + cnt] = pmask[nb + q] | (np.int64(1) << a) | (np.int64(1) << b)
                for w in range(W):
                    if lkeys[cnt, w] != lkeys[best, w]:
                        if lkeys[cnt, w] < lkeys[best, w]:
                            best = cnt
                        break
            cnt += 1
        q += 1
    key[:] = lkeys[best]
    return (-cnt if capped else cnt), _hash_words(key)


@njit(cache=True)
def _dead(pool, nb, cnt, proofs, lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose,
          blocked, fx):
    """Does rule 9 prove one of the first ``proofs`` members lost (so all of them)?"""
    for k in range(min(cnt, proofs)):
        if stuck(pool[nb + k], lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose,
                 blocked, fx):
            return True
    return False


@njit(cache=True)
def run_components(ctl, pool, pbase, pcnt, pall, mem, ppar, pmv, pmask, mvs, nmv, idx, lay, maxred, ranks,
                   total, orig, norig, order, key, slots, keys, hashes, accn, accj, qs, piles, plen,
                   depth, avail, base, pend, loose, blocked, fx, chunk, limit, cap, proofs, sizes, skip,
                   lslots, lstamp, lkeys, lhash, gen):
    """The depth-first search over *components*: the positions linked by reversible
    moves (:func:`_reversible`), all won or all lost. Frame ``d`` holds one: its
    members in ``pool[pbase[d]:pbase[d] + pcnt[d]]`` (every member's key is stored,
    so a component is entered once, from whichever member is reached first), the
    member ``mem[d]`` whose moves are being tried, and those moves. A member's moves
    are its irreversible ones (the reversible ones lead to members), or all of them
    when the cap stopped the gathering (``pall[d]``; a reversible move to a position
    not yet stored then starts a component of its own). ``sizes[k]`` counts the
    components entered with ``2**k`` to ``2**(k+1) - 1`` members. With ``lslots``
    non-empty, only each component's normal form is stored (:func:`_canon_component`,
    gathered with that table of its own for every child) instead of every member's
    key. Returns as :func:`run`."""
    start = ctl[NODES]
    of = lay[3]
    while ctl[DEPTH] >= 0:
        d = ctl[DEPTH]
        if idx[d] == nmv[d]:
            k = mem[d] + 1
            if k >= pcnt[d]:
                ctl[DEPTH] = d - 1
                continue
            mem[d] = k
            nmv[d] = _member_moves(pool[pbase[d] + k], lay, maxred, mvs[d], accn, accj, qs, pall[d],
                                   pmask[pbase[d] + k], skip)
            idx[d] = 0
            continue
        if 2 * (ctl[COUNT] + cap + 1) > slots.shape[0] or ctl[COUNT] + cap + 1 > keys.shape[0]:
            return GROW_TABLE
        if d + 1 >= mvs.shape[0]:
            return GROW_DEPTH
        nb = pbase[d] + pcnt[d]
        if nb + cap > pool.shape[0]:
            return GROW_POOL
        t = idx[d]
        idx[d] = t + 1
        kid = pool[nb]
        _child(pool[pbase[d] + mem[d]], kid, mvs[d, t, 0], mvs[d, t, 1], mvs[d, t, 2], lay)
        if lslots.shape[0]:
            if _all_up(kid, of, total):
                return WON
            gen[0] += 1
            cnt, h = _canon_component(pool, nb, cap, ppar, pmv, pmask, lay, maxred, orig, norig, order, key,
                                      lslots, lstamp, lkeys, lhash, gen[0], mvs[d + 1], accn, accj, qs)
            if not _find_or_add(slots, keys, hashes, ctl, key, h):
                continue
            ctl[NODES] += 1
        else:
            h = make_key(kid, lay, orig, norig, order, key)
            if not _find_or_add(slots, keys, hashes, ctl, key, h):
                continue
            ctl[NODES] += 1
            if _all_up(kid, of, total):
                return WON
            cnt = _component(pool, nb, cap, ppar, pmv, pmask, lay, maxred, orig, norig, order, key, slots,
                             keys, hashes, ctl, mvs[d + 1], accn, accj, qs)
        every = cnt < 0
        if every:
            cnt = -cnt
        k = 0
        while (2 << k) <= cnt:
            k += 1
        sizes[k] += 1
        if _dead(pool, nb, cnt, proofs, lay, maxred, ranks, piles, plen, depth, avail, base, pend,
                 loose, blocked, fx):
            continue
        if limit > 0 and ctl[NODES] >= limit:
            return LIMIT
        pbase[d + 1] = nb
        pcnt[d + 1] = cnt
        pall[d + 1] = every
        mem[d + 1] = 0
        nmv[d + 1] = _member_moves(kid, lay, maxred, mvs[d + 1], accn, accj, qs, every, 0, skip)
        idx[d + 1] = 0
        ctl[DEPTH] = d + 1
        if ctl[NODES] - start >= chunk:
            return CHUNK
    return LOST


class _Arrays:
    """What both compiled exact searches keep of their root: its layout, its starting
    talon, a key's buffer and the longest move list."""

    def __init__(self, kernel, root, lay):
        self.kernel, self.root, self.lay = kernel, root, lay
        self.layout = lay.array()
        talon = root[2]
        self.orig = np.array(list(talon) or [0], np.int16)
        self.norig = len(talon)
        self.words = key_words(lay, len(talon))
        self.key = np.zeros(self.words, np.uint64)
        self.order = np.zeros(lay.ncol, np.int64)
        self.maxm = 4 * lay.ncol + 4 * lay.talon + 8


class Search(_Arrays):
    """The arrays of one compiled exact search from a normalized root."""

    def __init__(self, kernel, root, lay, weights=None, unbury=False):
        super().__init__(kernel, root, lay)
        self.unbury = unbury
        self.weights = np.array(weights or (), np.int64)
        self.rows = np.zeros((256, lay.size), np.int16)
        self.mvs = np.zeros((256, self.maxm, 3), np.int64)
        self.nmv = np.zeros(256, np.int64)
        self.idx = np.zeros(256, np.int64)
        self.lifted = np.zeros(256 if kernel.lifts else 0, np.int64)
        self.slots = np.zeros(1 << 16, np.int64)
        self.keys = np.zeros((1 << 15, self.words), np.uint64)
        self.hashes = np.zeros(1 << 15, np.int64)
        self.scratch = _Scratch(lay)
        self.ctl = np.zeros(3, np.int64)
        self.maxred = kernel.max_redeals
        self.rows[0] = encode(root, lay)
        h = make_key(self.rows[0], self.layout, self.orig, self.norig, self.order, self.key)
        _find_or_add(self.slots, self.keys, self.hashes, self.ctl, self.key, h)
        sc = self.scratch
        self.tmp = np.zeros(lay.size, np.int16)
        self.scores = np.zeros(self.maxm, np.int64)
        self.nmv[0] = _moves(self.rows[0], self.layout, self.maxred, self.mvs[0], sc.accn, sc.accj, sc.qs)
        if len(self.weights):
            _order(self.rows[0], self.layout, self.mvs[0], self.nmv[0], self.weights, self.tmp, self.scores)
        self.ctl[NODES] = 1

    @property
    def nodes(self) -> int:
        """Positions counted as the plain search counts them (the root included)."""
        return int(self.ctl[NODES])

    def step(self, limit: int = 0, deadline: float | None = None) -> int:
        """Search on for about a chunk of positions; CHUNK, WON, LOST, LIMIT, or
        OUT_OF_TIME when the table must grow and copying it would not fit before
        ``deadline`` (a ``time.perf_counter`` time; the clock is read at each growth),
        or OUT_OF_MEMORY when it would grow past ``MAX_TABLE_KEYS``."""
        sc = self.scratch
        while True:
            status = run(self.ctl, self.rows, self.mvs, self.nmv, self.idx, self.layout, self.maxred,
                         self.kernel.ranks, self.kernel.total, self.orig, self.norig, self.order,
                         self.key, self.slots, self.keys, self.hashes, sc.accn, sc.accj, sc.qs,
                         *sc.proof(), CHUNK_NODES, limit, self.weights, self.tmp, self.scores,
                         self.lifted, self.unbury)
            if status == GROW_TABLE:
                count = int(self.ctl[COUNT])
                refused = _refused(count, count + 1, len(self.keys), deadline)
                if refused is not None:
                    return refused
                if count + 1 > len(self.keys):
                    self.keys = _doubled(self.keys, count)
                    self.hashes = _doubled(self.hashes, count)
                if 2 * (count + 1) > len(self.slots):
                    self.slots = np.zeros(2 * len(self.slots), np.int64)
                    rebuild(self.slots, self.hashes, count)
            elif status == GROW_DEPTH:
                self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
                self.mvs = np.concatenate([self.mvs, np.zeros_like(self.mvs)])
                self.nmv = np.concatenate([self.nmv, np.zeros_like(self.nmv)])
                self.idx = np.concatenate([self.idx, np.zeros_like(self.idx)])
                if len(self.lifted):
                    self.lifted = np.concatenate([self.lifted, np.zeros_like(self.lifted)])
            else:
                return status

    def line(self) -> list:
        """The moves of the winning line, as (kind, a, b), from the root."""
        out = []
        for d in range(int(self.ctl[DEPTH]) + 1):
            t = int(self.idx[d]) - 1
            out.append(tuple(int(v) for v in self.mvs[d, t]))
        return out


class ComponentSearch(_Arrays):
    """The arrays of one compiled exact search over reversible components
    (:func:`run_components`) from a normalized root."""

    def __init__(self, kernel, root, lay, cap=COMPONENT_CAP, proofs=1, skip=True, normal_form=False):
        super().__init__(kernel, root, lay)
        self.cap, self.proofs, self.skip = cap, proofs, skip
        self.sizes = np.zeros(64, np.int64)
        frames = 256
        self.mvs = np.zeros((frames, self.maxm, 3), np.int64)
        self.nmv = np.zeros(frames, np.int64)
        self.idx = np.zeros(frames, np.int64)
        self.mem = np.zeros(frames, np.int64)
        self.pbase = np.zeros(frames, np.int64)
        self.pcnt = np.zeros(frames, np.int64)
        self.pall = np.zeros(frames, np.bool_)
        rows = 2 * cap + 64
        self.pool = np.zeros((rows, lay.size), np.int16)
        self.ppar = np.zeros(rows, np.int64)
        self.pmv = np.zeros((rows, 3), np.int64)
        self.pmask = np.zeros(rows, np.int64)
        slots = 1 << 16
        while slots < 4 * (cap + 1):
            slots *= 2
        self.slots = np.zeros(slots, np.int64)
        self.keys = np.zeros((slots // 2, self.words), np.uint64)
        self.hashes = np.zeros(slots // 2, np.int64)
        self.scratch = sc = _Scratch(lay)
        self.ctl = np.zeros(3, np.int64)
        self.maxred = kernel.max_redeals
        self.pool[0] = encode(root, lay)
        local = 1 << 4
        while local < 2 * cap:
            local *= 2
        n = local if normal_form else 0
        self.lslots = np.zeros(n, np.int64)
        self.lstamp = np.zeros(n, np.int64)
        self.lkeys = np.zeros((cap + 1 if normal_form else 0, self.words), np.uint64)
        self.lhash = np.zeros(cap + 1 if normal_form else 0, np.int64)
        self.gen = np.ones(1, np.int64)
        if normal_form:
            cnt, h = _canon_component(self.pool, 0, cap, self.ppar, self.pmv, self.pmask, self.layout,
                                      self.maxred, self.orig, self.norig, self.order, self.key, self.lslots,
                                      self.lstamp, self.lkeys, self.lhash, self.gen[0], self.mvs[1],
                                      sc.accn, sc.accj, sc.qs)
            _find_or_add(self.slots, self.keys, self.hashes, self.ctl, self.key, h)
        else:
            h = make_key(self.pool[0], self.layout, self.orig, self.norig, self.order, self.key)
            _find_or_add(self.slots, self.keys, self.hashes, self.ctl, self.key, h)
            cnt = _component(self.pool, 0, cap, self.ppar, self.pmv, self.pmask, self.layout, self.maxred,
                             self.orig, self.norig, self.order, self.key, self.slots, self.keys, self.hashes,
                             self.ctl, self.mvs[1], sc.accn, sc.accj, sc.qs)
        self.pall[0] = cnt < 0
        self.pcnt[0] = abs(cnt)
        self.nmv[0] = _member_moves(self.pool[0], self.layout, self.maxred, self.mvs[0], sc.accn, sc.accj,
                                    sc.qs, self.pall[0], 0, skip)
        self.ctl[NODES] = 1
        if _dead(self.pool, 0, self.pcnt[0], proofs, self.layout, self.maxred, kernel.ranks, *sc.proof()):
            self.ctl[DEPTH] = -1

    @property
    def nodes(self) -> int:
        """Components entered (the root's included)."""
        return int(self.ctl[NODES])

    @property
    def stored(self) -> int:
        """Positions whose keys are stored (every member of every component entered)."""
        return int(self.ctl[COUNT])

    def step(self, limit: int = 0, deadline: float | None = None) -> int:
        """As :meth:`Search.step`."""
        sc = self.scratch
        while True:
            status = run_components(self.ctl, self.pool, self.pbase, self.pcnt, self.pall, self.mem, self.ppar,
                                    self.pmv, self.pmask, self.mvs, self.nmv, self.idx, self.layout, self.maxred,
                                    self.kernel.ranks, self.kernel.total, self.orig, self.norig, self.order,
                                    self.key, self.slots, self.keys, self.hashes, sc.accn, sc.accj, sc.qs,
                                    *sc.proof(), CHUNK_COMPONENTS, limit, self.cap, self.proofs, self.sizes,
                                    self.skip, self.lslots, self.lstamp, self.lkeys, self.lhash, self.gen)
            if status == GROW_TABLE:
                count = int(self.ctl[COUNT])
                need = count + self.cap + 1
                refused = _refused(count, need, len(self.keys), deadline)
                if refused is not None:
                    return refused
                while need > len(self.keys):
                    self.keys = _doubled(self.keys, count)
                    self.hashes = _doubled(self.hashes, count)
                if 2 * need > len(self.slots):
                    size = len(self.slots)
                    while 2 * need > size:
                        size *= 2
                    self.slots = np.zeros(size, np.int64)
                    rebuild(self.slots, self.hashes, count)
            elif status == GROW_DEPTH:
                for name in ("mvs", "nmv", "idx", "mem", "pbase", "pcnt", "pall"):
                    arr = getattr(self, name)
                    setattr(self, name, np.concatenate([arr, np.zeros_like(arr)]))
            elif status == GROW_POOL:
                used = int(self.pbase[self.ctl[DEPTH]] + self.pcnt[self.ctl[DEPTH]])
                self.pool = _doubled(self.pool, used)
                self.ppar = _doubled(self.ppar, used)
                self.pmv = _doubled(self.pmv, used)
                self.pmask = _doubled(self.pmask, used)
            else:
                return status

    def _path(self, d: int) -> list:
        """The reversible moves from frame ``d``'s first member to the member tried."""
        base = int(self.pbase[d])
        k = int(self.mem[d])
        out = []
        while k > 0:
            out.append(tuple(int(v) for v in self.pmv[base + k]))
            k = int(self.ppar[base + k])
        out.reverse()
        return out

    def members(self) -> list:
        """The root's component as gathered: for each member, the reversible moves
        (kind, a, b) from the root to it (the root first, with none)."""
        out = []
        for k in range(int(self.pcnt[0])):
            path = []
            while k > 0:
                path.append(tuple(int(v) for v in self.pmv[k]))
                k = int(self.ppar[k])
            out.append(path[::-1])
        return out

    def line(self) -> list:
        """The moves of the winning line, as (kind, a, b), from the root: in each
        component, the reversible moves to the member whose move leaves it, then that
        move."""
        out = []
        for d in range(int(self.ctl[DEPTH]) + 1):
            out.extend(self._path(d))
            t = int(self.idx[d]) - 1
            out.append(tuple(int(v) for v in self.mvs[d, t]))
        return out


def _refused(count, need, room, deadline):
    """Why a table holding ``count`` keys in room for ``room`` may not grow to hold
    ``need``: OUT_OF_TIME when copying it would not fit before ``deadline``,
    OUT_OF_MEMORY when doubling it would pass ``MAX_TABLE_KEYS``; else None."""
    if deadline is not None and time.perf_counter() + GROW_SECONDS_PER_KEY * count > deadline:
        return OUT_OF_TIME
    if need > room and 2 * room > MAX_TABLE_KEYS:
        return OUT_OF_MEMORY
    return None


def _doubled(arr, count):
    """``arr`` in an array twice as long, its first ``count`` rows copied."""
    out = np.zeros((2 * len(arr),) + arr.shape[1:], arr.dtype)
    out[:count] = arr[:count]
    return out


def covers(kernel, root) -> bool:
    """Does the compiled exact search cover this kernel and normalized root?"""
    lay = layout_for(kernel, root)
    return lay is not None and len(root[2]) <= 255 and kernel.max_redeals <= 255


def search(kernel, root, max_nodes=None, deadline=None, weights=None, components=False, proofs=1,
           normal_form=False, unbury=False):
    """The exact search from the normalized ``root`` (not won, not a dead end):
    ``(verdict, notes per move or None, positions)`` as the plain search would
    give them, or ``None`` when the position is not covered. ``weights``: try the
    moves best child first by this weighting of the beam's score (the same
    verdict; other positions first, so other counts). ``components``: search
    reversible components instead (:class:`ComponentSearch`; the same verdict, the
    count is of components; rule 9 tried on the first ``proofs`` members of each)."""
    if not covers(kernel, root):
        return None
    if components:
        s = ComponentSearch(kernel, root, layout_for(kernel, root), proofs=proofs, normal_form=normal_form)
    else:
        s = Search(kernel, root, layout_for(kernel, root), weights, unbury)
    LAST.clear()
    LAST.append(s)
    limit = max_nodes or 0
    while True:
        status = s.step(limit, deadline)
        if status == WON:
            return "winnable", to_kernel_line(kernel, root, s.line()), s.nodes
        if status == LOST:
            return "unwinnable", None, s.nodes
        if status in (LIMIT, OUT_OF_TIME, OUT_OF_MEMORY):
            return "unknown", None, s.nodes
        if deadline is not None and time.perf_counter() > deadline:
            return "unknown", None, s.nodes


LAST: list = []     # the last search object (for measurements)


def warm_up() -> None:
    """Compile (or load from numba's cache) the search once per process."""
    if _warm:
        return
    from solvers.patience.deal import forty_thieves_deal
    from solvers.patience.forty_thieves import FortyThievesKernel
    from solvers.patience.options import FortyThievesRules
    kernel = FortyThievesKernel(FortyThievesRules(0), 3)
    root = kernel.normalize(kernel.encode(forty_thieves_deal(1, ranks=3, columns=3, rows=5)))[0]
    search(kernel, root, max_nodes=200)
    search(kernel, root, max_nodes=200, components=True)
    _warm.append(True)


_warm: list = []
