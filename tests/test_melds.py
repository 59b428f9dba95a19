"""The meld solver: CP-SAT against the exhaustive search and both against brute force."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from solvers.cards import Card, Kind, parse_cards
from solvers.errors import CardsageError
from solvers.melds import MeldRules, can_meet, extend, plan, readings

CARIOCA = MeldRules(set_min=3, run_min=4)                                   # two packs, jokers wild
CARIOCA_DOWN = MeldRules(set_min=3, set_max=3, run_min=4, run_max=4, max_wilds=1)
ONE_PACK = MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3, ace_high=False)


def seven_short(cards):
    """Seven Rummy's short melds: a lone 7, a pair of 7s, a 2-card suit sequence with a 7."""
    if len(cards) == 1 and cards[0].rank == 7:
        return "seven"
    if len(cards) == 2 and all(c.is_standard for c in cards):
        a, b = sorted(cards, key=lambda c: c.rank)
        if a.rank == b.rank == 7:
            return "seven"
        if a.suit == b.suit and b.rank == a.rank + 1 and 7 in (a.rank, b.rank):
            return "seven"
    return None


SEVENS = MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3, ace_high=False,
                   wild=lambda c: False, own=seven_short, own_sizes=(1, 2))


def value(card: Card) -> int:
    if card.kind == Kind.JOKER:
        return 50
    return 20 if card.rank == 14 else min(card.rank, 10)


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


# ------------------------------------------------------------------ scenarios


def test_a_run_with_a_joker_in_the_gap_and_a_set_from_two_packs():
    hand = cards("7H#1 7H#2 7S#1 5H#1 6H#1 8H#1 X1 2C#1")
    result = plan(hand, CARIOCA, value=value)
    assert result.deadwood == cards("2C#1")
    assert result.deadwood_value == 2
    kinds = sorted(m.kind for m in result.melds)
    assert kinds == ["run", "set"]


def test_the_ace_is_low_or_high_never_both():
    assert [m.low for m in readings(cards("AH 2H 3H 4H"), CARIOCA)] == [1]
    assert [m.low for m in readings(cards("JH QH KH AH"), CARIOCA)] == [11]
    assert readings(cards("KH AH 2H 3H"), CARIOCA) == []
    assert readings(cards("QH KH AH"), ONE_PACK) == []      # ace low only


def test_a_wild_stands_for_a_definite_card():
    run = readings(cards("5H 6H X1 8H"), CARIOCA)[0]
    assert run.stands_for(2) == cards("7H")[0]
    assert str(run) == "run 5H 6H X1 8H"


def test_the_initial_meld_takes_exactly_the_contract():
    hand = cards("7H 7S 7C 9D 9S 9H 4C 5C 6C 7C#2 KD")
    result = can_meet(hand, CARIOCA_DOWN, {"set": 2, "run": 1})
    assert result is not None and len(result.melds) == 3
    assert all(len(m.cards) == (3 if m.kind == "set" else 4) for m in result.melds)
    assert can_meet(hand, CARIOCA_DOWN, {"run": 2}) is None


def test_one_joker_a_meld_in_the_initial_meld():
    hand = cards("7H 7S X1 9D 9S X2")
    assert can_meet(hand, CARIOCA_DOWN, {"set": 2}) is not None            # 7H 7S X, 9D 9S X
    assert can_meet(cards("7H X1 X2 9D 9S 9H"), CARIOCA_DOWN, {"set": 2}) is None


def test_layoffs_extend_table_melds_at_either_end():
    table = [readings(cards("5H 6H 7H 8H"), CARIOCA)[0], readings(cards("QS QD QC"), CARIOCA)[0]]
    result = plan(cards("4H 9H QH 2C"), CARIOCA, table=table)
    assert result.deadwood == cards("2C")
    laid = dict(result.layoffs)
    assert [str(c) for c in laid[0].cards] == ["4H", "5H", "6H", "7H", "8H", "9H"]
    assert laid[1].kind == "set" and len(laid[1].cards) == 4


def test_extend_keeps_the_places_of_the_table_cards():
    run = readings(cards("5H X1 7H"), ONE_PACK)[0]
    longer = extend(run, cards("8H"), ONE_PACK)
    assert [str(c) for c in longer[0].cards] == ["5H", "X1", "7H", "8H"]
    assert extend(run, cards("6H"), ONE_PACK) == []     # the joker holds that place


