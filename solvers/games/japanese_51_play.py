"""Japanese 51's rules of thumb: build the best suit, clear a useless table, stop when strong.

* Take the table card that, with the best card then put down, leaves the most valuable
  hand; put down the card whose loss costs least (the smallest card outside the best suit).
* Clear the table (when allowed) when no table card improves the hand: five fresh cards
  are likelier to hold one of your suit.
* Call Stop once the hand is worth ``stop_threshold`` or more: the more players, the more
  likely one of them beats a middling hand in their last turn, so the bar rises with them.
"""

from __future__ import annotations

from solvers.cards import Card, Rng, Suit
from solvers.game import Action, card_action
from solvers.games.japanese_51 import (
    CLEAR, CONTINUE, JOKER, MUST_TAKE, PUT, PUTTING, START, STOP, TAKE, Japanese51State, best_suit, card_value, hand_value,
)

__all__ = ["heuristic_bot", "heuristic_choice", "best_exchange", "stop_threshold", "suit_name"]

SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def suit_name(suit: int) -> str:
    """The suit's name in words."""
    return SUIT_NAMES[Suit(suit)]


def stop_threshold(players: int) -> int:
    """The hand value at which the rules of thumb call Stop (higher with more players)."""
    return 33 + 2 * players


def best_put(hand, taken: Card | None) -> tuple[Card, int]:
    """The card to put down from ``hand`` (never ``taken``) and the value left: the most
    valuable remainder, the smallest card among equal ones."""
    options = [c for c in hand if c != taken]
    if JOKER in hand:
        best = max(options, key=lambda c: (hand_value(tuple(x for x in hand if x != c)), -card_value(c)))
        return best, hand_value(tuple(x for x in hand if x != best))
    sums = [0, 0, 0, 0]
    for c in hand:
        sums[c.suit] += card_value(c)
    total = sum(sums)
    best, best_key = None, None
    for c in options:
        v = card_value(c)
        sums[c.suit] -= v
        key = (2 * max(sums) - total + v, -v)
        sums[c.suit] += v
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best, best_key[0]


def best_exchange(state: Japanese51State, seat: int) -> tuple[Card, Card, int]:
    """The table card to take, the card to put down after it and the value they leave."""
    hand = state.hands[seat]
    best = None
    for card in state.table:
        put, value = best_put(hand + (card,), card)
        key = (value, card_value(card), str(card))
        if best is None or key > best[0]:
            best = (key, card, put, value)
    return best[1], best[2], best[3]


def heuristic_choice(state: Japanese51State, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player understands."""
    hand = state.hands[seat]
    now, suit = best_suit(hand)
    if state.phase in (START, MUST_TAKE):
        take, put, after = best_exchange(state, seat)
        if state.may_clear and after <= now:
            return Action(CLEAR), (f"no table card improves your hand (worth {now} in {suit_name(suit)}): "
                                   f"clear the table for five fresh cards")
        after_suit = suit_name(best_suit(tuple(c for c in hand + (take,) if c != put))[1])
        return card_action(TAKE, take), (f"take {take} and put down {put}: your hand becomes worth {after} in "
                                         f"{after_suit} (now {now})")
    if state.phase == PUTTING:
        put, after = best_put(hand, state.taken)
        return card_action(PUT, put), (f"put down {put}: it costs least, leaving {after} in "
                                       f"{suit_name(best_suit(tuple(c for c in hand if c != put))[1])}")
    bar = stop_threshold(state.players)
    if now >= bar:
        return Action(STOP), f"your hand is worth {now}, at least {bar}: call Stop before the others catch up"
    return Action(CONTINUE), f"your hand is worth {now}, under {bar}: keep building {suit_name(suit)}"


def heuristic_bot(state: Japanese51State, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb action."""
    return heuristic_choice(state, seat)[0]


def put_action(card: Card) -> Action:
    """The action that puts ``card`` down."""
    return card_action(PUT, card)
