"""Bit counts and small mask helpers shared by the compiled search modules.

A hand is a 64-bit mask, 16 bits per played suit, bit = power (0 lowest). The compiled
code counts bits and finds the highest one with the processor's instructions (``pop``,
``hibit``); the ``POP``/``HIBIT`` tables give the same answers to plain Python.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

SUIT_MASK = 0xFFFF

HIBIT = np.full(1 << 16, -1, dtype=np.int8)
POP = np.zeros(1 << 16, dtype=np.int8)
for _x in range(1, 1 << 16):
    HIBIT[_x] = _x.bit_length() - 1
    POP[_x] = bin(_x).count("1")
del _x


@intrinsic
def _ctpop(typingctx, x):
    """The processor's population count of an int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return sig, codegen


@intrinsic
def _ctlz(typingctx, x):
    """The processor's count of leading zero bits of an int64 (64 for zero)."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return sig, codegen


@njit(cache=True, inline="always")
def pop(x):
    """Number of set bits of ``x`` (one instruction, where the ``POP`` table is a
    memory read)."""
    return _ctpop(np.int64(x))


@njit(cache=True, inline="always")
def hibit(x):
    """Index of the highest set bit of ``x``, -1 for zero (as ``HIBIT``)."""
    return 63 - _ctlz(np.int64(x))


@njit(cache=True, inline="always")
def suit_of(h, s):
    """The 16-bit holding of suit ``s`` in mask ``h``."""
    return (h >> (16 * s)) & SUIT_MASK


@njit(cache=True, inline="always")
def wrap(x, n):
    """``x % n`` for ``0 <= x < 2 * n`` without a division (a seat index)."""
    return x - n if x >= n else x


@njit(cache=True)
def popcount(x):
    """Number of cards in mask ``x``."""
    return _ctpop(np.int64(x))


@njit(cache=True)
def top_run(mine, rem):
    """How many of the highest remaining cards of a suit (``rem``) are in ``mine``."""
    count = 0
    x = rem
    while x != 0:
        b = hibit(x)
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
        b = hibit(x)
        if (mine >> b) & 1 == 0:
            break
        out |= np.int64(1) << (16 * s + b)
        x ^= 1 << b
    return out
