"""The ``pimc`` bot: play what the sampled hint recommends, with a strength knob."""

from __future__ import annotations

import threading
from typing import Callable

from solvers.cards import Rng
from solvers.doubledummy import Solver
from solvers.game import Action, State

__all__ = ["make_pimc_bot", "pimc_bot", "DEFAULT_SAMPLES", "DEFAULT_BUDGET_MS"]

DEFAULT_SAMPLES = 24
DEFAULT_BUDGET_MS = 500


def make_pimc_bot(samples: int | None = DEFAULT_SAMPLES, budget_ms: float = DEFAULT_BUDGET_MS,
                  fallback: Callable | None = None) -> Callable[[State, int, Rng], Action]:
    """A bot that samples at most ``samples`` deals within ``budget_ms`` per decision.

    When not one deal can be valued in time it plays ``fallback`` (the game's heuristic).
    """
    from solvers.pimc.entry import pimc_hint
    local = threading.local()  # a solver per thread, kept across decisions to reuse its table

    def policy(state: State, seat: int, rng: Rng) -> Action:
        solver = getattr(local, "solver", None)
        if solver is None:
            solver = local.solver = Solver()
        hint = pimc_hint(state, seat, budget_ms / 1000.0, samples=samples, rng=rng.fork("pimc"),
                         solver=solver)
        if hint is not None:
            return hint.action
        chosen = fallback or state.game.bots()["heuristic"]
        return chosen(state, seat, rng)

    policy.__name__ = "pimc_bot"
    policy.__doc__ = f"Sampled double-dummy bot ({samples} deals, {budget_ms} ms a decision)."
    return policy


def pimc_bot(state: State, seat: int, rng: Rng) -> Action:
    """The registered ``pimc`` bot at its default strength."""
    return _default()(state, seat, rng)


_DEFAULT: list = []


def _default():
    if not _DEFAULT:
        _DEFAULT.append(make_pimc_bot())
    return _DEFAULT[0]
