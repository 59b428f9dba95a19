"""Column capacity when a waste card leaves: a loss proof for Forty Thieves with no
turn-over left (plain Python; not used by ``solve``, see ``docs/patience.md``).

Fix a waste card ``b`` and ``d``, the number of stock cards dealt before the move
``M`` that takes ``b`` off the waste (every win has such a move and such a ``d``).
Until ``M``, ``b``, the waste under it and the stock from card ``d`` on (``R``) stay
in the talon. A card not up, outside ``R``, that cannot rise before ``M`` (a rank its
cheaper pile must pass has no copy in play outside ``R``) is on the tableau just
after ``M``: a tableau card never returns to the talon, a waste card above ``b`` and
a stock card dealt before ``M`` lay on ``b`` and so left the waste before ``M``
(``b`` itself too, if it cannot rise at ``M``). On the tableau each such card lies

* on a copy of the next card of its suit (a *host*: a copy in play outside ``R``;
  a copy holds one card), or
* where the deal put it, on the dealt card below it: only a card of the column's
  never-moved prefix, and that column then still holds its dealt bottom card, or
* on nothing: it is a column's bottom card.

Each non-empty column has one bottom card, so the fewest bottoms over every choice
of the columns ``S`` that keep their dealt bottom, ``|S|`` plus the cards left with
no host, is at most the number of columns. If it is larger for every ``d``, no win
exists. The count of cards left with no host is a sum over card codes of convex
terms, so keeping a second column's cards out saves at most what keeping it out alone
saves; summing those savings gives a lower bound on the fewest bottoms without trying
every ``S``.
"""

from __future__ import annotations


def never_moved_prefixes(cols, dealt) -> list[int]:
    """Per column, how many bottom cards may still lie where the deal put them: the
    length of the common start of the column and its dealt column (a card that never
    moved has every dealt card under it in place)."""
    ks = []
    for col, ref in zip(cols, dealt):
        k = 0
        while k < len(col) and k < len(ref) and col[k] == ref[k]:
            k += 1
        ks.append(k)
    return ks


def _in_play(found, ranks) -> list[int]:
    """Copies of each card code not on the foundations."""
    n = [0] * 53
    for s in range(4):
        lo, hi = found[2 * s], found[2 * s + 1]
        for r in range(ranks):
            n[s * 13 + r] = 2 - (lo > r) - (hi > r)
    return n


def _rise_limits(found, avail, ranks) -> list[tuple]:
    """Per suit ``(hi, top of the lower pile, top of the higher pile)``: the highest
    rank each pile can take using only the copies counted in ``avail``."""
    limits = []
    for s in range(4):
        lo, hi = found[2 * s], found[2 * s + 1]
        tops = []
        for h in (lo, hi):
            q = h
            while q < ranks and avail[s * 13 + q] > 0:
                q += 1
            tops.append(q)
        limits.append((hi, tops[0], tops[1]))
    return limits


def _can_rise(c, limits) -> bool:
    s, r = divmod(c, 13)
    hi, top_lo, top_hi = limits[s]
    # below the higher pile only the lower pile can take the card
    return r <= top_lo if r < hi else r <= top_hi


def _unhosted(count, host, ranks) -> int:
    """Cards of ``count`` left with no host when each copy in ``host`` holds one."""
    total = 0
    for x, n in count.items():
        h = host[x + 1] if x % 13 + 1 < ranks else 0
        if n > h:
            total += n - h
    return total


def _fewest_bottoms(moved, prefix, host, ranks) -> int:
    """A lower bound on ``min over S of |S| + unhosted(moved + the prefix cards of
    the columns outside S)``."""
    every = dict(moved)
    for cards in prefix.values():
        for c in cards:
            every[c] = every.get(c, 0) + 1
    full = _unhosted(every, host, ranks)
    saved = 0
    for cards in prefix.values():
        less = dict(every)
        for c in cards:
            less[c] -= 1
        saved += max(0, full - _unhosted(less, host, ranks) - 1)
    return full - saved


def bottoms_when_leaving(cols, ks, found, talon, p, ranks, j, d) -> int:
    """A lower bound on the non-empty columns just after waste card ``talon[j]``
    leaves the waste with ``d`` stock cards dealt before (``ks``: the never-moved
    prefixes)."""
    avail = _in_play(found, ranks)
    for c in talon[:j + 1]:
        avail[c] -= 1
    for c in talon[p + d:]:
        avail[c] -= 1
    limits = _rise_limits(found, avail, ranks)
    moved: dict[int, int] = {}
    prefix: dict[int, list[int]] = {}
    for c in talon[j:p + d]:
        if not _can_rise(c, limits):
            moved[c] = moved.get(c, 0) + 1
    for i, col in enumerate(cols):
        for at, c in enumerate(col):
            if _can_rise(c, limits):
                continue
            if at < ks[i]:
                prefix.setdefault(i, []).append(c)
            else:
                moved[c] = moved.get(c, 0) + 1
    return _fewest_bottoms(moved, prefix, avail, ranks)


def capacity_dead(cols, dealt, found, talon, p, ranks, columns=None) -> bool:
    """True when some waste card, whenever it leaves, needs more column bottoms than
    there are columns (``columns``: the count to compare with, the columns by
    default; only tests ask for fewer). ``cols``/``found``/``talon``/``p``: a kernel
    position with no turn-over left; ``dealt``: the dealt columns."""
    limit = len(cols) if columns is None else columns
    ks = never_moved_prefixes(cols, dealt)
    left = len(talon) - p
    for j in range(p - 1, -1, -1):
        if all(bottoms_when_leaving(cols, ks, found, talon, p, ranks, j, d) > limit
               for d in range(left + 1)):
            return True
    return False
