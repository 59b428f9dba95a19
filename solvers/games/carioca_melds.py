"""Carioca's melds: trios and escaleras on the table, the contract, lay-offs and joker swaps.

* A *trio* is three or more cards of one rank (suits may repeat: two packs); an
  *escalera* four or more cards of one suit in sequence, the ace low (A-2-3-4) or high
  (J-Q-K-A), never both in one escalera. Jokers are wild.
* The contract of a hand is laid down all at once with at most one joker a meld
  (:func:`contract_layouts`, built on the shared meld solver's options).
* Later, one card at a time: a lay-off lengthens any meld on the table (:func:`layoffs`), and
  a natural card may take the place of a joker in an escalera, the joker moving to one end
  (:func:`joker_swaps`).

Two copies of a card are the same in any meld, and so are two jokers: the moves listed
here use the lowest copy held (``7H#1`` before ``7H#2``, ``X1`` before ``X2``), and
:func:`canonical_copy` maps a copy a player names onto it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from solvers.cards import Card, Kind, Rank
from solvers.game import Action, serializable
from solvers.melds import MeldRules, options_for
from solvers.melds.rules import Meld
from solvers.melds.table import grow, layoffs as table_layoffs, swaps as table_swaps

__all__ = ["TableMeld", "CONTRACTS", "card_value", "is_joker", "contract_layouts", "layoffs", "joker_swaps",
           "canonical_copy", "contract_text", "distinct_cards", "place_card", "DOWN", "LAYOFF", "SWAP", "SEPARATOR"]

DOWN, LAYOFF, SWAP = "down", "layoff", "swap"
SEPARATOR = "/"
LOW, HIGH = "low", "high"
TRIO, ESCALERA = "trio", "escalera"
ACE_LOW, ACE_HIGH = 1, 14

# (trios, escaleras) of the seven hands, in order
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def is_joker(card: Card) -> bool:
    """True for the four jokers (wild)."""
    return card.kind == Kind.JOKER


def card_value(card: Card) -> int:
    """Penalty of a card left in hand: joker 50, ace 20, K Q J 10, 2–10 their face value."""
    if is_joker(card):
        return 50
    if card.rank == Rank.ACE:
        return 20
    return min(int(card.rank), 10)


def contract_text(contract: tuple[int, int]) -> str:
    """``"1 trio and 2 escaleras"``."""
    trios, escaleras = contract
    parts = []
    if trios:
        parts.append(f"{trios} trio{'s' if trios > 1 else ''}")
    if escaleras:
        parts.append(f"{escaleras} escalera{'s' if escaleras > 1 else ''}")
    return " and ".join(parts)


def place_card(place: int, suit: int) -> Card:
    """The natural card at run place ``place`` (1 and 14 are both the ace)."""
    return Card.standard(14 if place == ACE_LOW else place, suit)


@serializable
@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: who laid it, its kind and cards (an escalera's from its low
    place up, each joker at the place it fills)."""

    owner: int
    kind: str                   # "trio" or "escalera"
    cards: tuple[Card, ...]
    rank: int | None = None     # a trio's rank
    suit: int | None = None     # an escalera's suit
    low: int | None = None      # an escalera's lowest place: 1 = the ace low … 14 = the ace high

    @property
    def high(self) -> int | None:
        """An escalera's highest place."""
        return None if self.low is None else self.low + len(self.cards) - 1

    def stands_for(self, index: int) -> Card | None:
        """The natural card the joker at ``index`` of an escalera stands for."""
        return None if self.kind != ESCALERA else place_card(self.low + index, self.suit)

    def can_grow(self, end: str) -> bool:
        """Whether an escalera may take a card at ``end`` (never past an ace, never both aces)."""
        if end == LOW:
            return self.low > ACE_LOW and not (self.low - 1 == ACE_LOW and self.high == ACE_HIGH)
        return self.high < ACE_HIGH and not (self.high + 1 == ACE_HIGH and self.low == ACE_LOW)

    def fits(self, card: Card, end: str | None) -> bool:
        """Whether ``card`` lengthens this meld (at ``end`` for an escalera)."""
        if self.kind == TRIO:
            return end is None and (is_joker(card) or card.rank == self.rank)
        if end not in (LOW, HIGH) or not self.can_grow(end):
            return False
        place = self.low - 1 if end == LOW else self.high + 1
        return is_joker(card) or card.face == place_card(place, self.suit)

    def grown(self, card: Card, end: str | None) -> "TableMeld":
        """The meld with ``card`` added (at ``end`` for an escalera)."""
        if self.kind == TRIO:
            return TableMeld(self.owner, TRIO, self.cards + (card,), rank=self.rank)
        if end == LOW:
            return TableMeld(self.owner, ESCALERA, (card,) + self.cards, suit=self.suit, low=self.low - 1)
        return TableMeld(self.owner, ESCALERA, self.cards + (card,), suit=self.suit, low=self.low)

    @property
    def notation(self) -> str:
        """``trio 7H 7S X1`` / ``escalera 5H 6H X1 8H``."""
        return f"{self.kind} " + " ".join(str(c) for c in self.cards)

    def describe(self) -> str:
        """The meld in words with suit symbols (``escalera 5♥ 6♥ 🃏(7♥) 8♥``)."""
        shown = []
        for i, c in enumerate(self.cards):
            if is_joker(c) and self.kind == ESCALERA:
                shown.append(f"joker({self.stands_for(i).pretty()})")
            else:
                shown.append("joker" if is_joker(c) else c.pretty())
        return f"{self.kind} " + " ".join(shown)


