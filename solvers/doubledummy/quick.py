"""Sure-trick bounds for the plain tricks objective.

At a trick boundary: ``quick_tricks`` counts tricks the leader's side takes by cashing
winners whatever the others do; ``sure_trump_tricks`` counts the tricks the side
holding the highest trump surely takes with its trumps; ``guarded_second_trump`` finds
a side sure of a trick with the second-best trump. Before the second card of a trick,
``second_hand_tricks`` counts the tricks the second hand's side surely takes. With no
trump in play both count a suit's length winners (``_cash_rounds``). Each
also returns the cards whose ranks the count relies on, so that the bound is stored
for every position where only lower cards differ (partition search).
Why each count is sound is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.doubledummy.bits import hibit, pop, popcount, suit_of, top_cards, top_run, top_run_mask, wrap
from solvers.doubledummy.layout import O_HANDS, O_TEAM, O_TRICK, O_TSEAT


MANY = 1 << 20
# after a winning lead, the quick tricks of the seat that won it too
AFTER_LEAD_QUICK = True
# a side suit led for the partner to ruff counts as a winning lead
RUFF_LEADS = True
# after a winning lead, skip the counts from the seat that won when ``quick_bound`` says
# they cannot reach what is needed
LEAD_BOUND = True
# the second hand's side holding every trump counts a trick for each trump of its longest
# trump hand after the trick it surely wins
SECOND_HAND_ALL_TRUMPS = True
# after a trump lead the second hand's side also counts the top trumps it keeps
SECOND_HAND_TRUMP_LEAD = True
# with no trump in play, the quick tricks count a suit's length winners: a card below
# the top run wins once every other hand still holding the suit is beaten or void
LENGTH_WINNERS = True
# with no trump in play, the second hand's count after the trick it wins counts the
# length winners too (``_cash_rounds``), in the led suit and the others
SECOND_HAND_LENGTHS = True


@njit(cache=True, inline="always")
def _holder_of(S, n, s, bit):
    """The seat holding the card ``bit`` of suit ``s`` (-1 if none)."""
    holder = -1
    for q in range(n):
        if (suit_of(S[O_HANDS + q], s) >> bit) & 1:
            holder = q
    return holder


@njit(cache=True, inline="always")
def _longest_side_trumps(S, n, side, trump, leader, led):
    """The trumps of ``side``'s longest trump hand kept after this trick, -1 when the
    other side holds a trump: a hand void in the suit ``led`` (``led`` -1 for a trump
    lead), other than the ``leader``, may have to ruff with one of them."""
    longest = 0
    for q in range(n):
        length = pop(suit_of(S[O_HANDS + q], trump))
        if length > 0 and S[O_TEAM + q] != side:
            return -1
        if led >= 0 and q != leader and suit_of(S[O_HANDS + q], led) == 0:
            length -= 1
        longest = max(longest, length)
    return longest


@njit(cache=True, inline="always")
def remaining_cards(S, n):
    """Each suit's remaining cards (powers, bit 0 lowest), every hand together: worked
    out once at a trick boundary and read by every count there."""
    r0 = 0
    r1 = 0
    r2 = 0
    r3 = 0
    for p in range(n):
        h = S[O_HANDS + p]
        r0 |= suit_of(h, 0)
        r1 |= suit_of(h, 1)
        r2 |= suit_of(h, 2)
        r3 |= suit_of(h, 3)
    return (r0, r1, r2, r3)


@njit(cache=True)
def quick_tricks(S, n, leader, trump, needed):
    """Tricks the leader's side surely wins from here, and the cards relied on.

    Once a plan reaches ``needed`` tricks the count stops there, so that only the cards
    those tricks rely on are named (a narrower set lets the answer stand for more
    positions)."""
    return quick_tricks_rem(S, n, leader, trump, needed, remaining_cards(S, n))


@njit(cache=True, inline="always")
def quick_tricks_rem(S, n, leader, trump, needed, rem):
    """``quick_tricks`` given each suit's remaining cards ``rem``."""
    enemy_trumps = False
    if trump >= 0:
        for p in range(n):
            if S[O_TEAM + p] != S[O_TEAM + leader] and suit_of(S[O_HANDS + p], trump) != 0:
                enemy_trumps = True
    tricks = popcount(S[O_HANDS + leader])
    if enemy_trumps:
        total, used = _with_enemy_trumps(S, n, leader, trump, rem, needed)
        if total < needed and suit_of(S[O_HANDS + leader], trump) != 0:
            entry, entry_used = _trump_entry(S, n, leader, trump, rem)
            if entry > total:
                total, used = entry, entry_used
    else:
        total, used = _without_enemy_trumps(S, n, leader, trump, rem, needed)
    return min(total, tricks), used


@njit(cache=True)
def quick_bound(S, n, leader, trump):
    """An upper bound on both ``quick_tricks`` and ``crossruff_then_trumps`` of the side
    on lead, cheap enough to skip them when it falls short of the tricks needed.

    Every plan of the quick tricks counts, in a suit whose highest card the side holds,
    only cards of the hand holding it: its top run, or its whole holding when no other
    hand holds more cards of the suit than the run is long (a safe run is shorter still);
    so the sum of that over the suits the side tops bounds them. Every crossruff trick is
    a ruff by the leader or its partner and the trumps kept for after it are theirs: at
    most their trumps together, and at most twice the partner's trumps plus the leader's
    top run of trumps (the partner ruffs at least every other round); with no side suit
    the partner is void in and the leader holds, no ruff by the partner and at most the
    kept top trumps; with none the other way round, one ruff and the top trumps."""
    rems = remaining_cards(S, n)
    return max(quick_bound_rem(S, n, leader, trump, rems), crossruff_bound(S, n, leader, trump))


@njit(cache=True, inline="always")
def quick_bound_rem(S, n, leader, trump, rems):
    """The quick tricks' part of ``quick_bound`` (the suits the side on lead tops),
    given each suit's remaining cards ``rems``; with no trump in play, a suit's count is
    its holder's ``_cash_rounds`` (the length winners)."""
    side = S[O_TEAM + leader]
    lengths = LENGTH_WINNERS and (trump < 0 or rems[trump] == 0)
    # every card of the side: a suit's top card is the side's only if it is in here
    ours = np.int64(0)
    for p in range(n):
        if S[O_TEAM + p] == side:
            ours |= S[O_HANDS + p]
    topped = 0
    for s in range(4):
        rem = rems[s]
        if rem == 0:
            continue
        top = hibit(rem)
        if (suit_of(ours, s) >> top) & 1 == 0:
            continue
        holder = _holder_of(S, n, s, top)
        mine = suit_of(S[O_HANDS + holder], s)
        if lengths:
            rounds, _ = _cash_rounds(S, n, holder, s, mine)
            topped += rounds
            continue
        run = top_run(mine, rem)
        # no other hand holds more of the suit than the other hands together
        if pop(rem) - pop(mine) <= run:
            topped += pop(mine)
        else:
            longest = 0
            for p in range(n):
                if p != holder:
                    longest = max(longest, pop(suit_of(S[O_HANDS + p], s)))
            topped += pop(mine) if longest <= run else run
    return topped


