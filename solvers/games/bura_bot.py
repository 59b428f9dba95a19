"""Bura's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.bura_play`).
* ``search``: a claim is decided exactly (the seat remembers its tricks: 31 or more is a
  true claim, anything less a false one); every other decision (lead, answer, announcing
  a combination, keeping the lead) by the generic information-set search, whose rollouts
  play the rules of thumb. Multi-card tricks and claims do not fit the double-dummy
  solver, so there is no ``TRICK_ADAPTER``.
* The hint does the same within its budget. In the default mode its reason never states
  the seat's card points (at the table they must be remembered); the ``assisted`` mode
  says them.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, Hint
from solvers.games.bura import CLAIM, LAST, PASS, BuraState
from solvers.games.bura_cards import CLAIM_TARGET
from solvers.games.bura_play import heuristic_bot, heuristic_choice
from solvers.ismcts import SearchConfig, search, search_hint

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "claim_decision"]

SEARCH = SearchConfig(exploration=0.7, rollout=heuristic_bot, widen_base=6, keep_margin=1.0)
SEARCH_ITERATIONS = 120    # simulations a decision for the search bot
SEARCH_BUDGET = 1.0        # ... or seconds, whichever ends first
DEFAULT_BUDGET = 1.0


def claim_decision(state: BuraState, seat: int, assisted: bool = False) -> Hint | None:
    """The exact answer where a claim is the question: claim with 31 or more; after the last
    trick, pass with less. None when the seat has other decisions to weigh."""
    legal = state.legal_actions(seat)
    points = state.points_of(seat)
    said = f" ({points} card points)" if assisted else ""
    if points >= CLAIM_TARGET and Action(CLAIM) in legal:
        return Hint(Action(CLAIM), f"your tricks hold 31 or more{said}: claim now and take the pot",
                    {"kind": "exact", "claim": "true"}, [], method="exact")
    if state.phase == LAST:
        return Hint(Action(PASS), f"your tricks hold 30 or fewer{said}: a claim would be false and double "
                                  f"the pot; let the deal be thrown in", {"kind": "exact", "claim": "false"}, [],
                    method="exact")
    return None


def search_bot(state: BuraState, seat: int, rng: Rng) -> Action:
    """Exact claims; the generic search for everything else."""
    exact = claim_decision(state, seat)
    if exact is not None:
        return exact.action
    legal = [a for a in state.legal_actions(seat) if a.kind != CLAIM]
    if len(legal) == 1:
        return legal[0]
    return search(state, seat, rng=rng.fork("search"), budget=SEARCH_BUDGET, iterations=SEARCH_ITERATIONS,
                  config=SEARCH).best.action


def hint(state: BuraState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Claims exactly; leads, answers and announcements by the information-set search."""
    if mode not in (None, "assisted"):
        raise CardsageError(f"bura has no hint mode {mode!r}; modes: assisted", field="mode")
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    exact = claim_decision(state, seat, assisted=mode == "assisted")
    if exact is not None:
        return exact
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    if budget is None and iterations is None:
        budget = DEFAULT_BUDGET
    result = search_hint(state, seat, budget, rng=rng, iterations=iterations, config=SEARCH)
    if result.action.kind == CLAIM:
        # never recommend a false claim on the strength of a noisy search
        action, why = heuristic_choice(state, seat)
        return Hint(action, why + " (a claim now would be false)", {"kind": "heuristic"}, [], method="heuristic")
    thumb, why = heuristic_choice(state, seat)
    if thumb == result.action:
        result.reason += f"; the rules of thumb agree: {why}"
    return result


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
