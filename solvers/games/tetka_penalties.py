"""Tëtka's penalty points: what the bum card makes dangerous and who takes what.

The bum card (the dealer's last card, shown to all) fixes the hand's dangers:

* the trick holding the bum card: 1 point;
* Tëtka, the queen of the bum suit: 2 points;
* every other queen: 1 point each;
* the trick whose number is the bum rank (ace = 1st, 2 = 2nd … 10 = 10th, jack = 11th,
  queen = 12th, king = 13th): 1 point;
* the 13th and last trick: 1 point;
* after the hand, the player with most tricks: 1 point. A tie goes to the tied player
  who captured most cards of the bum suit, then to the one who captured the highest card
  of that suit; tied players who captured no card of the bum suit at all are told apart
  by who won the latest trick (the rule text leaves this open).

Nine points are given out every hand: 5 for the queens and 1 for each other item.
These are pure functions of the bum card and the hand's tricks, shared by the rules and
the players' rules of thumb.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solvers.cards import Card, Rank
from solvers.game import serializable

TRICKS = 13
POINTS_PER_HAND = 9

BUM_CARD = "bum card"
TETKA = "Tëtka"
QUEENS = "queens"
BUM_RANK_TRICK = "bum-rank trick"
LAST_TRICK = "last trick"
MOST_TRICKS = "most tricks"
SOURCES = (BUM_CARD, TETKA, QUEENS, BUM_RANK_TRICK, LAST_TRICK, MOST_TRICKS)

Plays = Sequence[tuple[int, Card]]


def penalty_trick_number(bum: Card) -> int:
    """The trick (1–13) that costs a point because its number is the bum card's rank."""
    return 1 if bum.rank == Rank.ACE else int(bum.rank)


def tetka_of(bum: Card) -> Card:
    """Tëtka: the queen of the bum card's suit."""
    return Card.standard(Rank.QUEEN, bum.suit)


def card_penalty(card: Card, bum: Card) -> int:
    """Points a card costs whoever captures it (the bum card, Tëtka, other queens)."""
    points = 1 if card == bum else 0
    if card.rank == Rank.QUEEN:
        points += 2 if card.suit == bum.suit else 1
    return points


@serializable
@dataclass(frozen=True)
class Penalty:
    """One penalty: who took it, how many points, which rule, and on which trick."""

    seat: int
    points: int
    source: str
    trick: int | None = None      # the trick's number (1–13), None for most tricks
    cards: tuple[str, ...] = ()   # the penalty cards of the trick


def trick_penalties(number: int, winner: int, cards: Sequence[Card], bum: Card) -> list[Penalty]:
    """The penalties of trick ``number`` (1–13) won by ``winner`` with ``cards`` in it."""
    out = []
    if bum in cards:
        out.append(Penalty(winner, 1, BUM_CARD, number, (str(bum),)))
    tetka = tetka_of(bum)
    if tetka in cards:
        out.append(Penalty(winner, 2, TETKA, number, (str(tetka),)))
    queens = tuple(str(c) for c in cards if c.rank == Rank.QUEEN and c != tetka)
    if queens:
        out.append(Penalty(winner, len(queens), QUEENS, number, queens))
    if number == penalty_trick_number(bum):
        out.append(Penalty(winner, 1, BUM_RANK_TRICK, number))
    if number == TRICKS:
        out.append(Penalty(winner, 1, LAST_TRICK, number))
    return out


@dataclass(frozen=True)
class MostTricks:
    """Who takes the most-tricks point and how the tie, if any, was broken."""

    seat: int
    tricks: int
    decided_by: str          # "tricks", "bum-suit cards", "highest bum-suit card", "latest trick"
    tied: tuple[int, ...]    # every seat that had the most tricks


def most_tricks(winners: Sequence[int], captured: Sequence[Sequence[Card]], bum: Card) -> MostTricks:
    """The most-tricks point of a finished hand.

    ``winners`` lists each trick's winner in order; ``captured[seat]`` every card the
    seat took in tricks."""
    counts = [winners.count(s) for s in range(len(captured))]
    top = max(counts)
    tied = tuple(s for s in range(len(captured)) if counts[s] == top)
    if len(tied) == 1:
        return MostTricks(tied[0], top, "tricks", tied)
    suit_cards = {s: [c for c in captured[s] if c.suit == bum.suit] for s in tied}
    most = max(len(v) for v in suit_cards.values())
    leaders = [s for s in tied if len(suit_cards[s]) == most]
    if len(leaders) == 1:
        return MostTricks(leaders[0], top, "bum-suit cards", tied)
    if most > 0:
        best = max(leaders, key=lambda s: max(c.rank for c in suit_cards[s]))
        return MostTricks(best, top, "highest bum-suit card", tied)
    latest = next(s for s in reversed(winners) if s in leaders)
    return MostTricks(latest, top, "latest trick", tied)


def hand_penalties(tricks: Sequence[Plays], winners: Sequence[int], bum: Card,
                   seats: int = 4) -> list[Penalty]:
    """Every penalty of a finished hand: trick by trick, then the most-tricks point."""
    out: list[Penalty] = []
    captured: list[list[Card]] = [[] for _ in range(seats)]
    for number, (plays, winner) in enumerate(zip(tricks, winners), 1):
        cards = [c for _, c in plays]
        captured[winner].extend(cards)
        out.extend(trick_penalties(number, winner, cards, bum))
    if len(tricks) == TRICKS:
        award = most_tricks(winners, captured, bum)
        out.append(Penalty(award.seat, 1, MOST_TRICKS))
    return out


def penalty_totals(penalties: Sequence[Penalty], seats: int = 4) -> tuple[int, ...]:
    """Points per seat from a list of penalties."""
    totals = [0] * seats
    for p in penalties:
        totals[p.seat] += p.points
    return tuple(totals)
