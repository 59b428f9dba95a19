"""Cards, suits, ranks, packs, card notation and a portable seeded shuffle.

Notation (case-insensitive on input, canonical on output):

* standard cards: rank then suit, ``AS``, ``TD``, ``9C``; ``10`` is accepted for the
  ten (``10d`` parses to ``TD``); suits may be written ``S H D C`` or ``♠ ♥ ♦ ♣``
  (also ``♤ ♡ ♢ ♧``); suit-first (``SA``, ``HT``) is accepted too.
* jokers: ``X1`` … ``X4``.
* Tarot trumps: ``T1`` … ``T21`` and the Fool ``FOOL``.
* Red7 cards: colour letter then number, ``R7`` … ``V1`` (colours
  ``R O Y G B I V``, Red highest).
* duplicate physical cards (double packs) carry a copy index: ``7H#1``, ``7H#2``.

Every card is an immutable, hashable, ordered value; ``str(card)`` is its canonical
notation and ``parse_card(str(card)) == card`` for every card.
"""

from __future__ import annotations

from contextvars import ContextVar

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Iterable, Sequence

from solvers.errors import CardsageError

__all__ = [
    "Suit", "Rank", "Kind", "Card", "parse_card", "parse_cards", "format_cards",
    "standard_pack", "stripped_pack", "double_pack", "pack_with_jokers",
    "tarot_trumps", "red7_pack", "named_pack", "PACKS", "Rng",
]


class Suit(IntEnum):
    """The four French suits, ordered as in bridge (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter name: ``C D H S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """Unicode suit symbol."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> "Suit":
        """Parse ``S``, ``h``, ``♦`` … into a suit."""
        key = text.strip().upper()
        if key in _SUIT_BY_CHAR:
            return _SUIT_BY_CHAR[key]
        raise CardsageError(f"unknown suit {text!r}: use one of S H D C or ♠ ♥ ♦ ♣")


class Rank(IntEnum):
    """Ranks of the standard pack, ace high (games that rank differently map them)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One-character name: ``2``…``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]


class Kind(IntEnum):
    """What family of card a card belongs to."""

    STANDARD = 0
    JOKER = 1
    TAROT = 2
    RED7 = 3


_RANK_LETTERS = {r: ("T" if r == 10 else "JQKA"[r - 11] if r > 10 else str(int(r))) for r in Rank}
_RANK_BY_TEXT = {v: Rank(k) for k, v in _RANK_LETTERS.items()} | {"10": Rank.TEN}
_SUIT_BY_CHAR = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
RED7_COLOURS = "VIBGYOR"  # index 0 = Violet (lowest) … 6 = Red (highest)

_STANDARD_RE = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])$")
_SUIT_FIRST_RE = re.compile(r"^([SHDC♠♥♦♣♤♡♢♧])(10|[2-9TJQKA])$")
_JOKER_RE = re.compile(r"^X([1-4])$")
_TAROT_RE = re.compile(r"^T([1-9]|1[0-9]|2[01])$")
_RED7_RE = re.compile(r"^([ROYGBIV])([1-7])$")

ACCEPTED = (
    "accepted: rank+suit like AS, TD, 10d, q♥ (ranks A K Q J T/10 9-2, suits S H D C or "
    "♠ ♥ ♦ ♣), jokers X1-X4, Tarot trumps T1-T21 and FOOL, Red7 cards R7..V1, "
    "and an optional copy index like 7H#2"
)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card.

    ``kind`` says which family it is; ``suit`` is a :class:`Suit` for standard cards and
    a colour index (0 = Violet … 6 = Red) for Red7 cards, ``None`` otherwise; ``rank`` is
    2–14 for standard cards (ace 14), 1–4 for jokers, 0 (the Fool) to 21 for Tarot trumps
    and 1–7 for Red7. ``copy`` is 0 in single packs and 1, 2, … in multi-pack games.
    """

    kind: Kind
    suit: int | None
    rank: int
    copy: int = 0

    @classmethod
    def standard(cls, rank: int, suit: int, copy: int = 0) -> "Card":
        """A standard card from its rank (2–14) and suit."""
        # cards are immutable, so one object a card serves every caller; building one
        # costs two enum look-ups, and quick play builds thousands a second
        card = _STANDARD_CARDS.get((rank, suit, copy))
        if card is None:
            card = cls(Kind.STANDARD, Suit(suit), Rank(rank), copy)
            if len(_STANDARD_CARDS) < 4096:
                _STANDARD_CARDS[(rank, suit, copy)] = card
        return card

    @property
    def is_standard(self) -> bool:
        """True for the 52 French-suited cards (and their copies)."""
        return self.kind == Kind.STANDARD

    @property
    def face(self) -> "Card":
        """The card without its copy index (``7H#2`` → ``7H``)."""
        return self if self.copy == 0 else Card(self.kind, self.suit, self.rank, 0)

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.kind == Kind.STANDARD and Suit(self.suit).is_red

    def __str__(self) -> str:
        if self.kind == Kind.STANDARD:
            text = _RANK_LETTERS[self.rank] + "CDHS"[self.suit]
        elif self.kind == Kind.JOKER:
            text = f"X{self.rank}"
        elif self.kind == Kind.TAROT:
            text = "FOOL" if self.rank == 0 else f"T{self.rank}"
        else:
            text = f"{RED7_COLOURS[self.suit]}{self.rank}"
        return f"{text}#{self.copy}" if self.copy else text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def pretty(self) -> str:
        """Human display with a suit symbol and ``10`` for the ten (``10♦``)."""
        if self.kind != Kind.STANDARD:
            return str(self)
        return ("10" if self.rank == 10 else _RANK_LETTERS[self.rank]) + "♣♦♥♠"[self.suit]


