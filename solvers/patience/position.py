"""A patience position in plain cards: columns, foundations, stock and waste.

This is the shared, readable model that the rules engine, the deal formats and the
hints work on; the search kernels convert it into compact states of their own.
An unseen card (face down, or in the stock, as a player knows the position) is
``None``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from solvers.cards import Card, Kind, Rank, Suit
from solvers.errors import CardsageError

GAMES = ("klondike", "forty-thieves")


def patience_rank(card: Card) -> int:
    """Rank with the ace low: ace 1, two 2 … king 13."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def make_card(suit: int, rank: int, copy: int = 0) -> Card:
    """A standard card from its suit and ace-low rank (1–13)."""
    return Card(Kind.STANDARD, Suit(suit), Rank(14 if rank == 1 else rank), copy)


def pack_for(game: str, ranks: int = 13) -> list[Card]:
    """The pack a game uses, reduced to ranks ace..``ranks`` (13 = full pack).

    Klondike uses one pack (copy 0); Forty Thieves two (copies 1 and 2). The order is
    the fixed order the seeded deal shuffles: copy, then suit (clubs first), then rank
    (ace first).
    """
    check_ranks(ranks)
    copies = (0,) if game == "klondike" else (1, 2)
    return [make_card(s, r, c) for c in copies for s in range(4) for r in range(1, ranks + 1)]


def check_ranks(ranks: int) -> None:
    """Refuse a rank count outside 1..13."""
    if not isinstance(ranks, int) or not 1 <= ranks <= 13:
        raise CardsageError("ranks must be a number from 1 (aces only) to 13 (full pack)", field="ranks")


@dataclass(frozen=True)
class Column:
    """One tableau column, bottom to top: face-down cards, then face-up cards."""

    down: tuple = ()
    up: tuple = ()

    @property
    def cards(self) -> tuple:
        """All cards bottom to top (``None`` for unseen ones)."""
        return self.down + self.up

    def __len__(self) -> int:
        return len(self.down) + len(self.up)


@dataclass(frozen=True)
class Position:
    """A whole patience position.

    ``foundations`` holds one pile per suit in Klondike (index = suit, clubs first) and
    eight piles in Forty Thieves; each pile lists its cards from the ace up. ``stock``
    lists the next card to be dealt first; ``waste`` is bottom to top. ``ranks`` is the
    number of ranks in play (13, or fewer for reduced test packs). ``redeals_used``
    counts turn-overs of the waste; ``single_pass`` is set once a Klondike draw-3 game
    has switched to its final one-card pass.
    """

    game: str
    columns: tuple
    foundations: tuple
    stock: tuple = ()
    waste: tuple = ()
    ranks: int = 13
    redeals_used: int = 0
    single_pass: bool = False

    @property
    def piles(self) -> int:
        """Number of foundation piles."""
        return 4 if self.game == "klondike" else 8

    @property
    def total_cards(self) -> int:
        """How many cards the game's (possibly reduced) pack holds."""
        return 4 * self.ranks * (1 if self.game == "klondike" else 2)

    def is_won(self) -> bool:
        """True when every card is on the foundations."""
        return sum(len(p) for p in self.foundations) == self.total_cards

    def all_known(self) -> bool:
        """True when no card is unseen (a "thoughtful" position)."""
        return None not in self.stock and all(None not in c.down for c in self.columns)

    def with_(self, **changes) -> "Position":
        """A copy with some fields changed."""
        return replace(self, **changes)


def visible_cards(position: Position) -> set[Card]:
    """The cards a player can see right now: face-up tableau cards, waste, foundations."""
    seen = {c for col in position.columns for c in col.up}
    seen.update(position.waste)
    seen.update(c for pile in position.foundations for c in pile)
    return seen


def hidden_slots(position: Position) -> list[tuple[str, int, int]]:
    """Where the cards a player cannot see lie: ``("column", i, depth)`` for face-down
    cards (0 = bottom) and ``("stock", 0, j)`` for the stock (0 = next to deal)."""
    slots = [("column", i, d) for i, col in enumerate(position.columns) for d in range(len(col.down))]
    slots += [("stock", 0, j) for j in range(len(position.stock))]
    return slots


def player_view(position: Position, seen: set[Card] | frozenset[Card] = frozenset()) -> Position:
    """The position as a player knows it: face-down and stock cards become ``None``
    unless they are in ``seen`` (cards the player has already seen, e.g. the stock after
    a first pass)."""
    def mask(cards):
        return tuple(c if c in seen else None for c in cards)
    cols = tuple(Column(mask(c.down), c.up) for c in position.columns)
    return replace(position, columns=cols, stock=mask(position.stock))


def validate(position: Position) -> Position:
    """Check a position's cards and shape; raise :class:`CardsageError` naming the
    first bad card. Unseen cards (``None``) stand for the missing ones."""
    if position.game not in GAMES:
        raise CardsageError(f"unknown patience game {position.game!r}; use klondike or forty-thieves",
                            field="game")
    check_ranks(position.ranks)
    if not position.columns:
        raise CardsageError("a deal needs at least one tableau column", field="tableau")
    if len(position.foundations) != position.piles:
        raise CardsageError(f"{position.game} has {position.piles} foundation piles", field="foundations")
    expected = Counter(c.face for c in pack_for(position.game, position.ranks))
    copies = 1 if position.game == "klondike" else 2
    counts: Counter = Counter()
    unseen = 0
    for card in _all_slots(position):
        if card is None:
            unseen += 1
            continue
        if not isinstance(card, Card) or not card.is_standard:
            raise CardsageError(f"unknown card {card} in a {position.game} deal", field="deal")
        if card.face not in expected:
            raise CardsageError(f"card {card} is not in this pack (ranks ace to {position.ranks})",
                                field="deal")
        counts[card.face] += 1
        if counts[card.face] > copies:
            raise CardsageError(f"card {card.face} appears more than {_times(copies)} in the deal",
                                field="deal")
    missing = [c for c in expected if counts[c] < copies]
    short = sum(copies - counts[c] for c in missing)
    if short != unseen:
        if short > unseen:
            raise CardsageError(f"card {missing[0]} is missing from the deal", field="deal")
        raise CardsageError("the deal has more unseen places than missing cards", field="deal")
    for col_no, col in enumerate(position.columns, 1):
        if None in col.up:
            raise CardsageError(f"column {col_no}: a face-up card must be known", field="tableau")
        if position.game == "forty-thieves" and col.down:
            raise CardsageError("in Forty Thieves every tableau card is face up", field="tableau")
        if col.down and not col.up:
            raise CardsageError(f"column {col_no}: its top card must be face up", field="tableau")
        if position.game == "klondike":
            for low, high in zip(col.up[1:], col.up):
                if patience_rank(low) != patience_rank(high) - 1 or low.is_red == high.is_red:
                    raise CardsageError(f"column {col_no}: face-up {low} cannot lie on {high}",
                                        field="tableau")
    if None in position.waste:
        raise CardsageError("waste cards must be known", field="waste")
    for index, pile in enumerate(position.foundations):
        for step, card in enumerate(pile):
            wrong_suit = position.game == "klondike" and card.suit != index
            if wrong_suit or card.suit != pile[0].suit or patience_rank(card) != step + 1:
                raise CardsageError(f"foundation {index + 1}: {card} is out of order", field="foundations")
    return position


def _times(n: int) -> str:
    return "once" if n == 1 else "twice"


def _all_slots(position: Position):
    for col in position.columns:
        yield from col.down
        yield from col.up
    yield from position.stock
    yield from position.waste
    for pile in position.foundations:
        yield from pile
