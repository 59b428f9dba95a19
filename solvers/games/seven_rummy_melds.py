"""Seven Rummy's melds, card counts and the moves they allow, on the shared meld solver.

* A set: three or four cards of one rank. A sequence: three or more cards of one suit in
  order, the ace always low (A-2-3 yes, Q-K-A no).
* Any meld with a 7 may be shorter: a lone 7, a pair of 7s, or a two-card sequence with a
  7 (6-7 or 7-8 of one suit). A lone 7 is neither kind until it grows: another 7 makes it
  a set, the 6 or 8 of its suit a sequence.
* Deadwood counts: a 7 is 20, a king, queen or jack 10, any other card its pips (ace 1).
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from solvers.cards import Card, Rank
from solvers.melds import Meld, MeldRules, plan as meld_plan, readings

__all__ = ["RULES", "SEVEN", "card_count", "seven_short", "meld_kind", "is_meld", "can_extend",
           "new_melds", "claim_melds", "table_melds", "best_plan", "sort_cards"]

SEVEN = Rank.SEVEN


def seven_short(cards: Sequence[Card]) -> str | None:
    """The short melds a 7 allows: a lone 7, a pair of 7s, a two-card sequence with a 7."""
    if len(cards) == 1 and cards[0].rank == SEVEN:
        return "seven"
    if len(cards) == 2 and all(c.is_standard for c in cards):
        a, b = sorted(cards, key=lambda c: c.rank)
        if a.rank == b.rank == SEVEN:
            return "seven"
        if a.suit == b.suit and b.rank == a.rank + 1 and SEVEN in (a.rank, b.rank):
            return "seven"
    return None


RULES = MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3, ace_high=False,
                  wild=lambda c: False, own=seven_short, own_sizes=(1, 2))


def card_count(card: Card) -> int:
    """A card's count in a loser's hand: 7 = 20, K/Q/J = 10, others their pips (A = 1)."""
    if card.rank == SEVEN:
        return 20
    if card.rank == Rank.ACE:
        return 1
    return min(int(card.rank), 10)


def sort_cards(cards) -> tuple[Card, ...]:
    """Cards by suit then rank (the ace low), as a sequence is read."""
    return tuple(sorted(cards, key=lambda c: (c.suit, 1 if c.rank == Rank.ACE else c.rank)))


def meld_kind(cards: Sequence[Card]) -> str | None:
    """``"set"``, ``"sequence"`` or ``"seven"`` (a lone 7, not yet either) for a meld; None
    when the cards form no meld."""
    if not cards or not readings(cards, RULES):
        return None
    if len(cards) == 1:
        return "seven"
    if len({c.rank for c in cards}) == 1:
        return "set"
    return "sequence"


def is_meld(cards: Sequence[Card]) -> bool:
    """True when the cards form a meld of Seven Rummy."""
    return bool(cards) and bool(readings(cards, RULES))


def can_extend(meld: Sequence[Card], card: Card) -> bool:
    """True when ``card`` laid off on ``meld`` leaves a meld (of the kind it already is)."""
    longer = tuple(meld) + (card,)
    if not readings(longer, RULES):
        return False
    kind = meld_kind(meld)
    return kind == "seven" or meld_kind(longer) == kind


def new_melds(hand: Sequence[Card], keep: int = 1) -> list[tuple[Card, ...]]:
    """Every meld the hand could lay down that leaves at least ``keep`` cards in it."""
    out = []
    for size in range(1, len(hand) - keep + 1):
        for combo in combinations(sorted(hand), size):
            if is_meld(combo):
                out.append(sort_cards(combo))
    return out


def claim_melds(hand: Sequence[Card], card: Card, kind: str, keep: int = 1,
                pair_of_sevens: bool = True) -> list[tuple[Card, ...]]:
    """The hand cards that make a **new** meld with the claimed ``card``: a set (three or four
    of a kind; a pair of 7s when ``pair_of_sevens``) or a sequence (``kind``), keeping at
    least ``keep`` cards in hand."""
    out = []
    for size in range(1, min(len(hand) - keep, 3 if kind == "set" else 12) + 1):
        for combo in combinations(sorted(hand), size):
            group = combo + (card,)
            found = meld_kind(group)
            if found != kind:
                continue
            if kind == "set" and len(group) == 2 and not pair_of_sevens:
                continue
            out.append(sort_cards(combo))
    return out


def table_melds(melds) -> list[Meld]:
    """The table's melds as the meld solver reads them (each meld's first reading)."""
    return [readings(m, RULES)[0] for m in melds]


def best_plan(hand: Sequence[Card], table: Sequence[Sequence[Card]] = ()):
    """The meld plan leaving the least deadwood count (melds to lay down, lay-offs onto
    ``table``), by the shared meld solver."""
    return meld_plan(hand, RULES, value=card_count, table=table_melds(table), method="exhaustive")
