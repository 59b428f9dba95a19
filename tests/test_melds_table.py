"""Table melds (solvers.melds.table): single-card lay-offs and wild-card swaps, by scenario
and against a brute force that reads every candidate row with ``readings``."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from solvers.cards import Card, Kind, parse_cards
from solvers.melds.rules import Meld, MeldRules, extend, readings
from solvers.melds.table import HIGH, LOW, ends, grow, layoffs, swaps


def is_joker(card: Card) -> bool:
    return card.kind == Kind.JOKER


CARIOCA_TABLE = MeldRules(set_min=3, run_min=4, run_max=13, wild=is_joker)
ONE_PACK = MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3, ace_high=False)
ONE_WILD = MeldRules(set_min=3, run_min=3, max_wilds=1, min_naturals=2)
ACE_HIGH_ONLY = MeldRules(set_min=3, set_max=5, run_min=3, run_max=7, ace_low=False)
RULES = [CARIOCA_TABLE, ONE_PACK, ONE_WILD, ACE_HIGH_ONLY]
JOKERS = parse_cards(["X1", "X2", "X3", "X4"])


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def meld(text: str, rules: MeldRules, kind: str, low: int | None = None) -> Meld:
    """The reading of ``text`` of that kind (and low place), cards in the order given."""
    found = as_read(cards(text), rules, kind, low)
    assert found is not None, f"{text} is no {kind}"
    return found


def as_read(row, rules: MeldRules, kind: str, low: int | None = None) -> Meld | None:
    """``row`` as a meld of ``kind`` with its cards in the order given (wild cards where
    they stand), if some reading of it under ``rules`` puts its natural cards there."""
    row = tuple(row)
    for m in readings(row, rules):
        if m.kind != kind or (low is not None and m.low != low):
            continue
        mine = Meld(kind, row, rank=m.rank, suit=m.suit, low=m.low, wilds=m.wilds)
        if kind == "set" or _same_places(m, mine, rules):
            return mine
    return None


# ------------------------------------------------------------------ scenarios


def test_a_set_takes_its_rank_and_wild_cards_and_a_run_the_next_card_at_each_end():
    trio = meld("7H#1 7S#1 7S#2", CARIOCA_TABLE, "set")
    run = meld("5H#1 6H#1 X1 8H#1", CARIOCA_TABLE, "run")
    hand = cards("7D#1 4H#1 9H#2 9S#1 X2")
    found = {(str(m.card), m.table, m.end) for m in layoffs(hand, [trio, run], CARIOCA_TABLE)}
    assert found == {("7D#1", 0, None), ("X2", 0, None), ("4H#1", 1, LOW), ("9H#2", 1, HIGH),
                     ("X2", 1, LOW), ("X2", 1, HIGH)}
    grown = grow(run, cards("4H#1")[0], LOW, CARIOCA_TABLE)
    assert grown.low == 4 and grown.cards == tuple(cards("4H#1 5H#1 6H#1 X1 8H#1"))
    assert grow(run, cards("4H#1")[0], HIGH, CARIOCA_TABLE) is None


def test_the_ace_closes_a_run_at_either_end_never_both():
    low = meld("AH#1 2H#1 3H#1 4H#1 5H#1 6H#1 7H#1 8H#1 9H#1 TH#1 JH#1 QH#1", CARIOCA_TABLE, "run", low=1)
    king = cards("KH#1")[0]
    assert grow(low, king, HIGH, CARIOCA_TABLE).high == 13
    full = grow(low, king, HIGH, CARIOCA_TABLE)
    assert grow(full, cards("AH#2")[0], HIGH, CARIOCA_TABLE) is None, "never both aces"
    assert grow(full, JOKERS[0], HIGH, CARIOCA_TABLE) is None
    high = meld("JS#1 QS#1 KS#1", ONE_PACK, "run")
    assert grow(high, cards("AS#1")[0], HIGH, ONE_PACK) is None, "no ace high in this game"
    assert grow(high, cards("TS#1")[0], LOW, ONE_PACK) is not None


def test_set_limits_distinct_suits_and_wild_limits_are_kept():
    four = meld("9H 9S 9D", ONE_PACK, "set")
    assert grow(four, cards("9H")[0], None, ONE_PACK) is None, "suits must differ"
    full = grow(four, cards("9C")[0], None, ONE_PACK)
    assert full is not None and grow(full, cards("9C")[0], None, ONE_PACK) is None
    one = meld("5D 6D X1", ONE_WILD, "run")
    assert grow(one, JOKERS[1], HIGH, ONE_WILD) is None, "one wild card a meld"
    assert grow(one, cards("8D")[0], HIGH, ONE_WILD) is not None, "the joker stands for 7D"
    assert grow(one, cards("7D")[0], HIGH, ONE_WILD) is None
    assert grow(one, cards("4D")[0], LOW, ONE_WILD) is not None
    assert ends(four) == (None,) and ends(one) == (LOW, HIGH)


def test_a_natural_card_frees_the_wild_card_standing_for_it():
    run = meld("5H#1 X1 7H#1 X2", CARIOCA_TABLE, "run")
    trio = meld("QC#1 QD#1 X3", CARIOCA_TABLE, "set")
    hand = cards("8H#2 6H#2 6H#1 QS#1")
    found = swaps(hand, [trio, run], CARIOCA_TABLE)
    assert [(str(s.card), s.table, s.index, str(s.wild)) for s in found] == [("6H#2", 1, 1, "X1"),
                                                                             ("8H#2", 1, 3, "X2")]
    first = found[0].meld
    assert first.cards == tuple(cards("5H#1 6H#2 7H#1 X2")) and first.wilds == (JOKERS[1],)


# ------------------------------------------------------------------ brute force


@st.composite
def tables(draw):
    """Rules, a valid table meld under them, and a few cards to try."""
    rules = draw(st.sampled_from(RULES))
    if draw(st.booleans()):
        size = draw(st.integers(rules.set_min, (rules.set_max or 6)))
        rank = draw(st.integers(2, 14))
        row = []
        for i in range(size):
            if draw(st.integers(0, 4)) == 0:
                row.append(draw(st.sampled_from(JOKERS)))
            else:
                row.append(Card.standard(rank, draw(st.integers(0, 3)), copy=draw(st.integers(1, 2))))
        kind = "set"
    else:
        high_end = rules.run_high
        size = draw(st.integers(rules.run_min, min(rules.run_max or 13, high_end - rules.run_low + 1)))
        low = draw(st.integers(rules.run_low, high_end - size + 1))
        suit = draw(st.integers(0, 3))
        row = [draw(st.sampled_from(JOKERS)) if draw(st.integers(0, 3)) == 0
               else Card.standard(14 if p == 1 else p, suit, copy=draw(st.integers(1, 2)))
               for p in range(low, low + size)]
        kind = "run"
    table = as_read(row, rules, kind)
    assume(table is not None)
    hand = draw(st.lists(st.one_of(st.sampled_from(JOKERS),
                                   st.builds(lambda r, s, c: Card.standard(r, s, copy=c),
                                             st.integers(2, 14), st.integers(0, 3), st.integers(1, 2))),
                         min_size=1, max_size=8))
    return rules, table, hand


def _same_places(a: Meld, b: Meld, rules: MeldRules) -> bool:
    """The same low place and the same natural card at every place."""
    if len(a.cards) != len(b.cards) or a.low != b.low:
        return False
    return all(rules.wild(x) == rules.wild(y) and (rules.wild(x) or x.face == y.face)
               for x, y in zip(a.cards, b.cards))


def brute_layoffs(table: Meld, card: Card, rules: MeldRules) -> set:
    """Every end at which the row with ``card`` added reads as a meld of the table meld's
    kind, its old cards in their places."""
    out = set()
    if table.kind == "set":
        row = table.cards + (card,)
        if any(m.kind == "set" for m in readings(row, rules)):
            out.add(None)
        return out
    for end, row, low in ((LOW, (card,) + table.cards, table.low - 1), (HIGH, table.cards + (card,), table.low)):
        target = Meld("run", row, suit=table.suit, low=low)
        if any(m.kind == "run" and _same_places(m, target, rules) for m in readings(row, rules)):
            out.add(end)
    return out


def check_layoffs(rules: MeldRules, table: Meld, hand: list[Card]) -> None:
    found = layoffs(hand, [table], rules)
    for card in hand:
        mine = {m.end for m in found if m.card is card}
        assert mine == brute_layoffs(table, card, rules), (table, card)
        # the shared extend says the same, places and all
        longer = extend(table, [card], rules)
        for m in found:
            if m.card is card:
                assert m.meld.cards[0 if m.end != LOW else 1:][:len(table.cards)] == table.cards
                assert any(x.kind == table.kind and (table.kind == "set" or _same_places(x, m.meld, rules))
                           for x in longer)
        assert bool(mine) == bool(longer), (table, card)
    for m in found:
        # the grown meld reads as a meld of its kind under the rules, every card in its place
        assert any(x.kind == m.meld.kind and (x.kind == "set" or _same_places(x, m.meld, rules))
                   for x in readings(m.meld.cards, rules))


def brute_swaps(table: Meld, hand: list[Card], rules: MeldRules) -> list[tuple[int, Card]]:
    out = []
    if table.kind != "run":
        return out
    for i, wild in enumerate(table.cards):
        if not rules.wild(wild):
            continue
        for card in hand:
            if rules.wild(card):
                continue
            row = table.cards[:i] + (card,) + table.cards[i + 1:]
            target = Meld("run", row, suit=table.suit, low=table.low)
            if any(m.kind == "run" and _same_places(m, target, rules) for m in readings(row, rules)):
                out.append((i, card))
                break       # the first card of that face
    return out


def check_swaps(rules: MeldRules, table: Meld, hand: list[Card]) -> None:
    found = swaps(hand, [table], rules)
    assert [(s.index, s.card) for s in found] == brute_swaps(table, hand, rules)
    for s in found:
        assert s.wild == table.cards[s.index] and not rules.wild(s.meld.cards[s.index])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(tables())
def test_layoffs_and_swaps_match_the_brute_force(case):
    rules, table, hand = case
    check_layoffs(rules, table, hand)
    check_swaps(rules, table, hand)


@pytest.mark.slow
@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(tables())
def test_layoffs_and_swaps_match_the_brute_force_at_length(case):
    rules, table, hand = case
    check_layoffs(rules, table, hand)
    check_swaps(rules, table, hand)
