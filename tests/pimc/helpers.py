"""Shared set-up for the sampled-hint tests."""

from solvers.cards import Rng


def advance(game, seed, steps):
    """A new match of ``game`` after ``steps`` actions of the heuristic bot at every seat."""
    state = game.new(seed=seed)
    rng = Rng(seed)
    bot = game.bots()["heuristic"]
    for _ in range(steps):
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    return state
