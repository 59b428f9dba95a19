"""The compiled search kernel: one null-window "can the team reach ``target``?" search.

Cards are codes ``suit * 16 + power`` (power 0 lowest); a hand is a 64-bit mask with
bit ``code``. The kernel answers whether the maximising team's value from the current
state (the trick in progress included) is at least ``target``. Everything the search
needs is in three flat arrays (``layout.py``), so that one function serves every rule
set: the state ``S`` (hands, trick, rules, team, points, counters), the transposition
table ``TT`` (``ttable.py``) and the per-ply scratch ``W`` (moves, scores, runs, keys,
and the cards whose ranks the answer depended on, for partition search). The recursion
passes them by address, which keeps a call cheap (see ``search``).

Soundness of each shortcut is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import carray, njit, types
from numba.extending import intrinsic

import solvers.doubledummy.ttable as T
from solvers.numba_cache import drop_stale
from solvers.doubledummy.bits import hibit as _hibit, pop as _pop, popcount as _popcount, put_word as _put, \
    spread as _spread, suit_of as _suit, top_cards as _top_cards_of, word_at as _at, wrap
from solvers.doubledummy.layout import (
    C_CARD_PTS, C_LAST_ANY, C_MUST_HEAD, C_MUST_TRUMP, C_PARTITION, C_QUICK, C_RELATIVE, C_RULES_ID,
    C_SEATS, C_TEAMMASK, C_TRICK_PTS, C_TRUMP, C_UNEQUAL, CFG_SIZE, MAX_PLY, N_ABORTED, N_LIMIT, N_NODES,
    N_ROOT_MOVE, N_STATS, O_CFG, O_CPTS, O_CTR, O_HANDS, O_LPTS, O_ST, O_TEAM, O_TRICK, O_TSEAT, W_KEYS, W_KILLER,
    S_SIZE, W_FLIP, W_LEN, W_REM, W_TOTAL, W_MOVES, W_REL, W_RUNS, W_SAVED, W_SCORES, W_SEQ, W_STORE,
    WORK_SIZE,
    new_work, pack,
)
from solvers.doubledummy.order import discard_base, follow_low_first, follow_weight, later_facts, lead_plan_given, \
    lead_suit_plan, lead_weight, obvious_ruff, obvious_win, run_around
from solvers.doubledummy.quick import (
    all_trumps_and_a_ruff, crossruff_bound_rem, crossruff_then_trumps_rem, crossruff_tricks, guarded_second_trump_rem,
    hand_trump_wins, leader_side_short_rem, quick_bound_rem, quick_tricks_rem, remaining_cards, second_hand_tricks_rem,
    second_hand_trumps_kept, sure_trump_tricks_rem, trumps_under_the_top_rem, two_hand_trump_wins,
    winning_lead_then_crossruff,
)

# every kernel of this package is compiled or loaded after this: none may be stale
drop_stale(__file__)

__all__ = ["search", "first_move", "pack", "new_work", "legal", "winner_index", "next_seat", "tricks_left",
           "value_bounds", "CFG_SIZE", "MAX_PLY", "MAX_RULES_IDS"]

MAX_RULES_IDS = 1 << 16
# the lead that settled the last position at the same depth is tried early but does not
# override every other weight; a killer lead that wins the trick (a top card nobody can
# ruff, or the partner's) counts for more
KILLER_BONUS = 25
KILLER_WIN = 126
# the table's hint, the card that decided the last search of the same shape (a
# neighbour in the tree), is tried before any other lead but a winning killer; the
# different card that decided a search of the shape before it helps a little
HINT_BONUS = 110
HINT_BEFORE_BONUS = 25
# the third different card of the shape, before those two
HINT_THIRD_BONUS = 10
# a hint's field for "no card" (the last card may be gone while the one before is not)
NO_HINT = 127
# a follower's killer: the card that settled the last position at the same depth where
# the same card was led and the same card was winning the trick; it is tried before
# every weight (DDS has no such rule; docs: eleventh round A)
FOLLOW_KILLER_BONUS = 200
# the follower's killer key's "card led" for a follower void in the led suit: this + the
# suit (above every card code, so never a led card's)
VOID_LED = 64
# no card searched yet in any suit: 16 in each suit's byte of ``search``'s ``tried``
TRIED_NONE = 0x10101010
# -1 read from an array, which numba types as a plain int64, not as the literal -1 (a
# literal argument would compile another copy of the function it is passed to)
_UNKNOWN = np.full(1, -1, dtype=np.int64)
# a follower's ply never stores a table entry (that is done at trick boundaries), so
# its row keeps there the trick the follower's killer belongs to
W_FOLLOW_KEY = W_STORE
SUIT_MASK = 0xFFFF
# count the side on lead's ruffs in both hands among the sure tricks
CROSSRUFF = True
# the crossruff followed by one hand's top trumps, and opponents without trumps not capping it
CROSSRUFF_TRUMPS = True
# one or two tricks won by leads nobody can beat, then the crossruff or the quick tricks
# from the seat that won: off, since it searches 8% fewer nodes but takes about 10% more
# CPU time (see docs/doubledummy.md, eighth round B)
LEAD_THEN_CROSSRUFF = False
# a follower's card that surely wins the trick (the cheapest), and a void follower's
# cheapest ruff above every later opponent's, emitted alone, the other cards ordered only
# when it does not settle the position: off, the same nodes and no less CPU (the second
# ordering when the card fails costs what the first one saves; docs: ninth round A)
LAZY_WIN = False
LAZY_RUFF = False
# either: the search's second ordering call, after an obvious card alone, is compiled
# only then
LAZY = LAZY_WIN or LAZY_RUFF
# how many such winning leads in a row
LEAD_DEPTH = 2
# tried only when the quick tricks fall at most this short of the target (0: always)
LEAD_GAP = 0
# skip the quick tricks and the crossruff when an upper bound on both falls short: the
# same nodes; it falls short at about half the boundaries where they are counted, and
# reading the boundary's remaining cards and the side's cards once made it cheaper than
# what it saves (docs: ninth round B, off then; tenth round B)
QUICK_BOUND = True
# with QUICK_BOUND, the winning-lead count is tried only when that bound is at most this
# short of the tricks needed
LEAD_SLACK = 1
# skip the crossruff count when its bound from trump lengths and voids falls short
CROSS_BOUND = True
# before the second card of a trick in a trump game, the second hand's side counts the
# top trumps it keeps through the trick it surely wins (see docs: second hand)
SECOND_HAND_TRUMPS = True
# the side on lead holding every trump counts a ruff by a void hand of the side and then
# each of the leader's trumps (``quick.all_trumps_and_a_ruff``)
ALL_TRUMPS_RUFF = True
# either side counts the trumps of one of its hands that surely win, each matched against
# the opponents' higher trumps (``quick.hand_trump_wins``)
HAND_TRUMP_WINS = True
# and, where a hand playing a trump may play any of its trumps, two hands' highest trumps
# together, as many as the longer hand holds, the others played beside them
# (``quick.two_hand_trump_wins``)
TWO_HAND_TRUMPS = True


@intrinsic
def _address(typingctx, addr):
    """The int64 ``addr`` as a pointer to int64."""
    sig = types.CPointer(types.int64)(types.int64)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(types.CPointer(types.int64)))
    return sig, codegen


@njit(cache=True, inline="always")
def _row(W, ply, k):
    """Word ``k`` of scratch row ``ply`` (both never negative), read by unsigned indexes:
    numba checks a signed index for a negative value before each access."""
    return W[np.uint64(ply), np.uint64(k)]


@njit(cache=True, inline="always")
def _set_row(W, ply, k, v):
    """Write ``v`` to word ``k`` of scratch row ``ply`` by unsigned indexes (``_row``)."""
    W[np.uint64(ply), np.uint64(k)] = v


@njit(cache=True, inline="always")
def _beats(c, w, trump):
    """Does card ``c`` beat the currently winning card ``w``?"""
    cs = c >> 4
    ws = w >> 4
    if cs == ws:
        return (c & 15) > (w & 15)
    return cs == trump


@njit(cache=True, inline="always")
def winner_index(S, tlen):
    """Index in the trick of the card winning it so far."""
    trump = S[O_CFG + C_TRUMP]
    best = 0
    for i in range(1, tlen):
        if _beats(S[O_TRICK + i], S[O_TRICK + best], trump):
            best = i
    return best


@njit(cache=True, inline="always")
def legal(S, h, tlen):
    """Mask of the cards of hand ``h`` that may be played now."""
    if tlen == 0:
        return h
    trump = S[O_CFG + C_TRUMP]
    led = S[O_TRICK] >> 4
    allowed = h & (np.int64(SUIT_MASK) << (16 * led))
    if allowed == 0:
        allowed = h
        if S[O_CFG + C_MUST_TRUMP] != 0 and trump >= 0:
            trumps = h & (np.int64(SUIT_MASK) << (16 * trump))
            if trumps != 0:
                allowed = trumps
    if S[O_CFG + C_MUST_HEAD] != 0:
        w = S[O_TRICK + winner_index(S, tlen)]
        ws = w >> 4
        above = (np.int64(SUIT_MASK) << (16 * ws)) & ~((np.int64(2) << w) - 1)
        winners = allowed & above
        if trump >= 0 and ws != trump:
            winners |= allowed & (np.int64(SUIT_MASK) << (16 * trump))
        if winners != 0:
            allowed = winners
    return allowed


@njit(cache=True)
def next_seat(S, after, n):
    """The next seat after ``after`` that still holds cards."""
    s = wrap(after + 1, n)
    while S[O_HANDS + s] == 0:
        s = wrap(s + 1, n)
    return s


@njit(cache=True, inline="always")
def tricks_left(S, n, unequal):
    """Tricks still to be played from a trick boundary."""
    if unequal == 0:
        for s in range(n):
            if S[O_HANDS + s] != 0:
                return _popcount(S[O_HANDS + s])
        return 0
    most = 0
    for s in range(n):
        c = _popcount(S[O_HANDS + s])
        if c > most:
            most = c
    return most


@njit(cache=True, inline="always")
def value_bounds(S, n, tricks):
    """Least and most the team can still score (it may win every trick or none)."""
    lo = 0
    hi = 0
    tp = S[O_CFG + C_TRICK_PTS]
    if S[O_CFG + C_LAST_ANY] == 0:
        # no trick scores more for being late: each scores ``tp``
        if tp > 0:
            hi = tricks * tp
        else:
            lo = tricks * tp
    else:
        for k in range(tricks):
            v = tp + S[O_LPTS + k]
            if v > 0:
                hi += v
            else:
                lo += v
    if S[O_CFG + C_CARD_PTS] != 0:
        for p in range(n):
            for s in range(4):
                x = _suit(S[O_HANDS + p], s)
                while x != 0:
                    b = _hibit(x)
                    x ^= 1 << b
                    v = S[O_CPTS + 16 * s + b]
                    if v > 0:
                        hi += v
                    else:
                        lo += v
    return lo, hi


@njit(cache=True, inline="always")
def _position_keys(S, W, ply, n):
    """Fill row ``ply`` with the shape key, each suit's owner sequence (high to low, 3
    bits a card) and each suit's remaining length, from the remaining cards in the row
    (``_boundary``)."""
    shape0 = np.int64(0)
    shape1 = np.int64(0)
    for s in range(4):
        # the boundary's remaining cards, already in the row
        rem = W[ply, W_REM + s]
        seq = np.int64(0)
        for p in range(n):
            x = _suit(S[O_HANDS + p], s)
            count = np.int64(_pop(x))
            if s < 2:
                shape0 |= count << (28 * s + 4 * p)
            else:
                shape1 |= count << (28 * (s - 2) + 4 * p)
            if x != 0:
                # the k-th lowest card of the suit puts its owner (plus one, at most 7)
                # at bits 3k..3k+2
                seq += np.int64(p + 1) * _spread(x, rem)
        W[ply, W_SEQ + s] = seq
        W[ply, W_LEN + s] = _pop(rem)
    W[ply, W_KEYS] = shape0
    W[ply, W_KEYS + 1] = shape1


@njit(cache=True)
def _card_from_top(W, ply, s, k):
    """Code of the card ``k`` places from the top of suit ``s`` (-1 if none), from the
    remaining cards in row ``ply`` (a trick boundary's)."""
    rem = W[ply, W_REM + s]
    for _ in range(k):
        if rem == 0:
            return -1
        rem ^= 1 << _hibit(rem)
    if rem == 0:
        return -1
    return 16 * s + _hibit(rem)


@njit(cache=True)
def _index_from_top(W, ply, c):
    """Card ``c`` as its suit times 16 plus its place from the top among the remaining
    cards in row ``ply`` (a trick boundary's)."""
    s = c >> 4
    rem = W[ply, W_REM + s]
    return 16 * s + _pop(rem >> ((c & 15) + 1))


@njit(cache=True, inline="always")
def _tt_probe(S, TT, W, ply, n, target):
    """1 / 0 when a stored entry settles ``target``, -1 otherwise (sets the relevant
    cards of row ``ply``); also the cards to try first, those that decided the last
    searches of the same shape (``_hint_card``; -1 if none)."""
    flip = W[ply, W_FLIP]
    if flip != 0:
        # the table holds the other team's value: reaching ``target`` means holding the
        # other team below total - target + 1
        target = W[ply, W_TOTAL] - target + 1
    e, hint = T.lookup(TT, W, ply, W_KEYS, W_SEQ, target)
    if e >= 0:
        mask = np.int64(0)
        for s in range(4):
            mask |= _top_cards_of(W[ply, W_REM + s], T.entry_covered(TT, e, s)) << (16 * s)
        W[ply, W_REL] = mask
        lo, _ = T.entry_bounds(TT, e)
        reached = lo >= target
        if flip != 0:
            reached = not reached
        return (1 if reached else 0), -1
    return -1, _hint_card(W, ply, hint)


@njit(cache=True, inline="always")
def _hint_card(W, ply, hint):
    """The cards a lookup's hint names (each by its place from the top of its suit): the
    last card's code (``NO_HINT`` if gone), plus the code of the one before plus one
    shifted by ``T.HINT_SHIFT``, plus the third's plus one shifted by twice that (0 for
    one gone or none); -1 if none is left."""
    if hint < 0:
        return -1
    field = (1 << T.HINT_SHIFT) - 1
    first = hint & field
    c = _card_from_top(W, ply, (first >> 4) & 3, first & 15)
    out = np.int64(c if c >= 0 else NO_HINT)
    left = c >= 0
    for k in range(1, 3):
        code = ((hint >> (k * T.HINT_SHIFT)) & field) - 1
        if code >= 0:
            c2 = _card_from_top(W, ply, (code >> 4) & 3, code & 15)
            if c2 >= 0:
                out += np.int64(c2 + 1) << (k * T.HINT_SHIFT)
                left = True
    return out if left else -1


@njit(cache=True, inline="always")
def _tt_store(S, TT, W, ply, n, target, ok, relevant, best):
    """Store the answer for the cards in ``relevant`` (widened to whole top runs);
    return the widened mask."""
    partition = S[O_CFG + C_PARTITION]
    widened = np.int64(0)
    for s in range(4):
        length = W[ply, W_LEN + s]
        r = length
        # the position is the one whose keys are in the row: its remaining cards too
        rem = W[ply, W_REM + s]
        if partition != 0:
            mine = _suit(relevant, s) & rem
            if mine == 0:
                r = 0
            else:
                low = mine & -mine
                r = _pop(rem & ~(low - 1))
        # the owner sequence holds the highest card in its top bits
        mask = ((np.int64(1) << (3 * r)) - 1) << (3 * (length - r))
        _set_row(W, ply, W_STORE + s, mask)
        _set_row(W, ply, W_STORE + 4 + s, _row(W, ply, W_SEQ + s) & mask)
        _set_row(W, ply, W_STORE + 8 + s, r)
        widened |= _top_cards_of(rem, r) << (16 * s)
    if W[ply, W_FLIP] != 0:
        target = W[ply, W_TOTAL] - target + 1
        ok = not ok
    T.store(TT, W, ply, W_KEYS, W_STORE, target, ok, _index_from_top(W, ply, best) if best >= 0 else -1)
    return widened


@njit(cache=True, inline="always")
def _single_run(S, legal_mask, live):
    """Are the legal cards one run of touching cards of one suit (with equal points)?
    ``live``: every card in the hands or on the current trick."""
    first = -1
    for s in range(4):
        if _suit(legal_mask, s) != 0:
            if first >= 0:
                return False
            first = s
    m = _suit(legal_mask, first)
    if _pop(m) == 1:
        return True
    rem = _suit(live, first)
    low = m & -m
    span = rem & ~(low - 1) & ((2 << _hibit(m)) - 1)
    if span != m:
        return False
    if S[O_CFG + C_CARD_PTS] != 0:
        v = S[O_CPTS + 16 * first + _hibit(m)]
        x = m
        while x != 0:
            b = _hibit(x)
            x ^= 1 << b
            if S[O_CPTS + 16 * first + b] != v:
                return False
    return True


@njit(cache=True, inline="always")
def _one_move(W, ply, s, run):
    """Row ``ply`` holds the one card of ``run`` (suit ``s``); -1 says the rest are not
    ordered yet (``_order_given``)."""
    _set_row(W, ply, W_MOVES, 16 * s + _hibit(run))
    _set_row(W, ply, W_SCORES, 0)
    _set_row(W, ply, W_RUNS, run << (16 * s))
    return -1


@njit(cache=True, inline="always")
def _low_first(W, ply, s, m, rem, first):
    """Row ``ply`` holds one card per run of ``m`` (suit ``s``; ``rem``: its live cards),
    the lowest run first; but the run holding card ``first`` (a code, -1 for none) before
    them all."""
    count = 0
    x = m
    if first >= 0 and (first >> 4) == s and (m >> (first & 15)) & 1:
        run = run_around(m, rem, first & 15)
        x &= ~run
        _set_row(W, ply, W_MOVES, 16 * s + _hibit(run))
        _set_row(W, ply, W_SCORES, 0)
        _set_row(W, ply, W_RUNS, run << (16 * s))
        count = 1
    while x != 0:
        run = run_around(m, rem, _hibit(x & -x))
        x &= ~run
        _set_row(W, ply, W_MOVES + count, 16 * s + _hibit(run))
        _set_row(W, ply, W_SCORES + count, 0)
        _set_row(W, ply, W_RUNS + count, run << (16 * s))
        count += 1
    return count


@njit(cache=True, inline="always")
def _insert_move(W, ply, count, c, score, run):
    """Put card ``c`` (its ``score`` and ``run``) into row ``ply``'s ``count`` ordered moves,
    best score first and after the moves of equal score already there."""
    j = count - 1
    while j >= 0 and _row(W, ply, W_SCORES + j) < score:
        _set_row(W, ply, W_MOVES + j + 1, _row(W, ply, W_MOVES + j))
        _set_row(W, ply, W_SCORES + j + 1, _row(W, ply, W_SCORES + j))
        _set_row(W, ply, W_RUNS + j + 1, _row(W, ply, W_RUNS + j))
        j -= 1
    _set_row(W, ply, W_MOVES + j + 1, c)
    _set_row(W, ply, W_SCORES + j + 1, score)
    _set_row(W, ply, W_RUNS + j + 1, run)


@njit(cache=True, inline="always")
def _next_run(S, s, m, x, rem, card_pts):
    """The highest run of equivalent cards among the candidates ``x`` (cards of ``m``, the
    legal cards of suit ``s``, not yet ordered; ``rem`` the suit's live cards): cards with
    no live card between them and, with card points, the same points. Returns its highest
    card ``b`` and lowest card (powers), the run as a 64-bit mask and ``x`` less the run."""
    b = _hibit(x)
    x ^= 1 << b
    lowest = b
    while x != 0:
        b2 = _hibit(x)
        between = rem & ((1 << lowest) - 1) & ~((2 << b2) - 1)
        if between != 0:
            break
        if card_pts != 0 and S[O_CPTS + 16 * s + b2] != S[O_CPTS + 16 * s + b]:
            break
        lowest = b2
        x ^= 1 << b2
    run = (np.int64((m >> lowest) << lowest) & ((np.int64(2) << b) - 1)) << (16 * s)
    return b, lowest, run, x


@njit(cache=True, inline="always")
def _follow_killer(W, ply, tlen, led_card, w):
    """The follower's killer at ``ply`` (-1 if none): the card that settled the last
    position at this depth with the same card led (``led_card``; ``VOID_LED`` + the led
    suit for a follower void in it) and the same card winning the trick so far (``w``).
    The search keeps the card that settles a position in ``W_KILLER`` at every depth; it
    is forgotten here whenever the trick's led or winning card changes."""
    key = np.int64(tlen) | (np.int64(led_card) << 4) | (np.int64(w) << 11)
    if W[ply, W_FOLLOW_KEY] != key:
        W[ply, W_FOLLOW_KEY] = key
        W[ply, W_KILLER] = -1
        return -1
    return W[ply, W_KILLER]


@njit(cache=True, inline="always")
def _order_follow(S, W, ply, p, legal_mask, tlen, mode, held, live):
    """``_order_given`` for a seat following to a trick (``tlen`` > 0) whose legal cards
    are not one run. A follower has no table hint (the table is probed at trick
    boundaries only), so the weights, the follower's killer and the low-first and lazy
    shortcuts decide the order."""
    n = S[O_CFG + C_SEATS]
    trump = S[O_CFG + C_TRUMP]
    card_pts = S[O_CFG + C_CARD_PTS]
    led = S[O_TRICK] >> 4
    wi = winner_index(S, tlen)
    w = S[O_TRICK + wi]
    led_key = S[O_TRICK]
    if _suit(legal_mask, led) == 0:
        # a void follower discards or ruffs whatever the led card's rank: its killer is
        # kept across leads of the suit (the winning card still counts)
        led_key = VOID_LED + led
    fkiller = _follow_killer(W, ply, tlen, led_key, w)
    my_side_wins = S[O_TEAM + S[O_TSEAT + wi]] == S[O_TEAM + p]
    facts = (-1, -1, -1, -1, -1, -1)
    # cards the weights would order lowest first need no weights; lazy: the card the
    # weights would put first, alone, when it is plain without them
    lm = _suit(legal_mask, led)
    plain = mode > 0 and card_pts == 0 and (lm << (16 * led)) == legal_mask
    lazy = mode > 1
    if plain and follow_low_first(lm, led, w, my_side_wins, facts, False):
        return _low_first(W, ply, led, lm, _suit(live, led), fkiller)
    facts = later_facts(S, n, p, trump, led, S[O_ST + 2] - 1 - tlen, S[O_CFG + C_UNEQUAL])
    if plain:
        if follow_low_first(lm, led, w, my_side_wins, facts, True):
            return _low_first(W, ply, led, lm, _suit(live, led), fkiller)
        # with a killer, the obvious card is not the one ordered first
        if lazy and LAZY_WIN and fkiller < 0:
            run = obvious_win(lm, _suit(live, led), w, facts)
            if run != 0:
                return _one_move(W, ply, led, run)
    elif lazy and LAZY_RUFF and card_pts == 0 and lm == 0 and trump >= 0 and led != trump \
            and not my_side_wins and fkiller < 0:
        tm = _suit(legal_mask, trump)
        if tm != 0:
            run = obvious_ruff(tm, _suit(live, trump), trump, w, facts)
            if run != 0:
                return _one_move(W, ply, trump, run)
    count = 0
    for s in range(4):
        m = _suit(legal_mask, s)
        if m == 0:
            continue
        rem = _suit(live, s)
        suit_held = _suit(held, s)
        # a discard's weight is its suit's part less its rank
        base = 0
        if s != led and s != trump:
            base = discard_base(_suit(S[O_HANDS + p], s), suit_held, my_side_wins)
        x = m
        while x != 0:
            b, lowest, run, x = _next_run(S, s, m, x, rem, card_pts)
            c = 16 * s + b
            score = follow_weight(trump, led, w, my_side_wins, facts, c, lowest != b, suit_held, base)
            if fkiller >= 0 and (run >> fkiller) & 1:
                score += FOLLOW_KILLER_BONUS
            _insert_move(W, ply, count, c, score, run)
            count += 1
    return count


@njit(cache=True, inline="always")
def _live_cards(W, ply, tlen):
    """Every live card (in the hands or on the current trick): the remaining cards the
    boundary where this trick began left in its row (``ply - tlen``); -1 when the search
    began inside the trick and has no such row."""
    if ply < tlen:
        return np.int64(-1)
    b = ply - tlen
    return _row(W, b, W_REM) | (_row(W, b, W_REM + 1) << 16) | (_row(W, b, W_REM + 2) << 32) \
        | (_row(W, b, W_REM + 3) << 48)


@njit(cache=True, inline="always")
def _lead_facts(S, n, p, trump):
    """Once for a lead's suits: the cards of ``p``'s opponents, and the suits (a bit
    each) that an opponent holding a trump is void in (``lead_suit_plan``'s ruffs)."""
    team_p = _at(S, O_TEAM + p)
    opp_all = np.int64(0)
    void_ruff = 0
    for q in range(n):
        hq = _at(S, O_HANDS + q)
        if _at(S, O_TEAM + q) != team_p:
            opp_all |= hq
            if trump >= 0 and _suit(hq, trump) != 0:
                for s in range(4):
                    if _suit(hq, s) == 0:
                        void_ruff |= 1 << s
    return opp_all, void_ruff


@njit(cache=True, inline="always")
def _top_owners(seq, length):
    """The seats holding the three highest of ``length`` cards of a suit (-1 for none),
    from its owner sequence (``_position_keys``: each card's owner plus one, 3 bits a
    card, the highest card at the top)."""
    top = ((seq >> (3 * (length - 1))) & 7) - 1
    second = ((seq >> (3 * (length - 2))) & 7) - 1 if length >= 2 else -1
    third = ((seq >> (3 * (length - 3))) & 7) - 1 if length >= 3 else -1
    return top, second, third


@njit(cache=True, inline="always")
def _order_given(S, W, ply, p, legal_mask, tlen, hint, mode, known):
    """Fill row ``ply`` with one card per run of equivalent legal cards, best guesses
    first. ``mode`` 0: by the weights of ``order.py`` alone; 1: the same order, the
    follower's cards the weights would order lowest first emitted so without weights;
    2 (lazy): also, when the weights would surely put one run first, that run's card
    alone, returning -1; the caller orders every card (mode 1) only if that card does
    not settle the position, and the first of them is the same card.

    ``known``: the live cards (``_live_cards``) from a caller that found the legal
    cards not one run (``_one_run``, which tells them all but for cards with points)
    and, for a lead, left the position's owner sequences in row ``ply`` (the search's
    boundary does); -1: none of it is known, the live cards and the owners are gathered
    from the hands and the single run is checked."""
    n = S[O_CFG + C_SEATS]
    if known < 0:
        # every live card: the hands and the current trick
        held = np.int64(0)
        for q in range(n):
            held |= S[O_HANDS + q]
        live = held
        for i in range(tlen):
            live |= np.int64(1) << S[O_TRICK + i]
    else:
        live = known
        held = live
        for i in range(tlen):
            held &= ~(np.int64(1) << S[O_TRICK + i])
    # a single run of equivalent cards is one move and needs no weights
    if (known < 0 or S[O_CFG + C_CARD_PTS] != 0) and _single_run(S, legal_mask, live):
        if tlen > 0:
            # a forced card is no killer for the next follower at this depth: forget it
            W[ply, W_FOLLOW_KEY] = 0
        m = legal_mask
        c = _hibit(m)
        W[ply, W_MOVES] = c
        W[ply, W_SCORES] = 0
        W[ply, W_RUNS] = m
        return 1
    if tlen > 0:
        return _order_follow(S, W, ply, p, legal_mask, tlen, mode, held, live)
    trump = S[O_CFG + C_TRUMP]
    card_pts = S[O_CFG + C_CARD_PTS]
    count = 0
    lho = wrap(p + 1, n)
    rho = wrap(p + n - 1, n)
    partner = -1
    left = tricks_left(S, n, S[O_CFG + C_UNEQUAL])
    for k in range(1, n):
        q = wrap(p + k, n)
        if S[O_TEAM + q] == S[O_TEAM + p]:
            partner = q
            break
    killer = W[ply, W_KILLER]
    hint_card = -1
    hint_before = -1
    hint_third = -1
    if hint >= 0:
        field = (1 << T.HINT_SHIFT) - 1
        hint_card = hint & field
        if hint_card == NO_HINT:
            hint_card = -1
        hint_before = ((hint >> T.HINT_SHIFT) & field) - 1
        hint_third = (hint >> (2 * T.HINT_SHIFT)) - 1
    opp_all, void_ruff = _lead_facts(S, n, p, trump) if known >= 0 else (np.int64(0), 0)
    for s in range(4):
        m = _suit(legal_mask, s)
        if m == 0:
            continue
        rem = _suit(live, s)
        if known >= 0:
            # the boundary's row holds the owners of each suit's cards (``_position_keys``)
            top, second, third = _top_owners(_row(W, ply, W_SEQ + s), _pop(rem))
            plan = lead_plan_given(S, n, p, trump, s, left, partner, lho, rho, rem, opp_all,
                                   trump >= 0 and s != trump and (void_ruff >> s) & 1 != 0, top, second, third)
        else:
            plan = lead_suit_plan(S, n, p, trump, s, left, partner, lho, rho)
        x = m
        while x != 0:
            b, lowest, run, x = _next_run(S, s, m, x, rem, card_pts)
            c = 16 * s + b
            score = lead_weight(b, lowest != b, plan)
            if hint_card >= 0 and (run >> hint_card) & 1:
                score += HINT_BONUS
            if hint_before >= 0 and (run >> hint_before) & 1:
                score += HINT_BEFORE_BONUS
            if hint_third >= 0 and (run >> hint_third) & 1:
                score += HINT_THIRD_BONUS
            if killer >= 0 and (run >> killer) & 1:
                score += KILLER_WIN if (plan[2] or (plan[3] and b == plan[1])) else KILLER_BONUS
            _insert_move(W, ply, count, c, score, run)
            count += 1
    return count


@njit(cache=True, inline="always")
def _one_run(S, W, ply, tlen, legal_mask):
    """Are the legal cards one run of equivalent cards (``_single_run``), told without the
    live cards' pass over the hands? One card always is; several need every card of
    their suit between them to be live, and the boundary where this trick began (row
    ``ply - tlen``, whose remaining cards are the cards live during the whole trick)
    says which are; a search that began inside this trick has no such row, and cards
    with points need their points compared: both are left to ``_order_given``."""
    if legal_mask & (legal_mask - 1) == 0:
        return True
    if ply < tlen or S[O_CFG + C_CARD_PTS] != 0:
        return False
    s = _hibit(legal_mask) >> 4
    m = _suit(legal_mask, s)
    if (np.int64(m) << (16 * s)) != legal_mask:
        return False
    low = m & -m
    return (W[ply - tlen, W_REM + s] & ~(low - 1) & ((2 << _hibit(m)) - 1)) == m


@njit(cache=True)
def _order_known(s_addr, w_addr, ply, p, legal_mask, tlen, hint, mode, known):
    """``_order_given`` on the state and the scratch rows given by the addresses of their
    data, as ``search`` gets them: the call passes two addresses instead of every field
    of two arrays, and views made here carry no reference count to update."""
    S = carray(_address(s_addr), (S_SIZE,))
    W = carray(_address(w_addr), (MAX_PLY, WORK_SIZE))
    return _order_given(S, W, ply, p, legal_mask, tlen, hint, mode, known)


@njit(cache=True)
def _order_at(s_addr, w_addr, ply, p, legal_mask, tlen, hint, mode):
    """``_order_given`` by addresses with nothing known (``_order_known``). Every
    argument reaches ``_order_known`` as a plain int64, as from Python: numba compiles a
    separate copy for each literal it is called with, so this and a direct call share
    one compiled copy."""
    return _order_known(s_addr, w_addr, ply, p, legal_mask, tlen, hint, mode, _UNKNOWN[0])


@njit(cache=True, inline="always")
def _settles(side, sure, tp, target, hi):
    """1 / 0 when ``sure`` tricks (of ``tp`` points each) surely won by side ``side``
    (1: the maximising team, 0: the other, -1: none) settle ``target`` (``hi``: the most
    the team can still score), else -1."""
    if side == 1 and sure * tp >= target:
        return 1
    if side == 0 and hi - sure * tp < target:
        return 0
    return -1


@njit(cache=True, inline="always")
def _side_trump_wins(S, n, trump, trem, side, limit):
    """The tricks side ``side`` surely takes with its trumps, two hands' together
    (``quick.two_hand_trump_wins``) or one hand's (``quick.hand_trump_wins``), stopping
    at ``limit``, and the trumps relied on."""
    if TWO_HAND_TRUMPS and S[O_CFG + C_MUST_HEAD] == 0:
        # a pair's count is at least each of its hands' own: one hand is counted only
        # when no two hands of the side hold trumps
        pair, pair_used = two_hand_trump_wins(S, n, trump, trem, side, limit)
        if pair > 0:
            return pair, pair_used
    return hand_trump_wins(S, n, trump, trem, side, limit)


@njit(cache=True, inline="always")
def _hand_trumps_settle(S, n, trump, trem, tp, target, hi):
    """1 / 0 when the trumps of one hand of a side, or of two of its hands together
    (``_side_trump_wins``), settle ``target`` for that side, either side tried, with the
    trumps relied on; else -1."""
    # a side's count is at most its longest trump hand (the two hands' count too: it
    # counts as many trumps as the longer hand holds): a side that many tricks do not
    # settle the target for is not counted
    ours = 0
    theirs = 0
    for p in range(n):
        length = _pop(_suit(S[O_HANDS + p], trump))
        if S[O_TEAM + p] != 0:
            ours = max(ours, length)
        else:
            theirs = max(theirs, length)
    # the maximising team reaches the target / the other team holds it below
    if _settles(1, ours, tp, target, hi) >= 0:
        up, up_used = _side_trump_wins(S, n, trump, trem, 1, (target + tp - 1) // tp)
        if _settles(1, up, tp, target, hi) >= 0:
            return 1, up_used
    if _settles(0, theirs, tp, target, hi) >= 0:
        down, down_used = _side_trump_wins(S, n, trump, trem, 0, (hi - target) // tp + 1)
        if _settles(0, down, tp, target, hi) >= 0:
            return 0, down_used
    return -1, np.int64(0)


@njit(cache=True, inline="always")
def _sure_tricks(S, W, ply, n, target, hi):
    """1 / 0 when the tricks one side surely takes settle ``target`` (setting the
    relevant cards of row ``ply``), else -1."""
    leader = S[O_ST + 1]
    trump = S[O_CFG + C_TRUMP]
    tp = S[O_CFG + C_TRICK_PTS]
    # every count reads the boundary's remaining cards from the row (``_boundary``)
    rem = (W[ply, W_REM], W[ply, W_REM + 1], W[ply, W_REM + 2], W[ply, W_REM + 3])
    trem = rem[trump] if trump >= 0 else 0
    # the tricks that settle the target: reaching it, or holding the team below it
    if tp == 1:
        needed = target if S[O_TEAM + leader] != 0 else hi - target + 1
    elif S[O_TEAM + leader] != 0:
        needed = (target + tp - 1) // tp
    else:
        needed = (hi - target) // tp + 1
    # the quick tricks cannot reach ``needed`` when their cheap upper bound (the suits
    # the side tops) falls short of it, nor the crossruff when its own bound does (see
    # docs: the bound on the sure tricks)
    quick_part = quick_bound_rem(S, n, leader, trump, rem) if QUICK_BOUND else needed
    cross_part = 0
    q = 0
    used = np.int64(0)
    if quick_part >= needed:
        q, used = quick_tricks_rem(S, n, leader, trump, needed, rem)
    if q < needed and CROSSRUFF and trump >= 0 and n == 4:
        cross_part = crossruff_bound_rem(S, leader, trump, trem) if CROSS_BOUND or QUICK_BOUND else needed
        if cross_part >= needed:
            if CROSSRUFF_TRUMPS:
                r, r_used = crossruff_then_trumps_rem(S, leader, trump, trem)
            else:
                r = crossruff_tricks(S, n, leader, trump)
                r_used = np.int64(0)
            if r >= needed:
                # only the shape and the top trumps kept for after the crossruff matter
                q = r
                used = r_used
    bound = max(quick_part, cross_part) if QUICK_BOUND else needed
    if q < needed and LEAD_THEN_CROSSRUFF and bound + LEAD_SLACK >= needed \
            and (LEAD_GAP == 0 or needed - q <= LEAD_GAP):
        r, r_used = winning_lead_then_crossruff(S, n, leader, trump, needed, LEAD_DEPTH)
        if r >= needed:
            q = r
            used = r_used
    if q < needed and ALL_TRUMPS_RUFF and trem != 0:
        r = all_trumps_and_a_ruff(S, n, leader, trump)
        if r >= needed:
            # the shape alone
            q = r
            used = np.int64(0)
    hit = _settles(S[O_TEAM + leader], q, tp, target, hi)
    if hit >= 0:
        W[ply, W_REL] = used
        return hit
    if trump >= 0 and trem != 0:
        # both trump counts below take at most the longest trump holding: skipped when
        # that many tricks settle the target for neither side
        longest = 0
        for p in range(n):
            longest = max(longest, _pop(_suit(S[O_HANDS + p], trump)))
        if _settles(1, longest, tp, target, hi) >= 0 or _settles(0, longest, tp, target, hi) >= 0:
            side, sure, used = sure_trump_tricks_rem(S, n, trump, trem)
            hit = _settles(side, sure, tp, target, hi)
            if hit < 0:
                # the other side's run of trumps just below the highest
                side, sure, used = trumps_under_the_top_rem(S, n, trump, trem)
                hit = _settles(side, sure, tp, target, hi)
            if hit < 0 and HAND_TRUMP_WINS and tp > 0:
                hit, used = _hand_trumps_settle(S, n, trump, trem, tp, target, hi)
            if hit >= 0:
                W[ply, W_REL] = used
                return hit
    # a trick surely won by one side settles a target that needs every trick
    if hi - tp < target or target <= tp:
        side = -1
        if trump >= 0:
            side, used = guarded_second_trump_rem(S, n, leader, trump, trem)
        if side == 0 and hi - tp < target:
            W[ply, W_REL] = used
            return 0
        if side == 1 and target <= tp:
            W[ply, W_REL] = used
            return 1
        # without trumps in play, the side on lead takes every trick only if the suits
        # whose highest card it holds are long enough (see docs: later tricks)
        if trem == 0:
            most, used = leader_side_short_rem(S, n, leader, rem)
            if (most + 1) * tp <= hi:
                if S[O_TEAM + leader] != 0 and hi - tp < target:
                    W[ply, W_REL] = used
                    return 0
                if S[O_TEAM + leader] == 0 and target <= tp:
                    W[ply, W_REL] = used
                    return 1
    return -1


@njit(cache=True, inline="always")
def _boundary(S, TT, W, ply, n, target):
    """Checks at a trick boundary: 1 / 0 when the bounds, the sure tricks or the table
    settle ``target``, else -1 with the table's move hint (the shape key is left in row
    ``ply`` for the store)."""
    S[O_CTR + N_STATS] += 1
    tricks = tricks_left(S, n, S[O_CFG + C_UNEQUAL])
    if tricks == 0:
        return (1 if 0 >= target else 0), -1
    lo, hi = value_bounds(S, n, tricks)
    # each suit's remaining cards, read by the sure tricks, the table keys, the probe
    # and the store
    rem = remaining_cards(S, n)
    for s in range(4):
        W[ply, W_REM + s] = rem[s]
    # the root always searches its cards, so that it can name the one that decides
    if ply == 0:
        _table_keys(S, W, ply, n, lo + hi)
        return -1, -1
    if target <= lo:
        return 1, -1
    if target > hi:
        return 0, -1
    if S[O_CFG + C_QUICK] != 0:
        hit = _sure_tricks(S, W, ply, n, target, hi)
        if hit >= 0:
            S[O_CTR + N_STATS + 1] += 1
            return hit, -1
    _table_keys(S, W, ply, n, lo + hi)
    hit, hint = _tt_probe(S, TT, W, ply, n, target)
    if hit >= 0:
        S[O_CTR + N_STATS + 2] += 1
    return hit, hint


@njit(cache=True, inline="always")
def _table_keys(S, W, ply, n, total):
    """The shape key and owner sequences of the position, in row ``ply``.

    The key names the team holding seat 0: the two teams' values add up to ``total``
    (every point still to be scored), so a bound for one team is a bound for the other,
    and searches in which the other team maximises (another seat on lead at the start,
    as in the four leaders of a table) share the entries."""
    _position_keys(S, W, ply, n)
    team = S[O_CFG + C_TEAMMASK]
    flip = 0
    if team & 1 == 0:
        team ^= (1 << n) - 1
        flip = 1
    W[ply, W_FLIP] = flip
    W[ply, W_TOTAL] = total
    W[ply, W_KEYS + 2] = S[O_ST + 1] | (team << 3) | (S[O_ST + 2] << 11) \
        | (S[O_CFG + C_RULES_ID] << 16)
    key3 = np.int64(0)
    if S[O_CFG + C_RELATIVE] == 0:
        for q in range(n):
            key3 |= S[O_HANDS + q]
    W[ply, W_KEYS + 3] = key3


@njit(cache=True, inline="always")
def _second_hand(S, W, ply, n, p, target):
    """1 / 0 when the tricks the second hand's side surely takes settle ``target``
    (setting the relevant cards of row ``ply``), else -1. Row ``ply - 1`` is the trick
    boundary where the card was led (the search starts at ply 0, so a second hand at a
    later ply always has one)."""
    # the boundary before the lead (row ``ply - 1``) holds each suit's remaining cards:
    # the hands' cards now, but for the card led
    led = S[O_TRICK]
    gone = np.int64(1) << (led & 15)
    ls = led >> 4
    b = ply - 1
    rem = (W[b, W_REM] & ~(gone if ls == 0 else 0), W[b, W_REM + 1] & ~(gone if ls == 1 else 0),
           W[b, W_REM + 2] & ~(gone if ls == 2 else 0), W[b, W_REM + 3] & ~(gone if ls == 3 else 0))
    trump = S[O_CFG + C_TRUMP]
    q, used = second_hand_tricks_rem(S, n, p, trump, rem)
    if q == 0:
        return -1
    tp = S[O_CFG + C_TRICK_PTS]
    if SECOND_HAND_TRUMPS and trump >= 0 and rem[trump] != 0:
        # the trick alone settles nothing: the side's top trumps kept through it add to it
        if (S[O_TEAM + p] != 0 and q * tp < target) \
                or (S[O_TEAM + p] == 0 and (_popcount(S[O_HANDS + p]) - q) * tp >= target):
            k, k_used = second_hand_trumps_kept(S, n, p, trump, rem)
            q += k
            used |= k_used
    if S[O_TEAM + p] != 0:
        if q * tp >= target:
            W[ply, W_REL] = used
            return 1
    elif (_popcount(S[O_HANDS + p]) - q) * tp < target:
        W[ply, W_REL] = used
        return 0
    return -1


@njit(cache=True, inline="always")
def _finish_trick(S, W, ply, n, tlen, before):
    """Score the completed trick, hand the lead to its winner and keep the trick's
    leader and size in row ``ply``; return the team's gain and the cards whose ranks
    decided it. ``before``: the index of the card winning the trick before its last
    card (``winner_index`` of the first ``tlen`` cards; 0 when ``tlen`` is 0). The
    trick's cards stay in the trick slots: the next trick's node keeps them before it
    plays over them (``_keep_slots``)."""
    wi = before
    if tlen > 0 and _beats(S[O_TRICK + tlen], S[O_TRICK + before], S[O_CFG + C_TRUMP]):
        wi = tlen
    wseat = S[O_TSEAT + wi]
    gain = 0
    if S[O_TEAM + wseat] != 0:
        gain = S[O_CFG + C_TRICK_PTS]
        if S[O_CFG + C_CARD_PTS] != 0:
            for j in range(tlen + 1):
                gain += S[O_CPTS + S[O_TRICK + j]]
        if S[O_CFG + C_LAST_ANY] != 0:
            gain += S[O_LPTS + tricks_left(S, n, S[O_CFG + C_UNEQUAL])]
    # the winner's rank matters only if it beat a card of its own suit
    won = S[O_TRICK + wi]
    by_rank = False
    for j in range(tlen + 1):
        if j != wi and S[O_TRICK + j] >> 4 == won >> 4:
            by_rank = True
    won_with = np.int64(1) << won if by_rank else np.int64(0)
    W[ply, W_SAVED + 7] = S[O_ST + 1]
    W[ply, W_SAVED + 15] = S[O_ST + 2]
    S[O_ST] = 0
    S[O_ST + 1] = wseat
    if S[O_CFG + C_UNEQUAL] != 0:
        part = 0
        for q in range(n):
            if S[O_HANDS + q] != 0:
                part += 1
        S[O_ST + 2] = part
        # a winner with no cards left passes the lead to the next seat that has some
        if part > 0 and S[O_HANDS + wseat] == 0:
            S[O_ST + 1] = next_seat(S, wseat, n)
    return gain, won_with


@njit(cache=True, inline="always")
def _keep_slots(S, W, ply, n):
    """Keep the trick slots (the trick finished before this boundary, at most ``n``
    cards) in row ``ply``, before this trick's cards overwrite them. Only a boundary the
    checks do not settle plays cards, so the others never copy them."""
    for j in range(n):
        _set_row(W, ply, W_SAVED + j, _at(S, O_TRICK + j))
        _set_row(W, ply, W_SAVED + 8 + j, _at(S, O_TSEAT + j))


@njit(cache=True, inline="always")
def _put_back_slots(S, W, ply, n):
    """Put back the trick slots kept by ``_keep_slots``."""
    for j in range(n):
        _put(S, O_TRICK + j, _row(W, ply, W_SAVED + j))
        _put(S, O_TSEAT + j, _row(W, ply, W_SAVED + 8 + j))


@njit(cache=True, inline="always")
def _restore_trick(S, W, ply, tlen):
    """The trick state before ``_finish_trick`` (its cards were never moved)."""
    S[O_ST] = tlen
    S[O_ST + 1] = W[ply, W_SAVED + 7]
    S[O_ST + 2] = W[ply, W_SAVED + 15]


@njit(cache=True, nogil=True)
def first_move(s_addr, w_addr):
    """The card the search would try first from this state (its move ordering)."""
    S = carray(_address(s_addr), (S_SIZE,))
    W = carray(_address(w_addr), (MAX_PLY, WORK_SIZE))
    n = S[O_CFG + C_SEATS]
    tlen = S[O_ST]
    if tlen == 0:
        p = S[O_ST + 1]
    else:
        p = next_seat(S, S[O_TSEAT + tlen - 1], n)
    # the search's own call (mode 2, an int64 ``known``), so its compiled copy serves
    # here: the lazy mode's card is the first of the full order
    unknown = _UNKNOWN[0]
    _order_known(s_addr, w_addr, unknown + 1, p, legal(S, S[O_HANDS + p], tlen), tlen, unknown, 2, unknown)
    return W[0, W_MOVES]


@njit(cache=True, nogil=True)
def search(s_addr, tt_addr, tt_size, w_addr, target, ply):
    """True when the maximising team can score at least ``target`` from this state.

    The state ``S`` (``S_SIZE`` values), the table ``TT`` (``tt_size``) and the scratch
    ``W`` are given by the addresses of their data; the caller keeps them alive. Views
    made from raw addresses carry no reference count, so using and passing them costs no
    atomic count updates, which otherwise take most of the time of a node.

    Also leaves in ``W[ply, W_REL]`` the cards whose ranks the answer depends on: the
    same answer holds for every position that differs only in lower cards (partition
    search).
    """
    S = carray(_address(s_addr), (S_SIZE,))
    TT = carray(_address(tt_addr), (tt_size,))
    W = carray(_address(w_addr), (MAX_PLY, WORK_SIZE))
    S[O_CTR + N_NODES] += 1
    if S[O_CTR + N_NODES] > S[O_CTR + N_LIMIT]:
        S[O_CTR + N_ABORTED] = 1
        return False
    n = S[O_CFG + C_SEATS]
    tlen = S[O_ST]
    stored = False
    W[ply, W_REL] = 0
    hint = -1
    if tlen == 0:
        hit, hint = _boundary(S, TT, W, ply, n, target)
        if hit >= 0:
            return hit == 1
        stored = True
        p = S[O_ST + 1]
        _keep_slots(S, W, ply, n)
    elif S[O_CFG + C_UNEQUAL] == 0:
        p = wrap(S[O_TSEAT + tlen - 1] + 1, n)
        if tlen == 1 and ply > 0 and S[O_CFG + C_QUICK] != 0:
            hit = _second_hand(S, W, ply, n, p, target)
            if hit >= 0:
                S[O_CTR + N_STATS + 3] += 1
                return hit == 1
    else:
        p = next_seat(S, S[O_TSEAT + tlen - 1], n)
    legal_mask = legal(S, _at(S, O_HANDS + p), tlen)
    if _one_run(S, W, ply, tlen, legal_mask):
        # one move, the one ``_order_given`` gives, without the call or its passes over
        # the hands
        W[ply, W_MOVES] = _hibit(legal_mask)
        W[ply, W_RUNS] = legal_mask
        if tlen > 0:
            # a forced card is no killer for the next follower at this depth
            W[ply, W_FOLLOW_KEY] = 0
        count = 1
    else:
        count = _order_known(s_addr, w_addr, ply, p, legal_mask, tlen, hint, 2, _live_cards(W, ply, tlen))
    lazy = count < 0
    if lazy:
        count = 1
    maximise = _at(S, O_TEAM + p) != 0
    partition = S[O_CFG + C_PARTITION]
    result = not maximise
    decided = -1
    relevant = np.int64(0)
    # the lowest card searched in each suit, 8 bits a suit (16: none yet); kept in a
    # register, where a row of ``W`` would be stored and loaded again after every child
    tried = np.int64(TRIED_NONE)
    # the card that ends the trick: the trick's winner before it, worked out once
    last = tlen + 1 == S[O_ST + 2]
    before = winner_index(S, tlen) if last and tlen > 0 else 0
    # this seat's slot in the trick: deeper nodes play over the later slots only
    _put(S, O_TSEAT + tlen, p)
    if not last:
        # the trick's size while a card of this seat is on it; every child leaves it so
        S[O_ST] = tlen + 1
    i = -1
    while True:
        i += 1
        if LAZY and lazy and i == 1:
            # the obvious card did not settle it: order them all (the same card first)
            count = _order_known(s_addr, w_addr, ply, p, legal_mask, tlen, hint, 1, _live_cards(W, ply, tlen))
            lazy = False
        if i >= count:
            break
        c = _row(W, ply, W_MOVES + i)
        # a card below every relevant card of its suit, after another such card of the
        # same suit was searched, leads to the same answer (see docs: relevant ranks)
        cs = c >> 4
        if partition != 0:
            low_tried = (tried >> (8 * cs)) & 255
            # nothing searched in the suit yet (16) is never below a relevant card
            if low_tried < 16:
                low = 16
                rs = _suit(relevant, cs)
                if rs != 0:
                    low = _hibit(rs & -rs)
                if low_tried < low and (c & 15) < low:
                    continue
        bit = np.int64(1) << c
        _put(S, O_HANDS + p, _at(S, O_HANDS + p) ^ bit)
        _put(S, O_TRICK + tlen, c)
        # one call site: each site of a call costs its result's and error's slots, set
        # at every node's entry
        gain = 0
        won_with = np.int64(0)
        if last:
            gain, won_with = _finish_trick(S, W, ply, n, tlen, before)
        ok = search(s_addr, tt_addr, tt_size, w_addr, target - gain, ply + 1)
        if last:
            _restore_trick(S, W, ply, tlen)
        below = _row(W, ply + 1, W_REL) | won_with
        _put(S, O_HANDS + p, _at(S, O_HANDS + p) ^ bit)
        if S[O_CTR + N_ABORTED] != 0:
            S[O_ST] = tlen
            if stored:
                _put_back_slots(S, W, ply, n)
            return False
        # the cards equivalent to the one searched stand for it: their ranks count too
        run = _row(W, ply, W_RUNS + i)
        if below & run:
            below |= run
        if ok == maximise:
            _set_row(W, ply, W_KILLER, c)
            result = ok
            decided = c
            relevant = below
            break
        relevant |= below
        if (c & 15) < ((tried >> (8 * cs)) & 255):
            tried = (tried & ~(np.int64(255) << (8 * cs))) | (np.int64(c & 15) << (8 * cs))
    S[O_ST] = tlen
    if ply == 0:
        S[O_CTR + N_ROOT_MOVE] = decided
    if stored:
        _put_back_slots(S, W, ply, n)
        relevant = _tt_store(S, TT, W, ply, n, target, result, relevant, decided)
    W[ply, W_REL] = relevant
    return result

