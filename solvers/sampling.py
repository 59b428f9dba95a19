"""Sampling the cards a seat cannot see, consistent with everything public.

``determinize(state, seat, rng)`` (also ``sample_hidden``) re-deals the unseen cards
into the zones the seat cannot see: every zone keeps its size, publicly known cards
stay where they are, and a zone only receives cards its constraint allows (shown or
claimed voids). The generator of later deals (a state's ``rng_state``) is drawn afresh
too: nobody knows how the next hand will fall.

A sample depends only on what the seat knows: the unseen cards are put in a fixed
order before they are shuffled, so two states that look the same to the seat give
the same sample from the same generator.

Cards are grouped into classes by the set of zones that may take them. Whether the
remaining cards still fit the remaining room is a small transportation problem,
checked by a maximum flow (source → class → zone → sink) on a graph of a handful of
nodes, memoised. Cards are then placed one at a time in random order; each choice is
kept only if the rest still fits, so sampling never backtracks and never stalls, even
late in a hand with many voids.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Mapping

import dataclasses

import networkx as nx

from solvers.cards import Card, Rng, card_order
from solvers.errors import CardsageError
from solvers.game import State
from solvers.tricks import evolve

__all__ = ["determinize", "sample_hidden", "HiddenDeal", "hidden_deal", "feasible", "flow_feasible", "weighted_index"]

# up to this many zones Hall's condition is checked directly (2**n subsets); beyond, by flow
HALL_ZONES = 5


class HiddenDeal:
    """What is to be re-dealt: the free cards, the room per zone, and the allowed zones per card."""

    def __init__(self, zones: list[str], fixed: dict[str, tuple[Card, ...]], pool: list[Card],
                 room: dict[str, int], allowed: dict[Card, frozenset[str]]):
        self.zones = zones
        self.fixed = fixed
        self.pool = pool
        self.room = room
        self.allowed = allowed


def hidden_deal(state: State, seat: int) -> HiddenDeal:
    """Collect the unseen cards, the zones they may go to and the room each zone has."""
    zones = state.zones()
    hidden = {n: z for n, z in zones.items() if not z.known_to(seat)}
    fixed = {n: tuple(cards) for n, cards in state.fixed_cards(seat).items() if n in hidden and cards}
    allow: Mapping[str, Callable[[Card], bool]] = state.determinize_constraints(seat)
    # in a fixed order: the order they really lie in is what the seat does not know
    pool = sorted((c for z in hidden.values() for c in z.cards), key=card_order)
    for cards in fixed.values():
        for c in cards:
            if c not in pool:
                raise CardsageError(f"{c} is said to be in a hidden zone but is not among the unseen cards")
            pool.remove(c)
    room = {n: len(z.cards) - len(fixed.get(n, ())) for n, z in hidden.items()}
    for n, left in room.items():
        if left < 0:
            raise CardsageError(f"zone {n} holds fewer cards than are known to be in it")
    names = list(hidden)
    allowed = {}
    for c in pool:
        allowed[c] = frozenset(n for n in names if room[n] > 0 and allow.get(n, _anything)(c))
    return HiddenDeal(names, fixed, pool, room, allowed)


def feasible(class_counts: Mapping[frozenset, int], room: Mapping[str, int]) -> bool:
    """True when cards (counted per class of allowed zones) fit the zones' room exactly."""
    counts = tuple(sorted((tuple(sorted(k)), v) for k, v in class_counts.items() if v > 0))
    rooms = tuple(sorted((n, v) for n, v in room.items() if v > 0))
    if len(rooms) <= HALL_ZONES:
        return _hall(counts, rooms)
    return flow_feasible(counts, rooms)


@lru_cache(maxsize=65536)
def _hall(counts: tuple, rooms: tuple) -> bool:
    """Hall's condition, the same answer as the flow for a few zones: every set of zones
    has room for the cards that may only go there, and the totals match."""
    if sum(v for _, v in counts) != sum(v for _, v in rooms):
        return False
    names = [n for n, _ in rooms]
    size = dict(rooms)
    for mask in range(1, 1 << len(names)):
        chosen = {names[i] for i in range(len(names)) if mask >> i & 1}
        need = sum(v for zones, v in counts if chosen.issuperset(size.keys() & set(zones)))
        if need > sum(size[n] for n in chosen):
            return False
    return all(set(zones) & size.keys() for zones, _ in counts)


