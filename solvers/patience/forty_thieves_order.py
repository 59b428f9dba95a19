"""Position scores for Forty Thieves with a limited stock (move ordering only).

Only the order in which positions are tried depends on them, never a verdict. With
no turn-over left the stock is a queue and the waste a stack, so a good position has
many cards up, empty columns, a short waste, and few cards lying on cards of their
suit that are needed soon. No single weighting suits every deal, so the beam probe
tries several (:data:`WEIGHTS`).
"""

from __future__ import annotations

# (up, empty column, waste card, buried, horizon): a card whose rank is within
# ``horizon`` of its lower foundation pile costs ``buried * (horizon - distance)``
# for every card lying on it
WEIGHTS = (
    (100, 40, 30, 8, 3),        # waste cards dear: the stock is not dealt through early
    (100, 40, 6, 8, 3),
    (100, 40, 6, 30, 3),
    (100, 40, 6, 8, 5),
    (100, 10, 6, 15, 3),
    (100, 40, 6, 30, 2),
    (100, 40, 12, 10, 4),
    (100, 80, 6, 20, 4),
    (100, 40, 6, 50, 3),
)


def score(state, weights=WEIGHTS[0]) -> int:
    """Higher is more promising (see :data:`WEIGHTS`)."""
    up_w, empty_w, waste_w, buried_w, horizon = weights
    cols, found, talon, p, _ = state
    total = up_w * sum(found) - waste_w * p
    for col in cols:
        if not col:
            total += empty_w
            continue
        n = len(col)
        for k, c in enumerate(col):
            need = c % 13 - found[2 * (c // 13)]
            if need < horizon:
                total -= buried_w * (horizon - need) * (n - 1 - k)
    for k in range(p):
        c = talon[k]
        need = c % 13 - found[2 * (c // 13)]
        if need < horizon:
            total -= buried_w * (horizon - need) * (p - 1 - k)
    return total
