"""Polish Polka's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.polish_polka_play`): value each
  column by its expected score, take the discard when it saves more than a stock card is
  expected to, swap where a card saves most, go out only when not behind.
* ``search``: the rules of thumb's move and the few real alternatives (discard, the places
  a card lowers most, going out; pass or turn a card) tried on the same sampled deals of
  the unseen cards, each hole played out by the rules of thumb
  (:mod:`solvers.games.polish_polka_search`). It leaves the rules of thumb's move only when another is clearly better on the same
  deals (a paired gain of more than two standard errors): with a handful of deals a
  decision, picking the best of several noisy means alone played worse than the rules
  of thumb it plays out with.
* The hint does the same within its budget for the draw, the swap and the flip (every
  legal move), and says what each move is worth on average. Turning the two cards at
  setup takes no skill (every face-down card is equally unknown) and the hint says so.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.polish_polka import AFTER_DISCARD, CHOOSE, PLACE, REVEAL, PolkaState
from solvers.games.polish_polka_play import heuristic_bot, heuristic_choice
from solvers.games.polish_polka_search import candidates, evaluate
from solvers.paired_search import keep_unless_clearly_better
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 32       # sampled deals a decision for the search bot
SEARCH_BUDGET = 0.5       # the search bot's time limit a decision
CLEAR_MARGIN = 2.0        # standard errors of paired gain needed to overrule the rule of thumb
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given

_DECISION = {CHOOSE: "where to draw from", PLACE: "where the card goes", AFTER_DISCARD: "whether to turn a card"}


def search_bot(state: PolkaState, seat: int, rng: Rng) -> Action:
    """Play the move worth most over sampled deals played out by the rules of thumb."""
    legal = state.legal_actions(seat)
    thumb = heuristic_choice(state, seat)[0]
    if len(legal) == 1 or state.phase == REVEAL:
        return thumb
    moves = candidates(state, seat, thumb)
    if len(moves) == 1:
        return thumb
    result = evaluate(state, seat, rng.fork("polka-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                      prefer=thumb, moves=moves)
    return keep_unless_clearly_better(result, thumb, CLEAR_MARGIN)[0].action


def hint(state: PolkaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with what each move is worth on average.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default). The setup's two turned cards get the rule
    of thumb and a plain word that the choice takes no skill."""
    legal = state.legal_actions(seat)
    thumb, why = heuristic_choice(state, seat)
    if state.phase == REVEAL:
        return Hint(thumb, "no skill here: " + why, {"kind": "no-skill"},
                    [{"action": a.to_json()} for a in legal if a != thumb], method="heuristic")
    if len(legal) == 1:
        return Hint(legal[0], "the only move you have", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("polka-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, kept = keep_unless_clearly_better(result, thumb, CLEAR_MARGIN)
    ranked = [best] + [c for c in result.ranked if c is not best]
    runner = ranked[1]
    reason = (f"{best.action.notation} ({_DECISION[state.phase]}): over {result.samples} deals of the cards "
              f"nobody has seen (the stock and every face-down card, yours too), each hole played out, it "
              f"left you {_margin(best.mean)} the others' average hole score and lowest in the hole "
              f"{best.win_share:.0%} of the time; next best {runner.action.notation} ({runner.mean:+.1f})")
    if kept:
        reason += (f"; {result.best.action.notation} did a little better on these deals, but not clearly "
                   f"enough to leave the rule of thumb")
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "decision": state.phase, "samples": result.samples,
                  "win_share": round(best.win_share, 3), "value": round(best.mean, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _margin(value: float) -> str:
    """A margin in words: lower scores are better."""
    if abs(value) < 0.05:
        return "level with"
    return f"{abs(value):.1f} points {'below' if value > 0 else 'above'}"


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
