"""Diloti's moves: every legal play of one hand card, each once, with a notation that parses back.

A turn plays one card and does one of five things; their notations are

* ``lay 5H`` — put the card loose on the table;
* ``capture 8H 8C 5S+3D #2`` — play 8H and take the loose 8C, the loose 5S and 3D
  (adding up to 8) and declaration #2 (worth 8);
* ``declare 10 5H 2C 3D`` — play 5H onto the loose 2C and 3D: a declaration worth 10;
* ``raise 9 2H #1`` — add 2H to an opponent's declaration #1, now worth 9;
* ``group 9 2H 9C #1+2H`` — a group of 9s: here declaration #1 raised by 2H to 9, and the
  loose 9C; each ``+``-joined unit is worth 9.

Two moves that take or bind the same cards with the same played card leave the same
table, so only one of them is listed (the split shown is one way of seeing it); a move
typed with its units in another order or split is read as the listed one.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cards import Card, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, serializable
from solvers.games.diloti_cover import coverable, subsets_up_to

__all__ = ["Decl", "Move", "value_of", "is_face", "generate", "move_key", "parse_key", "card_order",
           "LAY", "CAPTURE", "DECLARE", "RAISE", "GROUP", "MAX_VALUE"]

LAY, CAPTURE, DECLARE, RAISE, GROUP = "lay", "capture", "declare", "raise", "group"
MAX_VALUE = 10


def value_of(card: Card) -> int:
    """A card's value for sums: ace 1, two to ten their pips, J Q K none (0)."""
    if card.rank == 14:
        return 1
    return card.rank if card.rank <= 10 else 0


def is_face(card: Card) -> bool:
    """True for jacks, queens and kings, which have no value and are taken only by their rank."""
    return 11 <= card.rank <= 13


def card_order(card: Card):
    """Sort key: by value (faces last), then suit."""
    return (value_of(card) or card.rank, card.suit)


@serializable
@dataclass(frozen=True)
class Decl:
    """A declaration on the table: a pile taken only whole, by a card of its value."""

    ident: int                      # shown as #ident
    owner: int                      # the seat that formed or last raised it
    value: int
    cards: tuple[Card, ...]
    group: bool = False             # a group declaration (cannot be raised)

    @property
    def label(self) -> str:
        """``#3``."""
        return f"#{self.ident}"


@dataclass(frozen=True)
class Move:
    """One legal move: what is played, what it takes or binds, and how it is written."""

    kind: str
    card: Card
    value: int                      # the capturing value, or the declared value
    loose: tuple[Card, ...]         # loose cards taken or bound
    decls: tuple[int, ...]          # declarations taken or bound (ids)
    action: Action


def _cards_text(cards) -> str:
    return "+".join(str(c) for c in sorted(cards, key=card_order))


def _units_text(units) -> list[str]:
    """Units (each a list of cards and declaration labels) as notation words, in a fixed order."""
    words = []
    for unit in units:
        cards = sorted((x for x in unit if isinstance(x, Card)), key=card_order)
        labels = sorted((x for x in unit if isinstance(x, str)), key=lambda t: int(t[1:]))
        words.append("+".join(labels + [str(c) for c in cards]))
    return sorted(words, key=lambda w: ("#" in w, "+" in w, w))


def move_key(kind: str, card: Card, value: int, loose, decls) -> tuple:
    """What makes two moves the same: the played card and the set of things taken or bound."""
    return (kind, card, value, frozenset(loose), frozenset(decls))


def parse_key(action: Action) -> tuple:
    """The :func:`move_key` of a typed action, or a CardsageError naming what is unreadable."""
    args = list(action.args)
    kind = action.kind
    try:
        value = 0
        if kind in (DECLARE, RAISE, GROUP):
            value = int(args.pop(0))
        card = parse_card(args.pop(0))
        loose, decls = [], []
        for word in args:
            for part in word.split("+"):
                if part.startswith("#"):
                    decls.append(int(part[1:]))
                else:
                    loose.append(parse_card(part))
    except (IndexError, ValueError, CardsageError):
        raise CardsageError(f"cannot read the move {action.notation!r}; write e.g. 'lay 5H', "
                            f"'capture 8H 5S+3D #2', 'declare 10 5H 2C 3D', 'raise 9 2H #1' "
                            f"or 'group 9 2H 9C #1+2H'", status=400) from None
    if kind in (CAPTURE, LAY):
        value = value_of(card)
    if kind == GROUP:
        loose = [c for c in loose if c != card]
    return move_key(kind, card, value, loose, decls)


