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
* ``ctr``: node count, node limit, aborted flag, root move that decided the answer;
* ``work``: per-ply scratch (moves, scores, runs, keys); ``rel``: per-ply masks of the
  cards whose ranks the answer depended on (partition search).

Soundness of each shortcut is argued in ``docs/doubledummy.md``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

# cfg indexes
C_SEATS, C_TRUMP, C_MUST_TRUMP, C_MUST_HEAD, C_TRICK_PTS, C_RELATIVE, C_QUICK, C_UNEQUAL, \
    C_LAST_ANY, C_CARD_PTS, C_TEAMMASK, C_PARTITION, C_RULES_ID = range(13)
CFG_SIZE = 13
MAX_RULES_IDS = 1 << 16
# ctr indexes
N_NODES, N_LIMIT, N_ABORTED, N_ROOT_MOVE = range(4)
CTR_SIZE = 4

TT_WAYS = 8
# entry key: shape (2 words), leader/team/seats, the remaining cards when card identity
# matters (else 0), then per suit the owners of the top ``r`` remaining cards, ``r`` in
# bits 48+
TT_KEYS = 8
K_PATTERNS = 4
PATTERN_BITS = 48
PATTERN_MASK = (1 << PATTERN_BITS) - 1
MAX_PLY = 64
W_MOVES, W_SCORES, W_RUNS, W_KEYS, W_SEQ, W_LEN, W_STORE, W_SAVED, W_REM = \
    0, 64, 128, 192, 198, 202, 208, 216, 232
WORK_SIZE = 240
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
    bounds = np.zeros((size, 4), dtype=np.int32)
    bounds[:, 2] = EMPTY
    return keys, bounds


def new_work() -> tuple[np.ndarray, np.ndarray]:
    """Scratch arrays for one search."""
    return np.zeros((MAX_PLY, WORK_SIZE), dtype=np.int64), np.zeros(MAX_PLY, dtype=np.int64)


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
def _slot(a, b, c):
    h = np.int64(0x2545F4914F6CDD1D)
    h ^= a
    h *= np.int64(0x5BD1E9955BD1E995)
    h ^= (h >> 29) & np.int64(0x7FFFFFFFF)
    h ^= b
    h *= np.int64(0x5BD1E9955BD1E995)
    h ^= (h >> 29) & np.int64(0x7FFFFFFFF)
    h ^= c
    h *= np.int64(0x5BD1E9955BD1E995)
    h ^= (h >> 31) & np.int64(0x1FFFFFFFF)
    return h


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
def _tt_probe(ttk, ttb, wk, base, target, hands, n, rel, ply):
    """1 / 0 when a stored entry settles ``target``, -1 otherwise (sets ``rel[ply]``);
    also a card to try first, from an entry that matches but does not settle it."""
    hint = -1
    for i in range(base, base + TT_WAYS):
        if ttb[i, 2] == EMPTY or ttk[i, 0] != wk[W_KEYS] or ttk[i, 1] != wk[W_KEYS + 1] \
                or ttk[i, 2] != wk[W_KEYS + 2] or ttk[i, 3] != wk[W_KEYS + 3]:
            continue
        lo = ttb[i, 0]
        hi = ttb[i, 1]
        match = True
        for s in range(4):
            r = ttk[i, K_PATTERNS + s] >> PATTERN_BITS
            if (wk[W_SEQ + s] >> (3 * (wk[W_LEN + s] - r))) != (ttk[i, K_PATTERNS + s] & PATTERN_MASK):
                match = False
                break
        if match and lo < target and hi >= target:
            if hint < 0 and ttb[i, 3] >= 0:
                hint = _card_from_top(hands, n, ttb[i, 3] >> 4, ttb[i, 3] & 15)
            continue
        if match:
            mask = np.int64(0)
            for s in range(4):
                mask |= _top_cards(hands, n, s, ttk[i, K_PATTERNS + s] >> PATTERN_BITS)
            rel[ply] = mask
            return (1 if lo >= target else 0), -1
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
def _tt_store(ttk, ttb, wk, base, depth, target, ok, relevant, hands, n, partition, best):
    """Store the answer for the cards in ``relevant`` (widened to whole top runs);
    return the widened mask."""
    keys = wk[W_STORE:W_STORE + TT_KEYS]
    keys[0] = wk[W_KEYS]
    keys[1] = wk[W_KEYS + 1]
    keys[2] = wk[W_KEYS + 2]
    keys[3] = wk[W_KEYS + 3]
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
        keys[K_PATTERNS + s] = (wk[W_SEQ + s] >> (3 * (length - r))) | (np.int64(r) << PATTERN_BITS)
        widened |= _top_cards(hands, n, s, r)
    slot = -1
    for i in range(base, base + TT_WAYS):
        if ttb[i, 2] == EMPTY:
            continue
        same = True
        for j in range(TT_KEYS):
            if ttk[i, j] != keys[j]:
                same = False
                break
        if same:
            slot = i
            break
    if slot < 0:
        slot = base
        for i in range(base, base + TT_WAYS):
            if ttb[i, 2] == EMPTY:
                slot = i
                break
            if ttb[i, 2] < ttb[slot, 2]:
                slot = i
        for j in range(TT_KEYS):
            ttk[slot, j] = keys[j]
        ttb[slot, 0] = -INF
        ttb[slot, 1] = INF
        ttb[slot, 2] = depth
        ttb[slot, 3] = -1
    if best >= 0:
        ttb[slot, 3] = _index_from_top(hands, n, best)
    if ok:
        if target > ttb[slot, 0]:
            ttb[slot, 0] = target
    elif target - 1 < ttb[slot, 1]:
        ttb[slot, 1] = target - 1
    return widened


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
def _top_run_mask(mine, rem, s):
    out = np.int64(0)
    x = rem
    while x != 0:
        b = _HIBIT[x]
        if (mine >> b) & 1 == 0:
            break
        out |= np.int64(1) << (16 * s + b)
        x ^= 1 << b
    return out


