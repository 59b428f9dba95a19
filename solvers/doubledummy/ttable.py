"""The transposition table: bounds at trick boundaries, grouped by position shape.

A position at a trick boundary is looked up in two steps. Its *shape key* (each hand's
length in each suit, leader, team, rules, and the exact remaining cards when card
identity matters) selects one shape slot by open addressing. The slot heads a chain of
entries, newest first; an entry holds, per suit, the owners of the top ``r`` remaining
cards (``r`` in the bits above ``PATTERN_BITS``) and a lower and an upper bound on the
value. An entry applies to every position of that shape whose top cards have those
owners (partition search), so one shape may need many entries: chains grow freely
from one shared pool, and the whole table is emptied when the pool runs out.

Arrays: ``sk`` shape keys (slots x 4), ``sh`` chain heads (-1: free slot), ``ep``
entry patterns (entries x 4), ``eb`` entry lower, upper, best card (index from the top
of its suit, -1 if none), next entry; ``ctl[0]`` the next free entry.
"""

from __future__ import annotations

import numpy as np
from numba import njit

PATTERN_BITS = 48
PATTERN_MASK = (1 << PATTERN_BITS) - 1
SHAPE_PROBES = 8
# only the newest entries of a chain are read; older ones are left to the pool reset
CHAIN_SCAN = 48
NONE = -1
INF = 1 << 30


def new_table(bits: int) -> tuple:
    """An empty table of ``2**bits`` shape slots and ``2**(bits + 3)`` entries."""
    slots = 1 << bits
    entries = slots * 8
    sk = np.zeros((slots, 4), dtype=np.int64)
    sh = np.full(slots, NONE, dtype=np.int64)
    ep = np.zeros((entries, 4), dtype=np.int64)
    eb = np.zeros((entries, 4), dtype=np.int32)
    ctl = np.zeros(1, dtype=np.int64)
    return sk, sh, ep, eb, ctl


def clear(table: tuple) -> None:
    """Forget every entry."""
    _, sh, _, _, ctl = table
    sh[:] = NONE
    ctl[0] = 0


@njit(cache=True)
def _hash(keys):
    h = np.int64(0x2545F4914F6CDD1D)
    for j in range(4):
        h ^= keys[j]
        h *= np.int64(0x5BD1E9955BD1E995)
        h ^= (h >> 29) & np.int64(0x7FFFFFFFF)
    return h


@njit(cache=True)
def find_shape(sk, sh, keys):
    """Slot holding shape ``keys``, or -1."""
    mask = sh.shape[0] - 1
    i = _hash(keys) & mask
    for _ in range(SHAPE_PROBES):
        if sh[i] == NONE:
            return NONE
        if sk[i, 0] == keys[0] and sk[i, 1] == keys[1] and sk[i, 2] == keys[2] and sk[i, 3] == keys[3]:
            return i
        i = (i + 1) & mask
    return NONE


@njit(cache=True)
def _claim_shape(sk, sh, keys):
    """Slot for shape ``keys``: its own, a free one, or the first probed (evicted)."""
    mask = sh.shape[0] - 1
    start = _hash(keys) & mask
    i = start
    free = NONE
    for _ in range(SHAPE_PROBES):
        if sh[i] == NONE:
            free = i
            break
        if sk[i, 0] == keys[0] and sk[i, 1] == keys[1] and sk[i, 2] == keys[2] and sk[i, 3] == keys[3]:
            return i
        i = (i + 1) & mask
    i = start if free == NONE else free
    for j in range(4):
        sk[i, j] = keys[j]
    sh[i] = NONE
    return i


@njit(cache=True)
def matches(ep, e, seq, lens):
    """Does entry ``e``'s pattern fit the position with owner sequences ``seq``?"""
    for s in range(4):
        r = ep[e, s] >> PATTERN_BITS
        if (seq[s] >> (3 * (lens[s] - r))) != (ep[e, s] & PATTERN_MASK):
            return False
    return True


@njit(cache=True)
def store(sk, sh, ep, eb, ctl, keys, pattern, target, ok, best):
    """Record "reached ``target``" (``ok``) or "did not" for ``keys`` and ``pattern``."""
    slot = _claim_shape(sk, sh, keys)
    e = sh[slot]
    for _ in range(CHAIN_SCAN):
        if e == NONE:
            break
        if ep[e, 0] == pattern[0] and ep[e, 1] == pattern[1] and ep[e, 2] == pattern[2] \
                and ep[e, 3] == pattern[3]:
            break
        e = eb[e, 3]
    else:
        e = NONE
    if e == NONE:
        if ctl[0] >= ep.shape[0]:
            # pool exhausted: start afresh (bounds are only ever a speed-up)
            sh[:] = NONE
            ctl[0] = 0
            slot = _claim_shape(sk, sh, keys)
        e = ctl[0]
        ctl[0] += 1
        for j in range(4):
            ep[e, j] = pattern[j]
        eb[e, 0] = -INF
        eb[e, 1] = INF
        eb[e, 2] = NONE
        eb[e, 3] = sh[slot]
        sh[slot] = e
    if best >= 0:
        eb[e, 2] = best
    if ok:
        if target > eb[e, 0]:
            eb[e, 0] = target
    elif target - 1 < eb[e, 1]:
        eb[e, 1] = target - 1
