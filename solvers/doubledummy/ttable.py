"""The transposition table: bounds at trick boundaries, grouped by position shape.

A position at a trick boundary is looked up in two steps. Its *shape key* (each hand's
length in each suit, leader, team, rules, and the exact remaining cards when card
identity matters) selects one shape slot by open addressing. The slot heads a chain of
blocks of ``BLOCK`` entries, newest first, so that a lookup reads contiguous memory.
An entry holds, per suit, the owners of the top ``r`` remaining cards as a mask and a
value over the suit's owner sequence (3 bits a card, highest card first), and a lower
and an upper bound on the value. An entry applies to every position of that shape whose
top cards have those owners (partition search), so one shape may need many entries:
blocks come from one shared pool, and the whole table is emptied when it runs out.

A shape whose own chain reaches ``SPLIT_AFTER`` entries is *split*: from then on an
entry covering the top ``k`` cards of the shape's split suit goes to one of seven chains
chosen by those cards' owners (the suit and ``k``, 1 to 3, chosen from the first
entries so that they spread best), any other entry to the shape's own chain. A lookup
reads the chain of its position's owners, then the shape's own: every entry that can
match the position is in one of the two, so the split skips only entries that cannot
match it (a lookup may then find another settling entry first, or one that lay beyond
``CHAIN_SCAN``). (The positions of one shape in one deal's search differ in their
lower cards: the top card of a long suit has one owner in nearly all of them.)

Of the entries that settle a lookup's target, the lookup takes the one covering the
fewest cards among the rest of the block of the first one (``COVER_SCAN`` entries more
were measured dearer): its covered cards become the position's relevant cards, so the
entries stored above it cover fewer cards too and match more positions. Every settling
entry is a proven bound for every position whose owners of its covered cards are the
position's, so any of them gives the search's answer.

A lookup reads the chain's *signatures* first: per entry two values (a mask and a
value over each suit's top ``SIG_CARDS`` owners), four entries a cache line. A position
whose top owners fail an entry's signature cannot match its pattern, and an entry covering
no more than ``SIG_CARDS`` cards of any suit matches exactly when its signature does, so
the pattern itself is read only for entries covering more (and for a store, only for an
equal signature).

The table is one int64 vector (the kernel passes few arrays, see ``layout.py``). Its
header gives the regions: shape slots (8 values a slot, one cache line: the 4 key words,
the chain's head, -1 for a free slot, the cards that decided the shape's last three
stored searches naming different cards, as indexes from the top of their suits plus
one, 8 bits apiece in one word, and the entries of the shape's own chain), entry
signatures (mask, value),
entry patterns (4 masks then 4 values), entry bounds (lower, upper, a spare word that
keeps two entries' bounds to a cache line, and the ``r`` of each suit packed 8 bits
apiece), the block pool (next free block, then per block its next block and its
entry count), and a split line a slot (the heads of its seven split chains, read and
written only once the shape is split; the slot's head word holds the split key from
bit 32).

The functions the search calls (``lookup``, ``store`` and what they call) are inlined
into it: called as functions, each call passes every field of its arrays and counts
references on them, about 5% of a solve's time. The reads of a lookup's chain walk and of
the shape probe index the table by unsigned integers (``np.uint64``; every index is a
non-negative offset): numba wraps a signed index that may be negative with three more
instructions before each load, which lengthened the walk's chain of dependent loads (about
3% of a solve's time).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.doubledummy.bits import hibit, pop, put_word as _put_word, word_at as _word

BLOCK = 16
SHAPE_PROBES = 8
# entries read per lookup; older ones are left to the pool reset
CHAIN_SCAN = 1024
# entries a lookup reads past the block of its first settling entry, looking for one
# that covers fewer cards: on 20 tables 0 saved 1.6% of the card nodes and about 2% of
# the CPU; 32 saved 3.2% of the nodes but the longer reads took more CPU than that,
# every chain read in full 3.7% and more CPU still
COVER_SCAN = 0
NONE = -1
INF = 1 << 30
# header
H_SLOTS, H_KEYS, H_SIGS, H_PATTERNS, H_BOUNDS, H_POOL, H_BLOCKS, H_SPLIT = range(8)
HEADER = 8
# a shape whose own chain holds SPLIT_AFTER entries puts its later entries covering the
# top k cards of its split suit (both chosen by _choose_split) in one of seven chains by
# those cards' owners, and any other entry in the shape's own chain: a lookup reads the
# chain of its position's owners, then the shape's own, instead of every entry of the
# shape. The split chains' heads (1 to 7) take one cache line a slot, set when the shape
# is split (word 0 is unused).
SPLIT_AFTER = 64
SPLIT = 8
# the chain head word of a split shape's slot also holds its split key from bit 32, so
# that a lookup of a shape never split reads no other line
HEAD_BITS = (1 << 32) - 1
# a shape slot: its 4 key words and its chain's head on one cache line (8 values)
SLOT = 8
SLOT_HEAD = 4
# the card that decided the last search of the shape stored, the different card before
# it, and a third different one before that: the leads a lookup that settles nothing
# suggests, kept newest first with each card once, each plus one (0: none) in a field of
# HINT_SHIFT bits of one word, so that the word less one is the lookup's hint
SLOT_CARDS = 5
# the entries of the shape's own chain (SPLIT_AFTER of them split the shape): on the
# slot's line, which the store has just read, not on the split line, which it then
# reads only for a split shape
SLOT_COUNT = 6
# a lookup's hint: the last card (-1 if none), the one before plus one shifted by
# HINT_SHIFT, and the third plus one shifted by twice HINT_SHIFT
HINT_SHIFT = 8
HINT_FIELD = (1 << HINT_SHIFT) - 1
# an entry's signature: per suit the owners of its top SIG_CARDS cards (3 bits each,
# highest first) in 16 bits, as a mask and a value, so that a lookup reads 4 entries a
# cache line and opens an entry's pattern only when the signature matches
SIG_CARDS = 5
SIG_BITS = 3 * SIG_CARDS
SIG_LOW = 3 * (SIG_CARDS - 1)
SIG_FIELD = (1 << SIG_BITS) - 1
# set in a signature's mask when some suit covers more than SIG_CARDS cards: the
# signature is then only a necessary condition and the pattern decides
SIG_PARTIAL = np.int64(-(1 << 63))


def _aligned(x: int) -> int:
    """``x`` rounded up to a whole cache line of int64 values."""
    return (x + 7) // 8 * 8


def new_table(bits: int) -> np.ndarray:
    """An empty table of ``2**bits`` shape slots and ``2**(bits + 3)`` entries."""
    slots = 1 << bits
    entries = slots * 8
    blocks = entries // BLOCK
    keys = HEADER
    sigs = _aligned(keys + SLOT * slots)
    patterns = _aligned(sigs + 2 * entries)
    bounds = patterns + 8 * entries
    pool = bounds + 4 * entries
    split = _aligned(pool + 1 + 2 * blocks)
    size = split + SPLIT * slots
    # the table starts on a cache line (64 bytes), and so does every slot, every entry's
    # pattern (8 values) and every block's signatures: a lookup reads one line a slot
    # probed, one line for 4 signatures and one line an entry whose signature matches
    raw = np.zeros(size + 8, dtype=np.int64)
    shift = (-raw.ctypes.data % 64) // 8
    tt = raw[shift:shift + size]
    tt[H_SLOTS], tt[H_KEYS], tt[H_SIGS], tt[H_PATTERNS] = slots, keys, sigs, patterns
    tt[H_BOUNDS], tt[H_POOL], tt[H_BLOCKS], tt[H_SPLIT] = bounds, pool, blocks, split
    clear(tt)
    return tt


def used_share(tt: np.ndarray) -> float:
    """The share of the table's entry blocks in use."""
    return float(tt[int(tt[H_POOL])]) / max(1, int(tt[H_BLOCKS]))


