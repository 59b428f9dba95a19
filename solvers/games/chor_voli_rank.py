"""Chor Voli's three-card combinations: what they are, how they rank, and fast tables of them.

Combinations, strongest type first: three of a kind (A-A-A high … 2-2-2, or 3-3-3 on top
with ``threes_high``); three-card straight flush; three-card straight (mixed suits);
three-card flush; three unrelated cards (three ranks and three suits). Straights of both
kinds rank A-K-Q > 3-2-A > K-Q-J > … > 4-3-2. Flushes and unrelated cards compare the
highest card, then the second, then the third (A-K-J best, 5-3-2 worst). Anything else (a
pair, or two cards of one suit that are not a straight or a flush) is no combination.

A dealt four of a kind cancels the showdowns; fours rank A high (or 4-4-4-4 on top, then
A, K, … with ``four_fours_high``).

Cards are also numbered 0–51 (``suit * 13 + rank - 2``) so a set of cards is a bit mask;
:func:`strength_table` maps every valid triple's mask to a dense integer strength (0 the
weakest combination), which the partition search works with.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Iterable, Mapping, Sequence

from solvers.cards import Card, Rank, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.hand_rank import HandRank

__all__ = ["hand_rank", "combination_key", "four_key", "strength_table", "card_index", "index_card",
           "mask_of", "triple_notation", "PACK", "TRIO", "STRAIGHT_FLUSH", "STRAIGHT", "FLUSH", "UNRELATED", "FOUR"]

PACK = tuple(standard_pack())
UNRELATED, FLUSH, STRAIGHT, STRAIGHT_FLUSH, TRIO, FOUR = range(6)
CATEGORY = {UNRELATED: "unrelated", FLUSH: "flush", STRAIGHT: "straight",
            STRAIGHT_FLUSH: "straight-flush", TRIO: "three-of-a-kind", FOUR: "four-of-a-kind"}
RANK_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
              10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
PLURAL = {r: (w + "es" if w == "six" else w + "s") for r, w in RANK_WORDS.items()}
# straight order: A-K-Q, then 3-2-A, then K-Q-J … 4-3-2 (value: the high card; the two
# ace straights above the king-high one)
ACE_HIGH_STRAIGHT = 16
ACE_LOW_STRAIGHT = 15


def _option(options: Any, name: str) -> bool:
    if options is None:
        return False
    if isinstance(options, Mapping):
        value = options.get(name, False)
    else:
        value = getattr(options, name, False)
    if not isinstance(value, bool):
        raise CardsageError(f"option {name!r} must be true or false", field=f"options.{name}")
    return value


def _straight_value(ranks: Sequence[int]) -> int | None:
    """The straight's value (None when the three ranks are not consecutive)."""
    r = sorted(ranks, reverse=True)
    if r == [14, 13, 12]:
        return ACE_HIGH_STRAIGHT
    if r == [14, 3, 2]:
        return ACE_LOW_STRAIGHT
    if r[0] - r[1] == 1 and r[1] - r[2] == 1:
        return r[0]
    return None


def _pretty(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty() for c in cards)


def _shown(cards) -> str:
    return _pretty(sorted(cards, key=lambda c: (-c.rank, -c.suit)))


def _straight_name(ranks: Sequence[int]) -> str:
    r = sorted(ranks, reverse=True)
    order = [3, 2, 14] if r == [14, 3, 2] else r
    return "-".join(Rank(x).letter for x in order)


def combination_key(cards: Sequence[Card], threes_high: bool = False) -> tuple[tuple, str, str]:
    """``(key, category, name)`` of three standard cards; raise :class:`CardsageError`
    naming why they are no combination."""
    ranks = [int(c.rank) for c in cards]
    suits = [int(c.suit) for c in cards]
    if len(set(ranks)) == 1:
        top = 15 if threes_high and ranks[0] == 3 else ranks[0]
        return (TRIO, top), CATEGORY[TRIO], f"three of a kind, {PLURAL[ranks[0]]}"
    if len(set(ranks)) == 2:
        raise CardsageError(f"{_shown(cards)} is a pair: a pair is not a combination", field="cards")
    straight = _straight_value(ranks)
    same_suit = len(set(suits)) == 1
    if straight is not None:
        kind = STRAIGHT_FLUSH if same_suit else STRAIGHT
        word = "straight flush" if same_suit else "straight"
        return (kind, straight), CATEGORY[kind], f"{word}, {_straight_name(ranks)}"
    high = tuple(sorted(ranks, reverse=True))
    word = " ".join(Rank(r).letter for r in high)
    if same_suit:
        return (FLUSH, *high), CATEGORY[FLUSH], f"flush, {word}"
    if len(set(suits)) == 3:
        return (UNRELATED, *high), CATEGORY[UNRELATED], f"unrelated cards, {word}"
    twice = next(s for s in suits if suits.count(s) == 2)
    raise CardsageError(f"{_shown(cards)} has two cards of one suit ({Suit(twice).symbol}) and is neither a straight "
                        f"nor a flush: not a combination", field="cards")


