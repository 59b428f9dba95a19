"""The shared enumeration of every meld a hand can form, against a brute force over subsets."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers.cards import Card, Rank, parse_cards, pack_with_jokers, standard_pack
from solvers.games.seven_rummy_melds import RULES as SEVEN_RULES
from solvers.melds.enumerate import every_meld
from solvers.melds.rules import MeldRules, is_joker, readings

SINGLE = standard_pack()
DOUBLE = pack_with_jokers(2, packs=2)


def brute(hand, rules: MeldRules, using=None, own=True) -> set[frozenset]:
    """Every subset of the hand that ``readings`` accepts (own kinds only when ``own``)."""
    out = set()
    for size in range(1, len(hand) + 1):
        for group in combinations(hand, size):
            if using is not None and using not in group:
                continue
            found = readings(group, rules)
            if not own:
                found = [m for m in found if m.kind in ("set", "run")]
            if found:
                out.add(frozenset(group))
    return out


def listed(hand, rules, using=None, own=True) -> set[frozenset]:
    groups = every_meld(hand, rules, using=using, own=own)
    keys = [frozenset(g) for g in groups]
    assert len(keys) == len(set(keys)), "a group listed twice"
    assert all(len(k) == len(g) for k, g in zip(keys, groups)), "a card used twice in a group"
    return set(keys)


def two_wild(card: Card) -> bool:
    return card.is_standard and card.rank == Rank.TWO


@st.composite
def cases(draw):
    double = draw(st.booleans())
    pack = DOUBLE if double else SINGLE
    hand = draw(st.lists(st.sampled_from(pack), min_size=1, max_size=9, unique=True))
    set_min = draw(st.sampled_from([None, 2, 3]))
    run_min = draw(st.sampled_from([None, 3, 4]))
    rules = MeldRules(
        set_min=set_min,
        set_max=draw(st.sampled_from([None, 4, 5])),
        set_distinct_suits=draw(st.booleans()) if not double else False,
        run_min=run_min,
        run_max=draw(st.sampled_from([None, 5])),
        ace_low=draw(st.booleans()),
        ace_high=draw(st.booleans()),
        wild=draw(st.sampled_from([is_joker, two_wild, lambda c: False])),
        max_wilds=draw(st.sampled_from([None, 1, 2])),
        min_naturals=draw(st.sampled_from([1, 2])),
    )
    using = draw(st.one_of(st.none(), st.sampled_from(hand)))
    return hand, rules, using


def check(case) -> None:
    hand, rules, using = case
    assert listed(hand, rules, using) == brute(hand, rules, using)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_every_meld_matches_brute_force(case):
    check(case)


@pytest.mark.slow
@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_every_meld_matches_brute_force_many(case):
    check(case)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SINGLE), min_size=1, max_size=9, unique=True), st.data())
def test_seven_rummy_rules_with_and_without_own(hand, data):
    """Seven Rummy's rules (short melds with a 7 as the game's own kind): with ``own`` every
    meld, without only the sets and runs of three or more."""
    using = data.draw(st.one_of(st.none(), st.sampled_from(hand)))
    assert listed(hand, SEVEN_RULES, using) == brute(hand, SEVEN_RULES, using)
    assert listed(hand, SEVEN_RULES, using, own=False) == brute(hand, SEVEN_RULES, using, own=False)


def test_examples():
    rules = MeldRules(set_min=3, run_min=3, ace_low=True, ace_high=True)
    hand = parse_cards("QH KH AH 2H 3H X1 5S 5D")
    groups = {" ".join(sorted(str(c) for c in g)) for g in every_meld(hand, rules)}
    assert "AH KH QH" in groups and "2H 3H AH" in groups
    assert "2H AH KH" not in groups                       # no K-A-2
    assert "5D 5S X1" in groups and "QH X1" not in groups  # a run of three at least
    assert every_meld(hand, rules, using=parse_cards("9C")[0]) == []
    assert all(parse_cards("5S")[0] in g for g in every_meld(hand, rules, using=parse_cards("5S")[0]))
