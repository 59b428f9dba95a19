"""Seven Rummy's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.seven_rummy_play`), every decision
  from the best meld plan of the shared meld solver.
* ``search``: the claims, the draw and the discard (the rules of thumb's card and the next
  best two) tried on the same sampled deals of the unseen cards (the others' hands weighed
  by the cards they were seen to refuse), each played on by the rules
  of thumb to the end of the hand (:mod:`solvers.games.seven_rummy_search`); the rules of
  thumb's move is kept unless another is clearly better on those deals. A first meld (while
  nothing is laid and the one-turn double is open) is tried against holding the melds back
  and discarding; other melds and lay-offs are the rules of thumb's.
* The hint does the same within its budget, with any discard also tried in the meld phase
  (holding the melds back), and names the meld plan behind the move.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.seven_rummy import SevenRummyState
from solvers.games.seven_rummy_play import heuristic_bot, heuristic_choice
from solvers.games.seven_rummy_search import candidates, evaluate
from solvers.ismcts import SearchConfig
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot"]

SEARCH_SAMPLES = 40       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.6       # the search bot's time limit a decision (a guard on a loaded machine)
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
MARGIN = 2.0              # standard errors another move must gain to replace the rules of thumb's


def search_bot(state: SevenRummyState, seat: int, rng: Rng) -> Action:
    """The rules of thumb's move unless the sampled search finds one clearly better."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prior = heuristic_choice(state, seat)[0]
    if len(candidates(state, seat, prior)) == 1:
        return prior
    result = evaluate(state, seat, rng.fork("seven-rummy-search"), prior=prior, samples=SEARCH_SAMPLES,
                      budget=SEARCH_BUDGET)
    if len(result.ranked) == 1:
        return prior
    return keep_unless_clearly_better(result, prior, MARGIN)[0].action


def hint(state: SevenRummyState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat`` with the meld plan behind it.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    prior, why = heuristic_choice(state, seat)
    if len(legal) == 1:
        return Hint(legal[0], f"no choice here: {why}", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("seven-rummy-hint"), prior=prior, samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, wide=True)
    if len(result.ranked) == 1:
        return Hint(prior, why, {"kind": "plan"}, [], method="heuristic")
    best, kept = keep_unless_clearly_better(result, prior, MARGIN)
    others = [c for c in result.ranked if c is not best]
    runner = others[0]
    reason = (f"{best.action.notation}: over {result.samples} deals of the cards you cannot see (the other "
              f"hands and the stock), played on, it was worth {best.mean:+.1f} on average against "
              f"{runner.mean:+.1f} for {runner.action.notation}")
    if best.action == prior:
        reason += f". {why[0].upper()}{why[1:]}"
        if kept and result.best is not best:
            reason += f" ({result.best.action.notation} did not do clearly better on these deals)"
    evaluation = {"kind": "sampled", "samples": result.samples, "win_share": round(best.win_share, 3),
                  "value": round(best.mean, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in others]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
