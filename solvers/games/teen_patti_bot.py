"""Teen Patti's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.teen_patti_play`).
* ``always-raise``: bets the most it may every turn, blind while allowed (a benchmark foil).
* ``search``: every kind of move (and the smallest, a middle and the largest bet) tried on
  the same deals of the unseen cards, drawn by the range model, each deal finished by the
  players' kinds (:mod:`solvers.games.teen_patti_search`); the move that gains most chips
  by the end of the deal is played.
* The hint runs the same search within its budget and gives the seat's equity: how often
  its hand (unknown to a blind player) beats the hands the others' moves point to.
"""

from __future__ import annotations

from solvers.cards import Rng, parse_card
from solvers.game import Action, Hint
from solvers.games.teen_patti import ACCEPT, LOOK, REFUSE, TeenPattiState
from solvers.games.teen_patti_play import action_for, always_raise_bot, context_of, distribution, heuristic_bot
from solvers.games.teen_patti_hands import A23_PLACES, percentile
from solvers.games.teen_patti_search import equity, evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "warm_up", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 40       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
EQUITY_SAMPLES = 200


def thumb_action(state: TeenPattiState, seat: int) -> Action:
    """The rules of thumb's likeliest move for ``seat``."""
    ctx = context_of(state, seat)
    p = percentile(state.hands[seat], state.options.a23) if state.seen[seat] else None
    dist = distribution(ctx, p)
    return action_for(state, seat, max(dist, key=dist.get))


def search_bot(state: TeenPattiState, seat: int, rng: Rng) -> Action:
    """Play the move that gains most chips over deals drawn by the range model."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return evaluate(state, seat, rng.fork("teen-patti-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=thumb_action(state, seat)).best.action


def _situation(state: TeenPattiState, seat: int, share: float) -> str:
    if state.asked:
        return (f"your hand beats the asker's in {share:.0%} of the hands a player who asks for a "
                f"compromise after betting like this would hold")
    if not state.seen[seat]:
        return (f"you have not looked, so your hand is any hand: it is the best in {share:.0%} of the "
                f"deals consistent with how the others bet")
    return f"you win {share:.0%} against the hands that bet like this"


def hint(state: TeenPattiState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with the seat's equity against the others' ranges.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    rng = rng or Rng("teen-patti-hint")
    legal = state.legal_actions(seat)
    against = state.asked[0] if state.asked else None
    share = equity(state, seat, rng.fork("equity"), EQUITY_SAMPLES if iterations is None else 40 * iterations,
                   against=against)
    situation = _situation(state, seat, share)
    if len(legal) == 1:
        return Hint(legal[0], f"{legal[0].notation} is your only move; {situation}",
                    {"kind": "forced", "equity": round(share, 3)}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    thumb = thumb_action(state, seat)
    result = evaluate(state, seat, rng.fork("search"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.7, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    reason = (f"{best.action.notation}: {situation}. Over {result.samples} such deals played out, "
              f"{best.action.notation} ends the deal {best.mean:+.1f} chips from now on average "
              f"(won the pot {best.win_share:.0%} of the time); next best {runner.action.notation} "
              f"({runner.mean:+.1f})")
    if best.action.kind == LOOK:
        reason += ". Looking costs nothing now but every bet after it costs double"
    elif best.action.kind in (ACCEPT, REFUSE):
        reason += ". The loser of a compromise folds; a tie folds the asker"
    evaluation = {"kind": "sampled", "equity": round(share, 3), "samples": result.samples,
                  "value": round(best.mean, 3), "win_share": round(best.win_share, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "value": round(c.mean, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot, "always-raise": always_raise_bot}


def warm_up() -> None:
    """Rank all 22,100 three-card hands once per A-2-3 place (about a second), so no
    hint spends its budget building the table."""
    hand = [parse_card(c) for c in ("2C", "5D", "9H")]
    for place in A23_PLACES:
        percentile(hand, place)
