"""Polish Polka's card values and the scoring of a six-card layout, column by column.

A layout is six places in two rows of three, listed row by row: places 0 1 2 are the
top row and 3 4 5 the bottom row, so the columns are (0, 3), (1, 4) and (2, 5).

Two cards of equal rank in a column make a pair, which overrides their values: a pair
of jokers scores -4 (-5 where jokers are worth +15 each), a pair of aces -2 and any other
pair 0. Where one-eyed jacks are wild, the jack of spades or of hearts pairs with the
other card of its column, whatever it is (two one-eyed jacks are a pair of jacks). A
column without a pair scores the values of its two cards.
"""

from __future__ import annotations

from typing import Sequence

from solvers.cards import Card, Kind, Rank, Suit

__all__ = ["COLUMNS", "CARD_VALUES", "card_value", "column_score", "layout_score", "is_wild",
           "pairs_with", "column_parts"]

COLUMNS = ((0, 3), (1, 4), (2, 5))

# the named tables of card values a match may be played with (see the option's description)
CARD_VALUES = ("standard", "queens-12", "queens-13", "queens-20", "queen-of-spades-40",
               "jack-0-queen-12-king-13", "jacks-20")
JOKER_PAIR = -4
JOKER_PAIR_WHEN_PLUS_15 = -5
ACE_PAIR = -2


def is_wild(card: Card, options) -> bool:
    """True for a one-eyed jack (J♠, J♥) where one-eyed jacks are wild."""
    return (options.one_eyed_jacks_wild and card.kind == Kind.STANDARD and card.rank == Rank.JACK
            and card.suit in (Suit.SPADES, Suit.HEARTS))


def card_value(card: Card, options) -> int:
    """What one unpaired card scores under the match's options."""
    if card.kind == Kind.JOKER:
        return options.joker_value
    rank, table = card.rank, options.card_values
    if rank == Rank.ACE:
        return 1
    if rank == Rank.TWO:
        return -2 if options.twos_minus_two else 2
    if rank <= Rank.TEN:
        if rank == Rank.EIGHT and table == "queen-of-spades-40":
            return 0
        return int(rank)
    if rank == Rank.JACK:
        return {"jack-0-queen-12-king-13": 0, "jacks-20": 20}.get(table, 10)
    if rank == Rank.QUEEN:
        if table == "queen-of-spades-40":
            return 40 if card.suit == Suit.SPADES else 10
        return {"queens-12": 12, "queens-13": 13, "queens-20": 20, "jack-0-queen-12-king-13": 12}.get(table, 10)
    return 13 if table == "jack-0-queen-12-king-13" else 10


def _same_rank(a: Card, b: Card) -> bool:
    if a.kind == Kind.JOKER or b.kind == Kind.JOKER:
        return a.kind == b.kind
    return a.rank == b.rank


def pairs_with(a: Card, b: Card, options) -> bool:
    """True when the two cards of a column make a pair (equal ranks, or a wild one-eyed jack)."""
    return _same_rank(a, b) or is_wild(a, options) or is_wild(b, options)


def _pair_score(a: Card, b: Card, options) -> tuple[int, str]:
    """The score of a pair and its name; a wild jack takes the other card's rank."""
    rank_card = b if is_wild(a, options) else a
    if rank_card.kind == Kind.JOKER:
        if options.joker_value == 15:
            return JOKER_PAIR_WHEN_PLUS_15, "pair of jokers"
        return JOKER_PAIR, "pair of jokers"
    if rank_card.rank == Rank.ACE:
        return ACE_PAIR, "pair of aces"
    return 0, "pair"


def column_parts(a: Card, b: Card, options) -> tuple[int, str]:
    """A column's score and what it is: a named pair, or "cards" for two unpaired values."""
    if pairs_with(a, b, options):
        return _pair_score(a, b, options)
    return card_value(a, options) + card_value(b, options), "cards"


def column_score(a: Card, b: Card, options) -> int:
    """The score of one column of two cards."""
    return column_parts(a, b, options)[0]


def layout_score(cards: Sequence[Card], options) -> int:
    """The score of a whole layout of six cards (before shooting the moon)."""
    return sum(column_score(cards[i], cards[j], options) for i, j in COLUMNS)
