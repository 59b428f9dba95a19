"""Empat Satu's card values and hand values: one suit counts plus, the others minus.

Aces count 11; kings, queens, jacks and tens 10; the two to the nine their face value.
A hand of four cards is valued for the suit that gives the most: the cards of that suit
count plus and all the others minus, so the value lies between −22 (four aces of four
suits: 11 − 33) and 41 (A-K-Q-J or A-10-… of one suit: 11 + 10 + 10 + 10).

Ties between hands of equal value are settled by their *worst cards*: each hand's signed
card contributions listed from the lowest up and compared in order; the higher first
differing contribution wins (J-10-7-6 beats A-K-7-5, since 6 > 5; J-10-7♥ with 4♣ beats
A-K-8♠ with 6♦, since −4 > −6). :func:`rank_key` is that order.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from solvers.cards import Card, Rank, Suit

__all__ = ["card_value", "suit_totals", "hand_value", "best_suit", "contributions", "rank_key", "winners_and_losers",
           "MIN_VALUE", "MAX_VALUE", "SUITS"]

MIN_VALUE = -22
MAX_VALUE = 41
SUITS = tuple(Suit)
_VALUES = {int(r): (11 if r == Rank.ACE else min(int(r), 10)) for r in Rank}


def card_value(card: Card) -> int:
    """The card's points: ace 11, K Q J 10 ten each, others their face value."""
    return _VALUES[card.rank]


def suit_totals(cards: Iterable[Card]) -> list[int]:
    """Points held in each suit (clubs, diamonds, hearts, spades)."""
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c.suit] += _VALUES[c.rank]
    return totals


def hand_value(cards: Iterable[Card]) -> int:
    """The hand's value for its best suit: that suit's points minus all the others'."""
    totals = suit_totals(cards)
    return 2 * max(totals) - sum(totals)


def contributions(cards: Sequence[Card], suit: int) -> tuple[int, ...]:
    """Each card's signed points when ``suit`` counts plus, lowest first."""
    return tuple(sorted(_VALUES[c.rank] if c.suit == suit else -_VALUES[c.rank] for c in cards))


def rank_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """How the hand ranks: its value, then its worst cards (the best suit for both)."""
    best = None
    for suit in SUITS:
        parts = contributions(cards, suit)
        key = (sum(parts), parts)
        if best is None or key > best:
            best = key
    return best


def best_suit(cards: Sequence[Card]) -> Suit:
    """The suit the hand counts plus (the one that ranks it highest; clubs first on a full tie)."""
    key = rank_key(cards)
    return next(s for s in SUITS if (sum(contributions(cards, s)), contributions(cards, s)) == key)


def winners_and_losers(hands: Sequence[Sequence[Card]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats with the highest hand and those with the lowest (several only when their
    hands rank entirely equal; the same seats twice when every hand ranks equal)."""
    keys = [rank_key(h) for h in hands]
    top, bottom = max(keys), min(keys)
    return (tuple(s for s, k in enumerate(keys) if k == top),
            tuple(s for s, k in enumerate(keys) if k == bottom))