@lru_cache(maxsize=65536)
def flow_feasible(counts: tuple, rooms: tuple) -> bool:
    """The maximum-flow check (source → class → zone → sink) on sorted class counts and rooms."""
    total = sum(v for _, v in counts)
    if total != sum(v for _, v in rooms):
        return False
    if total == 0:
        return True
    graph = nx.DiGraph()
    for i, (zones, n) in enumerate(counts):
        graph.add_edge("source", ("class", i), capacity=n)
        for z in zones:
            graph.add_edge(("class", i), ("zone", z), capacity=n)
    for z, r in rooms:
        graph.add_edge(("zone", z), "sink", capacity=r)
    if "sink" not in graph:
        return False
    return nx.maximum_flow_value(graph, "source", "sink") == total


def weighted_index(rng: Rng, weights: list[int]) -> int:
    """An index drawn with probability proportional to its weight (positive integers)."""
    pick = rng.below(sum(weights))
    i = 0
    while pick >= weights[i]:
        pick -= weights[i]
        i += 1
    return i


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see drawn afresh: the unseen
    cards re-dealt consistently with what is public, and later deals' generator re-seeded.

    Raises :class:`CardsageError` when no deal of the unseen cards fits what is public.
    """
    sample = sample_hidden(state, seat, rng)
    reseed = _RESEED.get(type(sample))
    if reseed is None:
        reseed = _RESEED[type(sample)] = _reseeding(sample)
    return reseed(sample, rng) if reseed is not _NO_RESEED else sample


def _NO_RESEED(sample, rng):
    return sample


def _reseeding(sample):
    """How a state of ``sample``'s class takes a new generator state: none (no ``rng_state``
    field), ``evolve`` (a dataclass of plain fields kept in its ``__dict__``: a copy of its
    fields, at a fraction of the cost of ``dataclasses.replace``), or ``dataclasses.replace``."""
    cls = type(sample)
    if not dataclasses.is_dataclass(cls) or not any(f.name == "rng_state" for f in dataclasses.fields(cls)):
        return _NO_RESEED
    if (hasattr(cls, "__post_init__") or not cls.__dataclass_params__.init
            or not all(f.init for f in dataclasses.fields(cls)) or not hasattr(sample, "__dict__")):
        return lambda sample, rng: dataclasses.replace(sample, rng_state=rng.next64())
    return lambda sample, rng: evolve(sample, rng_state=rng.next64())


# per state class, how determinize gives a deal a new generator state
_RESEED: dict[type, Callable] = {}


def sample_hidden(state: State, seat: int, rng: Rng) -> State:
    """A copy of ``state`` with the cards ``seat`` cannot see re-dealt consistently.

    Raises :class:`CardsageError` when no deal of the unseen cards fits what is public.
    """
    return _sampler(state, seat).sample(state, rng)


def _sampler(state: State, seat: int) -> "_Sampler":
    # a state is a value: what its deals share is worked out once per seat and kept with it
    # (a hint or a search samples the same state hundreds of times)
    cache = getattr(state, "__dict__", None)
    if cache is None:
        return _Sampler(state, seat)
    samplers = cache.get("_samplers")
    if samplers is None:
        samplers = cache["_samplers"] = {}
    sampler = samplers.get(seat)
    if sampler is None:
        sampler = samplers[seat] = _Sampler(state, seat)
    return sampler


class _Sampler:
    """Deals of the cards one seat cannot see in one state: the unseen cards, their classes,
    the zones each class may go to and the answers of the feasibility check, kept for
    every deal drawn; each deal then only shuffles and places the cards."""

    def __init__(self, state: State, seat: int):
        # the state itself is not kept: the sampler lives in the state's own cache
        self.deal = deal = hidden_deal(state, seat)
        if not deal.zones:
            return
        self.zones = state.zones()
        classes: dict[frozenset, int] = {}
        for c in deal.pool:
            classes[deal.allowed[c]] = classes.get(deal.allowed[c], 0) + 1
        self.classes = classes
        open_zones = frozenset(n for n, r in deal.room.items() if r > 0)
        # every unseen card may lie in any unseen zone: a plain shuffle and cut is a
        # uniformly random deal, with no feasibility to check
        self.plain = len(classes) == 1 and next(iter(classes)) == open_zones
        if self.plain:
            return
        counts = tuple(sorted((tuple(sorted(k)), v) for k, v in classes.items() if v > 0))
        self.possible = flow_feasible(counts, tuple(sorted((n, v) for n, v in deal.room.items() if v > 0)))
        # zone names in a fixed order: a frozenset's order follows string hashing, which
        # differs between processes, and a deal must depend only on the generator
        self.zones_of = {key: [n for n in deal.zones if n in key] for key in classes}
        self.fits: dict[tuple, bool] = {}
        # Hall's condition on bit masks of zones, as feasible() checks it for a few zones
        self.hall = len(deal.zones) <= HALL_ZONES
        self.zone_bits = tuple(1 << i for i in range(len(deal.zones)))
        self.class_bits = tuple(sum(1 << deal.zones.index(n) for n in key) for key in classes)

    def _fits(self, classes: dict[frozenset, int], room: dict[str, int]) -> bool:
        """Whether the cards left fit the room left (what :func:`feasible` answers)."""
        # the classes and zones keep their order, so their counts alone name the question
        counts, rooms = tuple(classes.values()), tuple(room.values())
        key = (counts, rooms)
        answer = self.fits.get(key)
        if answer is None:
            answer = self._hall(counts, rooms) if self.hall else feasible(classes, room)
            self.fits[key] = answer
        return answer

    def _hall(self, counts: tuple[int, ...], rooms: tuple[int, ...]) -> bool:
        # the zones with room, and each class's zones among them
        open_zones = total_room = 0
        zones = []
        for bit, r in zip(self.zone_bits, rooms):
            if r > 0:
                open_zones |= bit
                total_room += r
                zones.append((bit, r))
        live = []
        total = 0
        for bits, n in zip(self.class_bits, counts):
            if n > 0:
                bits &= open_zones
                if not bits:
                    return False
                live.append((bits, n))
                total += n
        if total != total_room:
            return False
        # every set of zones holds room for the cards that may go nowhere else (the set
        # of every open zone does: the totals are equal); plain loops, as this runs for
        # most cards of a deal until the memo knows its questions
        mask = (open_zones - 1) & open_zones
        while mask:
            need = 0
            for bits, n in live:
                if not bits & ~mask:
                    need += n
            if need:
                room = 0
                for bit, r in zones:
                    if bit & mask:
                        room += r
                if need > room:
                    return False
            mask = (mask - 1) & open_zones
        return True

    def sample(self, state: State, rng: Rng) -> State:
        """One deal of ``state`` (the state this sampler was made for) drawn with ``rng``."""
        deal = self.deal
        if not deal.zones:
            return state
        room = dict(deal.room)
        if self.plain:
            order = rng.shuffled(deal.pool)
            placed, at = {}, 0
            for n in deal.zones:
                placed[n] = order[at:at + room[n]]
                at += room[n]
            return state.with_zones(_rebuild(self.zones, deal, placed))
        if not self.possible:
            raise CardsageError("no deal of the unseen cards is consistent with what is public")
        classes = dict(self.classes)
        order = rng.shuffled(deal.pool)
        placed: dict[str, list[Card]] = {n: [] for n in deal.zones}
        for card in order:
            key = deal.allowed[card]
            classes[key] -= 1
            options = [n for n in self.zones_of[key] if room[n] > 0]
            while options:
                # proportional to the room left, which is how a random deal would fall
                i = weighted_index(rng, [room[n] for n in options])
                zone = options[i]
                room[zone] -= 1
                if len(options) == 1 or self._fits(classes, room):
                    placed[zone].append(card)
                    break
                room[zone] += 1
                options.pop(i)
            else:  # cannot happen while every step keeps the rest feasible
                raise CardsageError("no deal of the unseen cards is consistent with what is public")
        return state.with_zones(_rebuild(self.zones, deal, placed))


def _rebuild(zones: dict, deal: HiddenDeal, placed: dict[str, list[Card]]) -> dict:
    out = {}
    for n in deal.zones:
        known = deal.fixed.get(n, ())
        if known and zones[n].ordered:
            # a known card keeps its place in an ordered zone
            rest = list(placed[n])
            keep = set(known)
            out[n] = tuple(c if c in keep else rest.pop() for c in zones[n].cards)
        else:
            out[n] = tuple(known) + tuple(placed[n])
    return out


def _anything(card: Card) -> bool:
    return True

