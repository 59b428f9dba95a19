"""The compiled search kernel: one null-window "can the team reach ``target``?" search.

Cards are codes ``suit * 16 + power`` (power 0 lowest); a hand is a 64-bit mask with
bit ``code``. The kernel answers whether the maximising team's value from the current
state (the trick in progress included) is at least ``target``. Everything the search
needs is in flat arrays so that the same function serves every rule set:

* ``cfg``: see the ``C_*`` indexes below;
* ``team[seat]``: 1 for seats of the maximising team;
* ``cpts[code]``: card points; ``lpts[k]``: extra points of the k-th trick from the end;
* ``st``: trick length, leader, number of seats taking part in the current trick;
* ``trick``/``tseat``: cards on the current trick and who played them;
* ``sk``, ``sh``, ``ep``, ``eb``, ``ctl``: the transposition table (``ttable.py``);
* ``ctr``: node count, node limit, aborted flag, root move that decided the answer;
* ``work``: per-ply scratch (moves, scores, runs, keys, lowest card searched per suit,
  last deciding lead); ``rel``: per-ply masks of the cards whose ranks the answer
  depended on (partition search).

Soundness of each shortcut is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.doubledummy import ttable as T
from solvers.doubledummy.bits import HIBIT as _HIBIT, POP as _POP, popcount as _popcount, suit_of as _suit
from solvers.doubledummy.quick import quick_tricks, sure_trump_tricks

# cfg indexes
C_SEATS, C_TRUMP, C_MUST_TRUMP, C_MUST_HEAD, C_TRICK_PTS, C_RELATIVE, C_QUICK, C_UNEQUAL, \
    C_LAST_ANY, C_CARD_PTS, C_TEAMMASK, C_PARTITION, C_RULES_ID = range(13)
CFG_SIZE = 13
MAX_RULES_IDS = 1 << 16
# ctr indexes
N_NODES, N_LIMIT, N_ABORTED, N_ROOT_MOVE = range(4)
CTR_SIZE = 4

PATTERN_BITS = T.PATTERN_BITS
MAX_PLY = 64
W_MOVES, W_SCORES, W_RUNS, W_KEYS, W_SEQ, W_LEN, W_STORE, W_SAVED, W_REM, W_TRIED, W_KILLER = \
    0, 64, 128, 192, 198, 202, 208, 216, 232, 236, 240
WORK_SIZE = 241
KILLER_BONUS = 2000
INF = 1 << 30
SUIT_MASK = 0xFFFF


def new_work() -> tuple[np.ndarray, np.ndarray]:
    """Scratch arrays for one search."""
    work = np.zeros((MAX_PLY, WORK_SIZE), dtype=np.int64)
    work[:, W_KILLER] = -1
    return work, np.zeros(MAX_PLY, dtype=np.int64)


@njit(cache=True)
def _beats(c, w, trump):
    """Does card ``c`` beat the currently winning card ``w``?"""
    cs = c >> 4
    ws = w >> 4
    if cs == ws:
        return (c & 15) > (w & 15)
    return cs == trump


@njit(cache=True)
def _winner_index(trick, tlen, trump):
    best = 0
    for i in range(1, tlen):
        if _beats(trick[i], trick[best], trump):
            best = i
    return best


@njit(cache=True)
def _legal(h, trick, tlen, cfg):
    """Mask of the cards of hand ``h`` that may be played now."""
    if tlen == 0:
        return h
    trump = cfg[C_TRUMP]
    led = trick[0] >> 4
    allowed = h & (np.int64(SUIT_MASK) << (16 * led))
    if allowed == 0:
        allowed = h
        if cfg[C_MUST_TRUMP] != 0 and trump >= 0:
            trumps = h & (np.int64(SUIT_MASK) << (16 * trump))
            if trumps != 0:
                allowed = trumps
    if cfg[C_MUST_HEAD] != 0:
        w = trick[_winner_index(trick, tlen, trump)]
        ws = w >> 4
        above = (np.int64(SUIT_MASK) << (16 * ws)) & ~((np.int64(2) << w) - 1)
        winners = allowed & above
        if trump >= 0 and ws != trump:
            winners |= allowed & (np.int64(SUIT_MASK) << (16 * trump))
        if winners != 0:
            allowed = winners
    return allowed


@njit(cache=True)
def _next_seat(hands, after, n):
    s = (after + 1) % n
    while hands[s] == 0:
        s = (s + 1) % n
    return s


@njit(cache=True)
def _tricks_left(hands, n, unequal):
    if unequal == 0:
        for s in range(n):
            if hands[s] != 0:
                return _popcount(hands[s])
        return 0
    most = 0
    for s in range(n):
        c = _popcount(hands[s])
        if c > most:
            most = c
    return most


@njit(cache=True)
def _position_keys(hands, n, wk):
    """Fill ``wk`` with the shape key, each suit's owner sequence (high to low, 3 bits a
    card) and each suit's remaining length."""
    shape0 = np.int64(0)
    shape1 = np.int64(0)
    for s in range(4):
        rem = 0
        for p in range(n):
            part = _suit(hands[p], s)
            rem |= part
            count = np.int64(_POP[part])
            if s < 2:
                shape0 |= count << (28 * s + 4 * p)
            else:
                shape1 |= count << (28 * (s - 2) + 4 * p)
        seq = np.int64(0)
        x = rem
        while x != 0:
            b = _HIBIT[x]
            x ^= 1 << b
            owner = 0
            for p in range(n):
                if (hands[p] >> (16 * s + b)) & 1:
                    owner = p + 1
                    break
            seq = (seq << 3) | owner
        wk[W_SEQ + s] = seq
        wk[W_LEN + s] = _POP[rem]
    wk[W_KEYS] = shape0
    wk[W_KEYS + 1] = shape1


