"""A first guess of a position's value, where the null-window probes start.

Any guess is sound (the probes settle the exact value); a close one saves probes.
Only the plain tricks objective at a trick boundary gets a guess.
"""

from __future__ import annotations

import solvers.doubledummy.kernel as K

__all__ = ["estimate"]

# weight of the four highest remaining cards of a suit, highest first
_HONOURS = (6, 4, 2, 1)


def estimate(state) -> int | None:
    """Tricks the maximising team is likely to take: its share of the high cards, moved
    by half its trump-length advantage; None when no guess applies."""
    if not state.cfg[K.C_QUICK] or int(state.st[0]) != 0:
        return None
    n = state.seats
    hands = [int(h) for h in state.hands[:n]]
    tricks = state.tricks_left()
    ours = total = 0
    for s in range(4):
        rem = 0
        for h in hands:
            rem |= (h >> (16 * s)) & 0xFFFF
        for weight in _HONOURS:
            if not rem:
                break
            b = rem.bit_length() - 1
            rem ^= 1 << b
            total += weight
            if any(state.team[p] and (hands[p] >> (16 * s + b)) & 1 for p in range(n)):
                ours += weight
    guess = tricks * ours / max(total, 1)
    trump = int(state.cfg[K.C_TRUMP])
    if trump >= 0:
        mine = sum(bin((hands[p] >> (16 * trump)) & 0xFFFF).count("1") for p in range(n) if state.team[p])
        theirs = sum(bin((hands[p] >> (16 * trump)) & 0xFFFF).count("1") for p in range(n) if not state.team[p])
        guess += (mine - theirs) / 2
    return max(0, min(tricks, round(guess))) * int(state.cfg[K.C_TRICK_PTS])
