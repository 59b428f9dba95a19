"""Xeri's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.xeri_play`): capture when you
  can, count the ranks, never leave a lone card the opponent is likely to take xeri.
* ``search``: every card tried on the same sampled deals of the unseen cards, each hand
  finished by the rules of thumb (:mod:`solvers.games.xeri_search`); the best is played.
* The hint does the same within its budget and says what each card is worth on average.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint, card_action
from solvers.games.xeri import PLAY, XeriState
from solvers.games.xeri_play import heuristic_bot, heuristic_choice
from solvers.games.xeri_search import evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 20       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: XeriState, seat: int, rng: Rng) -> Action:
    """Play the card worth most over sampled deals played out by the rules of thumb."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = card_action(PLAY, heuristic_choice(state, seat)[0])
    return evaluate(state, seat, rng.fork("xeri-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=prefer).best.action


def hint(state: XeriState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's card for ``seat``, with what each card is worth on average.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "your last card: the only one you can play", {"kind": "forced"}, [],
                    method="exact")
    thumb_card, why = heuristic_choice(state, seat)
    thumb = card_action(PLAY, thumb_card)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("xeri-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    reason = (f"{best.action.notation}: over {result.samples} deals of the cards you cannot see (your "
              f"opponent's hand and the stock), each hand played out, it left you {best.mean:+.1f} points "
              f"ahead on average and won the hand {best.win_share:.0%} of the time; next best "
              f"{runner.action.notation} ({runner.mean:+.1f})")
    if best.action == thumb:
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