@njit(cache=True)
def crossruff_bound(S, n, leader, trump):
    """An upper bound on ``crossruff_then_trumps`` from the two hands' trump lengths and
    voids alone (see ``quick_bound``)."""
    if trump < 0 or n != 4:
        return 0
    return crossruff_bound_rem(S, leader, trump, remaining_cards(S, n)[trump])


@njit(cache=True, inline="always")
def crossruff_bound_rem(S, leader, trump, rem):
    """``crossruff_bound`` of four seats given the remaining trumps ``rem``."""
    side = S[O_TEAM + leader]
    partner = wrap(leader + 2, 4)
    if S[O_TEAM + partner] != side:
        return 0
    hl = S[O_HANDS + leader]
    hp = S[O_HANDS + partner]
    tl = suit_of(hl, trump)
    tp = suit_of(hp, trump)
    if rem == 0:
        return 0
    kept = max(top_run(tl, rem), top_run(tp, rem))
    if tp == 0:
        return kept
    to_partner = False
    to_leader = False
    for s in range(4):
        if s != trump:
            if suit_of(hp, s) == 0 and suit_of(hl, s) != 0:
                to_partner = True
            if suit_of(hl, s) == 0 and suit_of(hp, s) != 0:
                to_leader = True
    if not to_partner:
        return kept
    tr_l = pop(tl)
    tr_p = pop(tp)
    cross = min(tr_l + tr_p, 2 * tr_p + top_run(tl, rem))
    if not to_leader or tr_l == 0:
        cross = min(cross, 1 + kept)
    return cross


@njit(cache=True, inline="always")
def _rounds_against(S, n, seat, s, mine, played, floor):
    """The rounds of suit ``s`` seat ``seat`` wins in a row leading ``mine`` from the top
    (at most ``pop(mine)``), each other hand holding the suit stopping the count at the
    seat's cards above its highest card (at least ``floor``) when it holds more cards
    than that; and the longest other holding. Seat ``played`` (-1 for none) has already
    played one card of the suit to a round counted, so it holds one more."""
    count = pop(mine)
    longest = 0
    for q in range(n):
        if q != seat:
            h = suit_of(S[O_HANDS + q], s)
            if h != 0:
                length = pop(h) + (1 if q == played else 0)
                longest = max(longest, length)
                above = max(pop(mine >> (hibit(h) + 1)), floor)
                if above < length:
                    count = min(count, above)
    return count, longest


@njit(cache=True, inline="always")
def _cash_rounds(S, n, seat, s, mine):
    """Rounds of suit ``s`` that seat ``seat`` wins in a row leading its cards ``mine``
    from the top, with no trump in play, every other hand playing its lowest card of the
    suit (or another suit when void); and the cards relied on.

    Round ``j`` wins and keeps the lead when the seat's ``j``-th highest card is above
    the highest card of every other hand, of either side, holding ``j`` or more cards of
    the suit: no such hand can beat it, a shorter one is void by then (see docs:
    length winners). So a hand of ``l`` cards whose highest card is below only ``a <
    l`` of the seat's cards stops the count at ``a``; a hand with ``a >= l`` stops
    nothing. Only the cards of rounds some other hand can still follow are named."""
    count, longest = _rounds_against(S, n, seat, s, mine, -1, 0)
    if count == 0:
        return 0, np.int64(0)
    return count, top_cards(mine, min(count, longest)) << (16 * s)


@njit(cache=True)
def _runs(S, n, seat, rem, skip, limit):
    """Tricks and relied-on cards of seat ``seat`` cashing its top runs in every suit
    but ``skip``: a whole holding when no other hand has more cards of that suit than
    the run is long (they are all gone when the run has been played). Stops adding
    suits once ``limit`` tricks are reached."""
    hand = S[O_HANDS + seat]
    total = 0
    used = np.int64(0)
    for s in range(4):
        if s == skip:
            continue
        mine = suit_of(hand, s)
        run = top_run(mine, rem[s])
        if run > 0:
            # no other hand holds more of the suit than the other hands together
            longest = pop(rem[s]) - pop(mine)
            if longest > run:
                longest = 0
                for q in range(n):
                    if q != seat:
                        length = pop(suit_of(S[O_HANDS + q], s))
                        if length > longest:
                            longest = length
            total += pop(mine) if longest <= run else run
            used |= top_run_mask(mine, rem[s], s)
            if total >= limit:
                break
    return total, used


@njit(cache=True)
def _cash_runs(S, n, seat, rem, limit):
    """``_runs`` with no trump in play, each suit counted by ``_cash_rounds`` (never
    fewer tricks than the top run's count: see docs, length winners)."""
    hand = S[O_HANDS + seat]
    total = 0
    used = np.int64(0)
    for s in range(4):
        mine = suit_of(hand, s)
        if mine == 0:
            continue
        rounds, named = _cash_rounds(S, n, seat, s, mine)
        if rounds > 0:
            total += rounds
            used |= named
            if total >= limit:
                break
    return total, used


@njit(cache=True)
def _without_enemy_trumps(S, n, leader, trump, rem, needed):
    # nobody on the other side can ruff: every top card cashed wins
    mine = S[O_HANDS + leader]
    # with no trump in play at all, a suit's length winners count too
    lengths = LENGTH_WINNERS and (trump < 0 or rem[trump] == 0)
    if lengths:
        own, used = _cash_runs(S, n, leader, rem, MANY)
        if own >= needed:
            return _cash_runs(S, n, leader, rem, needed)
    else:
        own, used = _runs(S, n, leader, rem, -1, MANY)
        if own >= needed:
            return _runs(S, n, leader, rem, -1, needed)
    best = own
    for q in range(n):
        if q == leader or S[O_TEAM + q] != S[O_TEAM + leader] or S[O_HANDS + q] == 0:
            continue
        if lengths:
            theirs, their_used = _cash_runs(S, n, q, rem, MANY)
        else:
            theirs, their_used = _runs(S, n, q, rem, -1, MANY)
        if theirs == 0:
            continue
        entry = False
        for s in range(4):
            if suit_of(mine, s) != 0 and top_run(suit_of(S[O_HANDS + q], s), rem[s]) > 0:
                entry = True
        if not entry:
            continue
        # cash own winners while the mate can spare a loser on each, then cross over;
        # in a trump game only its side-suit losers count, so it never has to ruff
        spare = popcount(S[O_HANDS + q]) - theirs
        if trump >= 0:
            side_theirs, _ = _runs(S, n, q, rem, trump, MANY)
            spare = popcount(S[O_HANDS + q]) - pop(suit_of(S[O_HANDS + q], trump)) - side_theirs
        both = theirs + min(own, spare)
        if both > best:
            best = both
            used = used | their_used
    return best, used


