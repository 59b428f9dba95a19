"""Pishe Pasha's hints and rules of thumb: every kind of decision, honest, with reasons."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers.cards import Rng
from solvers.games.pishe_pasha_play import heuristic_choice
from solvers.sampling import determinize
from tests.games.test_pishe_pasha import GAME, run, stop_table, table

# a real give decision: the 8S or the 6C may go on the 7H, and the unturned stocks matter
GIVE = dict(stock0="9D 2H 4C KC", stock1="JH QH TS 3D", discard0="6C", discard1="7H", current="8S")


def test_a_give_decision_gets_a_sampled_hint_with_a_reason():
    state = table(**GIVE)
    first = GAME.hint(state, 0, iterations=6)
    again = GAME.hint(state, 0, iterations=6)
    assert first.to_json()["action"] == again.to_json()["action"] and first.reason == again.reason
    assert first.action in state.legal_actions(0) and first.method == "sampled"
    assert "cards nobody has seen" in first.reason and "next best" in first.reason
    assert first.evaluation["samples"] == 6 and len(first.alternatives) == 2
    # getting rid of a card beats keeping it
    assert first.action.kind == "give"


def test_foundation_plays_only_say_they_must_all_go_up_the_piles_top_first():
    state = table("", "", "2D", "", current="AS", foundations=(0, 1, 0, 0))
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "found 2D" and "must all go up" in hint.reason and "buried" in hint.reason


def test_a_single_move_is_said_to_be_the_only_one():
    hint = GAME.hint(table("", "", "", "", current="9S"), 0)
    assert hint.action.notation == "discard 9S" and "only legal move" in hint.reason


def test_a_stop_call_gets_a_sampled_hint():
    state = run(stop_table(), "give 2H")
    hint = GAME.hint(state, 1, iterations=4)
    assert hint.action.kind in ("stop", "force", "allow") and hint.method == "sampled"
    assert "Stop!" in hint.reason or "let their move stand" in hint.reason


def test_skipping_a_foundation_play_gets_a_sampled_hint_in_stop_mode():
    hint = GAME.hint(stop_table(), 0, iterations=4)
    assert hint.method == "sampled" and hint.action.kind in ("found", "give", "discard")


def test_the_hint_depends_only_on_what_the_seat_knows():
    state = table(**GIVE)
    other = determinize(state, 0, Rng(7))
    assert other.stocks != state.stocks
    assert GAME.hint(state, 0, iterations=4).reason == GAME.hint(other, 0, iterations=4).reason


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_the_search_bot_plays_legal_moves(seed, steps):
    state = GAME.new(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
    if not state.is_over:
        seat = min(state.to_move)
        assert GAME.bots()["search"](state, seat, rng) in state.legal_actions(seat)


def test_rules_of_thumb_play_up_first():
    action, why = heuristic_choice(table("", "", "2D", "3C", current="AS", foundations=(0, 1, 0, 0)), 0)
    assert action.notation == "found 2D" and "foundation plays come first" in why


def test_rules_of_thumb_give_the_card_that_keeps_a_chain_going():
    # the 6C on the 7H leaves the 5D below it to follow onto the 6C; the 8S leaves nothing
    state = table("KC", "", "5D 6C", "7H", current="8S")
    action, why = heuristic_choice(state, 0)
    assert action.notation == "give 6C" and "opponent's pile" in why


def test_rules_of_thumb_call_stop_and_take_the_turn():
    action, why = heuristic_choice(run(stop_table(), "give 2H"), 1)
    assert action.notation == "stop" and "Stop!" in why


def test_rules_of_thumb_end_the_turn_when_nothing_fits():
    action, why = heuristic_choice(table("", "", "", "", current="9S"), 0)
    assert action.notation == "discard 9S" and "nothing fits" in why
