"""Move-ordering weights, after the weighted heuristics of DDS: for the lead, and for
the cards played to a trick.

Only the order of the search depends on these numbers, never an answer. Seats are
read relative to the leader: ``lho`` plays next, ``rho`` plays last, the partner is
the first team mate found after the leader (any seat order and team layout works;
the weights simply fit four seats in two pairs best).
"""

from __future__ import annotations

from numba import njit

from solvers.doubledummy.bits import hibit, pop, suit_of
from solvers.doubledummy.layout import O_HANDS, O_TEAM, W_LATER


@njit(cache=True)
def _owner(S, n, s, b):
    for q in range(n):
        if (suit_of(S[O_HANDS + q], s) >> b) & 1:
            return q
    return -1


@njit(cache=True)
def lead_suit_info(S, n, p, trump, s, played):
    """Per-suit facts the lead weights use, packed into a tuple: suit weight, lho, rho,
    partner, owners of the top, second and third card, whether an opponent can ruff, the
    remaining cards, the opponents' and the partner's cards, and the lengths of lho, rho
    and partner in the suit."""
    lho = (p + 1) % n
    rho = (p + n - 1) % n
    partner = -1
    for k in range(1, n):
        q = (p + k) % n
        if S[O_TEAM + q] == S[O_TEAM + p]:
            partner = q
            break
    rem = 0
    for q in range(n):
        rem |= suit_of(S[O_HANDS + q], s)
    top = -1
    second = -1
    third = -1
    x = rem
    if x != 0:
        b = hibit(x)
        x ^= 1 << b
        top = _owner(S, n, s, b)
    if x != 0:
        b = hibit(x)
        x ^= 1 << b
        second = _owner(S, n, s, b)
    if x != 0:
        third = _owner(S, n, s, hibit(x))
    len_l = pop(suit_of(S[O_HANDS + lho], s)) if S[O_TEAM + lho] != S[O_TEAM + p] else 0
    len_r = pop(suit_of(S[O_HANDS + rho], s)) if S[O_TEAM + rho] != S[O_TEAM + p] else 0
    # a small tree for the opponents: few cards of theirs to choose from
    count_l = (len_l if len_l > 0 else played + 1) * 4
    count_r = (len_r if len_r > 0 else played + 1) * 4
    weight = -(((count_l + count_r) << 5) // 19)
    if partner >= 0 and suit_of(S[O_HANDS + partner], s) == 0:
        weight -= 9
    ruffable = False
    if trump >= 0 and s != trump:
        for q in range(n):
            if S[O_TEAM + q] != S[O_TEAM + p] and suit_of(S[O_HANDS + q], s) == 0 \
                    and suit_of(S[O_HANDS + q], trump) != 0:
                ruffable = True
        if ruffable:
            weight -= 12
        if partner >= 0 and suit_of(S[O_HANDS + partner], s) == 0 \
                and suit_of(S[O_HANDS + partner], trump) != 0 and len_r > 0:
            weight += 17
    opp = 0
    for q in range(n):
        if S[O_TEAM + q] != S[O_TEAM + p]:
            opp |= suit_of(S[O_HANDS + q], s)
    part = suit_of(S[O_HANDS + partner], s) if partner >= 0 else 0
    return (weight, lho, rho, partner, top, second, third, ruffable, rem, opp, part,
            pop(suit_of(S[O_HANDS + lho], s)), pop(suit_of(S[O_HANDS + rho], s)), pop(part))


@njit(cache=True)
def lead_weight(S, n, p, s, b, sequence, info):
    """Weight of leading card ``b`` of suit ``s`` (higher is tried first); ``sequence``:
    the hand holds the next lower card too. A card an opponent can ruff does not count
    as winning."""
    weight, lho, rho, partner, top, second, third, ruffable, rem, opp, part, len_l, len_r, len_p = info
    mine = suit_of(S[O_HANDS + p], s)
    rrank = pop(rem & ((1 << b) - 1))
    top_bit = hibit(rem)
    wins = not ruffable and (b == top_bit or (part != 0 and (opp == 0 or hibit(part) > hibit(opp))))
    if wins:
        if second == rho and S[O_TEAM + rho] != S[O_TEAM + p]:
            if len_r != 1:
                weight -= 1
        elif second == lho and S[O_TEAM + lho] != S[O_TEAM + p]:
            weight += 22 if len_l != 1 else 16
        guarded = (second == lho and len_l != 1) or (second == rho and len_r != 1)
        guarded = guarded and S[O_TEAM + second] != S[O_TEAM + p]
        return weight + (18 if guarded else 45) + rrank
    if (top == rho or second == rho) and S[O_TEAM + rho] != S[O_TEAM + p]:
        if len_r != 1:
            weight -= 10
    elif top == lho and S[O_TEAM + lho] != S[O_TEAM + p] and second == partner and partner >= 0:
        if len_p != 1:
            weight += 31
    if partner >= 0 and second == partner and third == partner:
        weight += 35
    elif partner >= 0 and len_p > 1 and ((second == p and third == partner) or (second == partner and third == p)):
        weight += 25
    if top >= 0 and S[O_TEAM + top] != S[O_TEAM + p] and pop(suit_of(S[O_HANDS + top], s)) == 1:
        return weight + 28 + rrank
    if top == p:
        return weight - 17 + rrank
    if not sequence:
        return weight + 12 + rrank
    if second == p and (mine >> b) & 1 and b == _second_bit(rem):
        return weight + 48
    return weight + 29 - rrank


@njit(cache=True)
def _second_bit(rem):
    x = rem ^ (1 << hibit(rem))
    if x == 0:
        return -1
    return hibit(x)


@njit(cache=True)
def later_facts(S, W, ply, p, trump, led_suit, nlater):
    """What the seats ``W[ply, W_LATER:W_LATER + nlater]``, still to play to the trick
    after ``p``, can do: the highest card of the led suit among p's opponents and among
    its mates, and the highest trump an opponent void in the led suit could ruff with."""
    opp_top = -1
    mate_top = -1
    opp_ruff = -1
    for k in range(nlater):
        q = W[ply, W_LATER + k]
        held = suit_of(S[O_HANDS + q], led_suit)
        top = hibit(held) if held != 0 else -1
        ruff = -1
        if held == 0 and trump >= 0 and led_suit != trump:
            tr = suit_of(S[O_HANDS + q], trump)
            if tr != 0:
                ruff = hibit(tr)
        if S[O_TEAM + q] != S[O_TEAM + p]:
            if top > opp_top:
                opp_top = top
            if ruff > opp_ruff:
                opp_ruff = ruff
        elif top > mate_top:
            mate_top = top
    return opp_top, mate_top, opp_ruff


@njit(cache=True)
def follow_weight(S, n, p, trump, led_suit, w, my_side_wins, facts, c, sequence, held):
    """Weight of playing card ``c`` to a trick led in ``led_suit`` when ``w`` wins it so
    far; ``facts`` come from ``later_facts``; ``held``: the suit's cards still in the
    hands."""
    s = c >> 4
    b = c & 15
    opp_top, mate_top, opp_ruff = facts
    beats = (s == led_suit and (w >> 4) == led_suit and b > (w & 15)) or \
        (s == trump and ((w >> 4) != trump or b > (w & 15)))
    if s == led_suit:
        if (w >> 4) == led_suit:
            w_safe = (w & 15) > opp_top and opp_ruff < 0
        else:
            w_safe = opp_ruff < (w & 15)
        if my_side_wins and w_safe:
            return -b
        if beats and b > opp_top and opp_ruff < 0:
            # the cheapest card that surely wins the trick
            return 80 - b
        if mate_top > b and mate_top > opp_top and mate_top > (w & 15) and opp_ruff < 0:
            return -b
        if not beats:
            return -20 + pop(held & ((1 << b) - 1)) // 4 - b
        return (22 if sequence else 10) - b
    if s == trump and led_suit != trump:
        if my_side_wins and ((w >> 4) == trump or ((w & 15) > opp_top and opp_ruff < 0)):
            return -40 - b
        if beats and b > opp_ruff:
            return 60 - b
        return 15 - b
    # a discard: from a long suit, not from a guarded second card or a bare winner
    rem = held
    mine = suit_of(S[O_HANDS + p], s)
    length = pop(mine)
    weight = -b + (length << 6) // 33
    top_bit = hibit(rem)
    second = rem ^ (1 << top_bit)
    if length == 2 and second != 0 and (mine >> hibit(second)) & 1:
        weight -= 6
    elif length == 1 and (mine >> top_bit) & 1:
        weight -= 8
    if my_side_wins:
        weight += 60
    return weight
