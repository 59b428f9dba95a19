"""Every meld a hand could lay down, and every lay-off it could make: the solvers' choices.

Two copies of a card (double packs) are the same in any meld, and so are two wild cards,
so an option says which natural *faces* it uses, how many of each, and how many wild
cards; the solvers pick options whose uses fit the hand, and :func:`build` then hands
out the physical cards. Options that use the same cards the same way are listed once.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from solvers.cards import Card, Kind
from solvers.melds.rules import Meld, MeldRules, _place_rank, readings

__all__ = ["Option", "options_for", "build"]


@dataclass(frozen=True)
class Option:
    """One meld to lay down (``table is None``) or one lay-off onto table meld ``table``.

    ``faces``: the natural cards it takes from the hand (face, how many); ``wilds``: how
    many wild cards; ``pattern``: the places of a run it fills, low to high (a face, or
    None for a wild), or the cards of a set / own combination in order."""

    kind: str
    faces: tuple[tuple[Card, int], ...]
    wilds: int
    pattern: tuple[Card | None, ...]
    low: int | None = None          # a run's (new) lowest place
    suit: int | None = None
    rank: int | None = None
    table: int | None = None        # the table meld a lay-off extends
    below: int = 0                  # a run lay-off: how many of its places go below the meld

    @property
    def size(self) -> int:
        """Cards it takes from the hand."""
        return sum(n for _, n in self.faces) + self.wilds


def _counted(faces: Sequence[Card]) -> tuple[tuple[Card, int], ...]:
    return tuple(sorted(Counter(faces).items()))


def options_for(hand: Sequence[Card], rules: MeldRules, table: Sequence[Meld] = ()) -> list[Option]:
    """Every distinct meld the hand could lay down and lay-off it could make onto ``table``."""
    wild_count = sum(1 for c in hand if rules.wild(c))
    faces = Counter(c.face for c in hand if not rules.wild(c) and c.is_standard)
    others = [c.face for c in hand if not rules.wild(c) and not c.is_standard]
    found: dict[tuple, Option] = {}

    def add(option: Option) -> None:
        key = (option.kind, option.table, option.faces, option.wilds)
        found.setdefault(key, option)

    max_w = wild_count if rules.max_wilds is None else min(wild_count, rules.max_wilds)
    for option in _sets(faces, max_w, rules):
        add(option)
    for option in _runs(faces, max_w, rules):
        add(option)
    for option in _own(faces, others, wild_count, rules):
        add(option)
    for index, meld in enumerate(table):
        for option in _layoffs(index, meld, faces, wild_count, rules):
            add(option)
    return list(found.values())


def _sets(faces: Counter, max_w: int, rules: MeldRules):
    if rules.set_min is None:
        return
    by_rank: dict[int, list[Card]] = {}
    for face in faces:
        by_rank.setdefault(face.rank, []).append(face)
    for rank, group in by_rank.items():
        group.sort()
        limits = [1 if rules.set_distinct_suits else faces[f] for f in group]
        for counts in itertools.product(*(range(n + 1) for n in limits)):
            k = sum(counts)
            if k < max(1, rules.min_naturals):
                continue
            chosen = tuple((f, n) for f, n in zip(group, counts) if n)
            for w in range(max_w + 1):
                size = k + w
                if size < rules.set_min or (rules.set_max is not None and size > rules.set_max):
                    continue
                if rules.set_distinct_suits and size > 4:
                    continue
                pattern = tuple(f for f, n in chosen for _ in range(n)) + (None,) * w
                yield Option("set", chosen, w, pattern, rank=rank)


_PLACE_FACE = {(place, suit): Card.standard(_place_rank(place), suit) for place in range(1, 15) for suit in range(4)}


def _runs(faces: Counter, max_w: int, rules: MeldRules):
    if rules.run_min is None:
        return
    longest = rules.run_high - rules.run_low + 1
    if rules.run_max is not None:
        longest = min(longest, rules.run_max)
    for suit in sorted({f.suit for f in faces}):
        for low in range(rules.run_low, rules.run_high + 1):
            places: list[Card] = []
            missing = 0
            for place in range(low, min(rules.run_high, low + longest - 1) + 1):
                face = _PLACE_FACE[place, suit]
                places.append(face)
                missing += faces[face] == 0
                if missing > max_w:
                    break
                if len(places) >= rules.run_min:
                    yield from _fillings(list(places), faces, max_w, rules, "run", low=low, suit=suit)


def _fillings(places: list[Card], faces: Counter, max_w: int, rules: MeldRules, kind: str, *,
              low: int, suit: int, table: int | None = None, below: int = 0, naturals_before: int = 0):
    """Every way to fill ``places`` with the hand's naturals and at most ``max_w`` wilds
    (a wild may take a place the hand could fill, keeping that natural for another meld)."""
    held = [i for i, face in enumerate(places) if faces[face] >= 1]
    if len(places) - len(held) > max_w:
        return
    for extra in range(0, max_w - (len(places) - len(held)) + 1):
        for swapped in itertools.combinations(held, extra):
            pattern: list[Card | None] = []
            taken: Counter = Counter()
            for i, face in enumerate(places):
                if i in swapped or taken[face] >= faces[face]:
                    pattern.append(None)
                else:
                    taken[face] += 1
                    pattern.append(face)
            naturals = sum(taken.values())
            wilds = len(pattern) - naturals
            if wilds > max_w or naturals + naturals_before < max(1, rules.min_naturals):
                continue
            yield Option(kind, _counted([f for f in pattern if f is not None]), wilds, tuple(pattern),
                         low=low, suit=suit, table=table, below=below)


def _own(faces: Counter, others: list[Card], wild_count: int, rules: MeldRules):
    if rules.own is None or not rules.own_sizes:
        return
    pool = sorted(faces.elements()) + sorted(others)
    probe = wild_probe(rules)
    for size in rules.own_sizes:
        for w in range(min(size, wild_count) + 1):
            for combo in sorted(set(itertools.combinations(pool, size - w))):
                kind = rules.own(tuple(combo) + (probe,) * w)
                if kind:
                    yield Option(kind, _counted(combo), w, tuple(combo) + (None,) * w)


_WILD_PROBES: dict = {}


def wild_probe(rules: MeldRules) -> Card:
    """A card the rules call wild, to ask the game's own combination rule about wild cards
    (any wild card of the hand does the same in a meld)."""
    key = rules.wild
    if key not in _WILD_PROBES:
        candidates = [Card(Kind.JOKER, None, r) for r in range(1, 5)]
        candidates += [Card.standard(r, s) for r in range(2, 15) for s in range(4)]
        _WILD_PROBES[key] = next((c for c in candidates if rules.wild(c)), candidates[0])
    return _WILD_PROBES[key]


def _layoffs(index: int, meld: Meld, faces: Counter, wild_count: int, rules: MeldRules):
    wilds_in = sum(1 for c in meld.cards if rules.wild(c))
    naturals_in = len(meld.cards) - wilds_in
    max_w = wild_count if rules.max_wilds is None else max(0, min(wild_count, rules.max_wilds - wilds_in))
    if meld.kind == "set":
        used_suits = {c.suit for c in meld.cards if not rules.wild(c)}
        group = sorted(f for f in faces if f.rank == meld.rank
                       and not (rules.set_distinct_suits and f.suit in used_suits))
        limits = [1 if rules.set_distinct_suits else faces[f] for f in group]
        for counts in itertools.product(*(range(n + 1) for n in limits)):
            chosen = tuple((f, n) for f, n in zip(group, counts) if n)
            k = sum(counts)
            for w in range(max_w + 1):
                size = len(meld.cards) + k + w
                if k + w == 0 or (rules.set_max is not None and size > rules.set_max):
                    continue
                if rules.set_distinct_suits and size > 4:
                    continue
                pattern = tuple(f for f, n in chosen for _ in range(n)) + (None,) * w
                yield Option("set", chosen, w, pattern, rank=meld.rank, table=index)
    elif meld.kind == "run":
        longest = rules.run_high - rules.run_low + 1 if rules.run_max is None else rules.run_max
        for below in range(0, meld.low - rules.run_low + 1):
            for above in range(0, rules.run_high - meld.high + 1):
                if below + above == 0 or len(meld.cards) + below + above > longest:
                    continue
                places = ([_PLACE_FACE[p, meld.suit] for p in range(meld.low - below, meld.low)]
                          + [_PLACE_FACE[p, meld.suit] for p in range(meld.high + 1, meld.high + above + 1)])
                yield from _fillings(places, faces, max_w, rules, "run", low=meld.low - below,
                                     suit=meld.suit, table=index, below=below, naturals_before=naturals_in)
    else:
        # a game's own combination grows into whatever the longer group reads as
        pool = sorted(faces.elements())
        probe = wild_probe(rules)
        for size in (1, 2):
            for w in range(min(size, wild_count) + 1):
                for combo in sorted(set(itertools.combinations(pool, size - w))):
                    longer = readings(meld.cards + tuple(combo) + (probe,) * w, rules)
                    if longer:
                        yield Option(longer[0].kind, _counted(combo), w, tuple(combo) + (None,) * w, table=index)


def build(option: Option, naturals: dict[Card, list[Card]], wilds: list[Card], rules: MeldRules,
          table: Sequence[Meld] = ()) -> Meld:
    """The meld an option makes, taking physical cards from ``naturals`` (face → copies
    still free) and ``wilds`` (free wild cards, the first handed out first)."""
    cards = [naturals[f].pop() if f is not None else wilds.pop(0) for f in option.pattern]
    wild_cards = tuple(c for f, c in zip(option.pattern, cards) if f is None)
    if option.table is None:
        if option.kind == "set":
            return Meld("set", tuple(cards), rank=option.rank, wilds=wild_cards)
        if option.kind == "run":
            return Meld("run", tuple(cards), suit=option.suit, low=option.low, wilds=wild_cards)
        return Meld(option.kind, tuple(cards), wilds=wild_cards)
    meld = table[option.table]
    if meld.kind == "run":
        below = option.below
        row = tuple(cards[:below]) + meld.cards + tuple(cards[below:])
        return Meld("run", row, suit=meld.suit, low=option.low, wilds=meld.wilds + wild_cards)
    if meld.kind == "set":
        return Meld("set", meld.cards + tuple(cards), rank=meld.rank, wilds=meld.wilds + wild_cards)
    longer = readings(meld.cards + tuple(cards), rules)
    return longer[0] if longer else Meld(meld.kind, meld.cards + tuple(cards), wilds=meld.wilds + wild_cards)
