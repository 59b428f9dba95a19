"""Move-ordering weights, after the weighted heuristics of DDS: for the lead, and for
the cards played to a trick.

Only the order of the search depends on these numbers, never an answer. Seats are
read relative to the leader: ``lho`` plays next, ``rho`` plays last, the partner is
the first team mate found after the leader (any seat order and team layout works;
the weights simply fit four seats in two pairs best).
"""

from __future__ import annotations

from numba import njit

from solvers.doubledummy.bits import hibit, pop, suit_of, wrap
from solvers.doubledummy.layout import O_HANDS, O_TEAM


@njit(cache=True)
def _owner(S, n, s, b):
    for q in range(n):
        if (suit_of(S[O_HANDS + q], s) >> b) & 1:
            return q
    return -1


@njit(cache=True, inline="always")
def _ruff_tops(S, n, team_p, s, trump, top_trump):
    """Does a trump of power ``top_trump`` top every trump of the opponents of
    ``team_p`` void in suit ``s`` (those that could overruff a lead of it)?"""
    for q in range(n):
        if S[O_TEAM + q] != team_p:
            hq = S[O_HANDS + q]
            if suit_of(hq, s) == 0 and hibit(suit_of(hq, trump)) > top_trump:
                return False
    return True


@njit(cache=True, inline="always")
def _outside_winners(S, q, s, opp_all):
    """Suits other than ``s`` in which seat ``q`` holds a card above every card of its
    opponents (``opp_all``: their cards, every suit; a bit each)."""
    hq = S[O_HANDS + q]
    out = 0
    for t in range(4):
        if t == s:
            continue
        mine = suit_of(hq, t)
        if mine == 0:
            continue
        opp = suit_of(opp_all, t)
        if opp == 0 or hibit(mine) > hibit(opp):
            out |= 1 << t
    return out


@njit(cache=True, inline="always")
def _partner_leads_next(S, p, partner, s, opp_all, trump):
    """When the partner's top card of suit ``s`` tops the opponents' and nobody can ruff
    the suit: should the partner win this lead and be on lead next? Yes when the leader
    holds at least as many cards of the suit (the partner's winner goes first, the
    leader's higher cards stay to win the later rounds), or, without trumps, when the
    partner holds a sure winner in another suit and the leader none (only the partner
    can go on from there; in a trump game a ruff may take that winner)."""
    if pop(suit_of(S[O_HANDS + p], s)) >= pop(suit_of(S[O_HANDS + partner], s)):
        return True
    return trump < 0 and _outside_winners(S, p, s, opp_all) == 0 and _outside_winners(S, partner, s, opp_all) != 0


@njit(cache=True, inline="always")
def lead_suit_plan(S, n, p, trump, s, left, partner, lho, rho):
    """The parts of the lead weights of suit ``s`` that do not depend on the card, for
    ``lead_weight`` (``left``: the tricks still to play): the highest remaining card of
    the suit, whether every card wins the trick (the partner's card tops the opponents'
    and nobody can ruff, or the partner is void and ruffs above every opponent void in
    the suit), whether the top card wins (nobody can ruff), the weight of a
    winning lead and of a losing one, which rule of the losing lead applies (without
    trumps 1: an opponent holds the top card bare, 2: the leader holds it; in trump games
    3: an opponent holds it bare, 4: the leader holds it and the partner the second card,
    5: the leader holds it, 6: the partner holds it, 7: an opponent holds it and the
    partner a card above the leader's, 8: an opponent holds it and the leader the side's
    highest card of the suit), the second card when the leader holds it (else -1), and,
    when nobody can ruff the suit, the partner's top card if the leader's cards below it
    go lowest first to it (``_partner_leads_next``; else -1).

    A suit weighs less the more cards the two opponents next to the leader hold in it
    and when the partner is void; leads that win come first."""
    team_p = S[O_TEAM + p]
    rem = 0
    opp_all = 0
    ruffable = False
    for q in range(n):
        hq = S[O_HANDS + q]
        h = suit_of(hq, s)
        rem |= h
        if S[O_TEAM + q] != team_p:
            opp_all |= hq
            if trump >= 0 and s != trump and h == 0 and suit_of(hq, trump) != 0:
                ruffable = True
    # owners of the three highest cards
    tb = hibit(rem)
    x = rem ^ (1 << tb)
    sb = hibit(x) if x != 0 else -1
    if x != 0:
        x ^= 1 << sb
    thb = hibit(x) if x != 0 else -1
    top = -1
    second = -1
    third = -1
    for q in range(n):
        h = suit_of(S[O_HANDS + q], s)
        if (h >> tb) & 1:
            top = q
        if sb >= 0 and (h >> sb) & 1:
            second = q
        if thb >= 0 and (h >> thb) & 1:
            third = q
    return lead_plan_given(S, n, p, trump, s, left, partner, lho, rho, rem, opp_all, ruffable, top, second, third)


