"""Exact cover for Diloti: which sets of table cards split into groups of one value.

A number card of value ``v`` captures any collection of disjoint sets of loose cards that
each add up to ``v``; a group declaration of value ``V`` is a collection of such sets. The
question "which sets of cards can be split so?" is an exact cover problem, answered here
by a bitmask dynamic programme: first every subset adding up to the target is listed (a
small search, since values are at least 1 and the target at most 10), then the reachable
unions of pairwise disjoint subsets are grown one subset at a time, each union kept once
with one way of splitting it (its witness). The brute force over every subset of the
table (:func:`coverable_brute`) checks it in the tests.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

__all__ = ["sum_subsets", "coverable", "coverable_brute", "subsets_up_to"]


def sum_subsets(values: Sequence[int], target: int) -> list[int]:
    """Every subset (as a bitmask over ``values``) whose values add up to ``target``."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found: list[int] = []

    def walk(start: int, total: int, mask: int) -> None:
        for pos in range(start, len(order)):
            i = order[pos]
            t = total + values[i]
            if t > target:
                break           # sorted: every later value is at least as big
            if t == target:
                found.append(mask | 1 << i)
            else:
                walk(pos + 1, t, mask | 1 << i)

    walk(0, 0, 0)
    return found


def coverable(values: Sequence[int], target: int) -> dict[int, tuple[int, ...]]:
    """Every bitmask of ``values`` that splits into disjoint sets adding up to ``target``,
    with one such split (the sets as bitmasks); the empty mask splits into nothing."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for group in sum_subsets(values, target):
        for mask, split in list(reach.items()):
            if not mask & group:
                union = mask | group
                if union not in reach:
                    reach[union] = split + (group,)
    return reach


def coverable_brute(values: Sequence[int], target: int) -> set[int]:
    """The same sets as :func:`coverable`, by trying every subset and every split (tests only)."""
    n = len(values)

    def splits(mask: int) -> bool:
        if not mask:
            return True
        low = mask & -mask
        rest = mask ^ low
        members = [i for i in range(n) if rest >> i & 1]
        for k in range(len(members) + 1):
            for combo in combinations(members, k):
                sub = low | sum(1 << i for i in combo)
                if sum(values[i] for i in range(n) if sub >> i & 1) == target and splits(mask ^ sub):
                    return True
        return False

    return {m for m in range(1 << n) if splits(m)}


def subsets_up_to(values: Sequence[int], limit: int) -> list[int]:
    """Every non-empty subset (bitmask) of ``values`` whose total is at most ``limit``."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found: list[int] = []

    def walk(start: int, total: int, mask: int) -> None:
        for pos in range(start, len(order)):
            i = order[pos]
            t = total + values[i]
            if t > limit:
                break
            found.append(mask | 1 << i)
            walk(pos + 1, t, mask | 1 << i)

    walk(0, 0, 0)
    return found