@njit(cache=True)
def _quick_tricks(hands, n, leader, team, trump, wk):
    """Tricks the leader wins by cashing top cards whatever the others do, and the
    cards whose ranks that count relies on."""
    mine = hands[leader]
    rem = wk[W_REM:W_REM + 4]
    rem[:] = 0
    for p in range(n):
        for s in range(4):
            rem[s] |= _suit(hands[p], s)
    enemy_trumps = False
    if trump >= 0:
        for p in range(n):
            if team[p] != team[leader] and _suit(hands[p], trump) != 0:
                enemy_trumps = True
    total = 0
    used = np.int64(0)
    if not enemy_trumps:
        for s in range(4):
            run = _top_run(_suit(mine, s), rem[s])
            if run > 0:
                total += run
                used |= _top_run_mask(_suit(mine, s), rem[s], s)
        return total, used
    total = _top_run(_suit(mine, trump), rem[trump])
    used = _top_run_mask(_suit(mine, trump), rem[trump], trump)
    best = 0
    best_suit = -1
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
            best_suit = s
    if best_suit >= 0:
        used |= _top_run_mask(_suit(mine, best_suit), rem[best_suit], best_suit)
    return total + best, used


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
                ruffable = False
                partner_ruffs = False
                nxt = (p + 1) % n
                for q in range(n):
                    if q == p or trump < 0 or s == trump or _suit(hands[q], s) != 0 \
                            or _suit(hands[q], trump) == 0:
                        continue
                    if team[q] == team[p]:
                        partner_ruffs = True
                    else:
                        ruffable = True
                if b == top:
                    score = 40 + length - (30 if ruffable else 0)
                else:
                    for q in range(n):
                        if q != p and team[q] == team[p] and (_suit(hands[q], s) >> top) & 1:
                            score = 30
                    if team[nxt] != team[p] and (_suit(hands[nxt], s) >> top) & 1:
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
def search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, work, rel, target, ply):
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
    base = -1
    depth = 0
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
            q, used = _quick_tricks(hands, n, leader, team, trump, wk)
            q *= cfg[C_TRICK_PTS]
            if team[leader] != 0:
                if q >= target:
                    rel[ply] = used
                    return True
            elif hi - q < target:
                rel[ply] = used
                return False
        _position_keys(hands, n, wk)
        wk[W_KEYS + 2] = leader | (cfg[C_TEAMMASK] << 3) | (st[2] << 11) | (cfg[C_RULES_ID] << 16)
        wk[W_KEYS + 3] = 0
        if cfg[C_RELATIVE] == 0:
            for q in range(n):
                wk[W_KEYS + 3] |= hands[q]
        base = (_slot(wk[W_KEYS], wk[W_KEYS + 1], wk[W_KEYS + 2] ^ wk[W_KEYS + 3]) & (ttk.shape[0] // TT_WAYS - 1)) * TT_WAYS
        if ply > 0:
            hit, hint = _tt_probe(ttk, ttb, wk, base, target, hands, n, rel, ply)
            if hit >= 0:
                return hit == 1
        for p in range(n):
            depth += _popcount(hands[p])
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
    for i in range(count):
        c = wk[W_MOVES + i]
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
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, work, rel,
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
            ok = search(hands, trick, tseat, st, cfg, team, cpts, lpts, ttk, ttb, ctr, work, rel,
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
            result = ok
            decided = c
            relevant = below
            break
        relevant |= below
    if ply == 0:
        ctr[N_ROOT_MOVE] = decided
    if base >= 0:
        relevant = _tt_store(ttk, ttb, wk, base, depth, target, result, relevant, hands, n,
                             cfg[C_PARTITION], decided)
    rel[ply] = relevant
    return result
