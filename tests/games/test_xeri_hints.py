"""Xeri's hints and rules of thumb: honest, deterministic with a fixed effort, with reasons."""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Rng, parse_cards
from solvers.games import get
from solvers.games.xeri_play import heuristic_choice, unseen_by_rank
from solvers.sampling import determinize
from tests.games.test_xeri import late, run, table

XERI = get("xeri")


def cards(text):
    return tuple(parse_cards(text.split()))


def test_hint_is_legal_deterministic_and_explained():
    state = table()
    first = XERI.hint(state, 1, iterations=6)
    again = XERI.hint(state, 1, iterations=6)
    assert first.action == again.action and first.action in state.legal_actions(1)
    assert first.method == "sampled" and "deals of the cards you cannot see" in first.reason
    assert first.evaluation["samples"] == 6 and len(first.alternatives) == 5


def test_hint_depends_only_on_what_the_seat_knows():
    state = run(table(), "play 4D")
    other = determinize(state, 0, Rng(7))
    assert XERI.hint(state, 0, iterations=4).action == XERI.hint(other, 0, iterations=4).action


def test_the_last_card_is_a_forced_hint():
    state = late("", "9C", "9D", "", "", turn=1, hands=1)
    hint = XERI.hint(state, 1)
    assert hint.action.notation == "play 9C" and hint.method == "exact"


def test_the_hint_takes_a_xeri_when_one_is_offered():
    state = run(table(), "play 5H", "play 9D")
    hint = XERI.hint(state, 1, iterations=8)
    assert hint.action.notation == "play 9C" and "xeri" in hint.reason


def test_rules_of_thumb_capture_with_a_matching_card_before_a_jack():
    state = table(hand1="5H 9C JS 4D 8H 6S")
    card, why = heuristic_choice(state, 1)
    assert str(card) == "5H" and "take the pile" in why


def test_rules_of_thumb_start_a_pile_with_a_dead_rank_to_deny_a_xeri():
    # every other seven has been captured; the eight is live: start with the seven
    state = late("7C 8C", "4H 5H", "", "7D 7H 7S", "", turn=0, last_capturer=1)
    state = replace(state, stock=())
    assert unseen_by_rank(state, 0)[7] == 0
    card, why = heuristic_choice(state, 0)
    assert str(card) == "7C" and "cannot be taken xeri" in why


def test_rules_of_thumb_never_lead_a_jack_onto_an_empty_table():
    state = late("JC 9C", "4H 5H", "", "", "", turn=0, last_capturer=1)
    card, _ = heuristic_choice(state, 0)
    assert str(card) == "9C"


def test_unseen_counts_include_captured_and_pile_cards():
    state = run(table(), "play 5H")
    unseen = unseen_by_rank(state, 0)
    assert unseen[5] == 1            # 5C and 5H captured, 5S in hand: only 5D is unseen
    assert sum(unseen.values()) == 52 - 6 - len(state.won[1])
