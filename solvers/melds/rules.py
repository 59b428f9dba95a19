"""What a meld is in a given game: sets, runs, wild cards and the game's own combinations.

``MeldRules`` describes a game's melds; ``Meld`` is one meld with the place of every card
(a run's wild cards stand for definite ranks); :func:`readings` says every way a group of
cards is a meld under the rules, and :func:`extend` every way a meld on the table takes
more cards (a lay-off) keeping the places its cards already have.

Runs are counted on ranks 1–14: an ace is 1 at the low end (A-2-3) or 14 at the high end
(Q-K-A) where the rules allow it, never both in one run (no K-A-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from solvers.cards import Card, Kind, Rank, Suit

__all__ = ["MeldRules", "Meld", "readings", "extend", "is_joker", "face_of", "WILD"]

WILD = "*"      # a run place filled by a wild card, in a meld's notation


def is_joker(card: Card) -> bool:
    """True for jokers: the wild cards of most rummy games."""
    return card.kind == Kind.JOKER


def face_of(card: Card) -> Card:
    """The card without its copy index: two copies of a card are the same in any meld."""
    return card.face


@dataclass(frozen=True)
class MeldRules:
    """A game's melds.

    * sets: ``set_min``…``set_max`` cards of one rank (``None``: no sets); suits may repeat
      unless ``set_distinct_suits`` (two-pack games let them repeat).
    * runs: ``run_min``…``run_max`` cards of one suit in sequence (``None``: no runs); the
      ace low (``ace_low``), high (``ace_high``), or either, never both at once.
    * wild cards (``wild``): stand for any card in a set or run; at most ``max_wilds`` a
      meld (``None``: any number) and at least ``min_naturals`` natural cards in every meld.
    * the game's own combinations: every group of ``own_sizes`` cards (wilds included) for
      which ``own(cards)`` names a kind is a meld of that kind (Seven Rummy's short melds with
      a seven, Sam Sip's pairs).
    """

    set_min: int | None = 3
    set_max: int | None = None
    set_distinct_suits: bool = False
    run_min: int | None = 3
    run_max: int | None = None
    ace_low: bool = True
    ace_high: bool = True
    wild: Callable[[Card], bool] = is_joker
    max_wilds: int | None = None
    min_naturals: int = 1
    own: Callable[[tuple[Card, ...]], str | None] | None = None
    own_sizes: tuple[int, ...] = ()

    @property
    def run_low(self) -> int:
        """The lowest place a run may start at (1: the ace low)."""
        return 1 if self.ace_low else 2

    @property
    def run_high(self) -> int:
        """The highest place a run may reach (14: the ace high)."""
        return 14 if self.ace_high else 13

    def wild_ok(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of ``naturals`` natural and ``wilds`` wild cards respects the wild limits."""
        return naturals >= self.min_naturals and (self.max_wilds is None or wilds <= self.max_wilds)


@dataclass(frozen=True, repr=False)
class Meld:
    """One meld. A run lists its cards from its low place up, a wild at the place it fills."""

    kind: str                       # "set", "run" or the game's own kind
    cards: tuple[Card, ...]
    rank: int | None = None         # a set's rank
    suit: int | None = None         # a run's suit
    low: int | None = None          # a run's lowest place (1 = ace low … 14 = ace high)
    wilds: tuple[Card, ...] = field(default=(), compare=False)

    @property
    def high(self) -> int | None:
        """A run's highest place."""
        return None if self.low is None else self.low + len(self.cards) - 1

    def stands_for(self, index: int) -> Card | None:
        """The natural card a run's wild at ``index`` stands for (None for a set or own kind)."""
        if self.kind != "run":
            return None
        place = self.low + index
        return Card.standard(14 if place == 1 else place, self.suit)

    @property
    def notation(self) -> str:
        """``set 7H 7S X1``, ``run 5H 6H X1 8H``: the kind then the cards in their places."""
        return f"{self.kind} " + " ".join(str(c) for c in self.cards)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Meld({self.notation!r})"


def _place_rank(place: int) -> int:
    return 14 if place == 1 else place


def _places(card: Card, rules: MeldRules) -> list[int]:
    """The run places a natural card may fill (an ace: 1 and/or 14)."""
    if card.rank == Rank.ACE:
        return [p for p, ok in ((1, rules.ace_low), (14, rules.ace_high)) if ok]
    return [card.rank]


def readings(cards: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every way ``cards`` form one meld under ``rules`` (empty when they form none).

    A run is read with its natural cards in the order they are given; wild cards fill the
    gaps, then the ends (each end it may go to is its own reading)."""
    cards = tuple(cards)
    if not cards:
        return []
    wild = tuple(c for c in cards if rules.wild(c))
    naturals = tuple(c for c in cards if not rules.wild(c))
    out: list[Meld] = []
    if rules.own is not None and len(cards) in rules.own_sizes:
        kind = rules.own(cards)
        if kind:
            out.append(Meld(kind, cards, wilds=wild))
    if not rules.wild_ok(len(naturals), len(wild)) or any(not c.is_standard for c in naturals):
        return out
    out.extend(_set_readings(cards, naturals, wild, rules))
    out.extend(_run_readings(naturals, wild, rules))
    return out


def _set_readings(cards, naturals, wild, rules: MeldRules) -> list[Meld]:
    if rules.set_min is None or not naturals:
        return []
    size = len(cards)
    if size < rules.set_min or (rules.set_max is not None and size > rules.set_max):
        return []
    rank = naturals[0].rank
    if any(c.rank != rank for c in naturals):
        return []
    if rules.set_distinct_suits and (len({c.suit for c in naturals}) < len(naturals) or size > 4):
        return []
    return [Meld("set", tuple(naturals) + tuple(wild), rank=rank, wilds=tuple(wild))]


def _run_readings(naturals, wild, rules: MeldRules) -> list[Meld]:
    if rules.run_min is None or not naturals:
        return []
    size = len(naturals) + len(wild)
    if size < rules.run_min or (rules.run_max is not None and size > rules.run_max):
        return []
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        return []
    out = []
    for low in range(rules.run_low, rules.run_high - size + 2):
        places: dict[int, Card] = {}
        ok = True
        for card in naturals:
            spots = [p for p in _places(card, rules) if low <= p < low + size and p not in places]
            if not spots:
                ok = False
                break
            places[spots[0]] = card
        if not ok:
            continue
        spare = list(wild)
        row = []
        for place in range(low, low + size):
            row.append(places[place] if place in places else spare.pop())
        out.append(Meld("run", tuple(row), suit=suit, low=low, wilds=tuple(wild)))
    return out


def extend(meld: Meld, cards: Sequence[Card], rules: MeldRules) -> list[Meld]:
    """Every way ``meld`` takes ``cards`` as well (a lay-off), each card of the meld keeping
    its place: a set takes more of its rank, a run more cards at either end."""
    cards = tuple(cards)
    if not cards:
        return [meld]
    if meld.kind == "set":
        return [m for m in readings(meld.cards + cards, rules) if m.kind == "set"]
    if meld.kind != "run":
        return [m for m in readings(meld.cards + cards, rules) if m.kind == meld.kind]
    out = []
    for longer in readings(meld.cards + cards, rules):
        if longer.kind != "run" or longer.low > meld.low or longer.high < meld.high:
            continue
        inner = longer.cards[meld.low - longer.low: meld.low - longer.low + len(meld.cards)]
        if all(rules.wild(a) == rules.wild(b) and (rules.wild(a) or a == b) for a, b in zip(inner, meld.cards)):
            # the table's own cards keep their places; the new ones go outside them
            start = meld.low - longer.low
            new_wilds = [c for c in cards if rules.wild(c)]
            row = [c if (start <= i < start + len(meld.cards)) or not rules.wild(c) else new_wilds.pop()
                   for i, c in enumerate(longer.cards)]
            row[start:start + len(meld.cards)] = meld.cards
            out.append(Meld("run", tuple(row), suit=meld.suit, low=longer.low, wilds=meld.wilds + tuple(
                c for c in cards if rules.wild(c))))
    return out


def suit_name(suit: int) -> str:
    """The suit's name for reasons (``hearts``)."""
    return Suit(suit).name.lower()
