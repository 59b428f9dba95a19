"""The ``pimc`` bot: sampled double-dummy play on a strength schedule.

Strength knob: ``samples`` (deals a decision), ``budget_ms`` (time a decision) and
``exact_from`` (cards a hand from which every deal is solved exactly; earlier the
game's heuristic plays, see :mod:`solvers.pimc.schedule`). Teka's calls, trumps and
raise answers follow the sampled hint.
"""

from __future__ import annotations

import threading
from typing import Callable

from solvers.cards import Rng
from solvers.doubledummy import Solver
from solvers.game import Action, State
from solvers.pimc.adapters import adapter_for
from solvers.pimc.schedule import EXACT_FROM, scheduled_card

__all__ = ["make_pimc_bot", "pimc_bot", "DEFAULT_SAMPLES", "DEFAULT_BUDGET_MS", "DEFAULT_EXACT_FROM"]

DEFAULT_SAMPLES = 24
DEFAULT_BUDGET_MS = 500
DEFAULT_EXACT_FROM = EXACT_FROM


def make_pimc_bot(samples: int | None = DEFAULT_SAMPLES, budget_ms: float = DEFAULT_BUDGET_MS,
                  exact_from: int = DEFAULT_EXACT_FROM, early_check: bool = False,
                  sampled_calls: bool = False, fallback: Callable | None = None) -> Callable[[State, int, Rng], Action]:
    """A bot sampling at most ``samples`` deals within ``budget_ms`` per decision.

    Cards are searched from ``exact_from`` cards a hand down (``early_check``: earlier
    too, overruling the heuristic only when confident). When not one deal can be valued
    in time it plays ``fallback`` (the game's heuristic).
    """
    from solvers.pimc.entry import pimc_hint
    local = threading.local()  # a solver per thread, kept across decisions to reuse its table

    def policy(state: State, seat: int, rng: Rng) -> Action:
        solver = getattr(local, "solver", None)
        if solver is None:
            solver = local.solver = Solver()
        heuristic = fallback or state.game.bots()["heuristic"]
        if adapter_for(state).in_card_play(state):
            return scheduled_card(state, seat, rng, heuristic, samples=samples, budget=budget_ms / 1000.0,
                                  exact_from=exact_from, early_check=early_check, solver=solver)
        if not sampled_calls:
            return heuristic(state, seat, rng)
        hint = pimc_hint(state, seat, budget_ms / 1000.0, samples=samples, rng=rng.fork("pimc"),
                         solver=solver)
        return hint.action if hint is not None else heuristic(state, seat, rng)

    policy.__name__ = "pimc_bot"
    policy.__doc__ = (f"Sampled double-dummy bot ({samples} deals, {budget_ms} ms a decision, "
                      f"exact from {exact_from} cards a hand).")
    return policy


def pimc_bot(state: State, seat: int, rng: Rng) -> Action:
    """The registered ``pimc`` bot at its default strength."""
    return _default()(state, seat, rng)


_DEFAULT: list = []


def _default():
    if not _DEFAULT:
        _DEFAULT.append(make_pimc_bot())
    return _DEFAULT[0]
