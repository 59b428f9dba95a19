"""Generic bot policies shared by every game.

A bot policy is a function ``policy(state, seat, rng) -> Action`` that returns one of
``state.legal_actions(seat)``. Games add their own policies through ``Game.bots()``.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, State


def random_bot(state: State, seat: int, rng: Rng) -> Action:
    """Pick a legal action uniformly at random."""
    legal = state.legal_actions(seat)
    if not legal:
        raise CardsageError(f"seat {seat} has no legal action", status=409)
    return rng.choice(legal)


def play_out(state: State, policies: dict[int, callable], rng: Rng, max_steps: int = 100_000) -> State:
    """Play a match to its end with one policy per seat (for tests and benchmarks)."""
    steps = 0
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(policies[seat](state, seat, rng), seat)
        steps += 1
        if steps > max_steps:
            raise CardsageError(f"match did not end within {max_steps} actions")
    return state
