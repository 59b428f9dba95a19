"""Old Maid's players and hints.

A blind draw has no edge: the drawer cannot tell the offered cards apart, so every place
is as likely as another to hold any of them. The only other decision, arranging the hand
when the offerer orders it, matters only against a drawer with habits.

* ``heuristic``: draw from a place chosen at random (being unpredictable is all there is);
  when arranging, move one card chosen at random to the front, then offer.
* ``search``: every legal move tried on the same sampled deals of the unseen cards
  (:func:`solvers.paired_search.evaluate` with :func:`old_maid_odds.consistent_deal`),
  each hand played out with blind draws, the heuristic's move kept unless another is
  clearly better. In a blind game nothing is, so it plays like the heuristic.
* The hint says plainly that the decision has no skill and gives the seat's chance of
  being left with the old maid: exact with two hands left, sampled with more.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint, card_action
from solvers.games.old_maid import DRAW, FRONT, OFFER, OldMaidState
from solvers.games.old_maid_odds import consistent_deal, loss_chance, play_out_blind
from solvers.ismcts import SearchConfig
from solvers.paired_search import evaluate, keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "heuristic_bot", "search_bot"]

SEARCH_SAMPLES = 8         # sampled deals a decision for the search bot
KEEP_MARGIN = 2.0          # standard errors another move must gain to replace the heuristic's
HINT_SAMPLES = 300         # deals sampled for a hint's chance when more than two hands are left
DEFAULT_BUDGET = 1.0


def heuristic_bot(state: OldMaidState, seat: int, rng: Rng) -> Action:
    """Draw from a random place; when arranging, move one random card to the front, then offer."""
    if state.arranging:
        hand = state.hands[seat]
        if state.moves == 0 and len(hand) > 1:
            return card_action(FRONT, hand[1 + rng.below(len(hand) - 1)])
        return Action(OFFER)
    return Action(DRAW, (str(1 + rng.below(len(state.hands[state.offerer]))),))


def _escaped(world: OldMaidState, seat: int, rng: Rng) -> tuple[bool, float]:
    loser = play_out_blind(world, rng)
    return loser != seat, 1.0 if loser != seat else 0.0


def _candidates(state: OldMaidState, legal: list[Action], prior: Action) -> list[Action]:
    """The moves worth comparing. Places in a hand shuffled before the draw are alike, so a
    few stand for all (the heuristic's, the first, the middle and the last)."""
    if state.arranging or state.options.offerer_orders:
        return legal
    picks = [prior, legal[0], legal[len(legal) // 2], legal[-1]]
    return list(dict.fromkeys(picks))


def search_bot(state: OldMaidState, seat: int, rng: Rng) -> Action:
    """The move that escaped the old maid most often over sampled deals, played out blind;
    the heuristic's move unless another is clearly better."""
    legal = state.legal_actions(seat)
    prior = heuristic_bot(state, seat, rng.fork("prior"))
    if len(legal) == 1:
        return legal[0]
    result = evaluate(state, seat, rng.fork("old-maid-search"), candidates=_candidates(state, legal, prior),
                      outcome=lambda world, r: _escaped(world, seat, r), samples=SEARCH_SAMPLES,
                      prefer=prior, deal=consistent_deal)
    return keep_unless_clearly_better(result, prior, KEEP_MARGIN)[0].action


def hint(state: OldMaidState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Say that the decision has no skill, and give ``seat``'s chance of ending with the old maid.

    ``iterations`` fixes the number of sampled deals for the chance (used only when more
    than two hands hold cards); otherwise a fixed number is sampled."""
    samples = iterations if iterations is not None else HINT_SAMPLES
    limit = None if iterations is not None else 0.8 * (budget if budget is not None else DEFAULT_BUDGET)
    chance, how, used = loss_chance(state, seat, rng or Rng("old-maid-hint"), samples, limit)
    odds = (f"your chance of being left with the old maid is {chance:.0%}"
            + (" (exact)" if how == "exact" else f" (estimated from {used} deals of the cards you cannot see)"))
    evaluation = {"kind": "no-skill", "loss_chance": round(chance, 4), "chance_method": how, "samples": used}
    if state.arranging:
        action = Action(OFFER)
        reason = ("Offer your hand: the drawer picks blind, so against a player who picks at random the order "
                  "of your cards makes no difference; only against someone with a habit (always the end card, "
                  "say) would it pay to keep the old maid away from their favourite place. Now " + odds + ".")
        alternatives = [{"action": a.to_json(), "expected_gain": 0.0} for a in state.legal_actions(seat)
                        if a != action]
        return Hint(action, reason, evaluation, alternatives, method=how)
    offered = len(state.hands[state.offerer])
    action = Action(DRAW, ("1",))
    if state.options.offerer_orders:
        why = (f"the offerer arranged their {offered} cards face down; unless you know their habits, every place "
               "is as likely as another to hold any of them")
    else:
        why = f"the offerer's {offered} cards are shuffled face down, so every place is the same"
    reason = f"Any card will do: a blind draw has no edge; {why}. Before you draw, {odds}."
    alternatives = [{"action": a.to_json(), "expected_gain": 0.0} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation, alternatives, method=how)


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
