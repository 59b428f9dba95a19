"""Bit counts and small mask helpers shared by the compiled search modules.

A hand is a 64-bit mask, 16 bits per played suit, bit = power (0 lowest). The compiled
code counts bits and finds the highest one with the processor's instructions (``pop``,
``hibit``); the ``POP``/``HIBIT`` tables give the same answers to plain Python.
"""

from __future__ import annotations

import llvmlite.binding as _llvm
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

SUIT_MASK = 0xFFFF
# the processor's parallel bit extract and deposit (BMI2); plain loops where it has none
HAS_BMI2 = "+bmi2" in _llvm.get_host_cpu_features().flatten().split(",")
# one bit every third place: a deposited index k lands on bit 3k
EVERY_THIRD = 0o1111111111111111

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


def _bmi2(name):
    @intrinsic
    def call(typingctx, x, m):
        sig = types.int64(types.int64, types.int64)

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
            fn = cgutils.get_or_insert_function(builder.module, fnty, name)
            return builder.call(fn, args)
        return sig, codegen
    return call


_pext = _bmi2("llvm.x86.bmi.pext.64")
_pdep = _bmi2("llvm.x86.bmi.pdep.64")


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
def word_at(A, i):
    """Word ``i`` (never negative) of a flat array, read by an unsigned index: numba
    checks a signed index for a negative value before each load, which lengthens chains
    of dependent loads (the store's chain walk, the state's reads)."""
    return A[np.uint64(i)]


@njit(cache=True, inline="always")
def put_word(A, i, v):
    """Write ``v`` to word ``i`` (never negative) of a flat array by an unsigned index
    (``word_at``)."""
    A[np.uint64(i)] = v


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


@njit(cache=True, inline="always")
def top_run(mine, rem):
    """How many of the highest remaining cards of a suit (``rem``) are in ``mine``: the
    remaining cards above the highest one ``mine`` lacks."""
    missing = rem & ~mine
    if missing == 0:
        return pop(rem)
    return pop(rem >> (hibit(missing) + 1))


@njit(cache=True, inline="always")
def top_run_mask(mine, rem, s):
    """The cards of that run, as a full 64-bit mask of suit ``s``."""
    missing = rem & ~mine
    if missing == 0:
        return np.int64(rem) << (16 * s)
    return np.int64(rem & ~((np.int64(2) << hibit(missing)) - 1)) << (16 * s)


@njit(cache=True, inline="always")
def top_cards(rem, r):
    """The ``r`` highest cards of ``rem`` (``r`` at most its count): ``r`` low bits
    deposited onto its top ``r`` places, where the processor has BMI2."""
    k = pop(rem) - r
    if k <= 0:
        return np.int64(rem)
    if HAS_BMI2:
        return _pdep(((np.int64(1) << r) - 1) << k, np.int64(rem))
    return _top_cards_loop(np.int64(rem), k)


@njit(cache=True)
def _top_cards_loop(rem, k):
    """``top_cards`` without BMI2: ``rem`` with its ``k`` lowest cards cleared."""
    for _ in range(k):
        rem &= rem - 1
    return rem


@njit(cache=True)
def _spread_loop(x, within):
    """``spread`` without BMI2: bit k of ``x`` for the k-th lowest bit of ``within``,
    moved to bit 3k."""
    out = np.int64(0)
    k = 0
    while within != 0:
        low = within & -within
        if x & low:
            out |= np.int64(1) << (3 * k)
        within ^= low
        k += 1
    return out


@njit(cache=True, inline="always")
def spread(x, within):
    """The cards of ``x`` (a subset of ``within``) by their place among ``within``, lowest
    first: bit 3k is set when the k-th lowest card of ``within`` is in ``x``."""
    if HAS_BMI2:
        return _pdep(_pext(np.int64(x), np.int64(within)), np.int64(EVERY_THIRD))
    return _spread_loop(np.int64(x), np.int64(within))
