"""East–West's hand evaluator: every five-card hand of the 32-card pack, counted per category,
and its order checked against an independent comparison written differently."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from solvers.cards import Rng, parse_cards
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.east_west import hand_rank
from solvers.games.east_west_hands import PACK, card_index, hand_key, mask_value

# hands per category in the 32-card pack; A-7-8-9-10 a straight (default) or not
COUNTS_LOW = {"straight-flush": 20, "four-of-a-kind": 224, "full-house": 1344, "flush": 204,
              "straight": 5100, "three-of-a-kind": 10752, "two-pairs": 24192, "pair": 107520,
              "high-card": 52020}
COUNTS_NO_LOW = {"straight-flush": 16, "four-of-a-kind": 224, "full-house": 1344, "flush": 208,
                 "straight": 4080, "three-of-a-kind": 10752, "two-pairs": 24192, "pair": 107520,
                 "high-card": 53040}
ORDER = ["high-card", "pair", "two-pairs", "three-of-a-kind", "straight", "flush", "full-house",
         "four-of-a-kind", "straight-flush"]


def brute_key(cards, flush_high=False, low_straight=True):
    """An independent strength: category by explicit tests on sorted ranks, then the ranks
    listed from the most repeated down (as a player reads a hand)."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    suits = {c.suit for c in cards}
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    counts = [n for n, _ in groups]
    distinct = len(set(ranks)) == 5
    high = None
    if distinct and ranks[0] - ranks[4] == 4:
        high = ranks[0]
    if distinct and low_straight and ranks == [14, 10, 9, 8, 7]:
        high = 10
    if high is not None:
        name = "straight-flush" if len(suits) == 1 else "straight"
        tie = [high]
    else:
        if counts == [4, 1]:
            name = "four-of-a-kind"
        elif counts == [3, 2]:
            name = "full-house"
        elif len(suits) == 1:
            name = "flush"
        elif counts == [3, 1, 1]:
            name = "three-of-a-kind"
        elif counts == [2, 2, 1]:
            name = "two-pairs"
        elif counts == [2, 1, 1, 1]:
            name = "pair"
        else:
            name = "high-card"
        tie = [r for _, r in groups]
    order = list(ORDER)
    if flush_high:
        order[5], order[6] = order[6], order[5]
    return [order.index(name)] + tie, name


def _count(flush_high, low_straight, hands):
    counts = Counter()
    for hand in hands:
        category, _ = hand_key([c.rank for c in hand], [c.suit for c in hand], flush_high, low_straight)
        counts[category] += 1
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("low_straight,expected", [(True, COUNTS_LOW), (False, COUNTS_NO_LOW)])
def test_every_hand_counted_per_category(low_straight, expected):
    hands = list(combinations(PACK, 5))
    assert len(hands) == 201_376
    assert _count(False, low_straight, hands) == expected


def test_a_stratified_sample_of_hands_counted_per_category():
    # every hand holding the ace of spades, with its counts worked out by hand: 31,465 hands
    ace = parse_cards("AS")[0]
    hands = [(ace,) + rest for rest in combinations([c for c in PACK if c != ace], 4)]
    counts = _count(False, True, hands)
    assert sum(counts.values()) == 31_465
    assert counts["straight-flush"] == 2 and counts["four-of-a-kind"] == 28 + 7
    for hand in hands[::97]:
        assert hand_key([c.rank for c in hand], [c.suit for c in hand])[0] == brute_key(hand)[1]


@pytest.mark.parametrize("flush_high,low_straight", [(False, True), (True, True), (False, False), (True, False)])
def test_order_agrees_with_an_independent_comparison(flush_high, low_straight):
    rng = Rng(f"order:{flush_high}:{low_straight}")
    options = {"flush_beats_full_house": flush_high, "low_straight_a789t": low_straight}
    hands = [tuple(rng.shuffled(PACK)[:5]) for _ in range(600)]
    # and some of every rare kind
    hands += [tuple(parse_cards(h)) for h in ("AS KS QS JS TS", "AH 7H 8H 9H TH", "AC 7D 8H 9S TC",
                                               "7S 7H 7D 7C AS", "KS KH KD 7C 7S", "AS QS TS 8S 7S",
                                               "KH QH JH TH 9H", "JS TD 9C 8H 7S", "AS KH QD JC TS")]
    ranked = [(hand_rank(h, options), brute_key(h, flush_high, low_straight)) for h in hands]
    for (a, ka), (b, kb) in zip(ranked, ranked[1:] + ranked[:1]):
        assert (a < b) == (ka[0] < kb[0]) and (a == b) == (ka[0] == kb[0])
        assert a.category == ka[1]
    # the fast form orders like the public one
    masks = [sum(1 << card_index(c) for c in h) for h in hands]
    for i in range(len(hands) - 1):
        a, b = ranked[i][0], ranked[i + 1][0]
        fa, fb = mask_value(masks[i], flush_high, low_straight), mask_value(masks[i + 1], flush_high, low_straight)
        assert (a < b) == (fa < fb) and (a == b) == (fa == fb)


def test_names_and_the_short_pack_options():
    assert hand_rank("AS KS QS JS TS").name == "straight flush, ace high"
    assert hand_rank(["AC", "7D", "8H", "9S", "TC"]).name == "straight, ten high"
    assert hand_rank("AC 7D 8H 9S TC", {"low_straight_a789t": False}).category == "high-card"
    assert hand_rank("AC 7D 8H 9S TC") < hand_rank("JS TD 9C 8H 7S") < hand_rank("AS KH QD JC TS")
    full, flush = hand_rank("KS KH KD 7C 7S"), hand_rank("AS QS TS 8S 7S")
    assert full > flush and full.name == "full house, kings over sevens"
    assert hand_rank("KS KH KD 7C 7S", {"flush_beats_full_house": True}) < \
        hand_rank("AS QS TS 8S 7S", {"flush_beats_full_house": True})
    assert hand_rank("AS AH 9D 9C 7S").name == "two pairs, aces and nines"
    assert hand_rank("AS AH KD QC 7S") < hand_rank("AD AC KS QH 8S"), "the last kicker decides"
    assert hand_rank("AS AH KD QC 8S") == hand_rank("AD AC KS QH 8D"), "suits never break ties"
    game = get("east-west")
    assert game.HAND_RANK is hand_rank and set(game.HAND_OPTIONS) == {"flush_beats_full_house",
                                                                       "low_straight_a789t"}
    assert hand_rank("AS KS QS JS TS", game.options({"flush_beats_full_house": True})).category == "straight-flush"


@pytest.mark.parametrize("cards,words", [
    ("AS KS QS JS", "5 cards, not 4"), ("AS KS QS JS TS 9S", "not 6"), ("AS AS QS JS TS", "AS appears twice"),
    ("AS KS QS JS 6S", "6S is not in"), ("AS KS QS JS ZZ", "unknown card"), ("AS KS QS JS X1", "not in"),
])
def test_bad_hands_are_refused_naming_the_problem(cards, words):
    with pytest.raises(CardsageError, match=words) as error:
        hand_rank(cards)
    assert error.value.field == "cards" and error.value.status == 422
