"""A first guess of a position's value, where the null-window probes start.

Any guess is sound (the probes settle the exact value); a close one saves probes.
Only the plain tricks objective at a trick boundary gets a guess.
"""

from __future__ import annotations

import solvers.doubledummy.kernel as K
import solvers.doubledummy.layout as L

__all__ = ["estimate", "vector_estimate"]

# weight of the four highest remaining cards of a suit, highest first
_HONOURS = (6, 4, 2, 1)


def estimate(state) -> int | None:
    """Tricks the maximising team is likely to take: its share of the high cards, moved
    by half its trump-length advantage; None when no guess applies."""
    return vector_estimate(state.packed(), state.seats)


def vector_estimate(S, n: int) -> int | None:
    """:func:`estimate` of the state vector ``S`` (``layout.py``) of ``n`` seats."""
    v = S[:_END].tolist()   # plain ints: numpy's element reads cost more than the sums
    if not v[_QUICK] or v[_TLEN] != 0:
        return None
    tricks = int(K.tricks_left(S, n, v[_UNEQUAL]))
    ours_mask = 0   # the maximising team's cards
    rem_all = 0
    for hand, ours in zip(v[L.O_HANDS:L.O_HANDS + n], v[L.O_TEAM:L.O_TEAM + n]):
        rem_all |= hand
        if ours:
            ours_mask |= hand
    ours = total = 0
    for shift in (0, 16, 32, 48):
        rem = (rem_all >> shift) & 0xFFFF
        mine = (ours_mask >> shift) & 0xFFFF
        for weight in _HONOURS:
            if not rem:
                break
            b = rem.bit_length() - 1
            rem ^= 1 << b
            total += weight
            if (mine >> b) & 1:
                ours += weight
    guess = tricks * ours / max(total, 1)
    trump = v[_TRUMP]
    if trump >= 0:
        held = (rem_all >> (16 * trump)) & 0xFFFF
        mine = ((ours_mask >> (16 * trump)) & 0xFFFF).bit_count()
        theirs = held.bit_count() - mine
        guess += (mine - theirs) / 2
    return max(0, min(tricks, round(guess))) * v[_TRICK_PTS]


_END = L.O_CPTS
_QUICK, _TLEN, _UNEQUAL = L.O_CFG + K.C_QUICK, L.O_ST, L.O_CFG + K.C_UNEQUAL
_TRUMP, _TRICK_PTS = L.O_CFG + K.C_TRUMP, L.O_CFG + K.C_TRICK_PTS
