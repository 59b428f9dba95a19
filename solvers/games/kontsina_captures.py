"""Kontsina's captures: which table cards one played card may take, and how a capture is written.

Values for sums: ace 1, two to ten their pips; jacks, queens and kings have no value and
are taken only by a card of the same rank. A *group* is what one played card takes in one
go: either one table card of the played card's rank (a match), or two or more table number
cards whose values add up to the played card's value (a sum). By the rule text one play
takes one group; the variant ``several`` lets a play take several disjoint groups at once.

A capture is written ``capture 8D with 5C+3H`` or, with several groups,
``capture 8D with 5C+3H, 6S+2D``: cards inside a group from the highest value down (then by
suit), groups in the same order. Two ways of taking the same table cards leave the same
table and the same pile, so they are one move, written with the first grouping in that
order.
"""

from __future__ import annotations

from solvers.cards import Card, Rank, parse_card
from solvers.errors import CardsageError
from solvers.game import Action

__all__ = ["value", "card_key", "groups", "capture_sets", "capture_action", "lay_action",
           "read_capture", "canonical_action", "LAY", "CAPTURE", "WITH"]

LAY, CAPTURE, WITH = "lay", "capture", "with"


def value(card: Card) -> int:
    """A card's value for sums: ace 1, 2-10 their pips, 0 for jack, queen and king."""
    if card.rank == Rank.ACE:
        return 1
    return int(card.rank) if card.rank <= 10 else 0


def card_key(card: Card):
    """The order cards are written in a capture: highest value first, then rank, then suit."""
    return (-value(card), -int(card.rank), -int(card.suit))


def groups(card: Card, table: tuple[Card, ...]) -> list[int]:
    """Every single group ``card`` may take from ``table``, as bit masks over table positions."""
    found = [1 << i for i, t in enumerate(table) if t.rank == card.rank]
    target = value(card)
    if target == 0:
        return found
    numbers = [(i, value(t)) for i, t in enumerate(table) if value(t) > 0]

    def walk(start: int, total: int, mask: int, size: int):
        if total == target:
            if size >= 2:
                found.append(mask)
            return
        for k in range(start, len(numbers)):
            i, v = numbers[k]
            if total + v <= target:
                walk(k + 1, total + v, mask | (1 << i), size + 1)

    walk(0, 0, 0, 0)
    return found


def capture_sets(card: Card, table: tuple[Card, ...], several: bool = False) -> dict[int, tuple[int, ...]]:
    """Every distinct capture: taken table cards (a mask) -> its groups in written order.

    With ``several`` a play may take any number of disjoint groups; the grouping kept for a
    set of taken cards is the first in written order."""
    single = groups(card, table)
    found: dict[int, tuple[int, ...]] = {}

    def group_key(m: int) -> tuple:
        return tuple(sorted(card_key(table[i]) for i in _bits(m)))

    def written(parts) -> tuple:
        return tuple(sorted(group_key(m) for m in parts))

    def keep(mask: int, parts: tuple[int, ...]) -> None:
        parts = tuple(sorted(parts, key=group_key))
        old = found.get(mask)
        if old is None or written(parts) < written(old):
            found[mask] = parts

    if not several:
        for m in single:
            keep(m, (m,))
        return found

    def walk(start: int, used: int, parts: tuple[int, ...]) -> None:
        for k in range(start, len(single)):
            m = single[k]
            if m & used:
                continue
            keep(used | m, parts + (m,))
            walk(k + 1, used | m, parts + (m,))

    walk(0, 0, ())
    return found


def _bits(mask: int) -> list[int]:
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def capture_action(card: Card, table: tuple[Card, ...], parts: tuple[int, ...]) -> Action:
    """The action taking ``parts`` (masks over ``table``) with ``card``."""
    written = []
    for m in parts:
        cards = sorted((table[i] for i in _bits(m)), key=card_key)
        written.append("+".join(str(c) for c in cards))
    words = [w + "," for w in written[:-1]] + written[-1:]
    return Action(CAPTURE, (str(card), WITH, *words))


def lay_action(card: Card) -> Action:
    """The action leaving ``card`` on the table."""
    return Action(LAY, (str(card),))


def read_capture(action: Action) -> tuple[Card, list[list[Card]]]:
    """The played card and the groups of a capture action; a clear error if it is malformed."""
    args = action.args
    if len(args) < 3 or args[1].lower() != WITH:
        raise CardsageError("write a capture like 'capture 8D with 5C+3H' "
                            "(several groups: 'capture 8D with 5C+3H, 6S+2D')", status=400)
    played = parse_card(args[0])
    text = " ".join(args[2:])
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise CardsageError("a capture lists its groups separated by commas, like '5C+3H, 6S+2D'",
                            status=400)
    return played, [[parse_card(c) for c in p.replace(" ", "").split("+") if c] for p in parts]


def canonical_action(action: Action) -> Action:
    """The written form of a capture or lay, however the player typed it (cards in any order)."""
    if action.kind == LAY and len(action.args) == 1:
        return lay_action(parse_card(action.args[0]))
    if action.kind != CAPTURE:
        return action
    played, parts = read_capture(action)
    taken = [c for p in parts for c in p]
    table = tuple(sorted(taken, key=card_key))
    index = {c: i for i, c in enumerate(table)}
    masks = []
    for p in parts:
        m = 0
        for c in p:
            m |= 1 << index[c]
        masks.append(m)
    masks.sort(key=lambda m: tuple(sorted(card_key(table[i]) for i in _bits(m))))
    return capture_action(played, table, tuple(masks))
