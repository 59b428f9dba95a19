"""Deals by number: a documented seeded shuffle and deal order for each game.

Klondike: the pack of :func:`pack_for` (suit by suit, clubs first, ace to king) is
shuffled with ``Rng(seed).shuffle``; cards are then dealt row by row, as at a table:
row ``r`` gives one card to each column ``r .. n-1``, the card landing on column ``r``
face up and the others face down. The rest, in shuffled order, is the stock (the next
card of the shuffled pack is the next card dealt from the stock).

Forty Thieves: the two packs (copy 1 then copy 2) are shuffled the same way; four rows
of ten face-up cards are dealt left to right, row by row; the remaining 64 cards are the
stock in shuffled order.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.patience.position import Column, Position, pack_for, validate


def klondike_deal(seed: int, *, ranks: int = 13, columns: int = 7) -> Position:
    """The Klondike deal with this number (``ranks``/``columns`` shrink it for tests)."""
    _check_seed(seed)
    if not 1 <= columns <= 7 or columns * (columns + 1) // 2 > 4 * ranks:
        raise CardsageError("too many columns for this pack", field="columns")
    cards = Rng(seed).shuffle(pack_for("klondike", ranks))
    piles: list[list] = [[] for _ in range(columns)]
    at = 0
    for row in range(columns):
        for col in range(row, columns):
            piles[col].append(cards[at])
            at += 1
    cols = tuple(Column(tuple(p[:-1]), (p[-1],)) for p in piles)
    return Position("klondike", cols, ((),) * 4, tuple(cards[at:]), (), ranks)


def forty_thieves_deal(seed: int, *, ranks: int = 13, columns: int = 10, rows: int = 4) -> Position:
    """The Forty Thieves deal with this number (smaller shapes for tests)."""
    _check_seed(seed)
    if columns < 1 or rows < 0 or columns * rows > 8 * ranks:
        raise CardsageError("too many tableau cards for this pack", field="columns")
    cards = Rng(seed).shuffle(pack_for("forty-thieves", ranks))
    piles: list[list] = [[] for _ in range(columns)]
    at = 0
    for _ in range(rows):
        for col in range(columns):
            piles[col].append(cards[at])
            at += 1
    cols = tuple(Column((), tuple(p)) for p in piles)
    return Position("forty-thieves", cols, ((),) * 8, tuple(cards[at:]), (), ranks)


def deal_by_number(game: str, seed: int, **shape) -> Position:
    """The numbered deal of ``game`` (``klondike`` or ``forty-thieves``)."""
    if game == "klondike":
        return klondike_deal(seed, **shape)
    if game == "forty-thieves":
        return forty_thieves_deal(seed, **shape)
    raise CardsageError(f"unknown patience game {game!r}", field="game")


def _check_seed(seed) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise CardsageError("a deal number must be a whole number from 0", field="seed")


__all__ = ["klondike_deal", "forty_thieves_deal", "deal_by_number", "validate"]
