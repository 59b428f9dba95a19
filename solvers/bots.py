"""Generic bot policies and hint helpers shared by every game.

A bot policy is a function ``policy(state, seat, rng) -> Action`` that returns one of
``state.legal_actions(seat)``. Games add their own policies through ``Game.bots()``.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, Hint, State


def random_bot(state: State, seat: int, rng: Rng) -> Action:
    """Pick a legal action uniformly at random."""
    legal = state.legal_actions(seat)
    if not legal:
        raise CardsageError(f"seat {seat} has no legal action", status=409)
    return rng.choice(legal)


def first_legal_hint(state: State, seat: int) -> Hint:
    """A plain hint: the first legal action, for games with no better policy."""
    legal = state.legal_actions(seat)
    if not legal:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    return Hint(legal[0], "the first legal action (no strategy for this decision)",
                alternatives=[{"action": a.to_json()} for a in legal[1:]], method="heuristic")


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


# below this budget (seconds) not one sampled deal fits: the heuristic answers
MIN_SAMPLED_BUDGET = 0.02


def sampled_hint_or_heuristic(state: State, seat: int, budget: float | None, heuristic_hint) -> Hint:
    """The sampled double-dummy hint of a trick-taking game, or ``heuristic_hint`` when
    the budget (seconds; default 1) is too small for one sampled deal."""
    from solvers.pimc import pimc_hint  # search code loads only when a hint is asked for
    if seat in state.to_move and (budget is None or budget >= MIN_SAMPLED_BUDGET):
        hint = pimc_hint(state, seat, 1.0 if budget is None else budget)
        if hint is not None:
            return hint
    return heuristic_hint(state, seat)
