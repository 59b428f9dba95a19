"""Xeri's rules of thumb: count the cards and never hand the opponent an easy xeri.

What a player knows: their own hand, the pile (face up), and every card captured so far
(both players saw them played, even though won piles may not be looked through). So for
each rank the player can count how many cards are still unseen: in the opponent's hand
or the stock. The fewer unseen cards of a rank, the safer that rank is to leave on top.

* Capture with a card of the top card's rank whenever you can; a lone card so taken is
  a xeri.
* Capture with a jack when the pile is worth it (a jack on a lone jack is a xeri; a pile
  of three or more cards, or one holding points), when the opponent is likely to take it
  otherwise, or on the last cards of the hand; otherwise keep the jack.
* Starting a new pile leaves a single card the opponent could take xeri: choose the rank
  with the fewest unseen cards (a dead rank cannot be taken xeri at all), a worthless card
  before a counting one, and never a jack.
* Adding to a pile you cannot take: the same, and weigh the pile's worth against the
  chance the opponent matches the card you put on top.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Card, Rng
from solvers.game import Action, card_action
from solvers.games.xeri import JACK, PACK, PLAY, XeriState, card_points, is_xeri

__all__ = ["heuristic_bot", "heuristic_choice", "unseen_by_rank"]

_A_JACK = Card.standard(JACK, 0)


def unseen_by_rank(state: XeriState, seat: int) -> Counter:
    """How many cards of each rank ``seat`` has not seen yet (opponent's hand or stock)."""
    seen = set(state.hands[seat]) | set(state.pile) | set(state.won[0]) | set(state.won[1])
    return Counter(c.rank for c in PACK if c not in seen)


def _risk(card: Card, unseen: Counter, unknown: int, opp_cards: int) -> float:
    """The chance the opponent holds a card of ``card``'s rank (a rough draw without replacement)."""
    if unknown <= 0 or opp_cards <= 0:
        return 0.0
    left = unseen[card.rank]
    miss = 1.0
    for i in range(opp_cards):
        if unknown - i <= 0:
            break
        miss *= max(0.0, (unknown - left - i) / (unknown - i))
    return 1.0 - miss


def _value(cards) -> float:
    """A pile's worth to whoever takes it: its points plus a little for each card."""
    return card_points(cards) + 0.15 * len(cards)


def heuristic_choice(state: XeriState, seat: int) -> tuple[Card, str]:
    """The rules-of-thumb card for ``seat`` and why, in words a player understands."""
    hand = state.hands[seat]
    pile = state.pile
    unseen = unseen_by_rank(state, seat)
    unknown = sum(unseen.values())
    opp_cards = len(state.hands[1 - seat])
    last_round = not state.stock
    jacks_unseen = unseen[JACK]

    if pile:
        top = pile[-1]
        matching = [c for c in hand if c.rank == top.rank and c.rank != JACK]
        if matching:
            card = min(matching, key=lambda c: (card_points([c]), c.suit))
            if is_xeri(card, pile):
                return card, f"take the lone {top} with your {card}: a xeri, worth {state.options.xeri_points}"
            return card, f"take the pile of {len(pile)} with your {card}, which matches the top card"
        jacks = [c for c in hand if c.rank == JACK]
        if jacks:
            card = min(jacks, key=lambda c: (card_points([c]), c.suit))
            if is_xeri(card, pile):
                return card, "a jack on a lone jack is a xeri: take it"
            opp_takes = _risk(top, unseen, unknown, opp_cards)
            if len(pile) >= 3 or card_points(pile) >= 1 or (last_round and len(hand) <= 2) or \
                    (len(pile) >= 2 and opp_takes > 0.5):
                return card, (f"take the pile of {len(pile)} with a jack: it is worth it "
                              f"({card_points(pile)} points on it)")
    # no capture: choose the card to leave on top
    others = [c for c in hand if c.rank != JACK] or list(hand)
    after = pile

    def cost(c: Card) -> tuple:
        risk = _risk(c, unseen, unknown, opp_cards)
        if after:
            jack_risk = _risk(_A_JACK, unseen, unknown, opp_cards) if jacks_unseen else 0.0
            loss = (risk + (1 - risk) * jack_risk * 0.6) * _value(after + (c,))
        else:
            # a lone card: matched means a xeri for the opponent
            loss = risk * (state.options.xeri_points + _value((c,)))
            if c.rank == JACK:
                loss += 10
        held = sum(1 for h in hand if h.rank == c.rank)
        return (round(loss + 0.3 * card_points([c]) - 0.2 * (held - 1), 6), c.rank, c.suit)

    card = min(others, key=cost)
    if not pile:
        if unseen[card.rank] == 0:
            why = f"start the pile with {card}: every other card of its rank has been seen, so it cannot be taken xeri"
        else:
            why = (f"start the pile with {card}: only {unseen[card.rank]} card(s) of its rank are still unseen, "
                   f"the least chance of giving a xeri")
        return card, why
    return card, (f"add {card} to the pile: {unseen[card.rank]} card(s) of its rank are still unseen, the least "
                  f"likely for your opponent to match")


def heuristic_bot(state: XeriState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb card."""
    return card_action(PLAY, heuristic_choice(state, seat)[0])

