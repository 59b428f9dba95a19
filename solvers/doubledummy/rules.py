"""Trick rules a game declares to the double-dummy solver.

A :class:`TrickRules` value says how a trick is played and won and what the solver
maximises. Seats are numbered in playing order (0 plays first after 1 … wraps), so a
counter-clockwise game numbers its seats counter-clockwise.

Objective. Every completed trick is worth ``trick_points`` plus the ``card_points`` of
the cards in it plus ``last_trick_points[k]`` when it is the k-th trick from the end
(``k = 0`` is the last trick). The value of a position is the sum over the tricks
won by the side of the seat to play. Penalty games use negative numbers, so the solver
still maximises (the least penalty).

Sides. ``sides[seat]`` is the side of each seat. The seat to play and every seat of its
side form the maximising team; every other seat plays against it as one coalition.
For games where every seat plays for itself this is the *paranoid* assumption: the
value is what the seat can guarantee even if all the others conspire against it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Mapping

from solvers.cards import Card, Rank, Suit, parse_card
from solvers.doubledummy.suitless_rules import MAX_SUITLESS_SEATS, Suitless
from solvers.errors import CardsageError

__all__ = ["TrickRules", "OBJECTIVES"]

OBJECTIVES = ("tricks", "points", "last_trick")
MAX_SEATS = 7
ACE_HIGH = tuple(range(14, 1, -1))


def _as_card(value) -> Card:
    card = value if isinstance(value, Card) else parse_card(value)
    if not card.is_standard or card.copy:
        raise CardsageError(f"the double-dummy solver takes standard single-pack cards, not {card}")
    return card


@dataclass(frozen=True)
class TrickRules:
    """How tricks are played, won and scored; see the module docstring for the model.

    ``rank_order`` lists ranks high to low, for every suit (a tuple) or per suit (a
    mapping suit → tuple); cards outside it are not in the game. ``trump_order`` lists
    cards high to low that together form the trump suit ``trump`` (Kop's ladder), taking
    them out of their printed suits. ``must_trump``: a seat void in the led suit must
    trump if able. ``must_head``: among the cards allowed so far, a seat must play one
    that wins the trick as it stands if it has one. ``unequal_hands`` lets hands differ
    in size; a seat with no cards left is skipped. ``suitless`` declares tricks with no
    suits (:class:`~solvers.doubledummy.suitless_rules.Suitless`: one card order, its own
    legality, payoff and solution concept); the suit fields then stay at their defaults.
    """

    seats: int = 4
    trump: int | None = None
    rank_order: tuple[int, ...] | Mapping[int, tuple[int, ...]] | None = None
    trump_order: tuple[str, ...] | None = None
    must_trump: bool = False
    must_head: bool = False
    objective: str = "tricks"
    card_points: Mapping[str, int] | None = None
    trick_points: int | None = None
    last_trick_points: tuple[int, ...] = ()
    sides: tuple[int, ...] | None = None
    unequal_hands: bool = False
    name: str = "custom"
    suitless: Suitless | None = None
    _keys: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _points: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _signature: tuple = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        most = MAX_SEATS if self.suitless is None else MAX_SUITLESS_SEATS
        if not isinstance(self.seats, int) or not 2 <= self.seats <= most:
            raise CardsageError(f"seats must be 2 to {most}, got {self.seats!r}", field="seats")
        if self.suitless is not None:
            self._check_suitless()
        if self.trump is not None and self.trump not in (0, 1, 2, 3):
            raise CardsageError(f"trump must be a suit index 0-3 or None, got {self.trump!r}",
                                field="trump")
        if self.objective not in OBJECTIVES:
            raise CardsageError(f"objective must be one of {', '.join(OBJECTIVES)}, "
                                f"got {self.objective!r}", field="objective")
        self._set("sides", self._check_sides())
        self._set("last_trick_points", tuple(int(p) for p in self.last_trick_points))
        if self.objective == "tricks":
            if self.card_points or self.last_trick_points:
                raise CardsageError("the 'tricks' objective takes no card or last-trick points; "
                                    "use objective='points'", field="objective")
            self._set("trick_points", 1 if self.trick_points is None else int(self.trick_points))
        elif self.objective == "last_trick":
            if self.card_points or self.trick_points:
                raise CardsageError("the 'last_trick' objective counts only the last trick",
                                    field="objective")
            self._set("trick_points", 0)
            self._set("last_trick_points", (1,))
        else:
            self._set("trick_points", 0 if self.trick_points is None else int(self.trick_points))
        self._set("_keys", self._build_keys())
        self._set("_points", self._build_points())
        if self.trump_order and self.trump is None:
            raise CardsageError("a trump ladder needs the trump suit index it forms", field="trump")

    def _check_suitless(self) -> None:
        if not isinstance(self.suitless, Suitless):
            raise CardsageError("suitless must be a Suitless", field="suitless")
        if (self.trump is not None or self.rank_order is not None or self.trump_order or self.must_trump
                or self.must_head or self.card_points or self.unequal_hands or self.objective != "tricks"):
            raise CardsageError("suitless rules state their own order, legality and payoff; leave the "
                                "suit fields at their defaults", field="suitless")
        self.suitless.check_seats(self.seats)

    def _set(self, name, value):
        object.__setattr__(self, name, value)

    def _check_sides(self) -> tuple[int, ...]:
        if self.sides is None:
            return tuple(s % 2 for s in range(4)) if self.seats == 4 else tuple(range(self.seats))
        sides = tuple(self.sides)
        if len(sides) != self.seats or not all(isinstance(s, int) for s in sides):
            raise CardsageError(f"sides must give an integer side for each of the {self.seats} seats",
                                field="sides")
        return sides

    def _build_keys(self) -> dict[Card, tuple[int, int]]:
        """Card → (suit as played, power within that suit; higher power wins)."""
        if self.suitless is not None:
            return {card: (0, self.suitless.power(card)) for card in self.suitless.cards}
        keys: dict[Card, tuple[int, int]] = {}
        ladder = [_as_card(c) for c in (self.trump_order or ())]
        if len(set(ladder)) != len(ladder):
            raise CardsageError("the trump ladder names a card twice", field="trump_order")
        if len(ladder) > 16:
            raise CardsageError("a trump ladder has at most 16 cards", field="trump_order")
        for i, card in enumerate(ladder):
            keys[card] = (self.trump, len(ladder) - 1 - i)
        for suit in Suit:
            order = self._order_for(suit)
            plain = [r for r in order if Card.standard(r, suit) not in keys]
            if ladder and suit == self.trump and plain:
                raise CardsageError("with a trump ladder, the trump suit holds only the ladder's cards; "
                                    f"leave the other {suit.letter} ranks out of rank_order",
                                    field="rank_order")
            for i, rank in enumerate(plain):
                keys[Card.standard(rank, suit)] = (int(suit), len(plain) - 1 - i)
        return keys

    def _order_for(self, suit: int) -> tuple[int, ...]:
        order = self.rank_order
        if order is None:
            return ACE_HIGH
        if isinstance(order, Mapping):
            order = order.get(suit, order.get(int(suit), ()))
        order = tuple(int(r) for r in order)
        if len(set(order)) != len(order) or not all(2 <= r <= 14 for r in order):
            raise CardsageError(f"rank order for {Suit(suit).letter} must list distinct ranks 2-14",
                                field="rank_order")
        return order

    def _build_points(self) -> dict[Card, int]:
        points: dict[Card, int] = {}
        for key, value in (self.card_points or {}).items():
            card = _as_card(key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise CardsageError(f"card points must be integers, got {value!r} for {card}",
                                    field="card_points")
            points[card] = value
        return points

    # ------------------------------------------------------------ queries

    def card_key(self, card: Card) -> tuple[int, int]:
        """(suit as played, power) of a card; raise if the card is not in this game."""
        key = self._keys.get(card)
        if key is None:
            raise CardsageError(f"{card} is not a card of this game ({self.name})")
        return key

    def points_of(self, card: Card) -> int:
        """Points a card is worth in a trick (0 unless ``card_points`` names it)."""
        return self._points.get(card, 0)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card this game uses."""
        return tuple(self._keys)

    @property
    def has_card_points(self) -> bool:
        """True when some card carries points (the value then depends on which cards fall)."""
        return any(self._points.values())

    def signature(self) -> tuple:
        """A hashable summary of everything that changes solved values."""
        if self._signature is None:
            self._set("_signature", self._make_signature())
        return self._signature

    def _make_signature(self) -> tuple:
        return (self.seats, self.trump, tuple(sorted((str(c), k) for c, k in self._keys.items())),
                self.must_trump, self.must_head, tuple(sorted((str(c), p) for c, p in self._points.items())),
                self.trick_points, self.last_trick_points, self.unequal_hands,
                None if self.suitless is None else self.suitless.signature())

    def with_trump(self, trump: int | None) -> "TrickRules":
        """The same rules with another trump suit (no ladder games)."""
        if self.trump_order:
            raise CardsageError(f"{self.name} has a fixed trump ladder")
        return _replace(self, trump=trump)

    # ------------------------------------------------------------ games

    @classmethod
    @functools.lru_cache(maxsize=256)
    def bridge(cls, trump: int | None = None) -> "TrickRules":
        """Bridge play: 4 seats, partners opposite, follow suit, tricks."""
        return cls(trump=trump, name="bridge")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def whist(cls, trump: int | None) -> "TrickRules":
        """Whist (G1): bridge trick rules, partners opposite, tricks for a side."""
        return cls(trump=trump, name="whist")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def teka(cls, trump: int | None, *, declarer_alone: bool = False) -> "TrickRules":
        """Teka (G2): seats counted counter-clockwise; with double 13 alone, 3 seats and
        seat 0 (the declarer) against seats 1 and 2. The first-lead trump rule is the
        game's to enforce."""
        if declarer_alone:
            return cls(seats=3, trump=trump, sides=(0, 1, 1), name="teka")
        return cls(trump=trump, name="teka")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def troefcall(cls, trump: int | None) -> "TrickRules":
        """Troefcall (G3): standard trick rules, partners opposite, tricks."""
        return cls(trump=trump, name="troefcall")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def napoleon(cls, trump: int | None, seats: int = 4, bidder: int = 0, pack: int = 52) -> "TrickRules":
        """Napoleon (G4): the bidder against all the others; ``pack`` 24/32/40/52 cards."""
        low = {24: 9, 28: 8, 32: 7, 36: 6, 40: 5, 52: 2}.get(pack)
        if low is None:
            raise CardsageError("Napoleon packs have 24, 28, 32, 36, 40 or 52 cards", field="pack")
        if not 0 <= bidder < seats:
            raise CardsageError("the bidder must be one of the seats", field="bidder")
        sides = tuple(0 if s == bidder else 1 for s in range(seats))
        return cls(seats=seats, trump=trump, rank_order=tuple(range(14, low - 1, -1)), sides=sides,
                   name="napoleon")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def tetka(cls, bum_card: str) -> "TrickRules":
        """Tëtka (G6) penalties as negative points, every seat for itself (paranoid).

        Modelled: the bum card trick (−1), the bum-suit queen (−2), other queens (−1),
        the trick numbered by the bum rank (−1) and the 13th trick (−1). Not modelled:
        the most-tricks point, which depends on the whole hand, not on single tricks.
        """
        bum = _as_card(bum_card)
        points = {Card.standard(12, s): -1 for s in Suit}
        points[Card.standard(12, bum.suit)] = -2
        points[bum] = points.get(bum, 0) - 1
        number = 1 if bum.rank == 14 else bum.rank   # the ace counts as trick 1
        last = [0] * 13
        last[0] -= 1
        last[13 - number] -= 1
        return cls(seats=4, objective="points", card_points={str(c): p for c, p in points.items()},
                   last_trick_points=tuple(last), sides=(0, 1, 2, 3), name="tetka")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def king(cls, hand: int, trump: int | None = None, *, down: bool = False) -> "TrickRules":
        """King (G7): hands 1–6 are the negative hands (penalties, no trumps, paranoid);
        hands 7–10 count tricks with ``trump``, or avoid them when ``down``."""
        individual = (0, 1, 2, 3)
        if 7 <= hand <= 10:
            return cls(trump=trump, objective="points", trick_points=-1 if down else 1,
                       sides=individual, name="king")
        penalties = {
            1: dict(trick_points=-20),
            2: dict(card_points={str(Card.standard(r, Suit.HEARTS)): -20 for r in Rank}),
            3: dict(card_points={str(Card.standard(12, s)): -50 for s in Suit}),
            4: dict(card_points={str(Card.standard(r, s)): -30 for s in Suit for r in (11, 13)}),
            5: dict(card_points={"KH": -160}),
            6: dict(last_trick_points=(-90, -90)),
        }
        if hand not in penalties:
            raise CardsageError("King hands are numbered 1 to 10", field="hand")
        return cls(objective="points", sides=individual, name="king", **penalties[hand])

    @classmethod
    @functools.lru_cache(maxsize=256)
    def trex(cls, contract: str) -> "TrickRules":
        """Trex (G8) trick contracts: ``king_of_hearts``, ``diamonds``, ``queens``, ``slaps``.

        Undoubled values; the doubles pay the doubler, which is not a per-trick penalty.
        Seats are counted counter-clockwise (the game's direction)."""
        contracts = {
            "king_of_hearts": dict(card_points={"KH": -75}),
            "diamonds": dict(card_points={str(Card.standard(r, Suit.DIAMONDS)): -10 for r in Rank}),
            "queens": dict(card_points={str(Card.standard(12, s)): -25 for s in Suit}),
            "slaps": dict(trick_points=-15),
        }
        if contract not in contracts:
            raise CardsageError(f"Trex trick contracts: {', '.join(contracts)}", field="contract")
        return cls(objective="points", sides=(0, 1, 2, 3), name="trex", **contracts[contract])

    @classmethod
    def kop(cls, sides: tuple[int, ...] = (0, 1, 0, 1)) -> "TrickRules":
        """Kop (G9): the 12-card trump ladder, plain clubs and spades (A > 10), must
        follow, must trump, must head; card points; ``sides`` from the black queens."""
        ladder = ("AH", "TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD")
        order = {Suit.CLUBS: (14, 10), Suit.SPADES: (14, 10), Suit.HEARTS: (), Suit.DIAMONDS: ()}
        points = {str(Card.standard(r, s)): p for s in Suit for r, p in ((14, 11), (10, 10), (12, 3), (11, 2))}
        return cls(trump=int(Suit.HEARTS), rank_order=order, trump_order=ladder, must_trump=True,
                   must_head=True, objective="points", card_points=points, sides=tuple(sides),
                   name="kop")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def manille(cls, trump: int | None) -> "TrickRules":
        """Manille (G10): 32 cards ranked 10 A K Q J 9 8 7, must trump when void (any
        trump), card points 10=5 A=4 K=3 Q=2 J=1, partners opposite."""
        order = (10, 14, 13, 12, 11, 9, 8, 7)
        points = {str(Card.standard(r, s)): p for s in Suit for r, p in ((10, 5), (14, 4), (13, 3), (12, 2), (11, 1))}
        return cls(trump=trump, rank_order=order, must_trump=True, objective="points",
                   card_points=points, name="manille")

    @classmethod
    @functools.lru_cache(maxsize=256)
    def agram(cls, seats: int = 4, low_card: int = 2) -> "TrickRules":
        """Agram (G14): no trumps, follow suit, only the last trick counts; every seat for
        itself (paranoid)."""
        if low_card not in (2, 3):
            raise CardsageError("Agram's low card is the 2 or the 3", field="low_card")
        return cls(seats=seats, rank_order=(14, 10, 9, 8, 7, 6, 5, 4, low_card),
                   objective="last_trick", sides=tuple(range(seats)), name="agram")


def _replace(rules: TrickRules, **changes) -> TrickRules:
    fields = dict(seats=rules.seats, trump=rules.trump, rank_order=rules.rank_order,
                  trump_order=rules.trump_order, must_trump=rules.must_trump, must_head=rules.must_head,
                  objective=rules.objective, card_points=rules.card_points,
                  trick_points=None if rules.objective == "last_trick" else rules.trick_points,
                  last_trick_points=() if rules.objective == "last_trick" else rules.last_trick_points,
                  sides=rules.sides, unequal_hands=rules.unequal_hands, name=rules.name,
                  suitless=rules.suitless)
    fields.update(changes)
    return TrickRules(**fields)
