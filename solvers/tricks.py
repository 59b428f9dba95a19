"""Shared trick-taking machinery (GAMES.md 2.0): following suit and who wins a trick."""

from __future__ import annotations

from typing import Iterable, Sequence

from solvers.cards import Card


def cards_that_follow(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """The cards of ``hand`` that may be played: the led suit if held, else anything."""
    hand = list(hand)
    if led is None:
        return hand
    same = [c for c in hand if c.suit == led.suit]
    return same or hand


def trick_winner(plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """Seat that wins a trick: the highest trump, else the highest card of the led suit."""
    led_suit = plays[0][1].suit
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if _beats(card, best, led_suit, trump):
            best_seat, best = seat, card
    return best_seat


def _beats(card: Card, best: Card, led_suit: int, trump: int | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit == trump


def current_winner(plays: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card] | None:
    """The seat and card winning the trick so far (None before the lead)."""
    if not plays:
        return None
    seat = trick_winner(plays, trump)
    return next(p for p in plays if p[0] == seat)
