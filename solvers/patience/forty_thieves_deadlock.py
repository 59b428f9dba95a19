"""Sound dead-end proofs for Forty Thieves, sharper than the shared :mod:`deadlock` one.

A card can leave its place in three ways: up to its foundation, onto a *base* (a copy of the card one
higher of its suit lying on top of a column), or into an empty column. The shared
proof counts every stock card and every foundation card as a base; here only cards
that can really lie on top of a column are bases:

* a column card once it is uncovered (everything above it has left);
* a stock or waste card only once it could be put on the tableau (onto a base or
  into an empty column); moving it to its foundation makes it no base;
* never a foundation card (foundation cards never come back).

A card goes up only onto a pile of its suit one below it. Each suit has two piles;
below the higher pile's height one copy of each rank is up already, so the lower
pile can only grow with the copies still in play. A card can rise only if the
copies still in play of every rank from a pile's height up to it can be uncovered
(the shared proof lets a foundation copy count here, which is much weaker).

Stock cards (and, while a turn-over is left, waste cards) are uncovered when they
reach the waste top, so they count as available for the foundation test; but every
one of them must still leave some day, so a stock card that can never leave proves
the position lost too. Column cards, and waste cards once no turn-over is left, leave
only from the top, as in :mod:`deadlock`.

The proof is the least fixed point of "can be uncovered" / "can be a base" under
these necessary conditions. In any real line, at the first moment a card is
uncovered, or lies on a column top, the condition that allowed it already held, so by
induction over time everything that ever happens is inside the fixed point; a win
needs every card to leave, so a card that provably never leaves proves the loss.
"""

from __future__ import annotations


def ft_stuck(cols, found, loose, waste, ranks: int) -> bool:
    """True when some card of the position provably never reaches its foundation.

    ``cols``: bottom-to-top columns (card codes ``suit * 13 + rank - 1``);
    ``found``: per suit the two pile heights, lower first; ``loose``: stock cards
    (and waste cards while a turn-over is left); ``waste``: the waste bottom to top
    when it is a stack, else empty.
    """
    fix = _Fix(cols, found, loose, list(waste), ranks)
    fix.run()
    return fix.stuck()


def ft_stuck_in_order(cols, found, waste, stock, ranks: int) -> bool:
    """The proof above for a stock dealt once, in order (no turn-over left).

    Instead of counting every stock card as loose, the stock is dealt card by card
    onto the waste stack and the fixed point is grown after each card. Before card
    ``k`` is dealt only the cards dealt so far exist, so the fixed point reached then
    bounds everything possible before that deal; the waste cards not yet known to
    leave are still there (the real waste holds them, and maybe more, in the same
    order), so card ``k`` covers them.
    """
    fix = _Fix(cols, found, (), list(waste), ranks)
    fix.run()
    pile = len(fix.piles) - 1
    for c in stock:
        fix.push(pile, c)
        fix.run()
    return fix.stuck()


class _Fix:
    """The growing fixed point: piles with the count of top cards known to leave.

    Whether a card can leave depends only on cards of its suit, so a change to one
    suit's facts re-examines only the piles and loose cards waiting on that suit.
    """

    def __init__(self, cols, found, loose, waste, ranks):
        self.avail = [0] * 52            # copies off the foundations uncovered somewhere
        self.base = [False] * 52         # a copy can lie on a column top
        self.found = found
        self.last = ranks - 1
        self.ncols = len(cols)
        self.piles = [list(col) for col in cols] + [waste]
        self.depth = [0] * len(self.piles)
        self.empty = any(not col for col in cols)
        self.loose = []
        self.blocked = [set() for _ in range(4)]    # piles whose top waits on a suit
        self.unplaced = [[] for _ in range(4)]      # loose cards not yet bases, by suit
        self.dirty = set(range(4))
        self.todo = list(range(len(self.piles)))
        for i, pile in enumerate(self.piles):
            if pile:
                self._uncover(i, pile[-1])
        for c in loose:
            self.add_loose(c)

    def _uncover(self, i, z):
        self.avail[z] += 1
        if i < self.ncols:
            self.base[z] = True
        else:
            self.unplaced[z // 13].append(z)
        self.dirty.add(z // 13)

    def add_loose(self, c):
        """Card ``c`` becomes reachable from now on (it reaches the waste top)."""
        self.avail[c] += 1
        self.loose.append(c)
        self.unplaced[c // 13].append(c)
        self.dirty.add(c // 13)

    def push(self, i, c):
        """Card ``c`` lands on pile ``i`` (the waste) above its remaining cards."""
        pile = self.piles[i]
        del pile[len(pile) - self.depth[i]:]
        self.depth[i] = 0
        pile.append(c)
        self._uncover(i, c)
        self.todo.append(i)

    def leaves(self, y):
        """Can ``y``, once reachable, go up or onto a base (no empty column)?"""
        return self.parent_base(y) or self.rises(y)

    def parent_base(self, y):
        return y % 13 < self.last and self.base[y + 1]

    def rises(self, y):
        """Can a pile of ``y``'s suit reach ``y``'s rank? The higher pile needs one
        copy of each rank from its height up to ``y``, the lower pile from its own
        (below the higher pile only the copy still in play is left), so the cheaper
        pile that can take ``y`` at all decides."""
        r = y % 13
        lo, hi = self.found[2 * (y // 13)], self.found[2 * (y // 13) + 1]
        start = lo if r < hi else hi
        if r < start:
            return False
        avail = self.avail
        for x in range(y - r + start, y):
            if not avail[x]:
                return False
        return True

    def _advance(self, i):
        pile, depth = self.piles[i], self.depth
        n = len(pile)
        while depth[i] < n:
            y = pile[n - 1 - depth[i]]
            if not (self.empty or self.leaves(y)):
                self.blocked[y // 13].add(i)
                return
            depth[i] += 1
            if depth[i] < n:
                self._uncover(i, pile[n - 1 - depth[i]])
            elif i < self.ncols and not self.empty:
                self.empty = True
                self.dirty.update(range(4))
                self.todo.extend(range(len(self.piles)))

    def run(self):
        """Grow the fixed point until nothing changes."""
        base = self.base
        while self.todo or self.dirty:
            while self.todo:
                self._advance(self.todo.pop())
            while self.dirty:
                suit = self.dirty.pop()
                waiting = self.unplaced[suit]
                if waiting:
                    keep = []
                    for c in waiting:
                        if base[c]:
                            continue
                        if self.empty or self.parent_base(c):
                            base[c] = True
                            self.dirty.add(suit)
                        else:
                            keep.append(c)
                    self.unplaced[suit] = keep
                if self.blocked[suit]:
                    self.todo.extend(self.blocked[suit])
                    self.blocked[suit] = set()

    def stuck(self):
        """Does some card provably never leave?"""
        if any(d < len(p) for d, p in zip(self.depth, self.piles)):
            return True
        return not self.empty and not all(self.leaves(c) for c in self.loose)
