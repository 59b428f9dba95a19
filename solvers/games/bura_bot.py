"""Bura's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.bura_play`).
* ``search``: a claim is decided exactly (the seat remembers its tricks: 31 or more is a
  true claim, anything less a false one); every other decision (lead, answer, announcing
  a combination, keeping the lead) by the paired sampled search of
  :mod:`solvers.games.bura_search`: every move tried on the same sampled deals, played
  out by the rules of thumb. Multi-card tricks and claims do not fit the double-dummy
  solver, so there is no ``TRICK_ADAPTER``; ``SEARCH`` tunes the generic
  information-set search (rollouts by the rules of thumb) for callers that ask for it.
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
from solvers.games.bura_search import SampledResult, sampled_search
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "claim_decision"]

SEARCH = SearchConfig(exploration=0.7, rollout=heuristic_bot, widen_base=6, keep_margin=1.0)
SEARCH_SAMPLES = 80        # sampled deals a decision for the search bot
SEARCH_BUDGET = 2.0        # ... or seconds, whichever ends first
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
    """Exact claims; every other move by the paired sampled search."""
    exact = claim_decision(state, seat)
    if exact is not None:
        return exact.action
    legal = [a for a in state.legal_actions(seat) if a.kind != CLAIM]
    if len(legal) == 1:
        return legal[0]
    return sampled_search(state, seat, rng=rng.fork("search"), samples=SEARCH_SAMPLES,
                          budget=SEARCH_BUDGET).chosen.action


def hint(state: BuraState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Claims exactly; leads, answers and announcements by the paired sampled search
    (``iterations``: sampled deals)."""
    if mode not in (None, "assisted"):
        raise CardsageError(f"bura has no hint mode {mode!r}; modes: assisted", field="mode")
    exact = claim_decision(state, seat, assisted=mode == "assisted")
    if exact is not None:
        return exact
    legal = [a for a in state.legal_actions(seat) if a.kind != CLAIM]
    if len(legal) == 1:
        return Hint(legal[0], "the only move besides a claim, which would be false now", {"kind": "forced"}, [],
                    method="exact")
    if budget is None and iterations is None:
        budget = DEFAULT_BUDGET
    # keep back a little of the budget for everything around the search
    budget = None if budget is None else max(0.05, budget * 0.85)
    result = sampled_search(state, seat, rng=rng or Rng("hint"), samples=iterations, budget=budget)
    return hint_from(state, seat, result)


def hint_from(state: BuraState, seat: int, result: SampledResult) -> Hint:
    """A hint a player can read from the sampled search's result."""
    best = result.chosen
    thumb, why = heuristic_choice(state, seat)
    reason = (f"{best.action.notation}: tried on {result.samples} deals of the cards you cannot see, each played "
              f"out to the end of the deal; on average it ends {_signed(best.mean)} chips against the others")
    runner = next((a for a in result.arms if a is not best), None)
    if runner is not None:
        reason += f" (next best {runner.action.notation}: {_signed(runner.mean)})"
    if best.action == thumb:
        reason += f"; rule of thumb: {why}"
    if result.kept_prior:
        reason += "; no other move did clearly better"
    evaluation = {"kind": "sampled", "samples": result.samples, "expected_chips": round(best.mean, 3),
                  "rules_of_thumb_kept": result.kept_prior, "elapsed_s": round(result.elapsed, 3)}
    alternatives = [{"action": a.action.to_json(), "expected_chips": round(a.mean, 3)}
                    for a in result.arms if a is not best]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _signed(x: float) -> str:
    return "level" if abs(x) < 0.005 else f"{x:+.2f}"


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