def test_seven_rummy_short_melds_and_their_growth():
    result = plan(cards("7H 8H 7S 2C"), SEVENS)
    assert result.deadwood == cards("2C")
    lone = readings(cards("7D"), SEVENS)[0]
    grown = plan(cards("7C 6D KS"), SEVENS, table=[lone])
    assert sorted(str(c) for _, m in grown.layoffs for c in m.cards) in (["6D", "7D"], ["7C", "7D"])


def test_unknown_method_is_refused():
    with pytest.raises(CardsageError):
        plan(cards("7H"), CARIOCA, method="guess")


# ------------------------------------------------------------------ brute force


def _partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1:]
        yield [[first]] + part


def brute_force(hand, rules, value_of):
    """The most value melded over every way of cutting the hand into groups (a group that is
    no meld is deadwood): independent of the option generator and of both solvers."""
    best = (0, 0)
    for part in _partitions(list(hand)):
        melded = [g for g in part if readings(g, rules)]
        score = (sum(value_of(c) for g in melded for c in g), sum(len(g) for g in melded))
        best = max(best, score)
    return best


SMALL_PACK = [Card.standard(r, s, copy) for r in (2, 3, 4, 5, 6, 7, 14) for s in (2, 3) for copy in (1, 2)]
SMALL_PACK += [Card(Kind.JOKER, None, j) for j in (1, 2)]
hands = st.lists(st.sampled_from(SMALL_PACK), min_size=3, max_size=8, unique=True)
RULES = [CARIOCA, CARIOCA_DOWN, MeldRules(set_min=3, run_min=3, max_wilds=1, min_naturals=2)]


def _check_plan(hand, rules, result):
    used = Counter()
    for meld in result.melds:
        assert any(r.kind == meld.kind for r in readings(meld.cards, rules)), meld
        used.update(meld.cards)
    used.update(result.deadwood)
    assert used == Counter(hand), "every card is melded or deadwood, once"


def _matches_brute_force(hand, which, weighted):
    rules = RULES[which]
    value_of = value if weighted else (lambda c: 1)
    want = brute_force(hand, rules, value_of)
    for method in ("exhaustive", "cpsat"):
        result = plan(hand, rules, value=value_of, method=method)
        _check_plan(hand, rules, result)
        assert (result.melded_value, result.cards_melded) == want, method


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from(SMALL_PACK), min_size=3, max_size=7, unique=True),
       which=st.integers(0, len(RULES) - 1), weighted=st.booleans())
# two copies of one run: the same meld taken twice (each option was once taken at most)
@example(hand=parse_cards("5H#1 5H#2 6H#1 6H#2 7H#1 7H#2"), which=2, weighted=False)
def test_both_methods_find_the_brute_force_optimum(hand, which, weighted):
    _matches_brute_force(hand, which, weighted)


@pytest.mark.slow
@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands, which=st.integers(0, len(RULES) - 1), weighted=st.booleans())
def test_both_methods_find_the_brute_force_optimum_on_thousands_of_hands(hand, which, weighted):
    _matches_brute_force(hand, which, weighted)


LARGER = [Card.standard(r, s, copy) for r in range(2, 15) for s in range(4) for copy in (1, 2)]
LARGER += [Card(Kind.JOKER, None, j) for j in range(1, 5)]


def _methods_agree(hand, contract):
    rules = CARIOCA_DOWN if contract else CARIOCA
    a = plan(hand, rules, value=value, contract=contract, only_contract=bool(contract), method="exhaustive")
    b = plan(hand, rules, value=value, contract=contract, only_contract=bool(contract), method="cpsat")
    assert (a is None) == (b is None)
    if a is not None:
        assert (a.deadwood_value, a.cards_melded) == (b.deadwood_value, b.cards_melded)
        _check_plan(hand, rules, a)
        _check_plan(hand, rules, b)
        if contract:
            assert Counter(m.kind for m in a.melds) == Counter(contract)


CONTRACTS = [{}, {"set": 2}, {"set": 1, "run": 1}, {"run": 2}, {"set": 3}, {"set": 2, "run": 1},
             {"set": 1, "run": 2}]
carioca_hands = st.lists(st.sampled_from(LARGER), min_size=8, max_size=12, unique=True)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=carioca_hands, contract=st.sampled_from(CONTRACTS))
def test_cpsat_and_exhaustive_agree_on_carioca_hands(hand, contract):
    _methods_agree(hand, contract)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=carioca_hands, contract=st.sampled_from(CONTRACTS))
def test_cpsat_and_exhaustive_agree_on_thousands_of_carioca_hands(hand, contract):
    _methods_agree(hand, contract)
