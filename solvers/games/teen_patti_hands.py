"""Teen Patti's three-card hands: categories, their order, and the hand evaluator.

From high to low: trio (three of a rank, A-A-A best, 2-2-2 lowest), pure sequence
(three consecutive cards of one suit), sequence (three consecutive cards, suits mixed),
colour (three cards of one suit), pair (pair first, then the odd card), high card.
Colours and high cards compare the highest card, then the middle, then the lowest.
Sequences run A-K-Q, K-Q-J … 4-3-2; 2-A-K is no sequence. Where A-2-3 stands is a
choice (``A23_PLACES``): ``top`` (above A-K-Q, the default), ``second`` (between A-K-Q
and K-Q-J) or ``bottom`` (below 4-3-2).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Mapping, Sequence

from solvers.cards import Card, Rank, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.hand_rank import HandRank

__all__ = ["PACK", "CATEGORIES", "A23_PLACES", "hand_key", "hand_rank", "describe", "percentile",
           "compare", "read_cards"]

PACK = tuple(standard_pack())
_PACK_SET = frozenset(PACK)
# machine names from low to high: a category's index + 1 is its strength in the key
CATEGORIES = ("high-card", "pair", "colour", "sequence", "pure-sequence", "trio")
A23_PLACES = ("top", "second", "bottom")
_STRENGTH = {name: i + 1 for i, name in enumerate(CATEGORIES)}
_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_PLURALS = {6: "sixes"}
# a sequence's place: twice its top card (A-K-Q 28 … 4-3-2 8); A-2-3 by its option
_A23_VALUE = {"top": 30, "second": 27, "bottom": 7}


def _plural(rank: int) -> str:
    return _PLURALS.get(rank, _NAMES[rank] + "s")


def _letters(ranks) -> str:
    return "-".join(Rank(r).letter for r in ranks)


@lru_cache(maxsize=None)
def _key_of(cards: tuple[Card, Card, Card], a23: str) -> tuple[tuple, str]:
    """The ordering key and category of three distinct standard cards (sorted high first)."""
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    hi, mid, lo = ranks
    if hi == lo:
        return (_STRENGTH["trio"], hi), "trio"
    run = None
    if hi - mid == 1 and mid - lo == 1:
        run = 2 * hi
    elif ranks == [14, 3, 2]:
        run = _A23_VALUE[a23]
    if run is not None:
        category = "pure-sequence" if flush else "sequence"
        return (_STRENGTH[category], run), category
    if flush:
        return (_STRENGTH["colour"], hi, mid, lo), "colour"
    if hi == mid or mid == lo:
        pair, kicker = (hi, lo) if hi == mid else (mid, hi)
        return (_STRENGTH["pair"], pair, kicker), "pair"
    return (_STRENGTH["high-card"], hi, mid, lo), "high-card"


def _canonical(cards) -> tuple[Card, Card, Card]:
    return tuple(sorted(cards, reverse=True))  # type: ignore[return-value]


def hand_key(cards: Sequence[Card], a23: str = "top") -> tuple:
    """The ordering key of three valid cards (no checks: for the game's own fast paths)."""
    return _key_of(_canonical(cards), a23)[0]


def describe(cards: Sequence[Card], a23: str = "top") -> str:
    """A player's name for three valid cards, e.g. "pair of kings, ace kicker"."""
    key, category = _key_of(_canonical(cards), a23)
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    if category == "trio":
        return f"trio of {_plural(key[1])}"
    if category in ("pure-sequence", "sequence"):
        shown = "A-2-3" if ranks == [14, 3, 2] else _letters(ranks)
        return f"{'pure sequence' if category == 'pure-sequence' else 'sequence'} {shown}"
    if category == "pair":
        return f"pair of {_plural(key[1])}, {_NAMES[key[2]]} kicker"
    return f"{'colour' if category == 'colour' else 'high card'} {_letters(ranks)}"


def _a23_of(options: Any) -> str:
    if options is None:
        return "top"
    if isinstance(options, Mapping):
        value = options.get("a23", "top")
    else:
        value = getattr(options, "a23", "top")
    if value not in A23_PLACES:
        raise CardsageError(f"a23 must be one of {list(A23_PLACES)}, got {value!r}", field="a23")
    return value


def read_cards(cards: Any, *, field: str = "cards", count: int = 3) -> list[Card]:
    """Parse ``count`` distinct cards of the 52-card pack from notation strings or cards."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, (list, tuple)):
        raise CardsageError(f"{field} must be a list of {count} cards", field=field)
    out = []
    for c in cards:
        if isinstance(c, Card):
            card = c
        elif isinstance(c, str):
            card = parse_card(c)
        else:
            raise CardsageError(f"{c!r} is not a card", field=field)
        if card not in _PACK_SET:
            raise CardsageError(f"{card} is not in the 52-card pack", field=field)
        if card in out:
            raise CardsageError(f"{card} is given twice", field=field)
        out.append(card)
    if len(out) != count:
        raise CardsageError(f"a Teen Patti hand has {count} cards; {len(out)} given", field=field)
    return out


def hand_rank(cards, options=None) -> HandRank:
    """The strength of any three cards of the 52-card pack under ``options`` (the game's
    options, a dict of option values or None for the defaults; only ``a23`` matters).

    Raises CardsageError for a wrong number of cards, a duplicate or an unknown card."""
    a23 = _a23_of(options)
    try:
        parsed = read_cards(cards)
    except CardsageError as error:
        raise CardsageError(error.message, field="cards") from None
    key, category = _key_of(_canonical(parsed), a23)
    return HandRank(key, category, describe(parsed, a23))


@lru_cache(maxsize=None)
def _percentiles(a23: str) -> dict[tuple, float]:
    """For every key, the share of all 22,100 hands it beats (ties counted half)."""
    keys = sorted(_key_of(_canonical(t), a23)[0] for t in combinations(PACK, 3))
    total = len(keys)
    out: dict[tuple, float] = {}
    i = 0
    while i < total:
        j = i
        while j < total and keys[j] == keys[i]:
            j += 1
        out[keys[i]] = (i + (j - i - 1) / 2) / (total - 1)
        i = j
    return out


def percentile(cards: Sequence[Card], a23: str = "top") -> float:
    """The share of all three-card hands that ``cards`` beat (0 for 5-3-2, 1 for A-A-A)."""
    return _percentiles(a23)[hand_key(cards, a23)]


def compare(a: Sequence[Card], b: Sequence[Card], a23: str = "top") -> int:
    """1 when hand ``a`` beats ``b``, -1 when it loses, 0 when they are equal."""
    ka, kb = hand_key(a, a23), hand_key(b, a23)
    return (ka > kb) - (ka < kb)
