"""Trex scoring: what each contract costs or pays, one fact per card, trick or place.

Each fact is ``(seat, points, source, card)`` with ``card`` the card concerned ("" when
the fact is about a trick or a place). A contract's facts always add up to its total
(-75, -130, -100, -195 or +500), whoever doubled: a doubled card costs its taker twice
the penalty and pays the doubler back one penalty, or costs the doubler the plain
penalty if the doubler takes it.
"""

from __future__ import annotations

from solvers.cards import Card, Suit

# the Trex layout: points for finishing first, second, third and fourth
FINISH_POINTS = (200, 150, 100, 50)

__all__ = ["deal_items", "PENALTY", "TRICK_PENALTY"]

PENALTY = {"king-of-hearts": 75, "diamonds": 10, "girls": 25}
TRICK_PENALTY = 15
SEATS = 4


def _is_penalty_card(contract: str, card: Card) -> bool:
    if contract == "king-of-hearts":
        return card.suit == Suit.HEARTS and card.rank == 13
    if contract == "diamonds":
        return card.suit == Suit.DIAMONDS
    if contract == "girls":
        return card.rank == 12
    return False


def deal_items(contract: str, taken, doubles, finish) -> list[tuple[int, int, str, str]]:
    """The scoring facts of a deal so far: ``taken`` per seat (cards won in tricks, four a
    trick), ``doubles`` as (doubler, card), ``finish`` the Trex finishing order."""
    if contract == "trex":
        places = ("first out", "second out", "third out", "last")
        return [(seat, FINISH_POINTS[i], f"Trex: {places[i]}", "") for i, seat in enumerate(finish)]
    if contract == "slaps":
        return [(seat, -TRICK_PENALTY, "Slaps: a trick taken", "")
                for seat in range(SEATS) for _ in range(len(taken[seat]) // SEATS)]
    doubler = {card: seat for seat, card in doubles}
    penalty = PENALTY[contract]
    name = {"king-of-hearts": "King of Hearts: the king taken", "diamonds": "Diamonds: a diamond taken",
            "girls": "Girls: a queen taken"}[contract]
    items = []
    for seat in range(SEATS):
        for card in taken[seat]:
            if not _is_penalty_card(contract, card):
                continue
            by = doubler.get(card)
            if by is None:
                items.append((seat, -penalty, name, str(card)))
            elif by == seat:
                items.append((seat, -penalty, name + " by its own doubler", str(card)))
            else:
                items.append((seat, -2 * penalty, name + " (doubled)", str(card)))
                items.append((by, penalty, "doubled card taken by another player", str(card)))
    return items
