"""Sure-trick bounds at a trick boundary, for the plain tricks objective.

``quick_tricks`` counts tricks the leader's side takes by cashing top cards whatever
the others do; ``sure_trump_tricks`` counts the tricks the side holding the highest
trump surely takes with its trumps. Both also return the cards whose ranks the count
relies on, so that the bound is stored for every position where only lower cards
differ (partition search).
Why each count is sound is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.doubledummy.bits import HIBIT, POP, popcount, suit_of, top_run, top_run_mask


@njit(cache=True)
def quick_tricks(hands, n, leader, team, trump, rem):
    """Tricks the leader's side surely wins from here, and the cards relied on.

    ``rem`` is a scratch array of four suit masks.
    """
    rem[:] = 0
    for p in range(n):
        for s in range(4):
            rem[s] |= suit_of(hands[p], s)
    enemy_trumps = False
    if trump >= 0:
        for p in range(n):
            if team[p] != team[leader] and suit_of(hands[p], trump) != 0:
                enemy_trumps = True
    tricks = popcount(hands[leader])
    if enemy_trumps:
        total, used = _with_enemy_trumps(hands, n, leader, team, trump, rem)
    else:
        total, used = _without_enemy_trumps(hands, n, leader, team, trump, rem)
    return min(total, tricks), used


@njit(cache=True)
def _runs(hand, rem, skip):
    """Sum and mask of ``hand``'s top runs over every suit but ``skip``."""
    total = 0
    used = np.int64(0)
    for s in range(4):
        if s == skip:
            continue
        run = top_run(suit_of(hand, s), rem[s])
        if run > 0:
            total += run
            used |= top_run_mask(suit_of(hand, s), rem[s], s)
    return total, used


@njit(cache=True)
def _without_enemy_trumps(hands, n, leader, team, trump, rem):
    # nobody on the other side can ruff: every top card cashed wins
    mine = hands[leader]
    own, used = _runs(mine, rem, -1)
    best = own
    for q in range(n):
        if q == leader or team[q] != team[leader] or hands[q] == 0:
            continue
        theirs, their_used = _runs(hands[q], rem, -1)
        if theirs == 0:
            continue
        entry = False
        for s in range(4):
            if suit_of(mine, s) != 0 and top_run(suit_of(hands[q], s), rem[s]) > 0:
                entry = True
        if not entry:
            continue
        # cash own winners while the mate can spare a loser on each, then cross over;
        # in a trump game only its side-suit losers count, so it never has to ruff
        spare = popcount(hands[q]) - theirs
        if trump >= 0:
            spare = popcount(hands[q]) - POP[suit_of(hands[q], trump)] \
                - (theirs - top_run(suit_of(hands[q], trump), rem[trump]))
        both = theirs + min(own, spare)
        if both > best:
            best = both
            used = used | their_used
    return best, used


@njit(cache=True)
def _with_enemy_trumps(hands, n, leader, team, trump, rem):
    mine = hands[leader]
    trumps = top_run(suit_of(mine, trump), rem[trump])
    trump_used = top_run_mask(suit_of(mine, trump), rem[trump], trump)
    longest = 0
    for p in range(n):
        if team[p] != team[leader]:
            length = POP[suit_of(hands[p], trump)]
            if length > longest:
                longest = length
    if trumps >= longest:
        # draw their trumps, then every side-suit winner is safe
        side, side_used = _runs(mine, rem, trump)
        return trumps + side, trump_used | side_used
    # each side suit for as many rounds as everyone holding trumps must follow it; they
    # follow every round, so cashing one suit leaves their other suits intact
    side = 0
    side_used = np.int64(0)
    for s in range(4):
        if s == trump:
            continue
        run = top_run(suit_of(mine, s), rem[s])
        if run == 0:
            continue
        for p in range(n):
            if team[p] != team[leader] and suit_of(hands[p], trump) != 0:
                run = min(run, POP[suit_of(hands[p], s)])
        if run > 0:
            side += run
            side_used |= top_run_mask(suit_of(mine, s), rem[s], s)
    # a mate must have a non-trump for every round, or it would have to ruff and take
    # the lead
    for p in range(n):
        if team[p] == team[leader] and p != leader and hands[p] != 0:
            side = min(side, popcount(hands[p]) - POP[suit_of(hands[p], trump)])
    return trumps + side, trump_used | side_used


@njit(cache=True)
def sure_trump_tricks(hands, n, team, trump):
    """The side (0/1) holding the highest trump, the tricks its trumps surely take, and
    the cards relied on; side -1 when no trumps remain.

    A hand holding the top ``k`` trumps takes ``k`` tricks (it plays them highest
    first); a side holding every trump takes a trick with each trump of its longest hand.
    """
    if trump < 0:
        return -1, 0, np.int64(0)
    rem = 0
    for p in range(n):
        rem |= suit_of(hands[p], trump)
    if rem == 0:
        return -1, 0, np.int64(0)
    top = HIBIT[rem]
    owner = 0
    for p in range(n):
        if (suit_of(hands[p], trump) >> top) & 1:
            owner = p
    side = team[owner]
    mine = suit_of(hands[owner], trump)
    count = top_run(mine, rem)
    used = top_run_mask(mine, rem, trump)
    longest = 0
    for p in range(n):
        length = POP[suit_of(hands[p], trump)]
        if team[p] != side and length > 0:
            return side, count, used
        if length > longest:
            longest = length
    if longest > count:
        return side, longest, np.int64(0)
    return side, count, used
