"""Chor Voli's combination ranking: exhaustive over all C(52,3) = 22,100 triples."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from solvers.cards import standard_pack
from solvers.errors import CardsageError
from solvers.games.chor_voli import hand_rank
from solvers.games.chor_voli_rank import strength_table, mask_of

PACK = standard_pack()
TRIPLES = list(combinations(PACK, 3))
SEQUENCES = [(14, 13, 12), (14, 3, 2)] + [(h, h - 1, h - 2) for h in range(13, 3, -1)]   # best first


def brute_force(triple, threes_high=False):
    """An independent reading of the rules: a sortable score, or None for no combination."""
    ranks = sorted((c.rank for c in triple), reverse=True)
    suits = {c.suit for c in triple}
    if ranks[0] == ranks[2]:
        return (5, 99 if threes_high and ranks[0] == 3 else ranks[0])
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return None
    if tuple(ranks) in SEQUENCES:
        return (4 if len(suits) == 1 else 3, -SEQUENCES.index(tuple(ranks)))
    if len(suits) == 1:
        return (2, *ranks)
    if len(suits) == 3:
        return (1, *ranks)
    return None


def rank_or_none(triple, options=None):
    try:
        return hand_rank(list(triple), options)
    except CardsageError:
        return None


def test_every_triple_is_counted_in_its_category():
    counts = Counter((r.category if r else "none") for r in (rank_or_none(t) for t in TRIPLES))
    assert counts == {"three-of-a-kind": 13 * 4, "straight-flush": 12 * 4, "straight": 12 * (64 - 4),
                      "flush": (286 - 12) * 4, "unrelated": (286 - 12) * 24,
                      "none": 13 * 6 * 48 + (286 - 12) * 36}
    assert sum(counts.values()) == 22100


@pytest.mark.parametrize("threes_high, step", [
    (False, 10),
    (True, 10),
    pytest.param(False, 1, marks=pytest.mark.slow),
    pytest.param(True, 1, marks=pytest.mark.slow),
])
def test_order_agrees_with_an_independent_brute_force(threes_high, step):
    """Every triple (``step`` 1, slow) or every tenth (a stratified sample: every category
    and both kinds of non-combination come up)."""
    options = {"threes_high": threes_high}
    ranked = [(t, rank_or_none(t, options), brute_force(t, threes_high)) for t in TRIPLES[::step]]
    assert all((r is None) == (b is None) for _, r, b in ranked)
    valid = [(r, b) for _, r, b in ranked if r is not None]
    rng = random.Random(7)
    for _ in range(20000 if step == 1 else 4000):
        (r1, b1), (r2, b2) = rng.choice(valid), rng.choice(valid)
        assert (r1 < r2) == (b1 < b2) and (r1 == r2) == (b1 == b2)
    # and the dense strength table orders exactly as the ranks do
    table = strength_table(threes_high)
    assert len(table) == len(valid) or step != 1
    by_strength = sorted(((table[mask_of(t)], r) for t, r, _ in ranked if r is not None), key=lambda x: x[0])
    assert all(a[1] <= b[1] for a, b in zip(by_strength, by_strength[1:]))


def test_the_rule_texts_examples():
    assert hand_rank("AS AH AD") > hand_rank("KS KH KD") > hand_rank("2S 3S 4S")
    assert hand_rank("3S 3H 3D", {"threes_high": True}) > hand_rank("AS AH AD", {"threes_high": True})
    assert hand_rank("AS KS QS") > hand_rank("3S 2S AS") > hand_rank("KH QH JH") > hand_rank("4D 3D 2D")
    assert hand_rank("AS KH QH") > hand_rank("3C 2H AS") > hand_rank("KS QH JH")
    assert hand_rank("AS KS JS") > hand_rank("AH KH TH") > hand_rank("5S 3S 2S")
    assert hand_rank("AS KH JD") > hand_rank("5S 3H 2D")
    assert hand_rank("4D 3D 2D") > hand_rank("AH KH QD") > hand_rank("AS KS JS") > hand_rank("AS KH JD")
    assert hand_rank("9S 8S 7S") == hand_rank("9H 8H 7H")
    r = hand_rank(["QS", "KS", "AS"])
    assert (r.category, r.name) == ("straight-flush", "straight flush, A-K-Q")
    assert hand_rank("3S 2H AD").name == "straight, 3-2-A"


def test_fours_of_a_kind():
    assert hand_rank("AS AH AD AC").category == "four-of-a-kind"
    assert hand_rank("AS AH AD AC") > hand_rank("4S 4H 4D 4C")
    assert hand_rank("4S 4H 4D 4C", {"four_fours_high": True}) > hand_rank("AS AH AD AC", {"four_fours_high": True})


@pytest.mark.parametrize("cards, words", [
    ("7S 7H 2C", "is a pair: a pair is not a combination"),
    ("9S 5S 2H", "two cards of one suit"),
    ("AS KS", "has 3 cards"),
    ("AS KS QS JS", "four of a kind"),
    ("AS AS KS", "twice"),
    ("AS KS X1", "not in the 52-card pack"),
    ("AS KS ZZ", "unknown card"),
])
def test_bad_input_says_what_is_wrong(cards, words):
    with pytest.raises(CardsageError, match=words) as info:
        hand_rank(cards)
    assert info.value.field == "cards"
