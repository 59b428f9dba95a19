"""Bit tables and small mask helpers shared by the compiled search modules.

A hand is a 64-bit mask, 16 bits per played suit, bit = power (0 lowest).
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUIT_MASK = 0xFFFF

HIBIT = np.full(1 << 16, -1, dtype=np.int8)
POP = np.zeros(1 << 16, dtype=np.int8)
for _x in range(1, 1 << 16):
    HIBIT[_x] = _x.bit_length() - 1
    POP[_x] = bin(_x).count("1")
del _x


@njit(cache=True, inline="always")
def suit_of(h, s):
    """The 16-bit holding of suit ``s`` in mask ``h``."""
    return (h >> (16 * s)) & SUIT_MASK


@njit(cache=True)
def popcount(x):
    """Number of cards in mask ``x``."""
    return POP[x & SUIT_MASK] + POP[(x >> 16) & SUIT_MASK] + POP[(x >> 32) & SUIT_MASK] \
        + POP[(x >> 48) & SUIT_MASK]


@njit(cache=True)
def top_run(mine, rem):
    """How many of the highest remaining cards of a suit (``rem``) are in ``mine``."""
    count = 0
    x = rem
    while x != 0:
        b = HIBIT[x]
        if (mine >> b) & 1 == 0:
            break
        count += 1
        x ^= 1 << b
    return count


@njit(cache=True)
def top_run_mask(mine, rem, s):
    """The cards of that run, as a full 64-bit mask of suit ``s``."""
    out = np.int64(0)
    x = rem
    while x != 0:
        b = HIBIT[x]
        if (mine >> b) & 1 == 0:
            break
        out |= np.int64(1) << (16 * s + b)
        x ^= 1 << b
    return out
