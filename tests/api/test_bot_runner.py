"""Bots take their turn when bots and humans may act at once."""

from __future__ import annotations

from api.bot_runner import bot_to_move
from api.replay import Replay
from solvers import games
from solvers.cards import Rng


def _teka_state_with_two_movers():
    game = games.get("teka")
    for seed in range(50):
        state, rng = game.new(seed=seed), Rng(seed)
        while not state.is_over:
            if len(state.to_move) > 1 and state.phase == "play":
                return state
            seat = min(state.to_move)
            state = state.apply(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError("no position where the declarer may raise while another seat plays")


def test_bots_play_on_while_a_human_declarer_may_still_raise():
    state = _teka_state_with_two_movers()
    declarer = state.declarer
    (other,) = state.to_move - {declarer}
    seats = ["heuristic"] * 4
    seats[declarer] = "human"
    assert bot_to_move(Replay(state), seats) == other


def test_nobody_is_asked_when_only_humans_may_act():
    state = _teka_state_with_two_movers()
    assert bot_to_move(Replay(state), ["human"] * 4) is None
    assert bot_to_move(Replay(state), ["heuristic"] * 4) == min(state.to_move)
