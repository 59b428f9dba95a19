"""Forty Thieves as a playable game: redeal options, single-card moves, undo, deals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.errors import CardsageError
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import position_to_json

GAME = games.get("forty-thieves")


def notations(state):
    return [a.notation for a in state.legal_actions(0)]


def _through_stock(state):
    while "draw" in notations(state):
        state = state.apply("draw")
    return state


def test_seeded_deal_has_ten_face_up_columns_and_a_hidden_stock():
    state = GAME.new(seed=2)
    assert state.position() == deal_by_number("forty-thieves", 2)
    view = state.view(0)
    assert all(len(view["zones"][f"tableau:{n}"]["cards"]) == 4 for n in range(1, 11))
    assert "cards" not in view["zones"]["stock"] and view["zones"]["stock"]["count"] == 64
    assert len([z for z in view["zones"] if z.startswith("foundation:")]) == 8


@pytest.mark.parametrize("redeals, turns", [("none", 0), ("one", 1)])
def test_redeal_options_limit_the_turn_overs(redeals, turns):
    state = GAME.new(seed=2, options={"redeals": redeals})
    for _ in range(turns):
        state = _through_stock(state).apply("redeal")
    state = _through_stock(state)
    assert "redeal" not in notations(state)


def test_unlimited_redeals():
    state = GAME.new(seed=2)
    for _ in range(3):
        state = _through_stock(state).apply("redeal")
    assert state.redeals_used == 3 and state.view(0)["public"]["passes_left"] is None


def test_only_single_cards_move_and_undo_is_exact():
    state = GAME.new(seed=2)
    assert all(len(n.split()) <= 2 for n in notations(state))
    moved = state.apply("draw")
    assert replace(moved.apply("undo"), undos=0).key() == state.key()


def test_bad_deal_is_refused_naming_the_card():
    full = position_to_json(deal_by_number("forty-thieves", 1))
    with pytest.raises(CardsageError, match=full["stock"][0].split("#")[0]):
        GAME.new(deal={**full, "stock": full["stock"][1:]})
    with pytest.raises(CardsageError, match="not a forty-thieves deal"):
        GAME.new(deal={**full, "game": "klondike"})


def test_the_solver_bot_does_not_resign_a_deal_that_can_still_be_won():
    # the solver bot's line in deal 6 (unlimited redeals): one card shuffled between
    # two columns; it used to resign once a quarter of the no-progress limit had gone
    # by, although the deal can be won from there (a proof in 135 positions)
    from solvers.cards import Rng
    from solvers.patience.search import WINNABLE, solve
    seed = 6
    state = GAME.new(seed=seed)
    for move in ["t6 t1"] + ["t1 t5", "t5 t1"] * 37:
        state = state.apply(move)
    assert state.stale == GAME.no_progress_limit // 4
    assert solve(state.position(), state.rules, max_seconds=10).verdict == WINNABLE
    bot = GAME.bots()["solver"]
    for _ in range(10):
        action = bot(state, 0, Rng(f"bot:{seed}:{state.moves_made}:0"))
        assert action.kind != "resign"
        state = state.apply(action)
