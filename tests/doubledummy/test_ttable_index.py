"""The table's signatures only skip entries that cannot match: on random tables, a
lookup finds the same entry as a plain scan of every pattern in the chains it reads (a
split shape's chain for the position's top owners, then the shape's own): of the entries
that settle the target, the one covering the fewest cards (the first read of those)
among those read up to ``COVER_SCAN`` entries past the first's block. A store
finds the same equal pattern (or adds one). The lookup's move hint is the card of the
shape's last store that named one, and the different card before it."""

import random

import numpy as np
import pytest

import solvers.doubledummy.ttable as T
from solvers.doubledummy.layout import MAX_PLY, WORK_SIZE

AT_KEYS, AT_SEQ, AT_PAT = 0, 4, 8


def _seq(owners):
    """Owner sequence of a suit (highest card first), 3 bits a card."""
    x = 0
    for k, o in enumerate(reversed(owners)):
        x |= o << (3 * k)
    return x


def _random_owners(rng, lengths, seats):
    return [[rng.randint(1, seats) for _ in range(length)] for length in lengths]


def _pattern(rng, owners, lengths):
    """Masks and values of an entry covering a random number of top cards per suit."""
    masks, values, covered = [], [], []
    for s in range(4):
        length = lengths[s]
        r = rng.choice([0, length, rng.randint(0, length), min(length, rng.randint(0, 3))])
        mask = ((1 << (3 * r)) - 1) << (3 * (length - r))
        masks.append(mask)
        values.append(_seq(owners[s]) & mask)
        covered.append(r)
    return masks + values + covered


def _near(rng, owners, seats):
    """A position sharing the top cards of ``owners`` more often than chance."""
    out = []
    for suit in owners:
        keep = rng.randint(0, len(suit))
        out.append(suit[:keep] + [rng.randint(1, seats) for _ in suit[keep:]])
    return out


def _split_key(tt, slot):
    """The shape's split key (0: not split) and its own chain's first block."""
    word = int(tt[int(tt[T.H_KEYS]) + T.SLOT * slot + T.SLOT_HEAD])
    return (0, T.NONE) if word == T.NONE else (word >> 32, word & T.HEAD_BITS)