def clear(tt: np.ndarray) -> None:
    """Forget every entry."""
    keys = int(tt[H_KEYS])
    tt[keys + SLOT_HEAD:keys + SLOT * int(tt[H_SLOTS]):SLOT] = NONE
    tt[int(tt[H_POOL])] = 0


@njit(cache=True, inline="always")
def _top_field(x, top):
    """The owner sequence ``x`` of a suit whose highest card sits at bits
    ``top..top + 2``, cut to its ``SIG_CARDS`` highest cards (16 bits)."""
    if top >= SIG_LOW:
        return (x >> (top - SIG_LOW)) & SIG_FIELD
    return (x << (SIG_LOW - top)) & SIG_FIELD


@njit(cache=True, inline="always")
def _suit_top(seq):
    """Lowest bit of the highest card's owner in an owner sequence (0 when empty)."""
    return 3 * (hibit(seq) // 3) if seq != 0 else 0


@njit(cache=True, inline="always")
def position_signature(s0, s1, s2, s3):
    """The top cards' owners of each suit of a position, from its owner sequences."""
    return _top_field(s0, _suit_top(s0)) | (_top_field(s1, _suit_top(s1)) << 16) \
        | (_top_field(s2, _suit_top(s2)) << 32) | (_top_field(s3, _suit_top(s3)) << 48)


@njit(cache=True, inline="always")
def entry_signature(W, ply, at):
    """Mask and value of the signature of the pattern at ``W[ply, at:at + 8]`` (4 masks,
    4 values): a suit's mask covers its top ``r`` cards, so its highest bit places the
    suit's highest card; a position whose signature fails it cannot match the pattern."""
    m = np.int64(0)
    v = np.int64(0)
    partial = False
    for s in range(4):
        mask = W[ply, at + s]
        if mask != 0:
            top = _suit_top(mask)
            m |= _top_field(mask, top) << (16 * s)
            v |= _top_field(W[ply, at + 4 + s], top) << (16 * s)
            if pop(mask) > SIG_BITS:
                partial = True
    if partial:
        m |= SIG_PARTIAL
    return m, v


@njit(cache=True, inline="always")
def _hash(W, ply, at):
    h = np.int64(0x2545F4914F6CDD1D)
    for j in range(4):
        h ^= W[ply, at + j]
        h *= np.int64(0x5BD1E9955BD1E995)
        h ^= (h >> 29) & np.int64(0x7FFFFFFFF)
    return h


@njit(cache=True, inline="always")
def _same_key(tt, k, W, ply, at):
    return _word(tt, k) == W[ply, at] and _word(tt, k + 1) == W[ply, at + 1] \
        and _word(tt, k + 2) == W[ply, at + 2] and _word(tt, k + 3) == W[ply, at + 3]


@njit(cache=True, inline="always")
def find_shape(tt, W, ply, at):
    """Slot holding the shape key ``W[ply, at:at + 4]``, or -1."""
    mask = tt[H_SLOTS] - 1
    keys = tt[H_KEYS]
    i = _hash(W, ply, at) & mask
    for _ in range(SHAPE_PROBES):
        k = keys + SLOT * i
        if _word(tt, k + SLOT_HEAD) == NONE:
            return NONE
        if _same_key(tt, k, W, ply, at):
            return i
        i = (i + 1) & mask
    return NONE


@njit(cache=True, inline="always")
def _claim_shape(tt, W, ply, at):
    """Slot for that shape key: its own, a free one, or the first probed (evicted)."""
    mask = tt[H_SLOTS] - 1
    keys = tt[H_KEYS]
    start = _hash(W, ply, at) & mask
    i = start
    free = NONE
    for _ in range(SHAPE_PROBES):
        k = keys + SLOT * i
        if _word(tt, k + SLOT_HEAD) == NONE:
            free = i
            break
        if _same_key(tt, k, W, ply, at):
            return i
        i = (i + 1) & mask
    i = start if free == NONE else free
    k = keys + SLOT * i
    for j in range(4):
        _put_word(tt, k + j, W[ply, at + j])
    _put_word(tt, k + SLOT_HEAD, NONE)
    _put_word(tt, k + SLOT_CARDS, 0)
    _put_word(tt, k + SLOT_COUNT, 0)
    return i


@njit(cache=True, inline="always")
def _split_bucket(x, top, covered, k):
    """The split chain (1 to ``SPLIT - 1``) of the owners of the ``k`` highest cards of a
    suit, from an owner sequence (or an entry's value) ``x`` whose highest card sits at
    bit ``top``, covering ``covered`` cards; 0 (the shape's own chain) when it covers
    fewer than ``k``."""
    if covered < k:
        return 0
    field = (x >> (top - 3 * (k - 1))) & ((1 << (3 * k)) - 1)
    return field % (SPLIT - 1) + 1


@njit(cache=True)
def _choose_split(tt, blk):
    """The split key for the chain from block ``blk``: the suit and the number of its top
    cards (1 to 3) whose owners spread its entries over the split chains so that a lookup
    like them reads the fewest entries, as ``1 + suit + 4 * (k - 1)`` (0: none helps)."""
    patterns = tt[H_PATTERNS]
    bounds = tt[H_BOUNDS]
    pool = tt[H_POOL]
    best = 0
    best_cost = -1
    counts = np.zeros(SPLIT, dtype=np.int64)
    for s in range(4):
        for k in range(1, 4):
            counts[:] = 0
            n = 0
            b = blk
            while b != NONE:
                for i in range(tt[pool + 2 + 2 * b]):
                    e = b * BLOCK + i
                    mask = tt[patterns + 8 * e + s]
                    covered = (tt[bounds + 4 * e + 3] >> (8 * s)) & 255
                    top = _suit_top(mask)
                    counts[_split_bucket(tt[patterns + 8 * e + 4 + s], top, covered, k)] += 1
                    n += 1
                b = tt[pool + 1 + 2 * b]
            # a lookup whose position falls in bucket j reads bucket j and the shape's own
            cost = counts[0] * counts[0]
            for j in range(1, SPLIT):
                cost += counts[j] * (counts[0] + counts[j])
            if best_cost < 0 or cost < best_cost:
                best_cost = cost
                best = 1 + s + 4 * (k - 1)
    if best_cost >= n * n:
        return 0
    return best


@njit(cache=True, inline="always")
def _cover(tt, bounds, e):
    """The cards entry ``e`` covers, in all suits."""
    c = _word(tt, bounds + 4 * e + 3)
    return (c & 255) + ((c >> 8) & 255) + ((c >> 16) & 255) + ((c >> 24) & 255)


@njit(cache=True, inline="always")
def _scan(tt, blk, sig, s0, s1, s2, s3, target, scanned, found, cover, limit):
    """The entry of the chain from block ``blk`` (newest first) that matches the
    position, settles ``target`` and covers the fewest cards, given the best so far
    (``found``, covering ``cover`` cards; -1 if none); the entries read so far and the
    most to read (``COVER_SCAN`` more after the block of the first settling entry)."""
    sigs = tt[H_SIGS]
    patterns = tt[H_PATTERNS]
    bounds = tt[H_BOUNDS]
    pool = tt[H_POOL]
    while blk != NONE and scanned < limit:
        count = _word(tt, pool + 2 + 2 * blk)
        for i in range(count - 1, -1, -1):
            e = blk * BLOCK + i
            q = sigs + 2 * e
            m = _word(tt, q)
            if (sig & m) != _word(tt, q + 1):
                continue
            # the bounds before the pattern: an entry that settles nothing is passed over
            # without reading its pattern
            b = bounds + 4 * e
            if _word(tt, b) < target and _word(tt, b + 1) >= target:
                continue
            if m < 0:
                # the signature covers only the top cards: the pattern decides
                p = patterns + 8 * e
                if (s0 & _word(tt, p)) != _word(tt, p + 4) or (s1 & _word(tt, p + 1)) != _word(tt, p + 5) \
                        or (s2 & _word(tt, p + 2)) != _word(tt, p + 6) or (s3 & _word(tt, p + 3)) != _word(tt, p + 7):
                    continue
            c = _cover(tt, bounds, e)
            if found < 0:
                limit = min(limit, scanned + count + COVER_SCAN)
            if found < 0 or c < cover:
                found = e
                cover = c
        scanned += count
        blk = _word(tt, pool + 1 + 2 * blk)
    return found, cover, scanned, limit


@njit(cache=True, inline="always")
def _find_equal(tt, blk, W, ply, at_pattern, sm, sv):
    """The entry of the chain from block ``blk`` with the pattern at
    ``W[ply, at_pattern:at_pattern + 8]`` (signature ``sm``, ``sv``), or -1."""
    sigs = tt[H_SIGS]
    patterns = tt[H_PATTERNS]
    pool = tt[H_POOL]
    scanned = 0
    while blk != NONE and scanned < CHAIN_SCAN:
        count = _word(tt, pool + 2 + 2 * blk)
        for i in range(count - 1, -1, -1):
            f = blk * BLOCK + i
            q = sigs + 2 * f
            if _word(tt, q) != sm or _word(tt, q + 1) != sv:
                continue
            p = patterns + 8 * f
            same = True
            for j in range(8):
                if _word(tt, p + j) != W[ply, at_pattern + j]:
                    same = False
                    break
            if same:
                return f
        scanned += count
        blk = _word(tt, pool + 1 + 2 * blk)
    return NONE


@njit(cache=True, inline="always")
def lookup(tt, W, ply, at_keys, at_seq, target):
    """The entry settling ``target`` for the position whose shape key and owner
    sequences are in row ``ply`` of ``W`` (-1 if none), and the cards to try first: the
    card that decided the shape's last stored search, by its place from the top of its
    suit (-1 if none), plus, when the shape has them, the different card before it plus
    one, shifted by ``HINT_SHIFT``, and the third different card plus one, shifted by
    twice ``HINT_SHIFT``."""
    slot = find_shape(tt, W, ply, at_keys)
    if slot < 0:
        return NONE, NONE
    s0 = W[ply, at_seq]
    s1 = W[ply, at_seq + 1]
    s2 = W[ply, at_seq + 2]
    s3 = W[ply, at_seq + 3]
    sig = position_signature(s0, s1, s2, s3)
    word = tt[tt[H_KEYS] + SLOT * slot + SLOT_HEAD]
    blk = word & HEAD_BITS
    # a position of the same shape searched last usually falls to the same card (by
    # its place from the top of its suit), whoever holds the cards below: a better
    # guess than the card of a matching entry, whose search was at another target
    hint = tt[tt[H_KEYS] + SLOT * slot + SLOT_CARDS] - 1
    # a split shape: the position's split chain first
    key = word >> 32
    scanned = 0
    e = NONE
    cover = 0
    limit = CHAIN_SCAN
    if key != 0:
        line = tt[H_SPLIT] + SPLIT * slot
        x = W[ply, at_seq + (key - 1) % 4]
        top = _suit_top(x)
        j = _split_bucket(x, top, top // 3 + 1 if x != 0 else 0, (key - 1) // 4 + 1)
        if j > 0:
            e, cover, scanned, limit = _scan(tt, tt[line + j], sig, s0, s1, s2, s3, target, scanned, e, cover,
                                             limit)
    e, cover, scanned, limit = _scan(tt, blk, sig, s0, s1, s2, s3, target, scanned, e, cover, limit)
    return e, hint


@njit(cache=True, inline="always")
def entry_bounds(tt, e):
    """Lower and upper bound of entry ``e``."""
    b = tt[H_BOUNDS] + 4 * e
    return tt[b], tt[b + 1]


@njit(cache=True, inline="always")
def entry_covered(tt, e, s):
    """How many top cards of suit ``s`` entry ``e`` covers."""
    return (tt[tt[H_BOUNDS] + 4 * e + 3] >> (8 * s)) & 255


@njit(cache=True, inline="always")
def store(tt, W, ply, at_keys, at_pattern, target, ok, best):
    """Record "reached ``target``" (``ok``) or "did not" for the shape key at
    ``W[ply, at_keys]`` and the pattern at ``W[ply, at_pattern]`` (4 masks, 4 values,
    4 covered counts); ``best`` (an index from the top of its suit, -1 for none), the
    card that decided the search, becomes the shape's last card."""
    slot = _claim_shape(tt, W, ply, at_keys)
    keys = tt[H_KEYS]
    sigs = tt[H_SIGS]
    patterns = tt[H_PATTERNS]
    bounds = tt[H_BOUNDS]
    pool = tt[H_POOL]
    # equal patterns have equal signatures: only those are compared in full; an equal
    # pattern is in the split chain of the entry's owner or, stored before the split, in
    # the shape's own chain
    sm, sv = entry_signature(W, ply, at_pattern)
    line = tt[H_SPLIT] + SPLIT * slot
    key = _word(tt, keys + SLOT * slot + SLOT_HEAD) >> 32 if _word(tt, keys + SLOT * slot + SLOT_HEAD) != NONE else 0
    j = 0
    if key != 0:
        su = (key - 1) % 4
        j = _split_bucket(W[ply, at_pattern + 4 + su], _suit_top(W[ply, at_pattern + su]),
                          W[ply, at_pattern + 8 + su], (key - 1) // 4 + 1)
    e = NONE
    if j > 0:
        e = _find_equal(tt, _word(tt, line + j), W, ply, at_pattern, sm, sv)
    base_at = keys + SLOT * slot + SLOT_HEAD
    if e == NONE and _word(tt, base_at) != NONE:
        e = _find_equal(tt, _word(tt, base_at) & HEAD_BITS, W, ply, at_pattern, sm, sv)
    if e == NONE:
        head_at = base_at
        if j > 0:
            head_at = line + j
        head = _word(tt, head_at)
        if head != NONE:
            head &= HEAD_BITS
        if head == NONE or _word(tt, pool + 2 + 2 * head) >= BLOCK:
            if _word(tt, pool) >= tt[H_BLOCKS]:
                # pool exhausted: start afresh (bounds are only ever a speed-up)
                for i in range(tt[H_SLOTS]):
                    tt[keys + SLOT * i + SLOT_HEAD] = NONE
                tt[pool] = 0
                slot = _claim_shape(tt, W, ply, at_keys)
                base_at = keys + SLOT * slot + SLOT_HEAD
                line = tt[H_SPLIT] + SPLIT * slot
                head_at = base_at
                j = 0
            old = _word(tt, head_at)
            split_key = 0
            if head_at == base_at and old != NONE:
                split_key = old >> 32
                old &= HEAD_BITS
            head = _word(tt, pool)
            _put_word(tt, pool, head + 1)
            _put_word(tt, pool + 1 + 2 * head, old)
            _put_word(tt, pool + 2 + 2 * head, 0)
            _put_word(tt, head_at, head | (split_key << 32))
        if head_at == base_at:
            count_at = keys + SLOT * slot + SLOT_COUNT
            _put_word(tt, count_at, _word(tt, count_at) + 1)
            if _word(tt, count_at) == SPLIT_AFTER:
                for i in range(1, SPLIT):
                    tt[line + i] = NONE
                tt[base_at] |= _choose_split(tt, tt[base_at] & HEAD_BITS) << 32
        e = head * BLOCK + _word(tt, pool + 2 + 2 * head)
        _put_word(tt, pool + 2 + 2 * head, _word(tt, pool + 2 + 2 * head) + 1)
        p = patterns + 8 * e
        for j in range(8):
            _put_word(tt, p + j, W[ply, at_pattern + j])
        _put_word(tt, sigs + 2 * e, sm)
        _put_word(tt, sigs + 2 * e + 1, sv)
        b = bounds + 4 * e
        _put_word(tt, b, -INF)
        _put_word(tt, b + 1, INF)
        covered = np.int64(0)
        for s in range(4):
            covered |= W[ply, at_pattern + 8 + s] << (8 * s)
        _put_word(tt, b + 3, covered)
    b = bounds + 4 * e
    if best >= 0:
        # the three cards stay newest first, each once: a card already kept moves up
        k = keys + SLOT * slot + SLOT_CARDS
        cards = _word(tt, k)
        last = cards & HINT_FIELD
        if last != best + 1:
            if (cards >> HINT_SHIFT) & HINT_FIELD != best + 1:
                # the one before becomes the third
                cards = (cards & HINT_FIELD) << HINT_SHIFT | (cards & (HINT_FIELD << HINT_SHIFT)) << HINT_SHIFT
            else:
                # the card kept before moves up: the third stays
                cards = (cards & HINT_FIELD) << HINT_SHIFT | (cards & (HINT_FIELD << (2 * HINT_SHIFT)))
            _put_word(tt, k, cards | (best + 1))
    if ok:
        if target > _word(tt, b):
            _put_word(tt, b, target)
    elif target - 1 < _word(tt, b + 1):
        _put_word(tt, b + 1, target - 1)
