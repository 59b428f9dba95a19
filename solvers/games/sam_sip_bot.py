"""Sam Sip's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.sam_sip_play`): keep pairs and wild
  cards, throw the single card with the fewest unseen partners, take the offered card only
  when it makes the hand better, count the outs.
* ``search``: every choice (draw or take; each card to discard but a wild one) tried on the
  same sampled deals of the unseen cards, each deal played out by the rules of thumb and
  valued by the chances of winning it (:mod:`solvers.games.sam_sip_search`); the best is
  played when it beats the rule of thumb's choice by ``SEARCH_MARGIN`` (discards) or
  ``DRAW_MARGIN`` (draw or take) standard errors of the paired difference, else the rule
  of thumb's.
* The hint does the same within its budget and names the hand plan and the outs it leaves.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.sam_sip import DISCARD, SamSipState
from solvers.games.sam_sip_play import _unseen_counts, describe_hand, heuristic_bot, heuristic_choice, outlook, \
    unseen_cards
from solvers.games.sam_sip_search import evaluate
from solvers.ismcts import SearchConfig
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 64       # sampled deals a decision for the search bot (the time limit binds first)
SEARCH_BUDGET = 0.5       # the search bot's time limit a decision
SEARCH_MARGIN = 1.5       # standard errors by which a discard must beat the rule of thumb's to be played
DRAW_MARGIN = 1.0         # the same for draw or take: two choices only, and the rule of thumb's weakest
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def _margin(state: SamSipState) -> float:
    """Standard errors by which the search must beat the rule of thumb at this decision."""
    return SEARCH_MARGIN if state.phase == DISCARD else DRAW_MARGIN


def search_bot(state: SamSipState, seat: int, rng: Rng) -> Action:
    """Play the choice worth most over sampled deals played out by the rules of thumb, unless
    it beats the rule of thumb's own choice by less than ``SEARCH_MARGIN`` standard errors
    (``DRAW_MARGIN`` for draw or take: the rule of thumb takes a card that does not win without
    weighing the chance a stock card would have won at once, and the search sees that)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = heuristic_choice(state, seat)[0]
    result = evaluate(state, seat, rng.fork("sam-sip-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                      prefer=prefer)
    return keep_unless_clearly_better(result, prefer, _margin(state))[0].action


def _plan_after(state: SamSipState, seat: int, action: Action) -> str:
    """What the hand looks like after a discard: its pairs, singles and winning outs."""
    card = next(c for c in state.hands[seat] if str(c) == action.args[0])
    rest = tuple(c for c in state.hands[seat] if c != card)
    counts = _unseen_counts(unseen_cards(state, seat), state.wild)
    look = outlook(rest, counts, state.wild, state.options.wilds_in_specials)
    return (f"keeps {describe_hand(rest, state.wild)} with {look.outs} unseen card(s) that would win at once; "
            f"{card.pretty()} completes the least")


def hint(state: SamSipState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's choice for ``seat``, with the outs it leaves and its share of wins.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    thumb, why = heuristic_choice(state, seat)
    if len(legal) == 1:
        return Hint(legal[0], f"no choice: {why}", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("sam-sip-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best = keep_unless_clearly_better(result, thumb, _margin(state))[0]
    others = [c for c in result.ranked if c is not best]
    if best.action.kind == DISCARD:
        plan = _plan_after(state, seat, best.action)
    else:
        plan = "the card offered helps your hand" if best.action.kind == "take" else \
            "the card offered does not help your hand enough"
    reason = (f"{best.action.notation}: {plan}. Over {result.samples} deals of the cards you cannot see (the "
              f"other hands and the stock), each played out and valued by its chances, you won the deal {best.win_share:.0%} of the time "
              f"(value {best.mean:+.2f} stakes)")
    if others:
        runner = others[0]
        reason += f"; next best {runner.action.notation} ({runner.mean:+.2f}"
        reason += ", not clearly better over so few deals)" if runner.mean > best.mean else ")"
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
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
