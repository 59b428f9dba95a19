"""East–West's poker hands: five cards from the 32-card pack (A K Q J 10 9 8 7 of each suit).

Categories, strongest first: straight flush, four of a kind, full house, flush, straight,
three of a kind, two pairs, pair, high card. Two options change the order for the short
pack:

* ``flush_beats_full_house`` (off by default): a flush ranks above a full house (in a
  32-card pack a flush is rarer: 204 hands against 1,344);
* ``low_straight_a789t`` (on by default): A-7-8-9-10 is a straight, the lowest one (ten
  high), as A-2-3-4-5 is in the full pack; off: it is only a high-card hand (or a flush).
  A-K-Q-J-10 is always the highest straight.

Within a category hands compare by the ranks that make it, then by the kickers, aces high:
a full house by its three, then its pair; two pairs by the higher pair, the lower, then the
kicker. Suits never break ties.

:func:`hand_rank` is the public evaluator (a :class:`~solvers.hand_rank.HandRank`);
:func:`mask_value` is the fast form the search uses: an integer for a hand given as a bit
mask of card indexes (:func:`card_index`), cached per option pair.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from solvers.cards import Card, Rank, Suit, parse_card, stripped_pack
from solvers.errors import CardsageError
from solvers.hand_rank import HandRank

__all__ = ["PACK", "CATEGORIES", "hand_rank", "hand_key", "card_index", "index_card", "mask_value",
           "ranking_options"]

PACK = tuple(stripped_pack(range(7, 15)))      # 7 … A in each suit: 32 cards
HAND_SIZE = 5
LOW_STRAIGHT = frozenset((14, 7, 8, 9, 10))

# machine names, weakest first, in the default order
CATEGORIES = ("high-card", "pair", "two-pairs", "three-of-a-kind", "straight", "flush", "full-house",
              "four-of-a-kind", "straight-flush")

_RANK_NAMES = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_PLURAL = {7: "sevens", 8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens", 13: "kings",
           14: "aces"}


def ranking_options(options: Any = None) -> tuple[bool, bool]:
    """``(flush_beats_full_house, low_straight_a789t)`` from a game's options object, a dict
    of option values, or None (the defaults: False, True)."""
    flush_high, low_straight = False, True
    if options is None:
        return flush_high, low_straight
    if isinstance(options, Mapping):
        get = options.get
    else:
        def get(name, default):
            return getattr(options, name, default)
    flush_high = get("flush_beats_full_house", flush_high)
    low_straight = get("low_straight_a789t", low_straight)
    for name, value in (("flush_beats_full_house", flush_high), ("low_straight_a789t", low_straight)):
        if not isinstance(value, bool):
            raise CardsageError(f"option {name!r} must be true or false, got {value!r}", field=f"options.{name}")
    return flush_high, low_straight


def _strength(category: str, flush_high: bool) -> int:
    strength = CATEGORIES.index(category)
    if flush_high and category in ("flush", "full-house"):
        strength = CATEGORIES.index("full-house" if category == "flush" else "flush")
    return strength


def hand_key(ranks: Sequence[int], suits: Sequence[int], flush_high: bool = False,
             low_straight: bool = True) -> tuple[str, tuple]:
    """The category and the ordering key ``(strength, tie-breaking ranks…)`` of five cards
    given by their ranks (7–14) and suits."""
    counts = Counter(ranks)
    # ranks by how many of them, then by rank: the order ties are broken in
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len(set(suits)) == 1
    straight_high = None
    if len(counts) == 5:
        if max(ranks) - min(ranks) == 4:
            straight_high = max(ranks)
        elif low_straight and set(ranks) == LOW_STRAIGHT:
            straight_high = 10
    if straight_high is not None:
        category = "straight-flush" if flush else "straight"
        tie = (straight_high,)
    elif shape[0] == 4:
        category, tie = "four-of-a-kind", tuple(order)
    elif shape[:2] == [3, 2]:
        category, tie = "full-house", tuple(order)
    elif flush:
        category, tie = "flush", tuple(order)
    elif shape[0] == 3:
        category, tie = "three-of-a-kind", tuple(order)
    elif shape[:2] == [2, 2]:
        category, tie = "two-pairs", tuple(order)
    elif shape[0] == 2:
        category, tie = "pair", tuple(order)
    else:
        category, tie = "high-card", tuple(order)
    return category, (_strength(category, flush_high),) + tie


def _name(category: str, tie: tuple) -> str:
    first = tie[0]
    if category in ("straight-flush", "straight", "flush"):
        return f"{category.replace('-', ' ')}, {_RANK_NAMES[first]} high"
    if category == "four-of-a-kind":
        return f"four {_PLURAL[first]}"
    if category == "full-house":
        return f"full house, {_PLURAL[first]} over {_PLURAL[tie[1]]}"
    if category == "three-of-a-kind":
        return f"three {_PLURAL[first]}"
    if category == "two-pairs":
        return f"two pairs, {_PLURAL[first]} and {_PLURAL[tie[1]]}"
    if category == "pair":
        return f"pair of {_PLURAL[first]}"
    return f"high card, {_RANK_NAMES[first]}"


def _read_cards(cards: Any) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        raise CardsageError("cards must be a list of five cards like ['AS', 'KS', 'QS', 'JS', 'TS']",
                            field="cards")
    out = []
    pack = set(PACK)
    for item in cards:
        card = item if isinstance(item, Card) else parse_card(item) if isinstance(item, str) else None
        if card is None:
            raise CardsageError(f"{item!r} is not a card", field="cards")
        if card not in pack:
            raise CardsageError(f"{card} is not in East–West's 32-card pack (A K Q J 10 9 8 7 of each suit)",
                                field="cards")
        if card in out:
            raise CardsageError(f"{card} appears twice", field="cards")
        out.append(card)
    if len(out) != HAND_SIZE:
        raise CardsageError(f"a hand has {HAND_SIZE} cards, not {len(out)}", field="cards")
    return out


def hand_rank(cards: Sequence[Card | str], options: Any = None) -> HandRank:
    """The strength of a five-card East–West hand, comparable with ``<`` and ``==``.

    ``cards``: five cards of the 32-card pack (``Card`` values or notation such as ``"TS"``);
    ``options``: the game's options, a dict of option values, or None for the defaults.
    Raises :class:`CardsageError` (``field="cards"``) naming what is wrong with the cards."""
    try:
        hand = _read_cards(cards)
    except CardsageError as error:
        if error.field is None:
            error.field = "cards"
        raise
    flush_high, low_straight = ranking_options(options)
    category, key = hand_key([c.rank for c in hand], [c.suit for c in hand], flush_high, low_straight)
    return HandRank(key, category, _name(category, key[1:]))


# ---------------------------------------------------------------- the fast form for the search


def card_index(card: Card) -> int:
    """The card's index 0–31: suit × 8 + rank − 7."""
    return int(card.suit) * 8 + card.rank - 7


def index_card(index: int) -> Card:
    """The card of an index 0–31."""
    return Card.standard(Rank(index % 8 + 7), Suit(index // 8))


_CACHES: dict[tuple[bool, bool], dict[int, int]] = {}


def _pack_key(key: tuple) -> int:
    value = 0
    for part in key:
        value = value * 16 + part
    return value << 4 * (6 - len(key))


def mask_value(mask: int, flush_high: bool = False, low_straight: bool = True) -> int:
    """A five-card hand given as a bit mask of card indexes, as an integer that orders hands
    exactly as :func:`hand_rank` does (cached)."""
    cache = _CACHES.setdefault((flush_high, low_straight), {})
    value = cache.get(mask)
    if value is None:
        ranks, suits = [], []
        bits, i = mask, 0
        while bits:
            if bits & 1:
                ranks.append(i % 8 + 7)
                suits.append(i // 8)
            bits >>= 1
            i += 1
        value = _pack_key(hand_key(ranks, suits, flush_high, low_straight)[1])
        cache[mask] = value
    return value