@njit(cache=True, inline="always")
def lead_plan_given(S, n, p, trump, s, left, partner, lho, rho, rem, opp_all, ruffable, top, second, third):
    """``lead_suit_plan`` given the facts of suit ``s`` gathered from the hands: its
    remaining cards, the opponents' cards (every suit), whether an opponent void in it holds a trump,
    and the seats holding its three highest cards (-1 for none)."""
    team_p = S[O_TEAM + p]
    opp = suit_of(opp_all, s)
    tb = hibit(rem)
    x = rem ^ (1 << tb)
    sb = hibit(x) if x != 0 else -1
    len_l = pop(suit_of(S[O_HANDS + lho], s))
    len_r = pop(suit_of(S[O_HANDS + rho], s))
    opp_l = S[O_TEAM + lho] != team_p
    opp_r = S[O_TEAM + rho] != team_p
    part = suit_of(S[O_HANDS + partner], s) if partner >= 0 else 0
    len_p = pop(part)
    # a small tree for the opponents: few cards of theirs to choose from
    cl = len_l if opp_l else 0
    cr = len_r if opp_r else 0
    # a void opponent counts as the tricks left (DDS's weight): early on it ruffs or
    # discards at will, a wide tree; near the end it has few cards to choose from
    count_l = (cl if cl > 0 else left) * 4
    count_r = (cr if cr > 0 else left) * 4
    # DDS divides by 19 without trumps and 13 with them; 16 measured smallest for both
    # with the table's hint and a void counted as the tricks left, and DDS's 13 in trump
    # games once a lead the partner ruffs counts as winning
    weight = -(((count_l + count_r) << 5) // (13 if trump >= 0 else 16))
    if partner >= 0 and part == 0:
        weight -= 9
    partner_ruffs = False
    if trump >= 0 and s != trump:
        if ruffable:
            # DDS's -12; -18 measured smaller after the void fix
            weight -= 18
        if partner >= 0 and part == 0:
            p_trumps = suit_of(S[O_HANDS + partner], trump)
            if p_trumps != 0:
                if cr > 0:
                    weight += 17
                partner_ruffs = _ruff_tops(S, n, team_p, s, trump, hibit(p_trumps))
    # a winning lead: the partner's card tops the opponents' and nobody ruffs, or the
    # partner ruffs above every opponent void in the suit (DDS's winning lead)
    win_all = partner_ruffs or (not ruffable and part != 0 and (opp == 0 or hibit(part) > hibit(opp)))
    low_below = -1
    if (trump < 0 or not ruffable) and win_all and part != 0 and _partner_leads_next(S, p, partner, s, opp_all, trump):
        low_below = hibit(part)
    win_w = weight
    if second == rho and opp_r:
        if len_r != 1:
            win_w -= 1
    elif second == lho and opp_l:
        win_w += 22 if len_l != 1 else 16
    guarded = ((second == lho and len_l != 1 and opp_l) or (second == rho and len_r != 1 and opp_r))
    win_w += 18 if guarded else 45
    # a losing one
    lose_w = weight
    if (top == rho or second == rho) and opp_r:
        if len_r != 1:
            lose_w -= 10
    elif top == lho and opp_l and second == partner and partner >= 0:
        if len_p != 1:
            # less in trump games, where the finesse may meet a ruff
            lose_w += 27 if trump >= 0 else 31
    if trump >= 0 and s != trump and partner >= 0 and top == partner and len_p > 1 \
            and pop(suit_of(S[O_HANDS + p], s)) == 1 and suit_of(S[O_HANDS + p], trump) != 0:
        # a singleton to the partner's top card, for a ruff when it comes back
        win_w += 19
        lose_w += 19
    if partner >= 0 and second == partner and third == partner:
        lose_w += 20 if trump >= 0 else 35
    elif partner >= 0 and len_p > 1 and ((second == p and third == partner) or (second == partner and third == p)):
        # less in trump games (DDS's 13), where the suit may be ruffed before it is set up
        lose_w += 13 if trump >= 0 else 25
    mode = 0
    if S[O_TEAM + top] != team_p and pop(suit_of(S[O_HANDS + top], s)) == 1:
        mode = 1
    elif top == p:
        mode = 2
    if trump >= 0:
        # trump games: DDS's modes of a losing lead. The lead may lose to a ruff, so the
        # leader's or the partner's top card still comes early, and from a suit whose top
        # card the opponents hold the lowest card comes first (DDS's) when the partner holds
        # a higher card than the leader's, else the higher first, as it may force out or
        # promote where the partner cannot
        if mode == 1:
            mode = 3
        elif mode == 2:
            mode = 4 if second == partner else 5
        elif top == partner:
            mode = 6
        elif part != 0 and hibit(part) > hibit(suit_of(S[O_HANDS + p], s)):
            mode = 7
        else:
            mode = 8
    sec_bit = sb if second == p else -1
    return rem, tb, win_all, not ruffable, win_w, lose_w, mode, sec_bit, low_below


@njit(cache=True, inline="always")
def lead_weight(b, sequence, plan):
    """Weight of leading card ``b`` of a suit (higher is tried first), from the suit's
    ``lead_suit_plan``; ``sequence``: the hand holds the next lower card too. A card an
    opponent can ruff does not count as winning. A winning lead's cards below
    ``low_below`` (the partner's top card) come lowest first."""
    rem, tb, win_all, win_top, win_w, lose_w, mode, sec_bit, low_below = plan
    rrank = pop(rem & ((1 << b) - 1))
    if win_all or (win_top and b == tb):
        if b < low_below:
            return win_w + 13 - rrank
        return win_w + rrank
    if mode == 1:
        return lose_w + 28 + rrank
    if mode == 2:
        return lose_w - 17 + rrank
    if mode == 3:
        return lose_w + 2 + rrank
    if mode == 4:
        return lose_w + 33 + rrank
    if mode == 5:
        return lose_w + (38 if b == tb else -14 + rrank)
    if mode == 6:
        return lose_w + 34 + rrank
    if mode == 7:
        return lose_w + (35 if (sequence and b == sec_bit) else 15 - b)
    if mode == 8:
        return lose_w + (35 if (sequence and b == sec_bit) else 15 + rrank)
    if not sequence:
        return lose_w + 12 + rrank
    if b == sec_bit:
        return lose_w + 48
    return lose_w + 29 - rrank


@njit(cache=True, inline="always")
def _void_ruff(hand, held, trump, led_suit):
    """The highest trump ``hand`` could ruff a side suit with when it holds none of it
    (``held``: its cards of the led suit), else -1."""
    if held == 0 and trump >= 0 and led_suit != trump:
        return hibit(suit_of(hand, trump))
    return -1


@njit(cache=True, inline="always")
def later_facts(S, n, p, trump, led_suit, nlater, unequal):
    """What the ``nlater`` seats still to play to the trick after ``p`` (with
    ``unequal`` hands, the next seats that hold cards) can do: the highest card of the
    led suit among p's opponents and among its mates, the highest trump an opponent
    void in the led suit could ruff with, the opponents' second-highest card of the
    led suit, the highest trump a mate void in the led suit could ruff with, and the
    floor: the highest of the lowest cards of the led suit of the later seats that hold
    it, mates and opponents alike (-1 for none, as for every other fact)."""
    opp_top = -1
    mate_top = -1
    opp_ruff = -1
    mate_ruff = -1
    opp_cards = 0
    floor = -1
    team_p = S[O_TEAM + p]
    q = p
    for _ in range(nlater):
        q = wrap(q + 1, n)
        if unequal != 0:
            while S[O_HANDS + q] == 0 and q != p:
                q = wrap(q + 1, n)
        hand = S[O_HANDS + q]
        held = suit_of(hand, led_suit)
        top = hibit(held)
        if held != 0:
            low = hibit(held & -held)
            if low > floor:
                floor = low
        if S[O_TEAM + q] != team_p:
            opp_cards |= held
            if top > opp_top:
                opp_top = top
            opp_ruff = max(opp_ruff, _void_ruff(hand, held, trump, led_suit))
        else:
            if top > mate_top:
                mate_top = top
            mate_ruff = max(mate_ruff, _void_ruff(hand, held, trump, led_suit))
    # the opponents' second-highest card: a card above it forces out their top one
    opp_second = -1
    if opp_top >= 0:
        opp_second = hibit(opp_cards ^ (1 << opp_top))
    return opp_top, mate_top, opp_ruff, opp_second, mate_ruff, floor


@njit(cache=True, inline="always")
def discard_base(mine, held, my_side_wins):
    """The part of a discard's ``follow_weight`` that depends on its suit alone:
    ``mine``, the follower's cards of the suit; ``held``: the suit's cards still in the
    hands."""
    length = pop(mine)
    weight = (length << 6) // 33
    top_bit = hibit(held)
    second = held ^ (1 << top_bit)
    if length == 2 and second != 0 and (mine >> hibit(second)) & 1:
        weight -= 6
    elif length == 1 and (mine >> top_bit) & 1:
        weight -= 8
    if my_side_wins:
        weight += 60
    return weight


@njit(cache=True, inline="always")
def follow_weight(trump, led_suit, w, my_side_wins, facts, c, sequence, held, base):
    """Weight of playing card ``c`` to a trick led in ``led_suit`` when ``w`` wins it so
    far; ``facts`` come from ``later_facts``; ``held``: the suit's cards still in the
    hands; ``base``: for a discard, its suit's ``discard_base``."""
    s = c >> 4
    b = c & 15
    opp_top, mate_top, opp_ruff, opp_second, mate_ruff, floor = facts
    beats = (s == led_suit and (w >> 4) == led_suit and b > (w & 15)) or \
        (s == trump and ((w >> 4) != trump or b > (w & 15)))
    if s == led_suit:
        if (w >> 4) == led_suit:
            w_safe = (w & 15) > opp_top and opp_ruff < 0
        else:
            w_safe = opp_ruff < (w & 15)
        if my_side_wins and w_safe:
            return -b
        if mate_top > opp_top and mate_top > (w & 15) and (w >> 4) == led_suit and \
                (trump < 0 or opp_ruff < 0):
            # a partner still to play surely wins the trick (no later opponent can
            # ruff it), so every card low first, also a card of this hand that would
            # win it (DDS's)
            return -b
        if beats and b > opp_top and opp_ruff < 0:
            # the cheapest card that surely wins the trick
            return 80 - b
        if mate_top > b and mate_top > opp_top and mate_top > (w & 15) and opp_ruff < 0:
            return -b
        if not beats or b < floor:
            # below every card of some later seat that must follow (the floor): that seat
            # beats it whatever it plays, so its rank cannot matter to the trick (DDS's
            # "too low to matter" of the second and third hands)
            return -20 + pop(held & ((1 << b) - 1)) // 4 - b
        if mate_top < 0 and opp_ruff < 0 and b > opp_second:
            # no partner to come: the cheapest card that forces out their top card
            return 40 - b
        return (22 if sequence else 10) - b
    if s == trump and led_suit != trump:
        if my_side_wins and ((w >> 4) == trump or ((w & 15) > opp_top and opp_ruff < 0)):
            return -40 - b
        if (w >> 4) == led_suit and mate_top > (w & 15) and mate_top > opp_top and opp_ruff < 0:
            # a partner still to play surely wins the trick: do not ruff it
            return -40 - b
        if (w >> 4) == led_suit and mate_ruff > opp_ruff:
            # a partner still to play, void in the led suit, ruffs above every later
            # opponent's trump: the trick is the side's without this trump
            return -40 - b
        if beats and b > opp_ruff:
            # above every discard, also when the side's card may still lose the trick
            # (a discard then weighs up to 60 + 31): the ruff makes the trick the side's
            return 110 - b
        if beats and not my_side_wins:
            # a later opponent can overruff, but the trick is theirs anyway: the ruff
            # costs them a higher trump, before most discards (DDS's forcing ruff)
            return 36 - b
        return 15 - b
    # a discard: from a long suit, not from a guarded second card or a bare winner
    return base - b


@njit(cache=True, inline="always")
def run_around(m, rem, b):
    """The run of ``m`` (one suit's legal cards) holding card ``b``: the cards of ``m``
    between the nearest cards of ``rem`` (the suit's live cards) outside ``m`` below and
    above ``b``."""
    others = rem & ~m
    below = others & ((1 << b) - 1)
    lo = hibit(below) + 1 if below != 0 else 0
    above = others & ~((2 << b) - 1)
    hi_mask = ((above & -above) - 1) if above != 0 else -1
    return m & hi_mask & ~((1 << lo) - 1)


@njit(cache=True, inline="always")
def follow_low_first(m, led_suit, w, my_side_wins, facts, known):
    """Does ``follow_weight`` rank the follower's cards ``m`` of the led suit (one suit,
    not empty, runs split only by live cards: equal card points) from the lowest run up,
    each higher run next? So when none of them beats the trick's card (-b, or -20 + a
    quarter of the suit's cards below - b, the partner's-card case covering the lower
    cards first; the tops of two runs are at least two ranks apart, so the weight falls
    as the rank rises), when every one of them lies below the floor of ``later_facts``
    (the same weights), and when the trick is the side's and safe (every card -b).
    ``known``: ``facts`` are worked out (the first case needs none)."""
    if (w >> 4) != led_suit or hibit(m) < (w & 15):
        return True
    if not known:
        return False
    opp_top, mate_top, opp_ruff, opp_second, mate_ruff, floor = facts
    if hibit(m) < floor:
        return True
    return my_side_wins and (w & 15) > opp_top and opp_ruff < 0


@njit(cache=True, inline="always")
def obvious_win(m, rem, w, facts):
    """The run of the follower's cards ``m`` of the led suit that ``follow_weight``
    ranks first when it is not low first (``follow_low_first``): the cheapest card that
    surely wins the trick (80 - b, above every other card of the suit, at most 40);
    0 when there is none (the weights decide). ``rem``: the suit's live cards."""
    opp_top, mate_top, opp_ruff, opp_second, mate_ruff, floor = facts
    if opp_ruff >= 0:
        return 0
    thr = (w & 15) if (w & 15) > opp_top else opp_top
    above = m & ~((2 << thr) - 1)
    if above == 0:
        return 0
    return run_around(m, rem, hibit(above & -above))


@njit(cache=True, inline="always")
def obvious_ruff(tm, rem, trump, w, facts):
    """For a follower void in the led suit (not trumps) whose side is not winning the
    trick: the run of its trumps ``tm`` that ``follow_weight`` ranks first, when one of
    them beats the trick's card and every trump a later opponent could ruff with (110 - b,
    above any other trump and any discard, which weigh at most 31 then) and no partner
    still to play surely wins the trick, by a card of the led suit or by a ruff above
    every later opponent's (its ruffs then weigh below every discard); else
    0. ``rem``: the live trumps; ``facts``: from ``later_facts``."""
    opp_top, mate_top, opp_ruff, opp_second, mate_ruff, floor = facts
    if (w >> 4) != trump and mate_top > (w & 15) and mate_top > opp_top and opp_ruff < 0:
        return 0
    if (w >> 4) != trump and mate_ruff > opp_ruff:
        return 0
    thr = opp_ruff
    if (w >> 4) == trump and (w & 15) > thr:
        thr = w & 15
    above = tm if thr < 0 else tm & ~((2 << thr) - 1)
    if above == 0:
        return 0
    return run_around(tm, rem, hibit(above & -above))