def _initial_rules(exact: bool) -> MeldRules:
    return MeldRules(set_min=3, set_max=3 if exact else None, run_min=4, run_max=4 if exact else 13,
                     wild=is_joker, max_wilds=1)


def _canonical_key(card: Card):
    return (card.kind, -1 if card.suit is None else card.suit, card.rank, card.copy)


def canonical_copy(card: Card, hand: Sequence[Card]) -> Card:
    """The copy of ``card`` the listed moves use: the lowest copy of its face held (any
    joker: the lowest joker held); ``card`` itself when the hand holds no such card."""
    if is_joker(card):
        jokers = sorted((c for c in hand if is_joker(c)), key=_canonical_key)
        return jokers[0] if jokers and card in hand else card
    same = sorted((c for c in hand if c.face == card.face and c.kind == card.kind), key=_canonical_key)
    return same[0] if same and card in hand else card


def distinct_cards(hand: Sequence[Card]) -> list[Card]:
    """One card of each face held (the lowest copy; one joker), in display order."""
    out: dict = {}
    for c in sorted(hand, key=_canonical_key):
        out.setdefault("X" if is_joker(c) else c.face, c)
    return sorted(out.values(), key=_display_key)


def _display_key(card: Card):
    return (is_joker(card), card.rank if not is_joker(card) else 0, -1 if card.suit is None else card.suit,
            card.copy)


def contract_layouts(hand: Sequence[Card], contract: tuple[int, int], exact: bool,
                     owner: int = 0) -> list[tuple[Action, tuple[TableMeld, ...]]]:
    """Every way ``hand`` lays down exactly ``contract`` (trios, escaleras) at once, at most
    one joker a meld; each with its ``down`` action (melds separated by ``/``)."""
    if not _may_meet(hand, contract):
        return []
    layouts = _layouts(tuple(sorted(hand, key=_canonical_key)), contract, exact)
    return [(Action(DOWN, _down_args(melds)), tuple(_owned(m, owner) for m in melds)) for melds in layouts]


