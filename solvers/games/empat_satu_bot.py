"""Empat Satu's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.empat_satu_play`).
* ``search``: every choice tried on the same sampled deals of the unseen cards, the hand
  played out by the rules of thumb (:mod:`solvers.games.empat_satu_search`); the best is
  played.
* The hint does the same within its budget for every decision (draw or take, stop,
  end, discard) and names the plan: which suit to keep, for how much, and why the card
  goes. A decision with one legal action is said to be forced.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.empat_satu import DISCARD, DRAW, END, STOP, TAKE, EmpatSatuState
from solvers.games.empat_satu_cards import best_suit, hand_value
from solvers.games.empat_satu_play import (best_discard, heuristic_bot, heuristic_choice, show, stop_bar,
                                           suit_name, take_gain)
from solvers.games.empat_satu_search import evaluate
from solvers.ismcts import SearchConfig
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "plan", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 30       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
SEARCH_MARGIN = 1.0       # standard errors by which a move must beat the rule of thumb's to replace it
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: EmpatSatuState, seat: int, rng: Rng) -> Action:
    """Take the action worth most over sampled deals played out by the rules of thumb."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = heuristic_choice(state, seat)[0]
    result = evaluate(state, seat, rng.fork("empat-satu-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                      prefer=prefer)
    return keep_unless_clearly_better(result, prefer, SEARCH_MARGIN)[0].action


def plan(state: EmpatSatuState, seat: int, action: Action) -> str:
    """What ``action`` aims at, in a player's words: the suit kept and what the hand is worth."""
    hand = state.hands[seat]
    value = hand_value(hand)
    if action.kind == DISCARD:
        card = next(c for c in hand if str(c) == action.args[0])
        rest = [c for c in hand if c != card]
        suit = best_suit(rest)
        keep = f"keep the {suit_name(suit)} for {hand_value(rest)} ({show(rest)})"
        if card.suit != suit:
            if all(card.suit != c.suit for c in rest):
                return f"{keep}; discard {card.pretty()}: it counts against you whichever suit you keep"
            return f"{keep}; discard {card.pretty()}: it counts against your {suit_name(suit)}"
        return f"{keep}; {card.pretty()} is the card of that suit you need least"
    if action.kind == TAKE:
        offer = state.offer
        five = list(hand) + [offer]
        rest = [c for c in five if c != best_discard(five, offer)]
        return (f"take {offer.pretty()}: with it you can keep the {suit_name(best_suit(rest))} for "
                f"{hand_value(rest)} (now {value}, {take_gain(hand, offer):+d})")
    if action.kind == STOP:
        rounds = state.turns_done // state.players
        return (f"stop now: your four {suit_name(hand[0].suit)} count {value} (the rule of thumb stops "
                f"from {stop_bar(rounds)} at this stage)")
    if action.kind == END:
        offer = state.offer
        return ("end the play: the stock is empty" +
                (f" and {offer.pretty()} would not improve your {value}" if offer is not None else ""))
    offer = state.offer
    why = f"draw from the stock: your hand is worth {value} ({suit_name(best_suit(hand))})"
    if offer is not None:
        why += f"; taking {offer.pretty()} would change it by {take_gain(hand, offer):+d} and show your suit"
    if len({c.suit for c in hand}) == 1:
        why += "; play on rather than stop, the hand can still improve"
    return why


def _forced(state: EmpatSatuState, action: Action) -> str:
    if action.kind == DRAW:
        if not state.discards:
            return "draw from the stock: nothing has been discarded yet, so there is no choice"
        return "draw from the stock: there is no other choice"
    if action.kind == END:
        return "the stock is empty and there is no discard to take: play ends, no choice"
    return f"{action.notation}: the only legal move, no choice"


def hint(state: EmpatSatuState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's action for ``seat`` with its plan and how often it won the hand.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], _forced(state, legal[0]), {"kind": "forced"}, [], method="exact")
    thumb, _ = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("empat-satu-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    cumulative = state.options.match == "cumulative"
    reason = (f"{plan(state, seat, best.action)}. Over {result.samples} deals of the cards you cannot see "
              f"(the other hands and the stock), each hand played out, this won the hand {best.win_share:.0%} "
              f"of the time")
    if cumulative:
        reason += f" and left you {best.mean:+.1f} points ahead of the others on average"
    reason += f"; {runner.action.notation} next ({runner.win_share:.0%})"
    if best.action == thumb:
        reason += "; the rule of thumb agrees"
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
