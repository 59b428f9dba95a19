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
* ``ttk``/``ttb``: the transposition table (keys; lower, upper, depth);
* ``ctr``: node count, node limit, aborted flag, root move that decided the answer.

Soundness of each shortcut is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# cfg indexes
C_SEATS, C_TRUMP, C_MUST_TRUMP, C_MUST_HEAD, C_TRICK_PTS, C_RELATIVE, C_QUICK, C_UNEQUAL, \
    C_LAST_ANY, C_CARD_PTS, C_TEAMMASK = range(11)
CFG_SIZE = 11
# ctr indexes
N_NODES, N_LIMIT, N_ABORTED, N_ROOT_MOVE = range(4)
CTR_SIZE = 4

TT_WAYS = 4
TT_KEYS = 5
EMPTY = -1
INF = 1 << 30
SUIT_MASK = 0xFFFF

_HIBIT = np.full(1 << 16, -1, dtype=np.int8)
_POP = np.zeros(1 << 16, dtype=np.int8)
for _x in range(1, 1 << 16):
    _HIBIT[_x] = _x.bit_length() - 1
    _POP[_x] = bin(_x).count("1")
del _x


def new_table(bits: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty transposition table of ``2**bits`` buckets of ``TT_WAYS`` entries."""
    size = (1 << bits) * TT_WAYS
    keys = np.zeros((size, TT_KEYS), dtype=np.int64)
    bounds = np.zeros((size, 3), dtype=np.int32)
    bounds[:, 2] = EMPTY
    return keys, bounds


@njit(cache=True, inline="always")
def _suit(h, s):
    return (h >> (16 * s)) & SUIT_MASK


@njit(cache=True)
def _popcount(x):
    return _POP[x & SUIT_MASK] + _POP[(x >> 16) & SUIT_MASK] + _POP[(x >> 32) & SUIT_MASK] \
        + _POP[(x >> 48) & SUIT_MASK]


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
def _key(hands, n, relative, s):
    """One suit's part of the table key: owners of the remaining cards, high to low."""
    rem = 0
    for p in range(n):
        rem |= _suit(hands[p], s)
    key = np.int64(0)
    x = rem
    while x != 0:
        b = _HIBIT[x]
        x ^= 1 << b
        owner = 0
        for p in range(n):
            if (hands[p] >> (16 * s + b)) & 1:
                owner = p + 1
                break
        if relative != 0:
            key = (key << 3) | owner
        else:
            key |= np.int64(owner) << (3 * b)
    return key


@njit(cache=True)
def _slot(keys):
    h = np.int64(0x2545F4914F6CDD1D)
    for i in range(TT_KEYS):
        h ^= keys[i]
        h *= np.int64(0x5BD1E9955BD1E995)
        h ^= (h >> 31) & np.int64(0x1FFFFFFFF)
    return h


@njit(cache=True)
def _tt_find(ttk, keys, base):
    for i in range(base, base + TT_WAYS):
        match = True
        for j in range(TT_KEYS):
            if ttk[i, j] != keys[j]:
                match = False
                break
        if match:
            return i
    return -1


@njit(cache=True)
def _tt_store(ttk, ttb, keys, base, depth, target, ok):
    i = _tt_find(ttk, keys, base)
    if i < 0 or ttb[i, 2] == EMPTY:
        i = base
        for j in range(base, base + TT_WAYS):
            if ttb[j, 2] == EMPTY:
                i = j
                break
            if ttb[j, 2] < ttb[i, 2]:
                i = j
        for j in range(TT_KEYS):
            ttk[i, j] = keys[j]
        ttb[i, 0] = -INF
        ttb[i, 1] = INF
        ttb[i, 2] = depth
    if ok:
        if target > ttb[i, 0]:
            ttb[i, 0] = target
    elif target - 1 < ttb[i, 1]:
        ttb[i, 1] = target - 1


@njit(cache=True)
def _top_run(mine, rem):
    """How many of the highest remaining cards of a suit are in ``mine``."""
    count = 0
    x = rem
    while x != 0:
        b = _HIBIT[x]
        if (mine >> b) & 1 == 0:
            break
        count += 1
        x ^= 1 << b
    return count


@njit(cache=True)
def _quick_tricks(hands, n, leader, team, trump):
    """Tricks the leader wins by cashing top cards, whatever the others do."""
    mine = hands[leader]
    rem = np.zeros(4, dtype=np.int64)
    for p in range(n):
        for s in range(4):
            rem[s] |= _suit(hands[p], s)
    enemy_trumps = False
    if trump >= 0:
        for p in range(n):
            if team[p] != team[leader] and _suit(hands[p], trump) != 0:
                enemy_trumps = True
    total = 0
    if not enemy_trumps:
        for s in range(4):
            total += _top_run(_suit(mine, s), rem[s])
        return total
    total = _top_run(_suit(mine, trump), rem[trump])
    best = 0
    for s in range(4):
        if s == trump:
            continue
        run = _top_run(_suit(mine, s), rem[s])
        if run == 0:
            continue
        for p in range(n):
            if team[p] != team[leader] and _suit(hands[p], trump) != 0:
                length = _POP[_suit(hands[p], s)]
                if length < run:
                    run = length
        if run > best:
            best = run
    return total + best


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
def _order_moves(hands, p, legal, trick, tseat, tlen, st, cfg, team, cpts, moves, scores):
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
                if b == top:
                    score = 40 + length
                else:
                    # lead low towards a partner holding the top card
                    for q in range(n):
                        if q != p and team[q] == team[p] and (_suit(hands[q], s) >> top) & 1:
                            score = 30
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
            moves[count] = c
            scores[count] = score
            count += 1
    # insertion sort, best score first
    for i in range(1, count):
        mv = moves[i]
        sc = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < sc:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = mv
        scores[j + 1] = sc
    return count


@njit(cache=True)
def search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, target, ply):
    """True when the maximising team can score at least ``target`` from this state."""
    ctr[N_NODES] += 1
    if ctr[N_NODES] > ctr[N_LIMIT]:
        ctr[N_ABORTED] = 1
        return False
    n = cfg[C_SEATS]
    tlen = st[0]
    leader = st[1]
    trump = cfg[C_TRUMP]
    keys = np.zeros(TT_KEYS, dtype=np.int64)
    base = -1
    depth = 0
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
            q = _quick_tricks(hands, n, leader, team, trump) * cfg[C_TRICK_PTS]
            if team[leader] != 0:
                if q >= target:
                    return True
            elif hi - q < target:
                return False
        for s in range(4):
            keys[s] = _key(hands, n, cfg[C_RELATIVE], s)
        keys[4] = leader | (cfg[C_TEAMMASK] << 3) | (st[2] << 11)
        base = (_slot(keys) & (ttk.shape[0] // TT_WAYS - 1)) * TT_WAYS
        i = _tt_find(ttk, keys, base)
        if i >= 0 and ttb[i, 2] != EMPTY and ply > 0:
            if ttb[i, 0] >= target:
                return True
            if ttb[i, 1] < target:
                return False
        depth = 0
        for p in range(n):
            depth += _popcount(hands[p])
        p = leader
    elif cfg[C_UNEQUAL] == 0:
        p = (tseat[tlen - 1] + 1) % n
    else:
        p = _next_seat(hands, tseat[tlen - 1], n)
    legal = _legal(hands[p], trick, tlen, cfg)
    moves = np.empty(16 * 4, dtype=np.int64)
    scores = np.empty(16 * 4, dtype=np.int64)
    count = _order_moves(hands, p, legal, trick, tseat, tlen, st, cfg, team, cpts, moves, scores)
    maximise = team[p] != 0
    result = not maximise
    decided = -1
    for i in range(count):
        c = moves[i]
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
            old_leader = st[1]
            old_part = st[2]
            # the next trick reuses the trick arrays: keep this one to restore it
            saved = np.empty(2 * (tlen + 1), dtype=np.int64)
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
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, target - gain, ply + 1)
            st[0] = tlen
            st[1] = old_leader
            st[2] = old_part
            for j in range(tlen + 1):
                trick[j] = saved[j]
                tseat[j] = saved[tlen + 1 + j]
        else:
            st[0] = tlen + 1
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, target, ply + 1)
            st[0] = tlen
        hands[p] ^= bit
        if ctr[N_ABORTED] != 0:
            return False
        if ok == maximise:
            result = ok
            decided = c
            break
    if ply == 0:
        ctr[N_ROOT_MOVE] = decided
    if base >= 0:
        _tt_store(ttk, ttb, keys, base, depth, target, result)
    return result
