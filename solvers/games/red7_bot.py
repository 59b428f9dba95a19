"""Red7's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.red7_play`): spend as few cards
  as possible, and leave a palette that wins under as many rules as possible.
* ``search``: the best turns tried on the same sampled deals of the unseen cards, each
  round played out by the rules of thumb (:mod:`solvers.games.red7_search`).
* The hint does the same within its budget and says how often each turn survived to win
  the round.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.red7 import CONCEDE, Red7State
from solvers.games.red7_play import heuristic_bot, heuristic_choice
from solvers.games.red7_search import evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 16       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: Red7State, seat: int, rng: Rng) -> Action:
    """Play the turn worth most over sampled deals played out by the rules of thumb."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = heuristic_choice(state, seat)[0]
    return evaluate(state, seat, rng.fork("red7-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=prefer).best.action


def hint(state: Red7State, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's turn for ``seat``, with how often each turn went on to win the round.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        _, why = heuristic_choice(state, seat)
        return Hint(legal[0], f"no choice: {why}", {"kind": "forced"}, [], method="exact")
    thumb, why = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("red7-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    unit = "points" if state.options.scoring == "advanced" else "rounds"
    reason = (f"{best.action.notation}: over {result.samples} deals of the cards you cannot see (the other "
              f"hands and the deck), each round played out, you went on to win the round "
              f"{best.win_share:.0%} of the time, {best.mean:+.1f} {unit} for you on average; next best "
              f"{runner.action.notation} ({runner.win_share:.0%}, {runner.mean:+.1f})")
    if best.action.kind == CONCEDE:
        reason += (". Conceding now ends your round before the leader's palette grows: every turn you could "
                   "take does worse on average")
    elif best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "win_share": round(best.win_share, 3),
                  "value": round(best.mean, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
