"""A sharper Klondike dead-end proof: runs, bases and empty columns made exact.

It is the least fixed point of "this tableau card can be uncovered" (be the top of a
column at some time), like :mod:`deadlock`, with three necessary conditions made
exact for Klondike:

* *Runs.* A face-up card leaves the card under it only with everything on it (as the
  head of a run) or alone to its foundation. So the card under a face-up card ``y``
  can be uncovered only when ``y`` can go onto a base, or (a king) into an empty
  column, or when ``y`` itself can be uncovered and its suit can rise to it. The
  general proof counts every face-up card above the lowest as always uncovered.
* *Bases.* A card can be built on only while it is the top of a column. A tableau
  card is a base once it can be uncovered; a stock card or (when they may come back)
  a foundation card only once it could be put on the tableau: onto a base, or a king
  into an empty column. The general proof counts every stock and foundation card.
* *Empty columns.* A king goes into an empty column only if one is empty or some
  column's bottom card can leave; the general proof lets a king always leave.
* *Talon order* (draw 3). A talon card is played only as the waste top, so it
  counts (as a base, or below a card that rises) only once it can be the waste top
  (:func:`talon_reach_now`, then the card after it or any card before it leaving);
  a talon card that never can proves the loss as well.

A card ``y`` can rise when every card of its suit below it is on a foundation, in
the talon (and can be the waste top), or can be uncovered.

Why it is sound, by induction over the moves of any line: the first time a card
``x`` is uncovered, the card just lifted off it is the one on it now (nothing else
could be put on ``x`` before). That card left either up to its foundation (so it was
a top before: uncovered, and its suit had risen below it) or as the head of a run
onto a top card (a base) or into an empty column (whose first emptying is, again, a
bottom card leaving). Each of these is a condition of the fixed point, so every card
ever uncovered is in it. A win uncovers every tableau card, so one outside proves
the position lost. Unlike the general proof it can newly succeed after a move
(which run lies on which card matters), so the search checks it at every position.
"""

from __future__ import annotations


def klondike_stuck(cols, found, talon, parents, king: int, back: bool, ptr: int = 0, k: int = 1) -> bool:
    """True when some card of ``cols`` (``(down, up)`` pairs of kernel card codes,
    bottom to top) can never be uncovered; ``found`` holds the foundation heights,
    ``talon`` the stock and waste cards, ``parents(c)`` the cards ``c`` may be built
    on, ``king`` the rank index of a king, ``back`` whether foundation cards may come
    back to the tableau. With ``k`` > 1 the talon is in order (waste bottom to top,
    then the stock) with ``ptr`` cards in the waste, and a talon card counts only once
    it can be the waste top (see :func:`talon_reach_now`); ``k`` = 1 treats every
    talon card as reachable."""
    # where a card is: 0 absent, 1 tableau, 2 stock or waste, 3 foundation
    where = [0] * 52
    for suit in range(4):
        for r in range(found[suit]):
            where[suit * 13 + r] = 3
    for c in talon:
        where[c] = 2
    uncovered = [False] * 52
    face_up = [False] * 52
    piles = []
    empty = False
    for down, up in cols:
        if not up:
            empty = True
            continue
        pile = down + up
        piles.append(pile)
        for c in pile:
            where[c] = 1
        for c in up:
            face_up[c] = True
        uncovered[pile[-1]] = True
    # a talon card can be played only once it can be the waste top
    n = len(talon)
    reach = [True] * 52
    missing = 0     # talon cards not (yet) known to reach the waste top
    if k > 1:
        for q, c in enumerate(talon, 1):
            reach[c] = talon_reach_now(q, n, ptr, k)
            missing += not reach[c]
    # stock and foundation cards may serve as bases only once put on the tableau
    placeable = [c for c in range(52) if where[c] == 2 or (where[c] == 3 and back)]
    placeable.sort(key=lambda c: -(c % 13))     # kings first: bases are one rank higher
    pars = [parents(c) for c in range(52)]
    base = [False] * 52

    def risen(y):
        """Can every card of ``y``'s suit below it get up?"""
        return all(where[x] == 3 or uncovered[x] or (where[x] == 2 and reach[x])
                   for x in range(y - y % 13, y))

    changed = True
    while changed:
        changed = False
        for c in range(52):
            if where[c] == 1:
                base[c] = uncovered[c]
        for c in placeable:
            base[c] = reach[c] and ((c % 13 == king and empty) or any(base[b] for b in pars[c]))
        if missing:
            # the card after a talon card leaving makes it the waste top; one before
            # it leaving moves it to another place in the order (see talon_reach_now)
            earlier = False
            for q in range(n):
                c = talon[q]
                if not reach[c] and (earlier or (q + 1 < n and _leaves(talon[q + 1], reach, base, risen))):
                    reach[c] = True
                    missing -= 1
                    changed = True
                earlier = earlier or _leaves(c, reach, base, risen)
        for pile in piles:
            for i in range(len(pile) - 1, -1, -1):
                if (uncovered[pile[i - 1]] if i else empty):
                    continue
                y = pile[i]
                if uncovered[y] or face_up[y]:
                    # as the head of a run: onto a base, or a king into an empty column
                    leave = empty if y % 13 == king else any(base[p] for p in pars[y])
                else:
                    leave = False
                if not leave and uncovered[y]:
                    # alone to its foundation, once its suit can rise below it
                    leave = risen(y)
                if leave:
                    if i:
                        uncovered[pile[i - 1]] = True
                    else:
                        empty = True
                    changed = True
    if missing:
        return True     # a talon card that never reaches the waste top never leaves
    return not all(uncovered[c] for pile in piles for c in pile)


def _leaves(c, reach, base, risen) -> bool:
    """Can talon card ``c`` leave the talon (onto the tableau or up)?"""
    return reach[c] and (base[c] or risen(c))


def talon_reach_now(q: int, n: int, ptr: int, k: int) -> bool:
    """Can the talon card at place ``q`` (1-based, of ``n``) become the waste top
    with ``ptr`` cards in the waste, drawing ``k`` at a time with unlimited
    turn-overs, before any talon card is played? It is the waste top now, or the
    draws of this pass or of a later one reach it (``ptr + j*k``, ``j*k``, the end).

    Why the fixed point may grant the rest: cards never come back to the talon, so
    a card's place changes only when a card before it is played, and the pointer
    changes only by drawing, turning over, or playing the waste top (the pointer
    then stands just before the played card). Take the first time a card ``c`` at
    place ``q`` is the waste top. If no card before it has been played, its place
    is still ``q``; if the pointer last came from draws, ``q`` is reached by this
    function's rule (or ``q`` is now the end: every card after ``c`` has been
    played, the next one first of all); if it last came from a play, the card
    played was the one just after ``c`` (a play further on leaves the pointer past
    ``c``, and only a turn-over brings it back). So ``c`` becomes the waste top
    only if it does now, or some card before it, or the card just after it, leaves
    the talon first."""
    return q == ptr or (q > ptr and (q - ptr) % k == 0) or q % k == 0 or q == n