@njit(cache=True)
def _with_enemy_trumps(S, n, leader, trump, rem, needed):
    mine = S[O_HANDS + leader]
    trumps = top_run(suit_of(mine, trump), rem[trump])
    trump_used = top_run_mask(suit_of(mine, trump), rem[trump], trump)
    longest = 0
    for p in range(n):
        if S[O_TEAM + p] != S[O_TEAM + leader]:
            length = pop(suit_of(S[O_HANDS + p], trump))
            if length > longest:
                longest = length
    if trumps >= longest:
        # draw their trumps, then every side-suit winner is safe; the whole trump
        # holding wins when nobody else holds more trumps than the top run
        others = 0
        for p in range(n):
            if p != leader:
                others = max(others, pop(suit_of(S[O_HANDS + p], trump)))
        if others <= trumps:
            trumps = pop(suit_of(mine, trump))
        if trumps >= needed:
            return trumps, trump_used
        side, side_used = _runs(S, n, leader, rem, trump, needed - trumps)
        return trumps + side, trump_used | side_used
    # each side suit for as many rounds as everyone holding trumps must follow it; they
    # follow every round, so cashing one suit leaves their other suits intact
    cap = _follow_caps(S, n, leader, trump)
    side, side_used = _safe_side_runs(S, leader, trump, rem, cap, MANY)
    # a mate must have a non-trump for every round, or it would have to ruff and take
    # the lead
    own = side
    for p in range(n):
        if S[O_TEAM + p] == S[O_TEAM + leader] and p != leader and S[O_HANDS + p] != 0:
            own = min(own, _non_trumps(S, p, trump))
    best = trumps + own
    used = trump_used | side_used
    if best >= needed:
        if trumps >= needed:
            return trumps, trump_used
        side, side_used = _safe_side_runs(S, leader, trump, rem, cap, needed - trumps)
        return trumps + min(side, own), trump_used | side_used
    # or cash some side winners, cross to a mate in a suit it wins safely, and cash its
    # safe side winners; every other hand of the side throws a non-trump on each of
    # those tricks
    lead_nt = _non_trumps(S, leader, trump)
    for q in range(n):
        if q == leader or S[O_TEAM + q] != S[O_TEAM + leader] or S[O_HANDS + q] == 0:
            continue
        theirs, their_used = _safe_side_runs(S, q, trump, rem, cap, MANY)
        if theirs == 0 or theirs > lead_nt:
            continue
        entry = False
        for s in range(4):
            if s != trump and suit_of(mine, s) != 0 and _safe_run(S, q, rem, cap, s) > 0:
                entry = True
        if not entry:
            continue
        first = min(side, _non_trumps(S, q, trump) - theirs, lead_nt - theirs)
        for p in range(n):
            if S[O_TEAM + p] == S[O_TEAM + leader] and p != leader and p != q and S[O_HANDS + p] != 0:
                first = min(first, _non_trumps(S, p, trump) - theirs)
        if first < 0:
            continue
        if first + theirs > best:
            best = first + theirs
            used = side_used | their_used
    return best, used


@njit(cache=True)
def _trump_entry(S, n, leader, trump, rem):
    """A trump led to a mate holding the highest trumps: the mate cashes its top trumps
    (its whole trump holding when nobody else holds more trumps than that run), then,
    once no opponent holds a trump, its side-suit winners, while every other hand of the
    side still has a non-trump to throw on each of them."""
    best = 0
    used = np.int64(0)
    longest = 0
    for p in range(n):
        if S[O_TEAM + p] != S[O_TEAM + leader]:
            longest = max(longest, pop(suit_of(S[O_HANDS + p], trump)))
    for q in range(n):
        if q == leader or S[O_TEAM + q] != S[O_TEAM + leader] or S[O_HANDS + q] == 0:
            continue
        theirs = suit_of(S[O_HANDS + q], trump)
        run = top_run(theirs, rem[trump])
        if run == 0:
            continue
        q_used = top_run_mask(theirs, rem[trump], trump)
        count = run
        others = 0
        for p in range(n):
            if p != q:
                others = max(others, pop(suit_of(S[O_HANDS + p], trump)))
        if others <= run:
            count = pop(theirs)
        if run >= longest:
            side, side_used = _runs(S, n, q, rem, trump, MANY)
            # the tricks of the trump phase take a trump from every other hand of the
            # side while it has one, else a non-trump
            for p in range(n):
                if p != q and S[O_TEAM + p] == S[O_TEAM + leader] and S[O_HANDS + p] != 0:
                    spare = _non_trumps(S, p, trump) - max(0, count - pop(suit_of(S[O_HANDS + p], trump)))
                    side = min(side, max(0, spare))
            if side > 0:
                count += side
                q_used |= side_used
        if count > best:
            best = count
            used = q_used
    return best, used


@njit(cache=True)
def _non_trumps(S, p, trump):
    return popcount(S[O_HANDS + p]) - pop(suit_of(S[O_HANDS + p], trump))


@njit(cache=True)
def _follow_caps(S, n, seat, trump):
    """Per suit, the fewest cards of it held by an opponent of ``seat`` holding trumps
    (``MANY`` when no such opponent): how many rounds of it they all must follow."""
    c0 = MANY
    c1 = MANY
    c2 = MANY
    c3 = MANY
    for p in range(n):
        h = S[O_HANDS + p]
        if S[O_TEAM + p] != S[O_TEAM + seat] and suit_of(h, trump) != 0:
            c0 = min(c0, pop(suit_of(h, 0)))
            c1 = min(c1, pop(suit_of(h, 1)))
            c2 = min(c2, pop(suit_of(h, 2)))
            c3 = min(c3, pop(suit_of(h, 3)))
    return (c0, c1, c2, c3)


@njit(cache=True, inline="always")
def _safe_run(S, seat, rem, cap, s):
    """Rounds of side suit ``s`` that seat ``seat`` wins with its top cards while every
    opponent holding trumps must still follow (``cap``: ``_follow_caps`` of the side)."""
    run = top_run(suit_of(S[O_HANDS + seat], s), rem[s])
    if run == 0:
        return 0
    return min(run, cap[s])


