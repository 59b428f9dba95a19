"""Japanese 51's hints and rules of thumb: every decision gets an honest, explained hint."""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Rng, parse_cards
from solvers.games import get
from solvers.games.japanese_51_play import heuristic_choice, stop_threshold
from solvers.sampling import determinize
from tests.games.test_japanese_51 import deal, run

GAME = get("japanese-51")


def check_hint(state, kind):
    seat = min(state.to_move)
    first = GAME.hint(state, seat, iterations=4, rng=Rng(1))
    again = GAME.hint(determinize(state, seat, Rng(9)), seat, iterations=4, rng=Rng(1))
    assert first.action in state.legal_actions(seat)
    assert first.action == again.action and first.reason == again.reason, "the hint uses the seat's cards only"
    assert first.method == "sampled" and first.evaluation["samples"] == 4
    assert "won the hand" in first.reason and first.alternatives
    assert any(a.kind == kind for a in state.legal_actions(seat))
    return first


def test_which_table_card_to_take_names_the_plan():
    hint = check_hint(deal(), "take")
    assert hint.action.kind == "take" and "The plan: put down" in hint.reason


def test_whether_to_clear_is_weighed_against_every_table_card():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H", "continue")
    hint = check_hint(state, "clear")
    assert {a["action"]["kind"] for a in hint.alternatives} | {hint.action.kind} == {"take", "clear"}


def test_what_to_put_down_keeps_the_best_suit():
    state = run(deal(), "take 9H")
    hint = check_hint(state, "put")
    assert hint.action.notation == "put 4D" and "keeping 37 in hearts" in hint.reason


def test_stop_or_not_on_a_strong_hand():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H")
    hint = check_hint(state, "stop")
    assert hint.action.notation in ("stop", "continue")
    assert "call Stop" in hint.reason and "play on without stopping" in hint.reason


def test_a_forced_take_after_nothing_else_says_so():
    state = run(deal(), "take 9H", "put 4D", "stop", "take JS")
    hint = GAME.hint(state, 0, iterations=4)
    assert hint.action.kind == "put"


def test_rules_of_thumb_take_the_card_that_builds_the_suit():
    action, why = heuristic_choice(deal(), 1)
    assert action.notation == "take 9H" and "put down 4D" in why and "hearts" in why


def test_rules_of_thumb_clear_when_no_table_card_helps():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H", "continue")
    # seat 1 holds four hearts and the two of clubs; only diamonds lie on the table
    h1, table = parse_cards("AH KH QH JH 2C"), parse_cards("3D 4D 5D 6D 7D")
    stock = tuple(c for c in state.stock + state.hands[1] + state.table if c not in h1 + table)
    state = replace(state, hands=(state.hands[0], tuple(h1)), table=tuple(table), stock=stock, known=((), ()))
    assert state.may_clear
    action, why = heuristic_choice(state, 1)
    assert action.notation == "clear" and "no table card improves" in why


def test_rules_of_thumb_stop_at_the_threshold():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H")
    assert state.value(0) == 42 >= stop_threshold(2)
    action, why = heuristic_choice(state, 0)
    assert action.notation == "stop" and "42" in why
