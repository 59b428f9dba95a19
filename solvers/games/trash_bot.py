"""Trash's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.trash_play`): take a fitting
  discard, swap naturals for jacks, put a jack on the slot least likely to fill by itself.
* ``search``: each choice tried on the same sampled deals of the face-down cards, each
  hand played out by the rules of thumb (:mod:`solvers.games.trash_search`); the rule of
  thumb's choice is kept unless another is clearly better on those deals.
* The hint does the same within its budget and says how often each choice won the hand.
  Most of a turn is no choice at all (a card either fits or it does not): the hint then
  says so plainly.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.trash import DRAW, JACK, OFFER_SWAP, PLACE_JACK, START, SWAP, TAKE, TrashState
from solvers.games.trash_play import heuristic_bot, heuristic_choice
from solvers.games.trash_search import evaluate
from solvers.ismcts import SearchConfig
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 24       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
SEARCH_MARGIN = 1.0       # standard errors another choice must gain to overrule the rule of thumb
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: TrashState, seat: int, rng: Rng) -> Action:
    """The rule of thumb's choice unless another wins clearly more hands on the same sampled deals."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prior = heuristic_choice(state, seat)[0]
    result = evaluate(state, seat, rng.fork("trash-search"), legal, samples=SEARCH_SAMPLES,
                      budget=SEARCH_BUDGET, prefer=prior)
    return keep_unless_clearly_better(result, prior, SEARCH_MARGIN)[0].action


def _forced(state: TrashState, seat: int, action: Action) -> Hint:
    """The hint where there is nothing to choose, saying so."""
    if action.kind == DRAW:
        top = state.discard[-1] if state.discard else None
        why = ("nothing to choose: the discard pile is empty, so you draw from the stock" if top is None else
               f"nothing to choose: the {top} on the discard pile does not fit your layout, so you draw from "
               f"the stock")
    elif action.kind == TAKE:
        why = f"nothing to choose: the {action.args[0]} fits your layout and a fitting discard must be taken"
    else:
        why = "nothing to choose: this is the only move"
    return Hint(action, why, {"kind": "forced"}, [], method="exact")


_DECISION = {
    START: "taking the discard or drawing from the stock",
    PLACE_JACK: "where the jack goes",
    OFFER_SWAP: "swapping the card for the jack in your layout or keeping the jack there",
}


def hint(state: TrashState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's choice for ``seat``, with how often each choice won the hand.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return _forced(state, seat, legal[0])
    thumb, why = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("trash-hint"), legal, samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    reason = (f"{_words(best.action)}: over {result.samples} deals of the face-down cards and the stock "
              f"(nobody has seen them), each hand played out, you won the hand {best.win_share:.0%} of the time "
              f"after it, against {runner.win_share:.0%} after {_words(runner.action)}")
    if abs(best.mean - runner.mean) < 1e-9:
        reason += "; the choices came out even, so it matters little here"
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    else:
        reason += f". Rule of thumb would say: {why}"
    if state.phase == PLACE_JACK:
        reason += (". Where a jack goes changes your chance of winning the hand very little: any face-down "
                   "slot is close to as good as another")
    evaluation = {"kind": "sampled", "decision": _DECISION[state.phase], "samples": result.samples,
                  "win_share": round(best.win_share, 3), "value": round(best.mean, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _words(action: Action) -> str:
    """An action as a player would say it."""
    if action.kind == TAKE:
        return f"take the {action.args[0]}"
    if action.kind == DRAW:
        return "draw from the stock"
    if action.kind == JACK:
        return f"jack on slot {action.args[0]}"
    if action.kind == SWAP:
        return "swap for the jack"
    return "keep the jack and discard"


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
