"""Agram's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.agram_play`).
* ``search``: sampled double dummy (:mod:`solvers.games.agram_search`): the unseen cards
  are dealt afresh 48 times, consistent with every suit a player has shown void; on
  each deal every legal card is valued by an exact double-dummy solve of the rest of
  the round (can the player force the last trick against all the others together?) and,
  where it cannot be forced, by searching the player's own later cards against the
  others playing the rules of thumb. The card that wins the last trick on most deals
  (forced wins counting double) is played.
* The hint does the same within its time budget, and says how often each card wins.

Every decision of Agram is a card to play, so these cover all of them.
"""

from __future__ import annotations

import threading
import time

from solvers.cards import Rng, parse_card
from solvers.doubledummy import Solver
from solvers.game import Action, Hint
from solvers.games.agram import AgramState
from solvers.games.agram_play import heuristic_bot, heuristic_hint
from solvers.games.agram_search import TRICK_ADAPTER, AgramAdapter
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "TRICK_ADAPTER", "AgramAdapter", "hint", "search_bot"]

DEFAULT_BUDGET = 1.0
# below this budget (seconds) not one sampled deal fits: the rules of thumb answer
MIN_SAMPLED_BUDGET = 0.02
# share of a hint's budget it may wait for the double-dummy solver to be compiled or loaded
SOLVER_WAIT_SHARE = 0.5
SEARCH_SAMPLES = 48       # sampled deals a decision for the search bot




def _solver_ready(wait: float) -> bool:
    """True once the solver's kernels are loaded (waits at most ``wait`` seconds)."""
    from solvers.doubledummy import solver as dd
    return dd.kernels_ready_within(wait)


def hint(state: AgramState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The card to play by sampled double dummy (``iterations``: sampled deals, no clock);
    the rules of thumb when the budget is too small for one sampled deal."""
    from solvers.games.agram_search import card_hint
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        card = parse_card(legal[0].args[0]).pretty()
        words = "your last card goes to the last trick" if state.tricks_left == 1 else \
            "the only card you may play"
        return Hint(legal[0], f"{words} ({card})", {"kind": "forced"}, [], method="exact")
    timed = not (iterations is not None and budget is None)
    deadline = None
    if timed:
        budget = DEFAULT_BUDGET if budget is None else budget
        start = time.perf_counter()
        if budget < MIN_SAMPLED_BUDGET:
            return heuristic_hint(state, seat)
        if not _solver_ready(budget * SOLVER_WAIT_SHARE):
            fallback = heuristic_hint(state, seat)
            fallback.reason += " (the sampled search is still being prepared)"
            return fallback
        deadline = start + budget
    found = card_hint(state, seat, samples=iterations, deadline=deadline, rng=rng or Rng(0), solver=_solver())
    return found if found is not None else heuristic_hint(state, seat)


_LOCAL = threading.local()


def _solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver()
    return solver


def search_bot(state: AgramState, seat: int, rng: Rng) -> Action:
    """Sampled double dummy with the rules of thumb as the others' model (48 deals a card)."""
    from solvers.games.agram_search import card_table, best_card
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    table = card_table(state, seat, samples=SEARCH_SAMPLES, deadline=None, rng=rng.fork("agram"),
                       solver=_solver())
    return Action("play", (str(best_card(state, seat, table)),))


# the generic search (its rollouts play the rules of thumb) stays available as a hint engine
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
