"""Melds already on the table: single-card lay-offs at a named end, and wild-card swaps.

Many contract rummies let a player, once down, add cards to any meld on the table one at
a time, and take a wild card out of a run by putting the natural card it stands for in
its place. This module says which cards of a hand do that to which table meld, over the
shared :class:`~solvers.melds.rules.Meld` and :class:`~solvers.melds.rules.MeldRules`:

* :func:`grow`: a meld with one card added at a named end (``"low"``/``"high"`` for a
  run, ``None`` for a set), or ``None`` when the rules do not allow it;
* :func:`layoffs`: every (card, table meld, end) a hand can lay off, with the meld it becomes;
* :func:`swaps`: every wild card of a run on the table that a natural card of the hand
  frees, with the run the natural card makes in its place.

The cards already on the table keep their places (a lay-off never moves a wild card).
When a wild card goes onto a run it fills the new place at that end. Sets take cards of
their rank (and wild cards) up to ``set_max``; a game's own kinds of meld are not grown
here. A run never grows past ``run_low``/``run_high`` (the ace low at place 1, high at 14)
nor beyond ``run_max`` cards, so with ``run_max=13`` a run never holds both aces.
Wild-card limits (``max_wilds``, ``min_naturals``) are checked on the grown meld: games
that let wild cards go on freely once down pass rules without them.

What a game adds on top (only after its own contract is down, not on the turn it went
down, where a freed wild card must go) stays in the game's module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from solvers.cards import Card
from solvers.melds.rules import Meld, MeldRules, _place_rank

__all__ = ["LOW", "HIGH", "Layoff", "Swap", "ends", "grow", "layoffs", "swaps"]

LOW, HIGH = "low", "high"


@dataclass(frozen=True)
class Layoff:
    """One card of a hand laid off onto table meld number ``table`` at ``end``
    (``"low"``/``"high"`` for a run, ``None`` for a set), and the meld it becomes."""

    card: Card
    table: int
    end: str | None
    meld: Meld


@dataclass(frozen=True)
class Swap:
    """A natural ``card`` of a hand put in place of the wild card at index ``index`` of
    run ``table`` on the table (the wild card it stands for), freeing ``wild``; ``meld``
    is the run with the natural card in the wild card's place."""

    card: Card
    table: int
    index: int
    wild: Card
    meld: Meld


def ends(meld: Meld) -> tuple[str | None, ...]:
    """The ends a card may be added at: both ends of a run, the one 'end' (None) of a set,
    none for a game's own kind of meld."""
    if meld.kind == "run":
        return (LOW, HIGH)
    if meld.kind == "set":
        return (None,)
    return ()


def _natural_at(place: int, suit: int) -> Card:
    return Card.standard(_place_rank(place), suit)


def grow(meld: Meld, card: Card, end: str | None, rules: MeldRules) -> Meld | None:
    """``meld`` with ``card`` added at ``end``, or None when the rules do not allow it.

    A set takes a natural card of its rank or a wild card (up to ``set_max`` cards;
    distinct suits if the rules ask for them). A run takes, at its low or high end, the
    natural card of its suit for the next place, or a wild card standing for it; never
    past place ``rules.run_low``/``rules.run_high`` nor beyond ``rules.run_max`` cards."""
    wild = rules.wild(card)
    if not wild and not card.is_standard:
        return None
    if meld.kind == "set":
        if end is not None or rules.set_min is None:
            return None
        if rules.set_max is not None and len(meld.cards) + 1 > rules.set_max:
            return None
        if not wild:
            if card.rank != meld.rank:
                return None
            if rules.set_distinct_suits and any(not rules.wild(c) and c.suit == card.suit for c in meld.cards):
                return None
        cards = meld.cards + (card,)
        low = None
    elif meld.kind == "run" and end in (LOW, HIGH) and rules.run_min is not None:
        if rules.run_max is not None and len(meld.cards) + 1 > rules.run_max:
            return None
        place = meld.low - 1 if end == LOW else meld.high + 1
        if place < rules.run_low or place > rules.run_high:
            return None
        if not wild and card.face != _natural_at(place, meld.suit):
            return None
        cards, low = ((card,) + meld.cards, place) if end == LOW else (meld.cards + (card,), meld.low)
    else:
        return None
    wilds = tuple(c for c in cards if rules.wild(c))
    if not rules.wild_ok(len(cards) - len(wilds), len(wilds)):
        return None
    if meld.kind == "set":
        return Meld("set", cards, rank=meld.rank, wilds=wilds)
    return Meld("run", cards, suit=meld.suit, low=low, wilds=wilds)


def layoffs(hand: Sequence[Card], table: Sequence[Meld], rules: MeldRules) -> list[Layoff]:
    """Every single-card lay-off of a card of ``hand`` onto a meld of ``table``: table
    meld by meld, the hand's cards in the order given, a run's low end before its high.

    Every card given is tried: pass one card of each face (and one wild card) when two
    copies make the same move."""
    out = []
    for index, meld in enumerate(table):
        for card in hand:
            for end in ends(meld):
                grown = grow(meld, card, end, rules)
                if grown is not None:
                    out.append(Layoff(card, index, end, grown))
    return out


def swaps(hand: Sequence[Card], table: Sequence[Meld], rules: MeldRules) -> list[Swap]:
    """Every wild card of a run on ``table`` that a natural card of ``hand`` frees: the
    card of the run's suit for the place the wild card fills. Table meld by meld, wild
    cards from the low place up; for each face the first card of ``hand`` with that face
    is used. Wild cards in sets are left alone (they stand for no one card)."""
    held: dict[Card, Card] = {}
    for card in hand:
        if not rules.wild(card) and card.is_standard:
            held.setdefault(card.face, card)
    out = []
    for index, meld in enumerate(table):
        if meld.kind != "run":
            continue
        for i, wild in enumerate(meld.cards):
            if not rules.wild(wild):
                continue
            natural = held.get(meld.stands_for(i))
            if natural is None:
                continue
            row = meld.cards[:i] + (natural,) + meld.cards[i + 1:]
            left = tuple(c for c in row if rules.wild(c))
            out.append(Swap(natural, index, i, wild, Meld("run", row, suit=meld.suit, low=meld.low, wilds=left)))
    return out