@njit(cache=True)
def _safe_side_runs(S, seat, trump, rem, cap, limit):
    """Sum of ``_safe_run`` over the side suits, and the top cards it relies on; stops
    adding suits once ``limit`` is reached."""
    total = 0
    used = np.int64(0)
    for s in range(4):
        if s == trump:
            continue
        run = _safe_run(S, seat, rem, cap, s)
        if run > 0:
            total += run
            used |= top_run_mask(suit_of(S[O_HANDS + seat], s), rem[s], s)
            if total >= limit:
                break
    return total, used


@njit(cache=True)
def sure_trump_tricks(S, n, trump):
    """The side (0/1) holding the highest trump, the tricks its trumps surely take, and
    the cards relied on; side -1 when no trumps remain.

    A hand holding the top ``k`` trumps takes ``k`` tricks (it plays them highest
    first); the two highest trumps in two hands of one side take two tricks when either
    hand holds another trump; a side holding every trump takes a trick with each trump of
    its longest hand.
    """
    if trump < 0:
        return -1, 0, np.int64(0)
    return sure_trump_tricks_rem(S, n, trump, remaining_cards(S, n)[trump])


@njit(cache=True, inline="always")
def sure_trump_tricks_rem(S, n, trump, rem):
    """``sure_trump_tricks`` given the remaining trumps ``rem`` (``trump`` >= 0)."""
    if rem == 0:
        return -1, 0, np.int64(0)
    top = hibit(rem)
    owner = 0
    for p in range(n):
        if (suit_of(S[O_HANDS + p], trump) >> top) & 1:
            owner = p
    side = S[O_TEAM + owner]
    mine = suit_of(S[O_HANDS + owner], trump)
    count = top_run(mine, rem)
    used = top_run_mask(mine, rem, trump)
    if count == 1 and pop(rem) >= 2:
        # the second-best trump with a partner of the top one: two tricks when either
        # hand holds another trump (they never have to fall together)
        second = hibit(rem ^ (1 << top))
        for p in range(n):
            theirs = suit_of(S[O_HANDS + p], trump)
            if p != owner and S[O_TEAM + p] == side and (theirs >> second) & 1 \
                    and (pop(theirs) >= 2 or pop(mine) >= 2):
                count = 2
                used |= np.int64(1) << (16 * trump + second)
    longest = 0
    for p in range(n):
        length = pop(suit_of(S[O_HANDS + p], trump))
        if S[O_TEAM + p] != side and length > 0:
            return side, count, used
        if length > longest:
            longest = length
    if longest > count:
        return side, longest, np.int64(0)
    return side, count, used


@njit(cache=True, inline="always")
def _trump_walk(mine, theirs, limit):
    """The trumps of ``mine`` that no trump of ``theirs`` can be matched to (one to one,
    a higher trump of ``theirs`` to each trump of ``mine`` it beats), counted from the
    top and stopping at ``limit``, and the lowest trump walked."""
    waiting = 0
    wins = 0
    low = 0
    rest = mine | theirs
    while rest != 0 and wins < limit:
        b = hibit(rest)
        rest ^= 1 << b
        low = b
        if (theirs >> b) & 1:
            waiting += 1
        elif waiting > 0:
            waiting -= 1
        else:
            wins += 1
    return wins, low


@njit(cache=True, inline="always")
def _without_lowest(mine, k):
    """``mine`` less its ``k`` lowest cards."""
    for _ in range(k):
        mine &= mine - 1
    return mine


@njit(cache=True, inline="always")
def _opponents_trumps(S, n, trump, side):
    """The trumps held by the hands of ``side``'s opponents."""
    theirs = 0
    for p in range(n):
        if S[O_TEAM + p] != side:
            theirs |= suit_of(S[O_HANDS + p], trump)
    return theirs


@njit(cache=True, inline="always")
def _walked_trumps(rem, wins, low, trump):
    """The trumps a count of ``wins`` whose walk ended at ``low`` relies on: every
    remaining trump from the top down to ``low`` (none when it counts nothing)."""
    if wins == 0:
        return np.int64(0)
    return np.int64(rem & ~((1 << low) - 1)) << (16 * trump)


@njit(cache=True, inline="always")
def hand_trump_wins(S, n, trump, rem, side, limit):
    """Tricks side ``side`` surely takes with the trumps of one of its hands, whoever
    leads, and the trumps relied on (``trump`` >= 0; ``rem``: the remaining trumps).

    Each trump of a hand H is played in a trick of its own, and a trick holding a trump
    goes to its highest trump: H's trump loses its trick only to a higher trump of an
    opponent in that trick, a different opponent's trump for each trick. So at most as
    many of H's trumps lose as can be matched, one to one, with higher trumps of the
    opponents; walking the trumps from the top, an opponent's trump waits for the next
    trump of H below it, and a trump of H with none waiting wins. The best hand's count
    is taken, stopping at ``limit``; the trumps from the top down to the last one
    walked are named (the count reads no lower card)."""
    theirs = _opponents_trumps(S, n, trump, side)
    best = 0
    best_low = 0
    for p in range(n):
        mine = suit_of(S[O_HANDS + p], trump)
        if S[O_TEAM + p] != side or pop(mine) <= best:
            continue
        wins, low = _trump_walk(mine, theirs, limit)
        if wins > best:
            best = wins
            best_low = low
            if best >= limit:
                break
    return best, _walked_trumps(rem, best, best_low, trump)


@njit(cache=True, inline="always")
def two_hand_trump_wins(S, n, trump, rem, side, limit):
    """Tricks side ``side`` surely takes with the trumps of two of its hands together,
    and the trumps relied on (``trump`` >= 0, rules where a hand playing a trump may
    play any of its trumps; ``rem``: the remaining trumps).

    For two hands A and B of the side, the ``L`` highest of their trumps together (``L``
    the longer hand's trumps) are counted as one hand's are in ``hand_trump_wins``.
    The side plays so that no trick holds two of them: in a trick where both hands play
    a trump and both still hold counted ones, a hand holding an uncounted trump plays
    it. Each such trick uses one of the ``|A| + |B| - L`` uncounted trumps, at least
    ``min(|A|, |B|)`` of them, and at most ``min(|A|, |B|)`` tricks hold a trump of
    each hand, so the uncounted trumps last (see docs: two hands' trumps together). The
    best pair is taken, stopping at ``limit``; the trumps from the top down to the last
    one walked are named."""
    theirs = _opponents_trumps(S, n, trump, side)
    best = 0
    best_low = 0
    for a in range(n):
        first = suit_of(S[O_HANDS + a], trump)
        if S[O_TEAM + a] != side or first == 0:
            continue
        for b in range(a + 1, n):
            if S[O_TEAM + b] != side:
                continue
            second = suit_of(S[O_HANDS + b], trump)
            longer = max(pop(first), pop(second))
            if longer <= best or second == 0:
                continue
            both = first | second
            counted = _without_lowest(both, pop(both) - longer)
            wins, low = _trump_walk(counted, theirs, limit)
            if wins > best:
                best = wins
                best_low = low
                if best >= limit:
                    break
        if best >= limit:
            break
    return best, _walked_trumps(rem, best, best_low, trump)


