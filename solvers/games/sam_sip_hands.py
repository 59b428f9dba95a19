"""Sam Sip's winning hands: three pairs by the pair rule, or one of the two special wins.

A pair is two cards adding up to ten (the ace counts 1: A+9, 2+8, 3+7, 4+6, 5+5), two tens,
or two equal court cards (JJ, QQ, KK). A wild card (every joker and the three other cards of
the indicator's rank) pairs with any card, another wild included.

Every card's *pair value* says what it pairs with: an ace 1 … a nine 9 pair with the card
of value ten minus theirs; a ten, jack, queen or king pairs with its own rank. Among natural
cards the pairs therefore fall into independent groups ({1, 9}, {2, 8}, {3, 7}, {4, 6},
{5}, {10}, {J}, {Q}, {K}), so the most pairs a hand can make is counted group by group and
the wild cards then pair the cards left over (and each other). :func:`three_pairs` is that
count (fast enough for play-outs); :func:`pair_plan` asks the shared meld solver for the
three pairs themselves, and the tests check that both always agree.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Sequence

from solvers.cards import Card, Kind, Rank
from solvers.melds import MeldRules, can_meet

__all__ = ["pair_value", "partner_value", "pairs_with", "is_wild", "wild_rank", "three_pairs",
           "most_pairs", "special_win", "winning_hand", "pair_rules", "pair_plan", "PAIR"]

PAIR = "pair"


def pair_value(card: Card) -> int:
    """A natural card's value for the pair rule: ace 1, two to ten face value, J 11, Q 12, K 13."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def partner_value(value: int) -> int:
    """The pair value that completes a pair with ``value`` (ten minus it below ten)."""
    return 10 - value if value < 10 else value


def wild_rank(indicator: Card) -> int | None:
    """The rank the indicator makes wild (None for a joker indicator: jokers only)."""
    return None if indicator.kind == Kind.JOKER else indicator.rank


def is_wild(card: Card, wild: int | None) -> bool:
    """True for a joker or a card of the wild rank ``wild``."""
    return card.kind == Kind.JOKER or (wild is not None and card.rank == wild)


def pairs_with(a: Card, b: Card, wild: int | None) -> bool:
    """True when ``a`` and ``b`` make a pair (a wild pairs with anything)."""
    if is_wild(a, wild) or is_wild(b, wild):
        return True
    return partner_value(pair_value(a)) == pair_value(b)


def _counted(values: Counter) -> tuple[int, int]:
    """(pairs among naturals, naturals left over) for a count of pair values."""
    pairs = 0
    for v, n in values.items():
        p = partner_value(v)
        if p == v:
            pairs += n // 2
        elif v < p:
            pairs += min(n, values.get(p, 0))
    total = sum(values.values())
    return pairs, total - 2 * pairs


def most_pairs(cards: Iterable[Card], wild: int | None) -> int:
    """The most disjoint pairs ``cards`` can make."""
    values: Counter = Counter()
    wilds = 0
    for c in cards:
        if is_wild(c, wild):
            wilds += 1
        else:
            values[pair_value(c)] += 1
    pairs, left = _counted(values)
    used = min(left, wilds)
    return pairs + used + (wilds - used) // 2


def three_pairs(cards: Sequence[Card], wild: int | None) -> bool:
    """True when six cards split into three pairs."""
    return len(cards) == 6 and most_pairs(cards, wild) == 3


def special_win(cards: Sequence[Card], wild: int | None, wilds_count: bool) -> str | None:
    """``"three aces"`` or ``"six of one suit"`` when the six cards are a special win, else None.

    With ``wilds_count`` a wild card may stand for a missing ace or a card of the suit."""
    if len(cards) != 6:
        return None
    wilds = sum(1 for c in cards if is_wild(c, wild)) if wilds_count else 0
    naturals = [c for c in cards if not (wilds_count and is_wild(c, wild))]
    aces = sum(1 for c in naturals if c.kind == Kind.STANDARD and c.rank == Rank.ACE)
    if aces + wilds >= 3:
        return "three aces"
    if all(c.kind == Kind.STANDARD for c in naturals) and len({c.suit for c in naturals}) <= 1:
        return "six of one suit"
    return None


def winning_hand(cards: Sequence[Card], wild: int | None, wilds_in_specials: bool) -> str | None:
    """How six cards win (``"three pairs"``, ``"three aces"``, ``"six of one suit"``) or None."""
    if three_pairs(cards, wild):
        return "three pairs"
    return special_win(cards, wild, wilds_in_specials)


@lru_cache(maxsize=None)
def pair_rules(wild: int | None) -> MeldRules:
    """The pair rule as the shared meld solver's rules (no sets or runs; the game's own pairs)."""

    def wild_card(card: Card) -> bool:
        return is_wild(card, wild)

    def own(cards: tuple[Card, ...]) -> str | None:
        return PAIR if len(cards) == 2 and pairs_with(cards[0], cards[1], wild) else None

    return MeldRules(set_min=None, run_min=None, wild=wild_card, min_naturals=0, own=own, own_sizes=(2,))


def pair_plan(cards: Sequence[Card], wild: int | None) -> list[tuple[Card, Card]] | None:
    """The three pairs of a winning six-card hand, found by the meld solver (None if none)."""
    found = can_meet(list(cards), pair_rules(wild), {PAIR: 3})
    if found is None:
        return None
    return [tuple(m.cards) for m in found.melds]  # type: ignore[misc]
