"""Every meld a hand can form, as groups of its physical cards: the fast enumeration.

:func:`every_meld` lists every group of a hand's cards that is a meld under a game's
``MeldRules`` (the groups for which :func:`solvers.melds.rules.readings` finds a reading),
each group once. It builds them directly instead of trying every subset of the hand:

* sets: for each rank, every choice of its natural cards (distinct suits where the rules
  ask for them) with every choice of up to the allowed number of wild cards, within
  ``set_min``…``set_max`` cards;
* runs: for each suit and each window of places (ace low and/or high, ``run_min``…
  ``run_max`` long), every way to fill each place with a natural card of that place or a
  wild card (a wild may stand where the hand holds the natural card too), within the wild
  limits; the window stops growing once more places lack a natural card than wilds allow;
* the game's own combinations (``own`` / ``own_sizes``) by trying each group of those
  sizes, unless ``own=False``: a game with a cheaper rule of its own (Seven Rummy's short
  melds with a seven) adds them itself on top of the sets and runs.

With ``using`` only the melds that contain that card are listed (a claimed discard: which
melds would it make?), built only from its rank and suit when it is a natural card.

Two copies of a card (double packs) are different physical cards, so a group that uses
either copy is listed for each.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Sequence

from solvers.cards import Card, Rank
from solvers.melds.rules import MeldRules

__all__ = ["every_meld"]


def _places(card: Card, rules: MeldRules) -> tuple[int, ...]:
    if card.rank == Rank.ACE:
        return tuple(p for p, ok in ((1, rules.ace_low), (14, rules.ace_high)) if ok)
    return (int(card.rank),)


def every_meld(hand: Sequence[Card], rules: MeldRules, *, using: Card | None = None,
               own: bool = True) -> list[tuple[Card, ...]]:
    """Every group of ``hand``'s cards that is one meld under ``rules``, each group once (a
    set's and an own combination's cards in the hand's order, a run's from its low place up,
    wild cards last): sets and runs (with wild cards within the rules' limits) and,
    when ``own``, the game's own combinations. With ``using``, only groups holding that card.
    """
    hand = tuple(hand)
    wilds = [c for c in hand if rules.wild(c)]
    naturals = [c for c in hand if not rules.wild(c) and c.is_standard]
    max_w = len(wilds) if rules.max_wilds is None else min(len(wilds), rules.max_wilds)
    least = max(1, rules.min_naturals)
    if using is not None:
        # the hand's own object for ``using``: groups are then checked by identity (fast)
        using = next((c for c in hand if c == using), None)
        if using is None:
            return []
    focus = using if using is not None and not rules.wild(using) and using.is_standard else None
    found: set[frozenset] = set()
    simple = not max_w and not (own and rules.own is not None)
    out: list[tuple[Card, ...]] = []

    def add(cards: tuple[Card, ...]) -> None:
        if using is not None and not any(c is using for c in cards):
            return
        if simple:
            # no wild cards, no own combinations: sets and runs are distinct groups already
            out.append(cards)
            return
        key = frozenset(cards)
        if len(key) == len(cards) and key not in found:
            found.add(key)
            out.append(cards)

    # sets: natural cards of one rank and wild cards
    if rules.set_min is not None:
        by_rank: dict[int, list[Card]] = {}
        for c in naturals:
            by_rank.setdefault(c.rank, []).append(c)
        top = rules.set_max if rules.set_max is not None else len(naturals) + max_w
        if rules.set_distinct_suits:
            top = min(top, 4)
        for rank, group in by_rank.items():
            if focus is not None and rank != focus.rank:
                continue
            if len(group) + max_w < rules.set_min:
                continue
            for k in range(max(least, rules.set_min - max_w), min(len(group), top) + 1):
                for chosen in combinations(group, k):
                    if rules.set_distinct_suits and len({c.suit for c in chosen}) < k:
                        continue
                    for w in range(max(0, rules.set_min - k), min(max_w, top - k) + 1):
                        for extra in combinations(wilds, w):
                            add(chosen + extra)

    # runs: windows of places of one suit, each place a natural card of it or a wild card
    if rules.run_min is not None:
        by_place: dict[int, dict[int, list[Card]]] = {}
        for c in naturals:
            for p in _places(c, rules):
                by_place.setdefault(c.suit, {}).setdefault(p, []).append(c)
        longest = rules.run_high - rules.run_low + 1
        if rules.run_max is not None:
            longest = min(longest, rules.run_max)
        run_high, run_min = rules.run_high, rules.run_min
        focus_places = _places(focus, rules) if focus is not None else ()
        for suit, row in by_place.items():
            if focus is not None and suit != focus.suit:
                continue
            if not max_w:
                # no wild cards: runs of consecutive places the hand holds, one card a place
                for low in sorted(row):
                    top = min(run_high, low + longest - 1)
                    high = low
                    while high + 1 <= top and high + 1 in row:
                        high += 1
                    for end in range(low + run_min - 1, high + 1):
                        if focus is not None and not any(low <= p <= end for p in focus_places):
                            continue
                        cells = [row[p] for p in range(low, end + 1)]
                        if all(len(c) == 1 for c in cells):
                            picked = tuple(c[0] for c in cells)
                            if low != 1 or end != 14:
                                add(picked)
                            continue
                        for picked in product(*cells):
                            if low == 1 and end == 14 and len(set(picked)) < len(picked):
                                continue        # one ace cannot be both ends
                            add(picked)
                continue
            for low in range(rules.run_low, run_high + 1):
                missing = 0
                for high in range(low, min(run_high, low + longest - 1) + 1):
                    missing += high not in row
                    if missing > max_w:
                        break
                    size = high - low + 1
                    if size < run_min:
                        continue
                    if focus is not None and not any(low <= p <= high for p in focus_places):
                        continue
                    choices = [row.get(p, []) + [None] for p in range(low, high + 1)]
                    for filling in product(*choices):
                        holes = filling.count(None)
                        if holes > max_w or size - holes < least:
                            continue
                        picked = tuple(c for c in filling if c is not None)
                        for extra in combinations(wilds, holes):
                            add(picked + extra)

    # the game's own combinations
    if own and rules.own is not None:
        for size in rules.own_sizes:
            for group in combinations(hand, size):
                if (using is None or using in group) and rules.own(group):
                    add(group)
    return out