@njit(cache=True, inline="always")
def all_trumps_and_a_ruff(S, n, leader, trump):
    """Tricks the side on lead surely takes when it holds every remaining trump and the
    leader a side suit that another hand of the side, holding trumps, is void in: the
    leader leads that suit and the void hand ruffs it, then every trick in which the
    leader plays one of its trumps is the side's (one trick a trump); 0 when it does
    not apply. It reads only the shape (``trump`` >= 0)."""
    side = S[O_TEAM + leader]
    hand = S[O_HANDS + leader]
    ruffer = False
    for p in range(n):
        h = S[O_HANDS + p]
        if suit_of(h, trump) == 0:
            continue
        if S[O_TEAM + p] != side:
            return 0
        if p != leader and not ruffer:
            for s in range(4):
                if s != trump and suit_of(hand, s) != 0 and suit_of(h, s) == 0:
                    ruffer = True
    if not ruffer:
        return 0
    return pop(suit_of(hand, trump)) + 1


@njit(cache=True)
def trumps_under_the_top(S, n, trump):
    """The side (0/1) not holding the highest trump, the tricks it surely takes with a
    run of trumps in one hand just below the highest, and the cards relied on; side -1
    when no hand of that side holds the second-best trump and the third.

    A hand holding the ``j`` trumps ranked second to ``j + 1``-th takes ``j - 1`` tricks:
    each of them wins a trick without the highest trump in it (only the highest and the
    hand's own beat it), the hand plays one card a trick, so the highest trump falls on
    at most one of them, and once it is gone the rest are the highest.
    """
    if trump < 0:
        return -1, 0, np.int64(0)
    return trumps_under_the_top_rem(S, n, trump, remaining_cards(S, n)[trump])


@njit(cache=True, inline="always")
def trumps_under_the_top_rem(S, n, trump, rem):
    """``trumps_under_the_top`` given the remaining trumps ``rem`` (``trump`` >= 0)."""
    if pop(rem) < 3:
        return -1, 0, np.int64(0)
    top = hibit(rem)
    below = rem ^ (1 << top)
    second = hibit(below)
    holder = -1
    owner = -1
    for p in range(n):
        mine = suit_of(S[O_HANDS + p], trump)
        if (mine >> top) & 1:
            holder = p
        if (mine >> second) & 1:
            owner = p
    if S[O_TEAM + owner] == S[O_TEAM + holder]:
        return -1, 0, np.int64(0)
    mine = suit_of(S[O_HANDS + owner], trump)
    run = top_run(mine, below)
    if run < 2:
        # the second-best and third-best trumps in two hands of the side, either holding
        # another trump: exactly one of them falls in the first trick where either may
        # play a trump, and it wins that trick or leaves the other as the highest
        third = hibit(below ^ (1 << second))
        for p in range(n):
            theirs = suit_of(S[O_HANDS + p], trump)
            if (theirs >> third) & 1:
                if S[O_TEAM + p] == S[O_TEAM + owner] and (pop(theirs) >= 2 or pop(mine) >= 2):
                    used = (np.int64(1) << (16 * trump + top)) | (np.int64(1) << (16 * trump + second)) \
                        | (np.int64(1) << (16 * trump + third))
                    return S[O_TEAM + owner], 1, used
                break
        return -1, 0, np.int64(0)
    used = top_run_mask(mine, below, trump) | (np.int64(1) << (16 * trump + top))
    return S[O_TEAM + owner], run - 1, used


@njit(cache=True)
def leader_side_short(S, n, leader):
    """Without trumps in play: can the side on lead take every remaining trick only
    through the suits whose highest card it holds? Returns the most tricks those suits
    can give it (per suit, the longest holding among its hands) and the cards relied on
    (the highest card of every suit the other side holds, unless nobody else holds that
    suit)."""
    return leader_side_short_rem(S, n, leader, remaining_cards(S, n))


@njit(cache=True)
def leader_side_short_rem(S, n, leader, rems):
    """``leader_side_short`` given each suit's remaining cards ``rems``."""
    side = S[O_TEAM + leader]
    total = 0
    used = np.int64(0)
    for s in range(4):
        rem = rems[s]
        if rem == 0:
            continue
        top = hibit(rem)
        owner = 0
        for p in range(n):
            if (suit_of(S[O_HANDS + p], s) >> top) & 1:
                owner = p
        if S[O_TEAM + owner] == side:
            longest = 0
            for p in range(n):
                if S[O_TEAM + p] == side:
                    longest = max(longest, pop(suit_of(S[O_HANDS + p], s)))
            total += longest
        elif suit_of(S[O_HANDS + owner], s) != rem:
            used |= np.int64(1) << (16 * s + top)
    return total, used


@njit(cache=True)
def second_hand_tricks(S, n, p, trump):
    """Tricks the side of seat ``p``, second to play to the trick, surely wins from
    here (the current trick included), and the cards relied on
    (``second_hand_tricks_rem``, each suit's remaining cards gathered from the hands)."""
    return second_hand_tricks_rem(S, n, p, trump, remaining_cards(S, n))


