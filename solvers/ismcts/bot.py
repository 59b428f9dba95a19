"""The ``search`` bot: the generic hint engine as a player, with a strength knob."""

from __future__ import annotations

from typing import Callable

from solvers.cards import Rng
from solvers.game import Action, State
from solvers.ismcts.config import SearchConfig
from solvers.ismcts.tree import search

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_BUDGET", "make_search_bot"]

DEFAULT_ITERATIONS = 200
DEFAULT_BUDGET = 0.5


def make_search_bot(config: SearchConfig = SearchConfig(), *, iterations: int | None = DEFAULT_ITERATIONS,
                    budget: float | None = DEFAULT_BUDGET) -> Callable[[State, int, Rng], Action]:
    """A bot that plays the search's choice after ``iterations`` simulations (the strength
    knob) or ``budget`` seconds, whichever ends first; a forced move costs nothing."""

    def policy(state: State, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return search(state, seat, rng=rng.fork("search"), budget=budget, iterations=iterations,
                      config=config).best.action

    policy.__name__ = "search_bot"
    policy.__doc__ = (f"Information-set search ({config.method}): {iterations} simulations or "
                      f"{budget} s a decision, whichever ends first.")
    return policy