_PARSE_CACHE: dict[str, Card] = {}
_STANDARD_CARDS: dict[tuple[int, int, int], Card] = {}


def card_order(card: Card) -> tuple:
    """A fixed order over every kind of card (kind, suit, rank, copy): for listing cards
    in an order that tells nothing about where they lie."""
    return (card.kind, -1 if card.suit is None else card.suit, card.rank, card.copy)


def parse_card(text: str) -> Card:
    """Parse one card in any accepted notation; raise :class:`CardsageError` if it is not one."""
    if not isinstance(text, str):
        raise CardsageError(f"a card must be a string, got {type(text).__name__}; {ACCEPTED}")
    hit = _PARSE_CACHE.get(text)
    if hit is not None:
        return hit
    raw = text.strip()
    body, _, copy_text = raw.partition("#")
    copy = 0
    if copy_text:
        if not copy_text.isdigit() or int(copy_text) < 1:
            raise CardsageError(f"bad copy index in card {text!r}: write a number from 1, like 7H#2")
        copy = int(copy_text)
    key = body.upper()
    card = _parse_face(key)
    if card is None:
        raise CardsageError(f"unknown card {text!r}; {ACCEPTED}")
    if copy:
        card = Card(card.kind, card.suit, card.rank, copy)
    if len(_PARSE_CACHE) < 10000:
        _PARSE_CACHE[text] = card
    return card


def _parse_face(key: str) -> Card | None:
    if key == "FOOL":
        return Card(Kind.TAROT, None, 0)
    m = _STANDARD_RE.match(key)
    if m:
        return Card.standard(_RANK_BY_TEXT[m.group(1)], _SUIT_BY_CHAR[m.group(2)])
    m = _SUIT_FIRST_RE.match(key)
    if m:
        return Card.standard(_RANK_BY_TEXT[m.group(2)], _SUIT_BY_CHAR[m.group(1)])
    m = _JOKER_RE.match(key)
    if m:
        return Card(Kind.JOKER, None, int(m.group(1)))
    m = _TAROT_RE.match(key)
    if m:
        return Card(Kind.TAROT, None, int(m.group(1)))
    m = _RED7_RE.match(key)
    if m:
        return Card(Kind.RED7, RED7_COLOURS.index(m.group(1)), int(m.group(2)))
    return None


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas, or a list of card strings."""
    items = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items if item != ""]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation of several cards, space separated."""
    return " ".join(str(c) for c in cards)


# ---------------------------------------------------------------- packs


def standard_pack(copy: int = 0) -> list[Card]:
    """The 52-card pack, ordered by suit (clubs first) then rank (two first)."""
    # the shared card objects: a card is then found by identity in sets and tables
    return [Card.standard(r, s, copy) for s in Suit for r in Rank]


def stripped_pack(ranks: Iterable[int], *, minus: Iterable[str] = ()) -> list[Card]:
    """A pack of the given ranks in every suit, less the cards named in ``minus``."""
    keep = sorted(set(ranks))
    removed = {parse_card(c) for c in minus}
    return [Card(Kind.STANDARD, s, Rank(r)) for s in Suit for r in keep
            if Card(Kind.STANDARD, s, Rank(r)) not in removed]