@njit(cache=True, inline="always")
def second_hand_tricks_rem(S, n, p, trump, rem):
    """Tricks the side of seat ``p``, second to play to the trick, surely wins from
    here (the current trick included), and the cards relied on; ``rem``: each suit's
    cards still in the hands (the card led is not among them).

    The current trick is won when a seat of that side can ruff and no later opponent
    can, or when that side holds the highest card of the led suit, above the card led,
    and no later opponent can ruff. Without trumps, the seat that wins it then cashes
    the next card of the led suit if it holds that too, the top card of every other
    suit it holds, and every card of a suit nobody else holds; with the length winners
    (``SECOND_HAND_LENGTHS``), its rounds of the led suit by ``_led_suit_rounds`` and of
    every other suit by ``_cash_rounds`` instead.
    """
    led = S[O_TRICK] >> 4
    first = S[O_TRICK]
    side = S[O_TEAM + p]
    trumps_left = trump >= 0 and rem[trump] != 0
    # p and the seats still to play after it, and what they can do
    own_ruff = False
    own_top = -1
    owner = -1
    their_top = -1
    their_ruff = False
    for k in range(n - 1):
        q = wrap(p + k, n)
        held = suit_of(S[O_HANDS + q], led)
        can_ruff = trumps_left and led != trump and held == 0 and suit_of(S[O_HANDS + q], trump) != 0
        top = hibit(held) if held != 0 else -1
        if S[O_TEAM + q] == side:
            own_ruff = own_ruff or can_ruff
            if top > own_top:
                own_top = top
                owner = q
        else:
            their_ruff = their_ruff or can_ruff
            their_top = max(their_top, top)
    if their_ruff:
        return 0, np.int64(0)
    if own_ruff:
        return 1, np.int64(0)
    if own_top < 0 or own_top < (first & 15) or own_top < their_top:
        return 0, np.int64(0)
    used = np.int64(1) << (16 * led + own_top)
    if trumps_left:
        return 1, used
    tricks = 1
    hand = S[O_HANDS + owner]
    if SECOND_HAND_LENGTHS:
        more, named = _led_suit_rounds(S, n, owner, led, own_top)
        tricks += more
        used |= named
        for s in range(4):
            mine = suit_of(hand, s)
            if s != led and mine != 0:
                rounds, named = _cash_rounds(S, n, owner, s, mine)
                tricks += rounds
                used |= named
        return tricks, used
    led_rem = rem[led]
    rest = led_rem ^ (1 << own_top)
    if rest != 0 and hibit(led_rem) == own_top and (suit_of(hand, led) >> hibit(rest)) & 1:
        tricks += 1
        used |= np.int64(1) << (16 * led + hibit(rest))
    for s in range(4):
        mine = suit_of(hand, s)
        if s == led or mine == 0:
            continue
        # the other hands' cards of the suit: the remaining ones that are not the owner's
        others = rem[s] & ~mine
        if others == 0:
            tricks += pop(mine)
        elif hibit(mine) > hibit(others):
            tricks += 1
            used |= np.int64(1) << (16 * s + hibit(mine))
    return tricks, used


@njit(cache=True, inline="always")
def _led_suit_rounds(S, n, owner, led, top):
    """Rounds of the led suit after the current trick that seat ``owner``, winning it
    with its card ``top`` and no trump in play, wins in a row leading the rest of its
    cards of the suit from the top; and the cards relied on. As ``_cash_rounds``, with
    the trick as round 1 (won already): the trick's leader has played its card to it, so
    it holds the suit in round ``j`` when it holds ``j - 1`` cards of it now."""
    mine = suit_of(S[O_HANDS + owner], led)
    count, longest = _rounds_against(S, n, owner, led, mine, S[O_TSEAT], 1)
    rest = mine & ~(np.int64(1) << top)
    return count - 1, top_cards(rest, max(min(count, longest) - 1, 0)) << (16 * led)


@njit(cache=True, inline="always")
def second_hand_trumps_kept(S, n, p, trump, rem):
    """After the second hand's side surely wins the current trick in a game with trumps
    (``second_hand_tricks_rem`` counted it), the later tricks its top trumps take, and
    the trumps relied on: the hand of that side holding the highest remaining trumps
    keeps its run of them through this trick (a side suit was led, which it follows if
    it can, else it gives up at most its lowest trump), and each then wins a trick of
    its own; when the side holds every trump, each trump its longest trump hand keeps
    wins a trick. After a trump lead, ``_trump_lead_kept``. ``rem``: each suit's cards
    still in the hands."""
    led = S[O_TRICK] >> 4
    trumps = rem[trump]
    if trumps == 0:
        return 0, np.int64(0)
    if led == trump:
        if not SECOND_HAND_TRUMP_LEAD:
            return 0, np.int64(0)
        return _trump_lead_kept(S, n, p, trump, trumps)
    # the seats still to play are p and those after it up to the leader; one of them void
    # in the suit led may have to (or choose to) ruff with its lowest trump
    leader = wrap(p + n - 1, n)
    side = S[O_TEAM + p]
    if SECOND_HAND_ALL_TRUMPS:
        # the side holding every trump wins each trick its longest trump hand plays a
        # trump in: no ranks relied on
        longest = _longest_side_trumps(S, n, side, trump, leader, led)
        if longest > 0:
            return longest, np.int64(0)
    top = hibit(trumps)
    holder = _holder_of(S, n, trump, top)
    if S[O_TEAM + holder] != side:
        return 0, np.int64(0)
    mine = suit_of(S[O_HANDS + holder], trump)
    if holder != leader and suit_of(S[O_HANDS + holder], led) == 0:
        low = mine & -mine
        mine ^= low
        trumps ^= low
    if mine == 0:
        return 0, np.int64(0)
    return top_run(mine, trumps), top_run_mask(mine, trumps, trump)


@njit(cache=True, inline="always")
def _trump_lead_kept(S, n, p, trump, trumps):
    """``second_hand_trumps_kept`` when a trump was led: the trick is the side's, and
    the hand holding the highest remaining trumps wins it with one of its run (one above
    the card led), keeping the rest of the run, each a later trick; when the side holds
    every trump, each trump its longest trump hand keeps after following is a later
    trick. ``trumps``: the trumps still in the hands."""
    side = S[O_TEAM + p]
    if SECOND_HAND_ALL_TRUMPS:
        longest = _longest_side_trumps(S, n, side, trump, -1, -1)
        if longest > 1:
            return longest - 1, np.int64(0)
    top = hibit(trumps)
    holder = _holder_of(S, n, trump, top)
    if S[O_TEAM + holder] != side:
        return 0, np.int64(0)
    mine = suit_of(S[O_HANDS + holder], trump)
    run = top_run(mine, trumps)
    if run <= 1:
        return 0, np.int64(0)
    return run - 1, top_run_mask(mine, trumps, trump)


@njit(cache=True)
def guarded_second_trump(S, n, leader, trump):
    """The side (0/1) surely winning a trick with the second-best trump, and the cards
    relied on; -1 when the rule does not apply.

    It applies when the hand holding the second-best trump holds another trump, is not
    on lead, and the best trump belongs to the other side, in the seat playing just
    before that hand. Until that hand wins a trick it does not lead, so the best trump is
    always played before it in a trick: it wins with the second-best trump whenever the
    best one is not played, and keeps a low trump for the trick where it is.
    """
    if trump < 0:
        return -1, np.int64(0)
    return guarded_second_trump_rem(S, n, leader, trump, remaining_cards(S, n)[trump])


