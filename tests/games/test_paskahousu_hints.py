"""Paskahousu hints: every kind of decision, honest, reproducible with ``iterations``."""

from __future__ import annotations

from dataclasses import replace

from solvers import games
from solvers.cards import Rng, parse_cards
from solvers.games.paskahousu_play import heuristic_choice
from solvers.sampling import determinize

GAME = games.get("paskahousu")
HANDS4 = [["3S", "3H", "8C", "9D", "KS"], ["4S", "5H", "6C", "7D", "QS"],
          ["3D", "4H", "5C", "6D", "2S"], ["TS", "TH", "AC", "AD", "JS"]]


def cards(text):
    return tuple(parse_cards(text.split()))


def table(**fields):
    state = GAME.new(seed=5, deal={"dealer": 0, "hands": HANDS4})
    return replace(state, opening=(), known=((),) * 4, **fields)


def test_the_opening_play_is_forced_and_said_so():
    state = GAME.new(seed=5, deal={"dealer": 0, "hands": HANDS4})
    hint = GAME.hint(state, 0, iterations=2)
    assert hint.action.notation == "play 3H 3S" and hint.method == "exact" and "first play" in hint.reason


def test_a_play_hint_on_an_empty_table():
    state = table(turn=1)
    hint = GAME.hint(state, 1, iterations=3, rng=Rng(1))
    assert hint.action in state.legal_actions(1) and hint.method == "sampled"
    assert "paskahousu" in hint.reason and hint.alternatives


def test_a_hint_choosing_between_pick_up_gamble_and_a_two():
    state = table(turn=2, pile=cards("KH KC"))
    kinds = {a.kind for a in state.legal_actions(2)}
    assert kinds == {"play", "pickup", "gamble"}
    hint = GAME.hint(state, 2, iterations=3, rng=Rng(2))
    assert hint.action in state.legal_actions(2)
    assert {a["action"]["kind"] for a in hint.alternatives} | {hint.action.kind} == kinds


def test_hints_are_reproducible_and_honest():
    state = table(turn=3, pile=cards("5C 8H"))
    first = GAME.hint(state, 3, iterations=3, rng=Rng(7))
    again = GAME.hint(state, 3, iterations=3, rng=Rng(7))
    assert first.action == again.action and first.reason == again.reason
    other = determinize(state, 3, Rng(11))      # other hands and the stock dealt afresh
    moved = GAME.hint(other, 3, iterations=3, rng=Rng(7))
    assert moved.action == first.action and moved.reason == first.reason


def test_rules_of_thumb_clear_with_a_single_ten_and_keep_the_other():
    state = table(turn=3, pile=cards("5C 8H 9S"))
    action, why = heuristic_choice(state, 3)
    assert len(action.args) == 1 and action.args[0][0] == "T" and "clears" in why


def test_rules_of_thumb_turn_the_stock_rather_than_spend_a_two():
    state = table(turn=2, pile=cards("KH"))
    action, why = heuristic_choice(state, 2)
    assert action.kind == "gamble" and "stock" in why


def test_search_bot_plays_a_legal_move():
    state = table(turn=2, pile=cards("7H"))
    action = GAME.bots()["search"](state, 2, Rng(3))
    assert action in state.legal_actions(2)
