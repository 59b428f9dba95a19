"""Which stock/waste cards can be reached by turning the stock, and how.

The stock and waste are kept as one sequence, the *talon*: the waste bottom to top,
then the stock in dealing order, with ``p`` = the size of the waste (the waste top is
``talon[p - 1]``). Drawing ``k`` moves ``p`` forward by ``k`` (capped at the end); a
turn-over of the waste sets ``p`` back to 0 without changing the order. So every
stock operation is just a move of ``p``, and a card at position ``q`` (1-based) can be
played after the draws that bring ``p`` to ``q``.
"""

from __future__ import annotations

DRAW = ("draw",)


def targets(n: int, p: int, k: int, redeals: int, max_redeals: int | None,
            single: bool, switch: bool) -> list[tuple[int, tuple, int, bool]]:
    """Reachable waste tops as ``(q, moves to get there, redeals after, single after)``.

    Positions already reachable in the current pass are not repeated through a
    turn-over (that would give the same position with fewer turn-overs left), and the
    single-pass switch is only offered where it is not the same as switching earlier.
    """
    step = 1 if single else k
    out = []
    q, draws = p, 0
    while True:
        if q > 0:
            out.append((q, DRAW * draws, redeals, single))
        if q >= n:
            break
        q = min(q + step, n)
        draws += 1
    if single or n == 0:
        return out
    to_end = DRAW * draws
    may_turn = max_redeals is None or redeals < max_redeals
    if may_turn:
        reached = {t[0] for t in out}
        q, draws = 0, 0
        while q < n:
            q = min(q + k, n)
            draws += 1
            if q not in reached:
                out.append((q, to_end + ("redeal",) + DRAW * draws, redeals + 1, False))
    if switch:
        if p == 0:
            out += [(q, ("switch",) + DRAW * q, redeals, True) for q in range(1, n + 1)]
        elif may_turn:
            out += [(q, to_end + ("switch",) + DRAW * q, redeals + 1, True) for q in range(1, n + 1)]
    return out


def reach_any(n: int, p: int, q: int) -> tuple:
    """Moves bringing a one-card-at-a-time talon with unlimited turn-overs from ``p``
    to waste top ``q``."""
    if q >= p:
        return DRAW * (q - p)
    return DRAW * (n - p) + ("redeal",) + DRAW * q


def cycle_class(n: int, p: int, k: int) -> int:
    """With unlimited turn-overs, positions ``p`` that can reach each other by drawing
    alone are equivalent; every multiple of ``k`` and the end are reachable from 0."""
    return 0 if p % k == 0 or p == n else p
