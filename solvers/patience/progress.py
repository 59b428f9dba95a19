"""Can a player still make progress? A proof from what the player has seen.

A playable match (:mod:`solvers.games.patience_common`) counts as progress more cards
on the foundations than ever before, a face-down card turned up, or fewer stock and
waste cards than ever before (they only ever shrink, so any card played from them is
progress). A match that can make no more progress can never be won, and its
no-progress rule will end it.

:func:`cannot_progress` proves that, from a position as the player knows it (unseen
cards are ``None``), whatever the unseen cards are. It searches the positions
reachable by moves among the tableau and foundations only, with two
over-approximations that keep it sound without the hidden cards:

* a stock or waste card counts as playable whenever it would fit somewhere (its
  foundation, a column's top card, an empty column), wherever the stock pointer is;
  an unseen one may be any card the player has not seen. A card that fits in any
  position reached means progress may be possible;
* so does a move that would turn up a face-down card (it is progress).

If no position reached allows either, and none holds more foundation cards than the
record, then no line of play ever makes progress, in any deal consistent with what
the player has seen: draws and turn-overs change neither tableau nor foundations, so
by induction over any line, its tableau and foundations stay among the positions
reached until its first progress, which the search would have met. The search stops
at a node cap, and then proves nothing.
"""

from __future__ import annotations

from collections import Counter

from solvers.errors import CardsageError
from solvers.patience.position import Position, pack_for, patience_rank
from solvers.patience.rules import apply_legal, legal_moves

MAX_NODES = 2_000


def cannot_progress(view: Position, rules, best: tuple[int, int, int],
                    max_nodes: int = MAX_NODES) -> bool:
    """True when it is proven that no line of play from ``view`` (the position as the
    player knows it) ever makes progress, whatever the unseen cards are.

    ``best`` is the match's record: ``(most foundation cards, fewest face-down
    cards, fewest stock and waste cards)``. False when progress may be possible, or
    when the search met ``max_nodes`` positions without deciding."""
    talon = _talon_faces(view)
    root = view.with_(stock=(), waste=())
    if _progress(root, best) or _fits(root, talon):
        return False
    seen = {_key(root)}
    stack = [root]
    nodes = 1
    while stack:
        position = stack.pop()
        children = []
        for move in legal_moves(position, rules):
            try:
                child = apply_legal(position, move, rules)
            except CardsageError:
                return False        # it turns up an unseen face-down card
            key = _key(child)
            if key in seen:
                continue
            seen.add(key)
            if _progress(child, best) or _fits(child, talon):
                return False
            nodes += 1
            if nodes > max_nodes:
                return False
            children.append(child)
        # depth first, in the order of the moves (cards up to the foundations first)
        stack.extend(reversed(children))
    return True


def _talon_faces(view: Position) -> set[tuple[int, int]]:
    """``(suit, rank)`` of every card that may lie in the stock or waste: the known
    ones, and every card the player has not seen when some are unseen."""
    cards = view.stock + view.waste
    faces = {(int(c.suit), patience_rank(c)) for c in cards if c is not None}
    if None in cards:
        unseen = Counter(c.face for c in pack_for(view.game, view.ranks))
        for col in view.columns:
            unseen.subtract(c.face for c in col.cards if c is not None)
        unseen.subtract(c.face for c in cards if c is not None)
        for pile in view.foundations:
            unseen.subtract(c.face for c in pile)
        faces |= {(int(c.suit), patience_rank(c)) for c, n in unseen.items() if n > 0}
    return faces


def _fits(position: Position, talon: set[tuple[int, int]]) -> bool:
    """Would some card of ``talon`` fit somewhere in ``position`` (foundation, a
    column's top card, an empty column)?"""
    if not talon:
        return False
    klondike = position.game == "klondike"
    wanted = set()
    for suit, pile in enumerate(position.foundations):
        if klondike:
            wanted.add((suit, len(pile) + 1))
        elif pile:
            wanted.add((int(pile[-1].suit), len(pile) + 1))
        else:
            wanted.update((s, 1) for s in range(4))
    for col in position.columns:
        if not col.up:
            if not col.down:
                if not klondike:
                    return True     # an empty Forty Thieves column takes any card
                wanted.update((s, position.ranks) for s in range(4))
            continue
        top = col.up[-1]
        rank = patience_rank(top) - 1
        if rank < 1:
            continue
        if klondike:
            wanted.update((s, rank) for s in range(4) if (s in (1, 2)) != top.is_red)
        else:
            wanted.add((int(top.suit), rank))
    return not wanted.isdisjoint(talon)


def _progress(position: Position, best: tuple[int, int, int]) -> bool:
    """More foundation cards than the record, or fewer face-down cards."""
    up = sum(len(p) for p in position.foundations)
    down = sum(len(c.down) for c in position.columns)
    return up > best[0] or down < best[1]


def _key(position: Position) -> tuple:
    """Columns play alike, so their order does not matter. Cards are told apart by
    identity (every position here holds the same card objects), which is exact for
    the columns; a foundation pile plays by its height and top card alone."""
    cols = sorted((tuple(map(id, c.down)), tuple(map(id, c.up))) for c in position.columns)
    return tuple(cols), tuple((len(p), id(p[-1]) if p else 0) for p in position.foundations)
