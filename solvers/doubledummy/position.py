"""A double-dummy position: every hand known, a trick possibly in progress.

``Position`` holds plain cards; the solver encodes it for its kernel. Hands in PBN are
written spades.hearts.diamonds.clubs, clockwise from the seat named before the colon.
Cards already on the current trick are not in the hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Iterable, Sequence

from solvers.cards import Card, Rank, Suit, parse_card
from solvers.doubledummy.rules import TrickRules
from solvers.errors import CardsageError

__all__ = ["Position", "SEAT_LETTERS", "seat_index", "seat_name", "parse_strain"]

SEAT_LETTERS = "NESW"
STRAINS = {"S": int(Suit.SPADES), "H": int(Suit.HEARTS), "D": int(Suit.DIAMONDS),
           "C": int(Suit.CLUBS), "N": None, "NT": None}


def seat_index(seat: int | str, seats: int, field: str = "leader") -> int:
    """A seat as an index; 4-seat positions also accept ``N E S W``."""
    if isinstance(seat, str):
        key = seat.strip().upper()[:1]
        if seats == 4 and key and key in SEAT_LETTERS:
            return SEAT_LETTERS.index(key)
        if seat.strip().isdigit():
            seat = int(seat.strip())
        else:
            raise CardsageError(f"unknown seat {seat!r}: use N E S W or a seat number", field=field)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise CardsageError(f"seat must be 0 to {seats - 1}, got {seat!r}", field=field)
    return seat


def seat_name(seat: int, seats: int) -> str:
    """``N E S W`` for 4 seats, the number otherwise."""
    return SEAT_LETTERS[seat] if seats == 4 else str(seat)


def parse_strain(strain: str | int | None) -> int | None:
    """``S H D C N`` (or a suit index, or None for no trumps) → trump suit index or None."""
    if strain is None or (isinstance(strain, int) and not isinstance(strain, bool) and 0 <= strain <= 3):
        return strain
    if isinstance(strain, str) and strain.strip().upper() in STRAINS:
        return STRAINS[strain.strip().upper()]
    raise CardsageError(f"unknown strain {strain!r}: use S H D C or N", field="trump")


def _cards(items, field: str) -> tuple[Card, ...]:
    if type(items) is tuple and all(type(item) is Card for item in items):
        return items
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    out = []
    for item in items:
        out.append(item if isinstance(item, Card) else parse_card(item))
    return tuple(out)


@dataclass(frozen=True)
class Position:
    """Hands per seat, the seat that led (or leads) the current trick, the cards already
    on that trick in order, and the rules. Construction validates everything."""

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    rules: TrickRules

    def __post_init__(self):
        _validate(self)

    @classmethod
    def from_hands(cls, hands: Sequence[Iterable], leader: int | str = 0, trick: Iterable = (),
                   rules: TrickRules | None = None) -> "Position":
        """A position from per-seat card lists (cards or card strings)."""
        rules = rules or TrickRules.bridge()
        if isinstance(hands, (str, bytes)) or len(hands) != rules.seats:
            raise CardsageError(f"give one hand for each of the {rules.seats} seats", field="hands")
        parsed = tuple(tuple(sorted(_cards(h, "hands"), key=_SORT_KEY, reverse=True)) for h in hands)
        return cls(parsed, seat_index(leader, rules.seats), _cards(trick, "played"), rules)

    @classmethod
    def from_pbn(cls, pbn: str, trump: str | int | None = "N", leader: int | str = "N",
                 played: Iterable = (), rules: TrickRules | None = None) -> "Position":
        """A 4-seat position from PBN (``"N:AKQ.J.T9.8 ..."``). ``played`` are the cards on
        the current trick, led by ``leader``; ``rules`` defaults to bridge with ``trump``."""
        if rules is None:
            rules = TrickRules.bridge(parse_strain(trump))
        if rules.seats != 4:
            raise CardsageError("PBN deals have 4 seats", field="rules")
        hands = parse_pbn_hands(pbn)
        return cls.from_hands(hands, leader, played, rules)

    # ------------------------------------------------------------ queries

    @property
    def seats(self) -> int:
        """Number of seats."""
        return self.rules.seats

    @property
    def to_play(self) -> int:
        """The seat whose turn it is."""
        return _next_players(self)[0] if self.trick else self.leader

    def to_pbn(self) -> str:
        """The hands in PBN, starting with N (4 seats only)."""
        if self.seats != 4:
            raise CardsageError("PBN deals have 4 seats")
        return "N:" + " ".join(_pbn_hand(h) for h in self.hands)

    def to_json(self) -> dict:
        """JSON form of the position."""
        return {"hands": [[str(c) for c in h] for h in self.hands],
                "leader": seat_name(self.leader, self.seats),
                "trick": [str(c) for c in self.trick], "rules": self.rules.name,
                "trump": None if self.rules.trump is None else Suit(self.rules.trump).letter}


def _sort_key(card: Card):
    return (card.suit, card.rank)


_SORT_KEY = attrgetter("suit", "rank")   # _sort_key, read in C


def parse_pbn_hands(pbn: str) -> list[list[Card]]:
    """The four hands of a PBN deal string, in seat order N E S W."""
    if not isinstance(pbn, str) or ":" not in pbn:
        raise CardsageError("a PBN deal looks like 'N:AKQ.J.T9.8 ... ... ...'", field="pbn")
    first, _, body = pbn.strip().partition(":")
    first_seat = seat_index(first.strip(), 4, field="pbn")
    parts = body.split()
    if len(parts) != 4:
        raise CardsageError(f"a PBN deal has 4 hands separated by spaces, found {len(parts)}", field="pbn")
    hands: list[list[Card]] = [[], [], [], []]
    for i, text in enumerate(parts):
        seat = (first_seat + i) % 4
        suits = text.split(".")
        if len(suits) != 4:
            raise CardsageError(f"hand {text!r} of {SEAT_LETTERS[seat]} needs 4 suits separated "
                                "by dots (spades.hearts.diamonds.clubs)", field="pbn")
        for suit_letter, ranks in zip("SHDC", suits):
            ranks = ranks.strip()
            if ranks == "-":
                continue
            ranks = ranks.replace("10", "T")
            for r in ranks:
                hands[seat].append(parse_card(r + suit_letter))
    return hands


def _pbn_hand(cards: Sequence[Card]) -> str:
    order = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    return ".".join("".join(Rank(c.rank).letter for c in sorted(cards, key=lambda c: -c.rank)
                            if c.suit == suit) for suit in order)


def _trick_seats(pos: Position) -> list[int]:
    """Seats that played the trick cards: consecutive seats from the leader."""
    return [(pos.leader + i) % pos.seats for i in range(len(pos.trick))]


def _next_players(pos: Position) -> list[int]:
    """Seats still to play to the current trick, in order (seats with no cards skipped)."""
    n = pos.seats
    played = set(_trick_seats(pos))
    start = (pos.leader + len(pos.trick)) % n
    return [s for s in ((start + i) % n for i in range(n)) if s not in played and pos.hands[s]]


def _validate(pos: Position) -> None:
    rules = pos.rules
    n = rules.seats
    if not isinstance(rules, TrickRules):
        raise CardsageError("rules must be a TrickRules", field="rules")
    if len(pos.hands) != n:
        raise CardsageError(f"give one hand for each of the {n} seats, got {len(pos.hands)}", field="hands")
    if isinstance(pos.leader, bool) or not isinstance(pos.leader, int) or not 0 <= pos.leader < n:
        raise CardsageError(f"leader must be a seat 0 to {n - 1}", field="leader")
    if not _plainly_distinct_and_known(pos):
        _check_cards(pos)
    if len(pos.trick) >= n:
        raise CardsageError(f"the current trick has {len(pos.trick)} cards; with {n} seats at most "
                            f"{n - 1} can be on it before it completes", field="played")
    sizes = [len(h) for h in pos.hands]
    if not any(sizes):
        raise CardsageError("no cards left to play", field="hands")
    if not pos.trick and not pos.hands[pos.leader]:
        raise CardsageError(f"the leader {seat_name(pos.leader, n)} holds no cards", field="leader")
    if rules.unequal_hands:
        if pos.trick and not _next_players(pos):
            raise CardsageError("nobody left to play to the current trick", field="played")
        return
    played = set(_trick_seats(pos))
    after = [sizes[s] - (0 if s in played else 1) for s in range(n)]
    if len(set(after)) != 1 or after[0] < 0:
        detail = ", ".join(f"{seat_name(s, n)} {sizes[s]}" for s in range(n))
        if pos.trick:
            raise CardsageError(
                f"hand sizes ({detail}) cannot come from one deal: the {len(pos.trick)} seat(s) "
                "that played to the current trick must hold one card fewer than the others",
                field="hands")
        raise CardsageError(f"hands must all hold the same number of cards ({detail})", field="hands")


_KNOWN_CARDS: dict[int, tuple[TrickRules, frozenset[Card]]] = {}


def _known_cards(rules: TrickRules) -> frozenset[Card]:
    """Every card of the rules' game (kept per rules object, which it holds on to, so its
    id cannot be taken by another)."""
    hit = _KNOWN_CARDS.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_KNOWN_CARDS) >= 64:
            _KNOWN_CARDS.clear()
        hit = _KNOWN_CARDS[id(rules)] = (rules, frozenset(rules.cards))
    return hit[1]


def _plainly_distinct_and_known(pos: Position) -> bool:
    """True when every card, in the hands and on the trick, is a card of the game and no
    card appears twice: the common case, checked with one set (the detailed check names
    what is wrong)."""
    cards = [c for hand in pos.hands for c in hand]
    cards.extend(pos.trick)
    distinct = set(cards)
    return len(distinct) == len(cards) and distinct <= _known_cards(pos.rules)


def _check_cards(pos: Position) -> None:
    """Raise for a card that is not of the game or appears twice, saying which and where."""
    rules = pos.rules
    n = rules.seats
    owner: dict[Card, str] = {}
    for seat, hand in enumerate(pos.hands):
        name = seat_name(seat, n)
        for card in hand:
            rules.card_key(card)
            if card in owner:
                where = "twice in " + name if owner[card] == name else f"in both {owner[card]} and {name}"
                raise CardsageError(f"{card} is {where}", field="hands")
            owner[card] = name
    seen: set[Card] = set()
    for card in pos.trick:
        rules.card_key(card)
        if card in seen:
            raise CardsageError(f"{card} is played twice to the current trick", field="played")
        if card in owner:
            raise CardsageError(f"{card} is on the current trick and also in {owner[card]}'s hand",
                                field="played")
        seen.add(card)
