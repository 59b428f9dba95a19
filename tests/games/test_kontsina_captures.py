"""Kontsina's capture generator against brute force over every subset of random tables."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings, strategies as st

from solvers.cards import standard_pack
from solvers.game import Action
from solvers.games.kontsina_captures import (canonical_action, capture_action, capture_sets, read_capture,
                                             value)

PACK = standard_pack()


def is_group(card, cards) -> bool:
    """One group by the rule text: one card of the same rank, or 2+ number cards adding up."""
    if len(cards) == 1:
        return cards[0].rank == card.rank
    return value(card) > 0 and all(value(c) for c in cards) and sum(value(c) for c in cards) == value(card)


def splits(card, cards) -> bool:
    """True when ``cards`` can be cut into disjoint groups (the 'several' variant)."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            group = [first, *others]
            if is_group(card, group) and splits(card, [c for c in rest if c not in others]):
                return True
    return False


def brute(card, table, several):
    found = set()
    for k in range(1, len(table) + 1):
        for chosen in combinations(table, k):
            ok = splits(card, list(chosen)) if several else is_group(card, list(chosen))
            if ok:
                found.add(frozenset(chosen))
    return found


deals = st.lists(st.sampled_from(PACK), min_size=1, max_size=10, unique=True)


@settings(max_examples=150, deadline=None)
@given(deals, st.booleans())
def test_generator_finds_exactly_the_brute_force_captures(cards, several):
    card, table = cards[0], tuple(cards[1:])
    found = capture_sets(card, table, several)
    as_sets = {frozenset(table[i] for i in range(len(table)) if mask >> i & 1) for mask in found}
    assert as_sets == brute(card, table, several)
    assert len(as_sets) == len(found)                    # each set of taken cards once
    for mask, parts in found.items():
        assert all(a & b == 0 for a, b in combinations(parts, 2))
        action = capture_action(card, table, parts)
        assert Action.parse(action.notation) == action   # the notation parses back
        assert canonical_action(action) == action
        played, groups = read_capture(action)
        assert played == card and all(is_group(card, g) for g in groups)
        assert frozenset(c for g in groups for c in g) == frozenset(
            table[i] for i in range(len(table)) if mask >> i & 1)


@settings(max_examples=60, deadline=None)
@given(deals, st.randoms(use_true_random=False))
def test_the_written_form_does_not_depend_on_the_table_order(cards, shuffler):
    card, table = cards[0], list(cards[1:])
    first = {capture_action(card, tuple(table), p).notation
             for p in capture_sets(card, tuple(table), True).values()}
    shuffler.shuffle(table)
    again = {capture_action(card, tuple(table), p).notation
             for p in capture_sets(card, tuple(table), True).values()}
    assert first == again


def test_several_groups_are_written_and_read_back():
    from solvers.cards import parse_card
    table = tuple(parse_card(c) for c in "5C 3H 6S 2D".split())
    found = capture_sets(parse_card("8D"), table, True)
    notes = {capture_action(parse_card("8D"), table, p).notation for p in found.values()}
    assert notes == {"capture 8D with 5C+3H", "capture 8D with 6S+2D", "capture 8D with 6S+2D, 5C+3H"}