@njit(cache=True)
def guarded_second_trump_rem(S, n, leader, trump, rem):
    """``guarded_second_trump`` given the remaining trumps ``rem`` (``trump`` >= 0)."""
    if pop(rem) < 3:
        return -1, np.int64(0)
    top = hibit(rem)
    second = hibit(rem ^ (1 << top))
    holder = -1
    guard = -1
    for p in range(n):
        mine = suit_of(S[O_HANDS + p], trump)
        if (mine >> top) & 1:
            holder = p
        if (mine >> second) & 1:
            guard = p
    if S[O_TEAM + holder] == S[O_TEAM + guard] or wrap(holder + 1, n) != guard:
        return -1, np.int64(0)
    if pop(suit_of(S[O_HANDS + guard], trump)) < 2:
        return -1, np.int64(0)
    # on lead, it leads a card other than the second-best trump and keeps another trump
    if guard == leader and popcount(S[O_HANDS + guard]) < 3:
        return -1, np.int64(0)
    return S[O_TEAM + guard], (np.int64(1) << (16 * trump + top)) | (np.int64(1) << (16 * trump + second))


@njit(cache=True)
def crossruff_tricks(S, n, leader, trump):
    """Tricks the side on lead surely takes by ruffing in both hands, four seats in two
    partnerships: the leader leads a suit its partner is void in and can ruff, both
    opponents following (they must, so they cannot ruff), and the partner leads back a
    suit the leader is void in and can ruff, both opponents following again. No rank
    matters (any trump beats the suit led), so no card is named.

    With ``a`` rounds possible in the first suit (the fewest of the leader's cards in
    it, the partner's trumps and each opponent's cards in it) and ``b`` in the second,
    the rounds alternate from the leader's suit: ``2b + 1`` tricks when ``a > b``, else
    ``2a``.
    """
    if trump < 0 or n != 4:
        return 0
    partner = wrap(leader + 2, 4)
    lho = wrap(leader + 1, 4)
    rho = wrap(leader + 3, 4)
    team = S[O_TEAM + leader]
    if S[O_TEAM + partner] != team or S[O_TEAM + lho] == team or S[O_TEAM + rho] == team:
        return 0
    hl = S[O_HANDS + leader]
    hp = S[O_HANDS + partner]
    tr_l = pop(suit_of(hl, trump))
    tr_p = pop(suit_of(hp, trump))
    if tr_p == 0:
        return 0
    best = 0
    for s1 in range(4):
        if s1 == trump or suit_of(hp, s1) != 0:
            continue
        a = min(pop(suit_of(hl, s1)), tr_p, pop(suit_of(S[O_HANDS + lho], s1)), pop(suit_of(S[O_HANDS + rho], s1)))
        if a == 0:
            continue
        if best < 1:
            best = 1
        if tr_l == 0:
            continue
        for s2 in range(4):
            if s2 == trump or suit_of(hl, s2) != 0:
                continue
            b = min(pop(suit_of(hp, s2)), tr_l, pop(suit_of(S[O_HANDS + lho], s2)),
                    pop(suit_of(S[O_HANDS + rho], s2)))
            total = 2 * b + 1 if a > b else 2 * a
            if total > best:
                best = total
    return best


@njit(cache=True)
def _ruff_rounds(S, leads, ruffer, lho, rho, s, trump, cap):
    """Rounds of suit ``s`` led by ``leads`` and ruffed by ``ruffer`` (void in it, at
    most ``cap`` ruffs) that no opponent can overruff: each opponent holding a trump must
    still follow the suit (an opponent without trumps never ruffs)."""
    if s == trump or suit_of(S[O_HANDS + ruffer], s) != 0:
        return 0
    rounds = min(pop(suit_of(S[O_HANDS + leads], s)), cap)
    for o in (lho, rho):
        ho = S[O_HANDS + o]
        if suit_of(ho, trump) != 0:
            rounds = min(rounds, pop(suit_of(ho, s)))
    return rounds


@njit(cache=True)
def crossruff_then_trumps(S, n, leader, trump):
    """Tricks the side on lead surely takes by a crossruff followed by the top trumps
    of one of its hands, four seats in two partnerships, and the cards relied on.

    The crossruff is that of ``crossruff_tricks`` except that an opponent holding no
    trump never caps a suit's rounds (following or not, it cannot ruff). A hand X of the
    side holding the ``k`` highest remaining trumps keeps ``j <= k`` of them: it ruffs
    with its other trumps only (at most its trumps less ``j`` rounds), the opponents
    play no trump in the crossruff (each holding one follows suit), so afterwards X
    still holds the ``j`` highest trumps, each of which wins the trick it is played in:
    the crossruff's count plus ``j``. The ``j`` top trumps are named.
    """
    if trump < 0 or n != 4:
        return 0, np.int64(0)
    return crossruff_then_trumps_rem(S, leader, trump, remaining_cards(S, n)[trump])


@njit(cache=True)
def crossruff_then_trumps_rem(S, leader, trump, rem):
    """``crossruff_then_trumps`` of four seats given the remaining trumps ``rem``."""
    partner = wrap(leader + 2, 4)
    lho = wrap(leader + 1, 4)
    rho = wrap(leader + 3, 4)
    team = S[O_TEAM + leader]
    if S[O_TEAM + partner] != team or S[O_TEAM + lho] == team or S[O_TEAM + rho] == team:
        return 0, np.int64(0)
    if rem == 0:
        return 0, np.int64(0)
    best = 0
    best_used = np.int64(0)
    for x in (leader, partner):
        mine = suit_of(S[O_HANDS + x], trump)
        k = top_run(mine, rem)
        if k == 0 and x == partner:
            continue
        for j in range(k + 1):
            tr_l = pop(suit_of(S[O_HANDS + leader], trump))
            tr_p = pop(suit_of(S[O_HANDS + partner], trump))
            if x == leader:
                tr_l -= j
            else:
                tr_p -= j
            cross = 0
            for s1 in range(4):
                a = _ruff_rounds(S, leader, partner, lho, rho, s1, trump, tr_p)
                if a == 0:
                    continue
                if cross < 1:
                    cross = 1
                for s2 in range(4):
                    b = _ruff_rounds(S, partner, leader, lho, rho, s2, trump, tr_l)
                    total = 2 * b + 1 if a > b else 2 * a
                    if total > cross:
                        cross = total
            if cross + j > best:
                best = cross + j
                best_used = top_run_mask(mine, rem, trump) if j > 0 else np.int64(0)
    return min(best, popcount(S[O_HANDS + leader])), best_used


@njit(cache=True, inline="always")
def _lowest_of(h, s):
    """Mask ``h`` less its lowest card of suit ``s`` (``h`` itself when void in it)."""
    m = suit_of(h, s)
    if m == 0:
        return h
    return h ^ (np.int64(m & -m) << (16 * s))


