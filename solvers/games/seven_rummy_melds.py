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
from solvers.melds.enumerate import every_meld

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


def _place(card: Card) -> int:
    return 1 if card.rank == Rank.ACE else int(card.rank)


def meld_kind(cards: Sequence[Card]) -> str | None:
    """``"set"``, ``"sequence"`` or ``"seven"`` (a lone 7, not yet either) for a meld; None
    when the cards form no meld (the same answer as the shared solver's ``readings``)."""
    n = len(cards)
    if not n or not all(c.is_standard for c in cards):
        return None
    if n == 1:
        return "seven" if cards[0].rank == SEVEN else None
    if len({c.rank for c in cards}) == 1:
        if len({c.suit for c in cards}) != n or n > 4:
            return None
        return "set" if n >= 3 or cards[0].rank == SEVEN else None
    if len({c.suit for c in cards}) != 1:
        return None
    places = sorted(_place(c) for c in cards)
    if places != list(range(places[0], places[0] + n)):
        return None
    return "sequence" if n >= 3 or SEVEN in places else None


def is_meld(cards: Sequence[Card]) -> bool:
    """True when the cards form a meld of Seven Rummy."""
    return meld_kind(cards) is not None


def can_extend(meld: Sequence[Card], card: Card) -> bool:
    """True when ``card`` laid off on ``meld`` leaves a meld (of the kind it already is)."""
    kind = meld_kind(meld)
    longer = meld_kind(tuple(meld) + (card,))
    return longer is not None and (kind == "seven" or longer == kind)


def _all_melds(hand: Sequence[Card], using: Card | None = None) -> list[tuple[Card, ...]]:
    """Every meld among the hand's cards (those holding ``using`` when given): the sets and
    sequences of three or more by the shared enumeration, then the short melds a 7 allows
    (a lone 7, a pair of 7s, 6-7 or 7-8 of one suit), listed here directly."""
    out = every_meld(hand, RULES, using=using, own=False)
    shared = len(out)
    sevens = [c for c in hand if c.rank == SEVEN]
    if using is not None and using.rank != SEVEN:
        sevens = [c for c in sevens if c.suit == using.suit]
    for seven in sevens:
        out.append((seven,))
    out.extend(combinations(sevens, 2))
    for seven in sevens:
        for c in hand:
            if c.suit == seven.suit and c.rank in (Rank.SIX, Rank.EIGHT):
                out.append((seven, c))
    if using is not None:
        out = out[:shared] + [m for m in out[shared:] if using in m]
    return out


def new_melds(hand: Sequence[Card], keep: int = 1) -> list[tuple[Card, ...]]:
    """Every meld the hand could lay down that leaves at least ``keep`` cards in it."""
    return sorted({sort_cards(m) for m in _all_melds(hand) if len(m) <= len(hand) - keep},
                  key=lambda m: (len(m), m))


def claim_melds(hand: Sequence[Card], card: Card, kind: str, keep: int = 1,
                pair_of_sevens: bool = True) -> list[tuple[Card, ...]]:
    """The hand cards that make a **new** meld with the claimed ``card``: a set (three or four
    of a kind; a pair of 7s when ``pair_of_sevens``) or a sequence (``kind``), keeping at
    least ``keep`` cards in hand."""
    out = set()
    for meld in _all_melds(tuple(hand) + (card,), using=card):
        if len(meld) < 2 or meld_kind(meld) != kind:
            continue
        if kind == "set" and len(meld) == 2 and not pair_of_sevens:
            continue
        own = sort_cards(c for c in meld if c != card)
        if len(own) <= len(hand) - keep:
            out.add(own)
    return sorted(out, key=lambda m: (len(m), m))


def table_melds(melds) -> list[Meld]:
    """The table's melds as the meld solver reads them (each meld's first reading)."""
    return [readings(m, RULES)[0] for m in melds]


def best_plan(hand: Sequence[Card], table: Sequence[Sequence[Card]] = ()):
    """The meld plan leaving the least deadwood count (melds to lay down, lay-offs onto
    ``table``), by the shared meld solver."""
    return meld_plan(hand, RULES, value=card_count, table=table_melds(table), method="exhaustive")