def _top_owners(seq, k):
    """The owner field of the ``k`` highest cards of a suit's owner sequence, or None."""
    if seq == 0 or (seq.bit_length() - 1) // 3 + 1 < k:
        return None
    top = 3 * ((seq.bit_length() - 1) // 3)
    return (seq >> (top - 3 * (k - 1))) & ((1 << (3 * k)) - 1)


def _chains(tt, slot, seqs):
    """The first blocks of the chains a lookup of the position ``seqs`` reads, in order."""
    key, own = _split_key(tt, slot)
    heads = []
    if key:
        field = _top_owners(seqs[(key - 1) % 4], (key - 1) // 4 + 1)
        if field is not None:
            heads.append(int(tt[int(tt[T.H_SPLIT]) + T.SPLIT * slot + field % (T.SPLIT - 1) + 1]))
    return heads + [own]


def _all_chains(tt, slot):
    """The first blocks of every chain of the shape."""
    _, own = _split_key(tt, slot)
    line = int(tt[T.H_SPLIT]) + T.SPLIT * slot
    return [own] + [int(tt[line + j]) for j in range(1, T.SPLIT)] if _split_key(tt, slot)[0] else [own]


def _plain_lookup(tt, slot, seqs, target, hint):
    """The lookup without signatures: every pattern of the chains it reads, newest first,
    up to ``COVER_SCAN`` entries past the block of the first entry that settles the
    target; of the settling entries read, the first covering the fewest cards. ``hint``
    is the card the shape's last store named (the test keeps it)."""
    pool = int(tt[T.H_POOL])
    scanned = 0
    found, cover = T.NONE, 0
    # past the block of the first settling entry, at most COVER_SCAN more entries
    limit = T.CHAIN_SCAN
    for blk in _chains(tt, slot, seqs):
        while blk != T.NONE and scanned < limit:
            count = int(tt[pool + 2 + 2 * blk])
            for i in range(count - 1, -1, -1):
                e = blk * T.BLOCK + i
                p = int(tt[T.H_PATTERNS]) + 8 * e
                if all((seqs[s] & int(tt[p + s])) == int(tt[p + 4 + s]) for s in range(4)):
                    b = int(tt[T.H_BOUNDS]) + 4 * e
                    if tt[b] >= target or tt[b + 1] < target:
                        c = sum((int(tt[b + 3]) >> (8 * s)) & 255 for s in range(4))
                        if found == T.NONE:
                            limit = min(limit, scanned + count + T.COVER_SCAN)
                        if found == T.NONE or c < cover:
                            found, cover = e, c
            scanned += count
            blk = int(tt[pool + 1 + 2 * blk])
    return found, hint


def _entries(tt):
    pool = int(tt[T.H_POOL])
    return sum(int(tt[pool + 2 + 2 * b]) for b in range(int(tt[pool])))


@pytest.mark.parametrize("seed", range(6))
def test_lookup_and_store_agree_with_a_plain_scan(seed):
    rng = random.Random(seed)
    seats = 4 if seed % 2 == 0 else 7
    tt = T.new_table(7)
    W = np.zeros((MAX_PLY, WORK_SIZE), dtype=np.int64)
    shapes = []
    split_hits = 0
    for k in range(3):
        lengths = [rng.randint(0, 13) for _ in range(4)]
        shapes.append((lengths, [k + 1, 2 * k + 7, 3, 0]))
    stored = []
    found = 0
    # each shape's cards, newest first and each once, from its stores naming one (a full
    # pool empties them all)
    cards = {}
    hinted = 0
    both = 0
    three = 0
    for step in range(1500):
        lengths, key = rng.choice(shapes)
        W[0, AT_KEYS:AT_KEYS + 4] = key
        if stored and rng.random() < 0.5:
            owners = _near(rng, rng.choice(stored), seats)
            owners = [o if len(o) == lengths[s] else _random_owners(rng, lengths, seats)[s]
                      for s, o in enumerate(owners)]
        else:
            owners = _random_owners(rng, lengths, seats)
        if rng.random() < 0.4:
            pattern = _pattern(rng, owners, lengths)
            W[0, AT_PAT:AT_PAT + 12] = pattern
            before = _entries(tt)
            slot = T.find_shape(tt, W, 0, AT_KEYS)
            same = False
            if slot >= 0:
                # an equal pattern already in the chain is updated, not added
                pool = int(tt[T.H_POOL])
                for blk in _all_chains(tt, slot):
                    while blk != T.NONE and not same:
                        for i in range(int(tt[pool + 2 + 2 * blk])):
                            p = int(tt[T.H_PATTERNS]) + 8 * (blk * T.BLOCK + i)
                            same = same or list(tt[p:p + 8]) == pattern[:8]
                        blk = int(tt[pool + 1 + 2 * blk])
            best = rng.choice([-1, rng.randint(0, 63)])
            blocks = int(tt[tt[T.H_POOL]])
            T.store(tt, W, 0, AT_KEYS, AT_PAT, rng.randint(0, 13), rng.random() < 0.5, best)
            if int(tt[tt[T.H_POOL]]) < blocks:
                cards = {}
            if best >= 0:
                seen = cards.setdefault(tuple(key), [])
                if best in seen:
                    seen.remove(best)
                seen.insert(0, best)
            if int(tt[tt[T.H_POOL]]) > 0 and _entries(tt) >= before:
                assert _entries(tt) == before + (0 if same else 1)
            stored.append(owners)
        else:
            seqs = [_seq(o) for o in owners]
            W[0, AT_SEQ:AT_SEQ + 4] = seqs
            target = rng.randint(0, 14)
            slot = T.find_shape(tt, W, 0, AT_KEYS)
            got = T.lookup(tt, W, 0, AT_KEYS, AT_SEQ, target)
            seen = cards.get(tuple(key), [])
            hint = T.NONE
            if seen:
                hint = seen[0] + sum((c + 1) << (k * T.HINT_SHIFT) for k, c in enumerate(seen[1:3], 1))
            want = (T.NONE, T.NONE) if slot < 0 else _plain_lookup(tt, slot, seqs, target, hint)
            assert tuple(int(x) for x in got) == want
            found += got[0] >= 0
            if slot >= 0 and _split_key(tt, slot)[0] and got[0] >= 0:
                split_hits += 1
            hinted += got[1] >= 0
            both += got[1] >= 1 << T.HINT_SHIFT
            three += got[1] >= 1 << (2 * T.HINT_SHIFT)
    # the random tables do exercise hits and hints
    assert found > 20
    # shapes were split, and lookups of split shapes found entries
    assert split_hits > 20
    assert hinted > 20 and both > 20 and three > 20


def test_signature_is_exact_for_short_patterns():
    """An entry covering at most SIG_CARDS cards of each suit matches exactly when its
    signature does; covering more, the signature is a necessary condition."""
    rng = random.Random(7)
    W = np.zeros((1, WORK_SIZE), dtype=np.int64)
    for _ in range(3000):
        lengths = [rng.randint(0, 13) for _ in range(4)]
        entry = _random_owners(rng, lengths, 4)
        pattern = _pattern(rng, entry, lengths)
        W[0, :8] = pattern[:8]
        m, v = T.entry_signature(W, 0, 0)
        pos = _near(rng, entry, 4)
        seqs = [_seq(o) for o in pos]
        sig = T.position_signature(*seqs)
        full = all((seqs[s] & pattern[s]) == pattern[4 + s] for s in range(4))
        by_sig = (sig & m) == v
        if full:
            assert by_sig
        if max(pattern[8:]) <= T.SIG_CARDS:
            assert m >= 0 and by_sig == full
        else:
            assert m < 0


def _plain_split(tt, blk):
    """``_choose_split`` with a list of counts: the split key whose chains a lookup
    reads fewest entries of (0 when none beats the unsplit chain)."""
    pool, patterns, bounds = int(tt[T.H_POOL]), int(tt[T.H_PATTERNS]), int(tt[T.H_BOUNDS])
    entries = []
    while blk != T.NONE:
        entries += [blk * T.BLOCK + i for i in range(int(tt[pool + 2 + 2 * blk]))]
        blk = int(tt[pool + 1 + 2 * blk])
    best, best_cost = 0, -1
    for s in range(4):
        for k in range(1, 4):
            counts = [0] * T.SPLIT
            for e in entries:
                covered = (int(tt[bounds + 4 * e + 3]) >> (8 * s)) & 255
                top = _top_owners(int(tt[patterns + 8 * e + 4 + s]), k) if covered >= k else None
                counts[0 if top is None else top % (T.SPLIT - 1) + 1] += 1
            cost = counts[0] ** 2 + sum(c * (counts[0] + c) for c in counts[1:])
            if best_cost < 0 or cost < best_cost:
                best, best_cost = 1 + s + 4 * (k - 1), cost
    return 0 if best_cost >= len(entries) ** 2 else best


@pytest.mark.parametrize("seed", range(3))
def test_split_choice_agrees_with_a_plain_count(seed):
    """The split key chosen for a shape's chain is the one a plain count of its entries'
    top owners chooses."""
    rng = random.Random(100 + seed)
    W = np.zeros((MAX_PLY, WORK_SIZE), dtype=np.int64)
    chosen = set()
    for trial in range(20):
        tt = T.new_table(6)
        lengths = [rng.randint(0, 13) for _ in range(4)]
        W[0, AT_KEYS:AT_KEYS + 4] = [trial + 1, 5, 3, 0]
        for _ in range(rng.randint(1, T.SPLIT_AFTER - 1)):
            W[0, AT_PAT:AT_PAT + 12] = _pattern(rng, _random_owners(rng, lengths, 4), lengths)
            T.store(tt, W, 0, AT_KEYS, AT_PAT, rng.randint(0, 13), rng.random() < 0.5, -1)
        slot = T.find_shape(tt, W, 0, AT_KEYS)
        _, own = _split_key(tt, slot)
        key = int(T._choose_split(tt, own))
        assert key == _plain_split(tt, own)
        chosen.add(key)
    assert len(chosen) > 2