@njit(cache=True)
def _play_winning_lead(S, leader, trump, s):
    """Play to the hands a trick led in suit ``s`` that the side on lead surely wins
    (see ``winning_lead_then_crossruff``) and return the seat winning it and the
    winning card's mask (0 for a ruff); seat -1, hands untouched, when no such lead of
    that suit exists."""
    partner = wrap(leader + 2, 4)
    lho = wrap(leader + 1, 4)
    rho = wrap(leader + 3, 4)
    h_l = S[O_HANDS + leader]
    h_p = S[O_HANDS + partner]
    h_a = S[O_HANDS + lho]
    h_b = S[O_HANDS + rho]
    mine = suit_of(h_l, s)
    if mine == 0:
        return -1, np.int64(0)
    theirs = suit_of(h_p, s)
    if s != trump and ((suit_of(h_a, trump) != 0 and suit_of(h_a, s) == 0)
                       or (suit_of(h_b, trump) != 0 and suit_of(h_b, s) == 0)):
        # an opponent holding trumps could ruff
        return -1, np.int64(0)
    won = np.int64(0)
    if theirs == 0:
        # the partner ruffs a side suit; otherwise a partner void in the suit would
        # throw a card of its choice
        if not RUFF_LEADS or s == trump or suit_of(h_p, trump) == 0:
            return -1, np.int64(0)
        winner = partner
        S[O_HANDS + leader] = _lowest_of(h_l, s)
        S[O_HANDS + partner] = _lowest_of(h_p, trump)
    else:
        top = hibit(mine | theirs | suit_of(h_a, s) | suit_of(h_b, s))
        won = np.int64(1) << (16 * s + top)
        if (mine >> top) & 1:
            winner = leader
            S[O_HANDS + leader] = h_l ^ won
            S[O_HANDS + partner] = _lowest_of(h_p, s)
        elif (theirs >> top) & 1:
            winner = partner
            S[O_HANDS + leader] = _lowest_of(h_l, s)
            S[O_HANDS + partner] = h_p ^ won
        else:
            return -1, np.int64(0)
    S[O_HANDS + lho] = _lowest_of(h_a, s)
    S[O_HANDS + rho] = _lowest_of(h_b, s)
    return winner, won


@njit(cache=True)
def _count_from(S, seat, trump, needed, quick):
    """``crossruff_then_trumps`` of the side of ``seat``, on lead, and (``quick``) its
    quick tricks when that falls short of ``needed``. The caller skips the quick tricks
    when the leader kept the lead with a side suit: cashing a top card of a side suit
    first adds nothing to its own quick tricks (a round of trumps may: it shortens the
    opponents' trumps)."""
    count = 0
    used = np.int64(0)
    # neither count can reach ``needed`` when their common upper bound falls short (a
    # count below ``needed`` is never used, so 0 stands for it)
    if LEAD_BOUND and quick_bound(S, 4, seat, trump) < needed:
        return count, used
    # the crossruff needs a first round: a suit the seat holds, its partner is void in
    # and can ruff (without one it counts only top trumps, as the quick tricks do)
    partner = wrap(seat + 2, 4)
    h = S[O_HANDS + seat]
    hp = S[O_HANDS + partner]
    if suit_of(hp, trump) != 0:
        for s in range(4):
            if s != trump and suit_of(hp, s) == 0 and suit_of(h, s) != 0:
                count, used = crossruff_then_trumps(S, 4, seat, trump)
                break
    if quick and AFTER_LEAD_QUICK and count < needed:
        q, q_used = quick_tricks(S, 4, seat, trump, needed)
        if q > count:
            count, used = q, q_used
    return count, used


@njit(cache=True)
def _one_winning_lead(S, leader, trump, needed):
    """``winning_lead_then_crossruff`` with one winning lead."""
    h = (S[O_HANDS], S[O_HANDS + 1], S[O_HANDS + 2], S[O_HANDS + 3])
    best = 0
    best_used = np.int64(0)
    for s in range(4):
        winner, won = _play_winning_lead(S, leader, trump, s)
        if winner < 0:
            continue
        count, used = _count_from(S, winner, trump, needed - 1, winner != leader or s == trump)
        for p in range(4):
            S[O_HANDS + p] = h[p]
        if count + 1 > best:
            best = count + 1
            best_used = used | won
            if best >= needed:
                break
    return min(best, popcount(S[O_HANDS + leader])), best_used


@njit(cache=True)
def winning_lead_then_crossruff(S, n, leader, trump, needed, depth):
    """Tricks the side on lead surely takes by first winning one trick (``depth`` 2:
    one or two tricks) with a lead nobody can beat, then counting from the seat that
    won it, four seats in two partnerships, and the cards relied on.

    A winning lead is the highest remaining trump led by the leader, or a trump led to
    the partner holding the highest one, or the highest card of a side suit (the
    leader's, or the partner's with the leader holding the suit) that every opponent
    holding trumps must follow, or (``RUFF_LEADS``) a side suit the partner is void in
    and ruffs with its lowest trump while every opponent holding trumps must follow.
    Every other seat follows with its lowest card of the suit: the counts read no rank
    of an opponent's card below the winning one, and keeping its higher ones only
    lowers them; an opponent void in the suit holds no trump and keeps all its cards (a
    card more only lowers the counts). From the winner: ``crossruff_then_trumps`` and
    its quick tricks. The winning card (not a ruff's) is named, with the cards the count
    from the winner named. The hands are restored before returning. Stops at the first
    plan reaching ``needed``; a count below ``needed`` may be reported lower than it is
    (``LEAD_BOUND`` skips counts that cannot reach it). (Not written as a recursion: numba's cache can load a
    recursive function wrongly.)"""
    if trump < 0 or n != 4:
        return 0, np.int64(0)
    partner = wrap(leader + 2, 4)
    team = S[O_TEAM + leader]
    if S[O_TEAM + partner] != team or S[O_TEAM + wrap(leader + 1, 4)] == team \
            or S[O_TEAM + wrap(leader + 3, 4)] == team:
        return 0, np.int64(0)
    if depth < 2:
        return _one_winning_lead(S, leader, trump, needed)
    h = (S[O_HANDS], S[O_HANDS + 1], S[O_HANDS + 2], S[O_HANDS + 3])
    best = 0
    best_used = np.int64(0)
    for s in range(4):
        winner, won = _play_winning_lead(S, leader, trump, s)
        if winner < 0:
            continue
        count, used = _count_from(S, winner, trump, needed - 1, winner != leader or s == trump)
        if count < needed - 1:
            more, more_used = _one_winning_lead(S, winner, trump, needed - 1)
            if more > count:
                count, used = more, more_used
        for p in range(4):
            S[O_HANDS + p] = h[p]
        if count + 1 > best:
            best = count + 1
            best_used = used | won
            if best >= needed:
                break
    return min(best, popcount(S[O_HANDS + leader])), best_used