def _key_only(ranks: Sequence[int], suits: Sequence[int], threes_high: bool) -> tuple | None:
    """The key of :func:`combination_key` without names or messages (None: no combination)."""
    distinct = len(set(ranks))
    if distinct == 1:
        return (TRIO, 15 if threes_high and ranks[0] == 3 else ranks[0])
    if distinct == 2:
        return None
    straight = _straight_value(ranks)
    colours = len(set(suits))
    if straight is not None:
        return (STRAIGHT_FLUSH if colours == 1 else STRAIGHT, straight)
    if colours == 2:
        return None
    return (FLUSH if colours == 1 else UNRELATED, *sorted(ranks, reverse=True))


def four_key(rank: int, four_fours_high: bool = False) -> int:
    """The strength of a four of a kind of ``rank`` (higher is better)."""
    return 15 if four_fours_high and rank == 4 else rank


def _read(cards: Any) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        raise CardsageError("cards must be a list of cards like ['AS', 'KS', 'QS']", field="cards")
    out = []
    for c in cards:
        try:
            card = c if isinstance(c, Card) else parse_card(c)
        except CardsageError as error:
            raise CardsageError(error.message, field="cards") from None
        if card not in _PACK_SET:
            raise CardsageError(f"{card} is not in the 52-card pack", field="cards")
        if card in out:
            raise CardsageError(f"{card} is given twice", field="cards")
        out.append(card)
    return out


_PACK_SET = frozenset(PACK)


def hand_rank(cards: Any, options: Any = None) -> HandRank:
    """The strength of a Chor Voli combination (three cards), or of a dealt four of a kind.

    ``options``: the game's options, a dict (``threes_high``, ``four_fours_high``) or None.
    Raises :class:`CardsageError` (field ``cards``) naming why the cards are no combination."""
    threes_high = _option(options, "threes_high")
    fours_high = _option(options, "four_fours_high")
    hand = _read(cards)
    if len(hand) == 4:
        if len({c.rank for c in hand}) != 1:
            raise CardsageError(f"{_pretty(hand)}: four cards rank only as a four of a kind", field="cards")
        rank = hand[0].rank
        return HandRank((FOUR, four_key(rank, fours_high)), CATEGORY[FOUR], f"four of a kind, {PLURAL[rank]}")
    if len(hand) != 3:
        raise CardsageError(f"a combination has 3 cards (or 4 for a four of a kind), got {len(hand)}",
                            field="cards")
    key, category, name = combination_key(hand, threes_high)
    return HandRank(key, category, name)


# ---------------------------------------------------------------- bit-mask tables


def card_index(card: Card) -> int:
    """The card's number 0–51: ``suit * 13 + rank - 2``."""
    return int(card.suit) * 13 + int(card.rank) - 2


def index_card(index: int) -> Card:
    """The card numbered ``index`` (inverse of :func:`card_index`)."""
    return Card.standard(index % 13 + 2, index // 13)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a set of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    return mask


@lru_cache(maxsize=2)
def strength_table(threes_high: bool = False) -> dict[int, int]:
    """Every valid triple's mask mapped to its dense strength (0 = the weakest combination)."""
    keyed = {}
    for a, b, c in combinations(range(52), 3):
        key = _key_only((a % 13 + 2, b % 13 + 2, c % 13 + 2), (a // 13, b // 13, c // 13), threes_high)
        if key is not None:
            keyed[(1 << a) | (1 << b) | (1 << c)] = key
    levels = {k: i for i, k in enumerate(sorted(set(keyed.values())))}
    return {mask: levels[key] for mask, key in keyed.items()}


@lru_cache(maxsize=2)
def strength_levels(threes_high: bool = False) -> int:
    """How many distinct strengths combinations have."""
    return max(strength_table(threes_high).values()) + 1


@lru_cache(maxsize=None)
def triple_notation(mask: int) -> tuple[str, ...]:
    """The cards of a triple's mask in notation, highest rank first (then by suit, spades first)."""
    cards = sorted((index_card(i) for i in range(52) if mask >> i & 1), key=lambda c: (-c.rank, -c.suit))
    return tuple(str(c) for c in cards)