def double_pack() -> list[Card]:
    """Two standard packs (104 cards); the copies carry indexes 1 and 2."""
    return standard_pack(1) + standard_pack(2)


def pack_with_jokers(jokers: int, packs: int = 1) -> list[Card]:
    """``packs`` standard packs plus ``jokers`` jokers (X1…X4)."""
    if not 0 <= jokers <= 4:
        raise CardsageError("a pack has between 0 and 4 jokers")
    cards = standard_pack() if packs == 1 else [c for p in range(1, packs + 1) for c in standard_pack(p)]
    return cards + [Card(Kind.JOKER, None, j) for j in range(1, jokers + 1)]


def tarot_trumps() -> list[Card]:
    """The 21 Tarot trumps and the Fool (22 cards)."""
    return [Card(Kind.TAROT, None, r) for r in range(0, 22)]


def red7_pack() -> list[Card]:
    """The 49 Red7 cards: numbers 1–7 in seven colours."""
    return [Card(Kind.RED7, c, n) for c in range(7) for n in range(1, 8)]


_A_TO = lambda low: list(range(low, 15))  # noqa: E731  ranks from ``low`` up to the ace

PACKS: dict[str, callable] = {
    "52": standard_pack,
    "24": lambda: stripped_pack(_A_TO(9)),                        # A K Q J 10 9
    "28": lambda: stripped_pack(_A_TO(8)),                        # A … 8
    "32": lambda: stripped_pack(_A_TO(7)),                        # A … 7 (piquet pack)
    "36": lambda: stripped_pack(_A_TO(6)),                        # A … 6
    "40": lambda: stripped_pack(_A_TO(5)),                        # A … 5 (Napoleon, 5 players)
    "40-no-courts": lambda: stripped_pack([14, 2, 3, 4, 5, 6, 7, 8, 9, 10]),  # A–10 (Twenty-Four)
    "35-agram": lambda: stripped_pack([14, 10, 9, 8, 7, 6, 5, 4, 2], minus=["AS"]),
    "16-kop": lambda: stripped_pack([14, 10, 12, 11]),            # A 10 Q J
    "104": double_pack,
    "54": lambda: pack_with_jokers(2),
    "56": lambda: pack_with_jokers(4),
    "tarot-trumps": tarot_trumps,
    "red7": red7_pack,
}


def named_pack(name: str) -> list[Card]:
    """A pack by its name in :data:`PACKS` (``"52"``, ``"32"``, ``"104"``, ``"red7"`` …)."""
    try:
        return PACKS[name]()
    except KeyError:
        raise CardsageError(f"unknown pack {name!r}; known packs: {', '.join(PACKS)}") from None


# ---------------------------------------------------------------- seeded randomness


# a deal with chosen cards in chosen places (solvers.knowledge): while set, every shuffle
# renames its cards by this mapping, so a game deals the renamed cards where it would have
# dealt the originals and derives from them whatever it derives at the deal (trumps …)
RELABEL: ContextVar[dict | None] = ContextVar("cardsage_relabel", default=None)


class Rng:
    """A portable seeded random generator: SplitMix64 (Steele, Lea, Flood 2014).

    Every draw is a pure function of the seed and the number of draws before it, so a
    seeded shuffle is the same on every machine and Python version. ``below(n)`` is
    unbiased (rejection sampling on the top of the 64-bit range); ``shuffle`` is the
    Fisher–Yates (Durstenfeld) shuffle walking from the last position down.
    """

    MASK = (1 << 64) - 1
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = _fnv1a64(seed.encode())
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CardsageError("a seed must be an integer")
        self.state = seed & self.MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise CardsageError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence):
        """One item chosen uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> list:
        """Shuffle ``items`` in place (Fisher–Yates) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        relabel = RELABEL.get()
        if relabel is not None:
            items[:] = [relabel.get(c, c) if isinstance(c, Card) else c for c in items]
        return items

    def shuffled(self, items: Iterable) -> list:
        """A shuffled copy."""
        return self.shuffle(list(items))

    def fork(self, label: int | str) -> "Rng":
        """An independent generator derived from this one's state and a label."""
        salt = label if isinstance(label, int) else _fnv1a64(str(label).encode())
        return Rng((self.next64() ^ (salt * 0x9E3779B97F4A7C15)) & self.MASK)


def _fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & Rng.MASK
    return h
