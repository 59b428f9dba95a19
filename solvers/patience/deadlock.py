"""Sound dead-end proofs: cards that can never be uncovered.

Some cards can only leave their pile from the top and only in a few ways: a card of
a Klondike column at or below its lowest face-up card (it moves only as the head of
a run, or alone to its foundation), any Forty Thieves column card, and a Forty
Thieves waste card once no turn-over is left. Such a card ``y`` can leave when it
is uncovered and one of these holds: its foundation predecessor can get up, a card
it may be built on can be uncovered, or (Klondike king, Forty Thieves any card) an
empty column can exist.

:func:`stuck` computes the least fixed point of "can be uncovered" under these
necessary conditions, treating every other card (stock, foundations, the rest of a
Klondike face-up run) as always available. In any real line the first time a card
is uncovered its conditions held earlier, so every uncovered card is in the fixed
point; a win uncovers every card, so a card outside it proves the position lost.
"""

from __future__ import annotations


def stuck(piles, free, parents, pred, rank_of, to_empty: bool, columns: int | None = None) -> bool:
    """True when some card of ``piles`` (bottom-to-top lists of cards that leave
    only from the top) can never be uncovered.

    ``free`` counts the available copies per card, ``parents(c)`` lists the cards
    ``c`` may be built on, ``pred(c)`` its foundation predecessor or ``-1``. Without
    ``to_empty`` (Klondike) a card with no parents, a king, may always leave (to an
    empty column); with it (Forty Thieves) any card may leave once some column
    could be empty. Only the first ``columns`` piles (default all) are columns; the
    rest (a waste) leave no empty column behind.
    """
    free = list(free)
    columns = len(piles) if columns is None else columns
    depth = [0] * len(piles)        # cards known to leave, counted from the top
    for pile in piles:
        if pile:
            free[pile[-1]] += 1
    empty_possible = to_empty and any(not p for p in piles[:columns])
    changed = True
    while changed:
        changed = False
        for i, pile in enumerate(piles):
            n = len(pile)
            while depth[i] < n:
                y = pile[n - 1 - depth[i]]
                ps = parents(y)
                if not (empty_possible or (not ps and not to_empty) or _can_rise(pred(y), free, rank_of)
                        or any(free[q] for q in ps)):
                    break
                depth[i] += 1
                if depth[i] < n:
                    free[pile[n - 1 - depth[i]]] += 1
                elif i < columns:
                    empty_possible = to_empty
                changed = True
    return any(d < len(p) for d, p in zip(depth, piles))


def _can_rise(c: int, free, rank_of) -> bool:
    """Can a copy of ``c`` (or nothing, for ``-1``) reach its foundation?"""
    if c < 0:
        return True
    base = c - rank_of[c]
    return all(free[x] for x in range(base, c + 1))