def _may_meet(hand: Sequence[Card], contract: tuple[int, int]) -> bool:
    """A quick necessary test before the full search: enough pairs of a rank for the trios,
    enough suits with three cards close together for the escaleras, jokers for the gaps."""
    trios, escaleras = contract
    if len(hand) < 3 * trios + 4 * escaleras:
        return False
    jokers = sum(1 for c in hand if is_joker(c))
    ranks = Counter(c.rank for c in hand if not is_joker(c))
    if trios:
        full = sum(n // 3 for n in ranks.values())
        pairs = sum(1 for n in ranks.values() if n % 3 == 2) + sum(n // 3 for n in ranks.values() if n % 3 == 1)
        if full + min(pairs, jokers) < trios:
            return False
    if escaleras:
        by_suit: dict[int, set[int]] = {}
        for c in hand:
            if not is_joker(c):
                places = by_suit.setdefault(c.suit, set())
                places.add(c.rank)
                if c.rank == 14:
                    places.add(1)
        windows = 0
        for places in by_suit.values():
            for low in range(1, 12):
                have = sum(1 for p in range(low, low + 4) if p in places)
                windows += have >= 4 or (have == 3 and jokers > 0)
        # an escalera's lowest four places hold three naturals or more; two copies of each
        # card let at most two escaleras start on the same four places
        if windows * 2 < escaleras:
            return False
    return True


def _owned(meld: TableMeld, owner: int) -> TableMeld:
    return TableMeld(owner, meld.kind, meld.cards, meld.rank, meld.suit, meld.low)


def _down_args(melds: Sequence[TableMeld]) -> tuple[str, ...]:
    args: list[str] = []
    for i, meld in enumerate(melds):
        if i:
            args.append(SEPARATOR)
        args.extend(str(c) for c in meld.cards)
    return tuple(args)


@lru_cache(maxsize=4096)
def _layouts(hand: tuple[Card, ...], contract: tuple[int, int], exact: bool) -> tuple[tuple[TableMeld, ...], ...]:
    trios, escaleras = contract
    options = options_for(hand, _initial_rules(exact))
    sets = [o for o in options if o.kind == "set"]
    runs = [o for o in options if o.kind == "run"]
    faces = Counter(c.face for c in hand if not is_joker(c))
    jokers = sum(1 for c in hand if is_joker(c))
    found: dict[tuple, tuple[TableMeld, ...]] = {}
    for chosen_sets in itertools.combinations_with_replacement(range(len(sets)), trios):
        for chosen_runs in itertools.combinations_with_replacement(range(len(runs)), escaleras):
            chosen = [sets[i] for i in chosen_sets] + [runs[i] for i in chosen_runs]
            need = Counter()
            for o in chosen:
                for f, n in o.faces:
                    need[f] += n
            if sum(o.wilds for o in chosen) > jokers or any(faces[f] < n for f, n in need.items()):
                continue
            melds = _build(chosen, hand)
            key = tuple(m.notation for m in melds)
            found.setdefault(key, melds)
    return tuple(found[k] for k in sorted(found))


def _build(chosen, hand: tuple[Card, ...]) -> tuple[TableMeld, ...]:
    """Physical cards for the chosen options, lowest copies first, in a canonical order."""
    free: dict[Card, list[Card]] = {}
    wilds = [c for c in hand if is_joker(c)]
    for c in hand:
        if not is_joker(c):
            free.setdefault(c.face, []).append(c)
    ordered = sorted(chosen, key=lambda o: (o.kind != "set", o.rank or 0, o.suit or 0, o.low or 0,
                                            tuple((str(f), n) for f, n in o.faces), o.wilds))
    melds = []
    for o in ordered:
        cards = tuple(free[f].pop(0) if f is not None else wilds.pop(0) for f in o.pattern)
        if o.kind == "set":
            melds.append(TableMeld(0, TRIO, cards, rank=o.rank))
        else:
            melds.append(TableMeld(0, ESCALERA, cards, suit=o.suit, low=o.low))
    return tuple(melds)


# the table's melds for lay-offs and swaps: jokers go on freely once a contract is down, and
# an escalera never holds both aces (13 cards at most between places 1 and 14)
TABLE_RULES = MeldRules(set_min=3, run_min=4, run_max=13, wild=is_joker)
_KINDS = {TRIO: "set", ESCALERA: "run"}


@lru_cache(maxsize=16384)
def _as_meld(meld: TableMeld) -> Meld:
    """A table meld as the shared solver's :class:`~solvers.melds.rules.Meld`."""
    wilds = tuple(c for c in meld.cards if is_joker(c))
    return Meld(_KINDS[meld.kind], meld.cards, rank=meld.rank, suit=meld.suit, low=meld.low, wilds=wilds)


def _as_table(meld: Meld, owner: int) -> TableMeld:
    if meld.kind == "set":
        return TableMeld(owner, TRIO, meld.cards, rank=meld.rank)
    return TableMeld(owner, ESCALERA, meld.cards, suit=meld.suit, low=meld.low)


def layoffs(hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[tuple[Action, int, TableMeld]]:
    """Every single-card lay-off: ``layoff <card> <meld>`` (``low``/``high`` for an escalera),
    with the meld's number and the meld it becomes (by :func:`solvers.melds.table.layoffs`,
    one copy of each card held)."""
    table = [_as_meld(m) for m in melds]
    out = []
    for move in table_layoffs(distinct_cards(hand), table, TABLE_RULES):
        args = (str(move.card), str(move.table)) + ((move.end,) if move.end is not None else ())
        out.append((Action(LAYOFF, args), move.table, _as_table(move.meld, melds[move.table].owner)))
    return out


def joker_swaps(hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[tuple[Action, int, TableMeld]]:
    """Every joker swap: ``swap <natural> <meld> <low|high>`` puts the natural card a joker
    of an escalera stands for in its place (:func:`solvers.melds.table.swaps`, the lowest
    copy held) and moves the joker to an end that can still grow: Carioca's own rule, the
    freed joker never goes to the hand."""
    table = [_as_meld(m) for m in melds]
    out = []
    for swap in table_swaps(sorted(hand, key=_canonical_key), table, TABLE_RULES):
        owner = melds[swap.table].owner
        for end in (LOW, HIGH):
            moved = grow(swap.meld, swap.wild, end, TABLE_RULES)
            if moved is not None:
                out.append((Action(SWAP, (str(swap.card), str(swap.table), end)), swap.table,
                            _as_table(moved, owner)))
    return out
