"""Sedma's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.sedma_play`).
* ``search``: every distinct move (one card per rank, or ``stop``) tried on the same
  sampled deals of the unseen cards and played out by the rules of thumb
  (:mod:`solvers.games.sedma_search`); the one that wins the deal most often is played.
* The hint does the same for every decision (lead, card, continue or stop), within its
  budget, and says how often each move won the deal.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.sedma import STOP, SedmaState
from solvers.games.sedma_play import heuristic_bot, heuristic_choice
from solvers.games.sedma_search import candidates, evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 40       # sampled deals a decision for the search bot
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
SEARCH_BUDGET = 2.0       # the search bot's time limit a decision


def search_bot(state: SedmaState, seat: int, rng: Rng) -> Action:
    """Play the move that wins the deal most often over sampled deals played out by the
    rules of thumb; a move with no real alternative costs nothing."""
    choices = candidates(state, seat)
    if len(choices) == 1:
        return choices[0]
    prefer = heuristic_choice(state, seat)[0]
    return evaluate(state, seat, rng.fork("sedma-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=_representative(prefer, choices)).best.action


def hint(state: SedmaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with how often each move won the deal.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    choices = candidates(state, seat)
    thumb, why = heuristic_choice(state, seat)
    if len(choices) == 1:
        return Hint(choices[0], "all your cards are of one rank, and suits do not matter in Sedma: "
                    "any of them plays the same", {"kind": "equivalent"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("sedma-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9,
                      prefer=_representative(thumb, choices))
    best = result.best
    reason = (f"{_describe(best.action)}: over {result.samples} deals of the cards you cannot see, "
              f"each played out by rules of thumb, your side won the deal {best.win_share:.0%} of the time")
    runner = result.ranked[1]
    reason += f"; next best {_describe(runner.action)} ({runner.win_share:.0%})"
    if best.action.args:
        reason += "; suits do not matter, so any card of the same rank plays the same"
    if best.action == _representative(thumb, choices):
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "win_share": round(best.win_share, 3),
                  "value": round(best.mean, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _representative(action: Action, choices: list[Action]) -> Action:
    """The candidate that plays the same as ``action`` (a card of the same rank, or stop)."""
    if not action.args:
        return action
    rank = action.args[0][:-1]
    return next(c for c in choices if c.args and c.args[0][:-1] == rank)


def _describe(action: Action) -> str:
    if action.kind == STOP:
        return "stop the trick"
    return action.notation


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