@njit(cache=True)
def _top_cards(hands, n, s, r):
    """Mask of the ``r`` highest remaining cards of suit ``s``."""
    rem = 0
    for p in range(n):
        rem |= _suit(hands[p], s)
    out = np.int64(0)
    for _ in range(r):
        b = _HIBIT[rem]
        rem ^= 1 << b
        out |= np.int64(1) << (16 * s + b)
    return out


@njit(cache=True)
def _tt_probe(sk, sh, ep, eb, wk, target, hands, n, rel, ply):
    """1 / 0 when a stored entry settles ``target``, -1 otherwise (sets ``rel[ply]``);
    also a card to try first, from an entry that matches but does not settle it."""
    hint = -1
    slot = T.find_shape(sk, sh, wk[W_KEYS:W_KEYS + 4])
    if slot < 0:
        return -1, hint
    seq = wk[W_SEQ:W_SEQ + 4]
    lens = wk[W_LEN:W_LEN + 4]
    e = sh[slot]
    for _ in range(T.CHAIN_SCAN):
        if e == T.NONE:
            break
        if T.matches(ep, e, seq, lens):
            lo = eb[e, 0]
            hi = eb[e, 1]
            if lo >= target or hi < target:
                mask = np.int64(0)
                for s in range(4):
                    mask |= _top_cards(hands, n, s, ep[e, s] >> PATTERN_BITS)
                rel[ply] = mask
                return (1 if lo >= target else 0), -1
            if hint < 0 and eb[e, 2] >= 0:
                hint = _card_from_top(hands, n, eb[e, 2] >> 4, eb[e, 2] & 15)
        e = eb[e, 3]
    return -1, hint


@njit(cache=True)
def _card_from_top(hands, n, s, k):
    """Code of the card ``k`` places from the top of suit ``s`` (-1 if none)."""
    rem = 0
    for p in range(n):
        rem |= _suit(hands[p], s)
    for _ in range(k):
        if rem == 0:
            return -1
        rem ^= 1 << _HIBIT[rem]
    if rem == 0:
        return -1
    return 16 * s + _HIBIT[rem]


@njit(cache=True)
def _index_from_top(hands, n, c):
    s = c >> 4
    rem = 0
    for p in range(n):
        rem |= _suit(hands[p], s)
    return 16 * s + _POP[rem >> ((c & 15) + 1)]


