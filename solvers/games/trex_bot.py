"""Trex policies: the rules of thumb, the search's settings and the hint for every decision.

* ``heuristic``: :mod:`solvers.games.trex_heuristic`.
* ``sampled``: plays the sampled hint's action (a few deals a decision).
* ``hint``: the sampled search of :mod:`solvers.games.trex_search` (contract choice,
  throw-in claims and doubles valued by playing sampled deals out; trick play by sampled
  double dummy; the Trex layout by exact search once the hands are small), falling back
  to the rules of thumb when the budget is too small.
"""

from __future__ import annotations

import threading
import time

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Hint
from solvers.games.trex import PLAY
from solvers.games.trex_heuristic import choose, heuristic_bot
from solvers.games.trex_search import sampled_hint
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "heuristic_hint"]


def heuristic_hint(state, seat: int) -> Hint:
    """The rules of thumb's action with its reason and the other legal actions."""
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


def hint(state, seat: int, budget: float | None = None, *, mode: str | None = None, rng: Rng | None = None,
         iterations: int | None = None) -> Hint:
    """The sampled hint for every decision (``iterations``: that many sampled deals, no
    clock); the rules of thumb when the budget is too small for one deal or only one
    action is legal."""
    if len(state.legal_actions(seat)) == 1:
        return heuristic_hint(state, seat)
    if iterations is not None and budget is None:
        return sampled_hint(state, seat, None, samples=iterations, rng=rng) or heuristic_hint(state, seat)
    budget = 1.0 if budget is None else budget
    if budget < MIN_BUDGET:
        return heuristic_hint(state, seat)
    start = time.perf_counter()
    if state.phase == PLAY and not _solver_ready(budget * SOLVER_WAIT_SHARE):
        fallback = heuristic_hint(state, seat)
        fallback.reason += " (the double-dummy search is still being prepared)"
        return fallback
    left = (budget - (time.perf_counter() - start)) * BUDGET_SHARE
    sampled = sampled_hint(state, seat, left, samples=iterations, rng=rng) if left > 0 else None
    return sampled or heuristic_hint(state, seat)


# below this budget (seconds) not one deal fits: the rules of thumb answer
MIN_BUDGET = 0.02
# share of the budget the sampled search may use (the rest: building the answer, a few
# milliseconds; a deal still being solved at the deadline stops there)
BUDGET_SHARE = 0.95
# share of a hint's budget it may spend waiting for the solver's kernels to load
SOLVER_WAIT_SHARE = 0.5
_LOADING: list[threading.Thread] = []
_LOADING_LOCK = threading.Lock()


def _solver_ready(wait: float) -> bool:
    """True once the double-dummy kernels are loaded (started in the background, waited
    for at most ``wait`` seconds)."""
    from solvers.doubledummy import solver as dd
    if dd._LOADED.is_set():
        return True
    with _LOADING_LOCK:
        if not _LOADING:
            thread = threading.Thread(target=dd.load_kernels, daemon=True, name="trex-hint-solver")
            thread.start()
            _LOADING.append(thread)
    return dd._LOADED.wait(wait)


def make_sampled_bot(samples: int = 24, budget: float = 1.0):
    """A bot that plays the sampled hint's action (``samples`` deals, at most ``budget``
    seconds a decision), the rules of thumb's when not one deal was valued in time."""

    def policy(state, seat: int, rng: Rng):
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase == PLAY and not _solver_ready(budget):
            return heuristic_bot(state, seat, rng)
        hint = sampled_hint(state, seat, budget, samples=samples, rng=rng.fork("sampled"))
        return hint.action if hint is not None else heuristic_bot(state, seat, rng)

    policy.__name__ = "sampled_bot"
    policy.__doc__ = f"Sampled search for every decision ({samples} deals or {budget} s a decision)."
    return policy


BOTS = {"heuristic": heuristic_bot, "sampled": make_sampled_bot()}
SEARCH = SearchConfig()