def generate(hand, loose, decls, seat: int, partner, face_must_capture: bool, first_play: bool) -> list[Move]:
    """Every legal move of ``seat`` holding ``hand`` with ``loose`` cards and ``decls`` on the table.

    ``partner`` is the partner's seat or None. The obligations of a declaration's owner
    (keep a card of its value, no laying, no new declarations but a group that takes in
    the pending one) are applied here.
    """
    own = next((d for d in decls if d.owner == seat), None)
    held = [value_of(c) for c in hand]
    # an owner must keep one card of the declared value; if (in a sampled deal) they hold
    # none, they play as if free
    bound = own is not None and own.value in held
    moves: dict[tuple, Move] = {}

    def add(kind, card, value, taken_loose, taken_decls, args):
        key = move_key(kind, card, value, taken_loose, taken_decls)
        if key not in moves:
            moves[key] = Move(kind, card, value, tuple(sorted(taken_loose, key=card_order)),
                              tuple(sorted(taken_decls)), Action(kind, tuple(args)))

    numbers = [c for c in loose if not is_face(c)]
    for card in sorted(set(hand), key=card_order):
        v = value_of(card)
        reserved = bound and v == own.value and held.count(v) == 1
        # ---- captures
        if is_face(card):
            matching = [c for c in loose if c.rank == card.rank]
            for target in matching:
                add(CAPTURE, card, 0, (target,), (), [str(card), str(target)])
        else:
            same = [c for c in numbers if c.rank == card.rank]
            smaller = [c for c in numbers if value_of(c) < v]
            worth = [d.ident for d in decls if d.value == v]
            for mask, split in coverable([value_of(c) for c in smaller], v).items():
                sets = [[smaller[i] for i in range(len(smaller)) if g >> i & 1] for g in split]
                taken = same + [c for s in sets for c in s]
                for k in range(1 << len(worth)):
                    chosen = [worth[i] for i in range(len(worth)) if k >> i & 1]
                    if not taken and not chosen:
                        continue
                    if reserved and own.ident not in chosen:
                        continue
                    units = [[c] for c in same] + sets + [[f"#{i}"] for i in chosen]
                    add(CAPTURE, card, v, taken, chosen, [str(card)] + _units_text(units))
        if reserved:
            continue     # the reserved card may only capture its declaration
        rest_values = list(held)
        rest_values.remove(v)
        # ---- lay
        if not bound and not (face_must_capture and is_face(card) and any(c.rank == card.rank for c in loose)):
            add(LAY, card, v, (), (), [str(card)])
        if is_face(card):
            continue
        # ---- a regular declaration: the card onto loose number cards
        if own is None:
            vals = [value_of(c) for c in numbers]
            for mask in subsets_up_to(vals, MAX_VALUE - v):
                parts = [numbers[i] for i in range(len(numbers)) if mask >> i & 1]
                total = v + sum(value_of(c) for c in parts)
                if total in rest_values:
                    add(DECLARE, card, total, parts, (), [str(total), str(card)] +
                        [str(c) for c in sorted(parts, key=card_order)])
            # ---- raising an opponent's regular declaration by the played card
            for d in decls:
                if d.group or d.owner == seat or d.owner == partner:
                    continue
                total = d.value + v
                if total <= MAX_VALUE and total in rest_values:
                    add(RAISE, card, total, (), (d.ident,), [str(total), str(card), d.label])
        # ---- group declarations of value V
        for V in range(max(v, 2), MAX_VALUE + 1):
            if V not in rest_values:
                continue
            if own is not None and own.value != V:
                continue
            whole = [d.ident for d in decls if d.value == V and (d.owner == seat or
                                                               (partner is not None and d.owner == partner))
                     and (not d.group or d.owner == seat)]
            must = [own.ident] if own is not None else []
            if own is not None and own.ident not in whole:
                continue
            optional = [i for i in whole if i not in must]
            small = [c for c in numbers if value_of(c) <= V]
            # the played card in a set of loose cards (or alone when it is worth V)
            items = small + [card]
            reach = coverable([value_of(c) for c in items], V)
            c_bit = 1 << len(small)
            raisable = [d for d in decls if not d.group and d.owner != seat and d.owner != partner
                        and d.value + v == V]
            ways = [(None, mask, split) for mask, split in reach.items() if mask & c_bit]
            if raisable:
                plain = coverable([value_of(c) for c in small], V)
                ways += [(d, mask, split) for d in raisable for mask, split in plain.items()]
            for raised, mask, split in ways:
                parts = [items[i] for i in range(len(items)) if mask >> i & 1 and items[i] != card]
                loose_units = [[items[i] for i in range(len(items)) if g >> i & 1] for g in split]
                for k in range(1 << len(optional)):
                    chosen = must + [optional[i] for i in range(len(optional)) if k >> i & 1]
                    units = loose_units + [[f"#{i}"] for i in chosen]
                    taken = list(chosen)
                    if raised is not None:
                        units.append([raised.label, card])
                        taken.append(raised.ident)
                    if len(units) < 2:
                        continue
                    add(GROUP, card, V, parts, taken, [str(V), str(card)] + _units_text(units))
    return list(moves.values())
