"""Seven Rummy's rules of thumb, each decision from the meld plan of the shared meld solver.

* Claims (a set out of turn, a sequence instead of drawing): take the discard when it
  lowers the count of the cards you would be left holding — it goes straight into a meld.
* Melds and lay-offs: lay down what the best plan melds, sevens first (a 7 left in hand
  costs 20), and lay cards off on any meld that takes them. Hold the melds back only while
  you have laid nothing yet and the plan would go out next turn in one go (double score).
* Discard: a card the plan leaves over, the dearest first, but keep cards that are one
  card short of a meld (a pair, two cards of a suit close together).
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action, card_action
from solvers.games.seven_rummy import (CHI, CLAIM_PHASE, DISCARD, DRAW, DRAW_PHASE, LAYOFF, MELD, PASS, PON,
                                       SevenRummyState)
from solvers.games.seven_rummy_melds import best_plan, card_count, sort_cards

__all__ = ["heuristic_bot", "heuristic_choice", "discard_choice"]

CONNECTION_WORTH = 4      # how much a card one short of a meld is worth keeping, in count points


def _best_claim(state: SevenRummyState, seat: int, kind: str) -> tuple[Action | None, str]:
    """The claim action worth taking (the one using most hand cards), or None."""
    claims = [a for a in state.legal_actions(seat) if a.kind == kind]
    if not claims:
        return None, ""
    hand = state.hands[seat]
    before = best_plan(hand).deadwood_value
    after = best_plan(tuple(hand) + (state.top,)).deadwood_value
    if after >= before:
        return None, (f"taking {state.top} would not lower the count of your leftover cards "
                      f"({before} either way)")
    action = max(claims, key=lambda a: (len(a.args), a.args))
    what = "set" if kind == PON else "sequence"
    return action, (f"claim {state.top} for the {what} {' '.join(action.args)} {state.top}: your leftover "
                    f"count drops from {before} to {after}")


def _connections(card: Card, others) -> int:
    """How many other cards ``card`` is one step from a meld with (same rank, or same suit
    within two ranks)."""
    n = 0
    for o in others:
        if o == card:
            continue
        if o.rank == card.rank or (o.suit == card.suit and abs(_low(o) - _low(card)) <= 2):
            n += 1
    return n


def _low(card: Card) -> int:
    return 1 if card.rank == 14 else int(card.rank)


def discard_choice(hand, table) -> tuple[Card, str]:
    """The card to discard and why: left over by the best plan, dearest and least connected."""
    plan = best_plan(hand, table)
    pool = plan.deadwood or list(hand)
    card = max(sort_cards(pool), key=lambda c: (card_count(c) - CONNECTION_WORTH * _connections(c, plan.deadwood),
                                                 card_count(c)))
    melded = [m for m in plan.melds]
    if plan.deadwood and len(plan.deadwood) == 1:
        return card, f"discard {card}: everything else melds"
    keep = ", ".join(" ".join(str(c) for c in m.cards) for m in melded)
    why = f"discard {card}: it completes nothing and costs {card_count(card)}"
    if keep:
        why += f"; your plan melds {keep}"
    return card, why


def _table(state: SevenRummyState) -> list[tuple[tuple[Card, ...], int, int]]:
    return [(meld, owner, n) for owner, own in enumerate(state.melds) for n, meld in enumerate(own)]


def heuristic_choice(state: SevenRummyState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player understands."""
    legal = state.legal_actions(seat)
    if state.phase == CLAIM_PHASE:
        action, why = _best_claim(state, seat, PON)
        if action is not None:
            return action, why
        if len(legal) == 1:
            return legal[0], f"you cannot make a new set with {state.top}: pass"
        return Action(PASS), "pass: " + why
    if state.phase == DRAW_PHASE:
        action, why = _best_claim(state, seat, CHI)
        if action is not None:
            return action, why
        if len(legal) == 1:
            return legal[0], "draw from the stock (you may not take the discard now)"
        return Action(DRAW), "draw from the stock: " + why
    hand = state.hands[seat]
    table = _table(state)
    plan = best_plan(hand, [m for m, _, _ in table])
    legal_set = set(legal)
    hold = (not state.laid_before[seat] and not state.laid_now and len(plan.deadwood) == 2
            and len(hand) >= 4)
    if not hold:
        for meld in sorted(plan.melds, key=lambda m: -sum(card_count(c) for c in m.cards)):
            action = Action(MELD, tuple(str(c) for c in sort_cards(meld.cards)))
            if action in legal_set:
                return action, f"meld {' '.join(action.args)}: it takes {sum(card_count(c) for c in meld.cards)} off your count"
        for index, grown in plan.layoffs:
            meld, owner, n = table[index]
            for card in sort_cards(c for c in grown.cards if c not in meld):
                action = Action(LAYOFF, (str(card), str(owner), str(n)))
                if action in legal_set:
                    return action, f"lay {card} off on seat {owner}'s meld {' '.join(str(c) for c in meld)}"
    card, why = discard_choice(hand, [m for m, _, _ in table])
    if hold:
        why += ("; you have laid nothing yet and are two cards from going out: keep your melds in hand to "
                "meld all at once for double")
    return card_action(DISCARD, card), why


def heuristic_bot(state: SevenRummyState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb action."""
    return heuristic_choice(state, seat)[0]