@njit(cache=True)
def _tt_store(sk, sh, ep, eb, ctl, wk, target, ok, relevant, hands, n, partition, best):
    """Store the answer for the cards in ``relevant`` (widened to whole top runs);
    return the widened mask."""
    pattern = wk[W_STORE:W_STORE + 4]
    widened = np.int64(0)
    for s in range(4):
        length = wk[W_LEN + s]
        r = length
        if partition != 0:
            rem = 0
            for p in range(n):
                rem |= _suit(hands[p], s)
            mine = _suit(relevant, s) & rem
            if mine == 0:
                r = 0
            else:
                low = mine & -mine
                r = _POP[rem & ~(low - 1)]
        pattern[s] = (wk[W_SEQ + s] >> (3 * (length - r))) | (np.int64(r) << PATTERN_BITS)
        widened |= _top_cards(hands, n, s, r)
    T.store(sk, sh, ep, eb, ctl, wk[W_KEYS:W_KEYS + 4], pattern, target, ok,
            _index_from_top(hands, n, best) if best >= 0 else -1)
    return widened


@njit(cache=True)
def _value_bounds(hands, n, cfg, cpts, lpts, tricks):
    """Least and most the team can still score (it may win every trick or none)."""
    lo = 0
    hi = 0
    tp = cfg[C_TRICK_PTS]
    for k in range(tricks):
        v = tp + lpts[k]
        if v > 0:
            hi += v
        else:
            lo += v
    if cfg[C_CARD_PTS] != 0:
        for p in range(n):
            for s in range(4):
                x = _suit(hands[p], s)
                while x != 0:
                    b = _HIBIT[x]
                    x ^= 1 << b
                    v = cpts[16 * s + b]
                    if v > 0:
                        hi += v
                    else:
                        lo += v
    return lo, hi


@njit(cache=True)
def _order_moves(hands, p, legal, trick, tseat, tlen, st, cfg, team, cpts, wk, hint):
    """Fill ``moves`` with one card per run of equivalent legal cards, best guesses first."""
    n = cfg[C_SEATS]
    trump = cfg[C_TRUMP]
    count = 0
    w = -1
    wseat = -1
    last = False
    if tlen > 0:
        wi = _winner_index(trick, tlen, trump)
        w = trick[wi]
        wseat = team[tseat[wi]]
        last = tlen == st[2] - 1
    for s in range(4):
        m = _suit(legal, s)
        if m == 0:
            continue
        rem = 0
        for q in range(n):
            rem |= _suit(hands[q], s)
        for i in range(tlen):
            if trick[i] >> 4 == s:
                rem |= 1 << (trick[i] & 15)
        rem |= _suit(hands[p], s)
        top = _HIBIT[rem]
        length = _POP[_suit(hands[p], s)]
        ruffable = False
        partner_ruffs = False
        partner_top = False
        next_top = False
        if tlen == 0:
            nxt = (p + 1) % n
            next_top = team[nxt] != team[p] and (_suit(hands[nxt], s) >> top) & 1 != 0
            for q in range(n):
                if q == p:
                    continue
                held = _suit(hands[q], s)
                if team[q] == team[p] and (held >> top) & 1:
                    partner_top = True
                if trump < 0 or s == trump or held != 0 or _suit(hands[q], trump) == 0:
                    continue
                if team[q] == team[p]:
                    partner_ruffs = True
                else:
                    ruffable = True
        x = m
        while x != 0:
            b = _HIBIT[x]
            x ^= 1 << b
            # skip down the run of cards equivalent to b
            lowest = b
            while x != 0:
                b2 = _HIBIT[x]
                between = rem & ((1 << lowest) - 1) & ~((2 << b2) - 1)
                if between != 0:
                    break
                if cfg[C_CARD_PTS] != 0 and cpts[16 * s + b2] != cpts[16 * s + b]:
                    break
                lowest = b2
                x ^= 1 << b2
            c = 16 * s + b
            score = 0
            if tlen == 0:
                # cash sure winners, lead towards partner's winners or ruffs, not into
                # the next opponent's top card
                if b == top:
                    score = 40 + length - (30 if ruffable else 0)
                else:
                    if partner_top:
                        score = 30
                    if next_top:
                        score -= 20
                    if partner_ruffs and not ruffable:
                        score += 25
                    score -= b
                    if s == trump:
                        score -= 5
            else:
                beats = _beats(c, w, trump)
                friend_wins = wseat == team[p]
                if friend_wins:
                    score = -b if not beats or s != trump else -40 - b
                elif beats:
                    score = 60 - b if last else 50 + (20 if b == top else 0) - b
                else:
                    score = -b + length
            run = np.int64(0)
            for b3 in range(lowest, b + 1):
                if (m >> b3) & 1:
                    run |= np.int64(1) << (16 * s + b3)
            if hint >= 0 and (run >> hint) & 1:
                score += 1000
            if tlen == 0 and wk[W_KILLER] >= 0 and (run >> wk[W_KILLER]) & 1:
                # the lead that settled the last position searched at this depth
                score += KILLER_BONUS
            wk[W_MOVES + count] = c
            wk[W_SCORES + count] = score
            wk[W_RUNS + count] = run
            count += 1
    # insertion sort, best score first
    for i in range(1, count):
        mv = wk[W_MOVES + i]
        sc = wk[W_SCORES + i]
        rn = wk[W_RUNS + i]
        j = i - 1
        while j >= 0 and wk[W_SCORES + j] < sc:
            wk[W_MOVES + j + 1] = wk[W_MOVES + j]
            wk[W_SCORES + j + 1] = wk[W_SCORES + j]
            wk[W_RUNS + j + 1] = wk[W_RUNS + j]
            j -= 1
        wk[W_MOVES + j + 1] = mv
        wk[W_SCORES + j + 1] = sc
        wk[W_RUNS + j + 1] = rn
    return count


@njit(cache=True)
def search(hands, trick, tseat, st, cfg, team, cpts, lpts, sk, sh, ep, eb, ctl, ctr, work, rel, target, ply):
    """True when the maximising team can score at least ``target`` from this state.

    Also leaves in ``rel[ply]`` the cards whose ranks the answer depends on: the same
    answer holds for every position that differs only in lower cards (partition search).
    """
    ctr[N_NODES] += 1
    if ctr[N_NODES] > ctr[N_LIMIT]:
        ctr[N_ABORTED] = 1
        return False
    n = cfg[C_SEATS]
    tlen = st[0]
    leader = st[1]
    trump = cfg[C_TRUMP]
    wk = work[ply]
    stored = False
    rel[ply] = 0
    hint = -1
    if tlen == 0:
        tricks = _tricks_left(hands, n, cfg[C_UNEQUAL])
        if tricks == 0:
            return 0 >= target
        lo, hi = _value_bounds(hands, n, cfg, cpts, lpts, tricks)
        # the root always searches its cards, so that it can name the one that decides
        if ply > 0 and target <= lo:
            return True
        if ply > 0 and target > hi:
            return False
        if cfg[C_QUICK] != 0 and ply > 0:
            tp = cfg[C_TRICK_PTS]
            q, used = quick_tricks(hands, n, leader, team, trump, wk[W_REM:W_REM + 4])
            if team[leader] != 0:
                if q * tp >= target:
                    rel[ply] = used
                    return True
            elif hi - q * tp < target:
                rel[ply] = used
                return False
            side, sure, used = sure_trump_tricks(hands, n, team, trump)
            if side == 1 and sure * tp >= target:
                rel[ply] = used
                return True
            if side == 0 and hi - sure * tp < target:
                rel[ply] = used
                return False
        _position_keys(hands, n, wk)
        wk[W_KEYS + 2] = leader | (cfg[C_TEAMMASK] << 3) | (st[2] << 11) | (cfg[C_RULES_ID] << 16)
        # the owner of each suit's top card is part of the key (stored entries always
        # cover it), which keeps the table's chains short
        wk[W_KEYS + 3] = 0
        if cfg[C_RELATIVE] == 0:
            for q in range(n):
                wk[W_KEYS + 3] |= hands[q]
        stored = True
        if ply > 0:
            hit, hint = _tt_probe(sk, sh, ep, eb, wk, target, hands, n, rel, ply)
            if hit >= 0:
                return hit == 1
        p = leader
    elif cfg[C_UNEQUAL] == 0:
        p = (tseat[tlen - 1] + 1) % n
    else:
        p = _next_seat(hands, tseat[tlen - 1], n)
    legal = _legal(hands[p], trick, tlen, cfg)
    count = _order_moves(hands, p, legal, trick, tseat, tlen, st, cfg, team, cpts, wk, hint)
    maximise = team[p] != 0
    result = not maximise
    decided = -1
    relevant = np.int64(0)
    for s in range(4):
        wk[W_TRIED + s] = 16
    for i in range(count):
        c = wk[W_MOVES + i]
        # a card below every relevant card of its suit, after another such card of the
        # same suit was searched, leads to the same answer (see docs: relevant ranks)
        cs = c >> 4
        low = 16
        rs = _suit(relevant, cs)
        if rs != 0:
            low = _HIBIT[rs & -rs]
        if cfg[C_PARTITION] != 0 and wk[W_TRIED + cs] < low and (c & 15) < low:
            continue
        bit = np.int64(1) << c
        hands[p] ^= bit
        trick[tlen] = c
        tseat[tlen] = p
        if tlen + 1 == st[2]:
            wi = _winner_index(trick, tlen + 1, trump)
            wseat = tseat[wi]
            gain = 0
            if team[wseat] != 0:
                gain = cfg[C_TRICK_PTS]
                if cfg[C_CARD_PTS] != 0:
                    for j in range(tlen + 1):
                        gain += cpts[trick[j]]
                if cfg[C_LAST_ANY] != 0:
                    gain += lpts[_tricks_left(hands, n, cfg[C_UNEQUAL])]
            # the winner's rank matters only if it beat a card of its own suit
            by_rank = False
            for j in range(tlen + 1):
                if j != wi and trick[j] >> 4 == trick[wi] >> 4:
                    by_rank = True
            won_with = np.int64(1) << trick[wi] if by_rank else np.int64(0)
            old_leader = st[1]
            old_part = st[2]
            # the next trick reuses the trick arrays: keep this one to restore it
            saved = wk[W_SAVED:W_SAVED + 16]
            for j in range(tlen + 1):
                saved[j] = trick[j]
                saved[tlen + 1 + j] = tseat[j]
            st[0] = 0
            st[1] = wseat
            if cfg[C_UNEQUAL] != 0:
                part = 0
                for q in range(n):
                    if hands[q] != 0:
                        part += 1
                st[2] = part
                # a winner with no cards left passes the lead to the next seat that has some
                if part > 0 and hands[wseat] == 0:
                    st[1] = _next_seat(hands, wseat, n)
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, sk, sh, ep, eb, ctl, ctr, work, rel,
                        target - gain, ply + 1)
            st[0] = tlen
            st[1] = old_leader
            st[2] = old_part
            for j in range(tlen + 1):
                trick[j] = saved[j]
                tseat[j] = saved[tlen + 1 + j]
            below = rel[ply + 1] | won_with
        else:
            st[0] = tlen + 1
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, sk, sh, ep, eb, ctl, ctr, work, rel,
                        target, ply + 1)
            st[0] = tlen
            below = rel[ply + 1]
        hands[p] ^= bit
        if ctr[N_ABORTED] != 0:
            return False
        # the cards equivalent to the one searched stand for it: their ranks count too
        run = wk[W_RUNS + i]
        if below & run:
            below |= run
        if ok == maximise:
            wk[W_KILLER] = c
            result = ok
            decided = c
            relevant = below
            break
        relevant |= below
        if (c & 15) < wk[W_TRIED + cs]:
            wk[W_TRIED + cs] = c & 15
    if ply == 0:
        ctr[N_ROOT_MOVE] = decided
    if stored:
        relevant = _tt_store(sk, sh, ep, eb, ctl, wk, target, result, relevant, hands, n,
                             cfg[C_PARTITION], decided)
    rel[ply] = relevant
    return result
