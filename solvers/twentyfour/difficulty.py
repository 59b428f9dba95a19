"""Difficulty tiers of a Twenty-Four deal, from features of its distinct solutions.

Points (see docs/twentyfour.md for the reasoning):

* +3 when every solution needs a fraction somewhere (no integer-only route exists);
* +2 when there is exactly one distinct solution, +1 when there are exactly two;
* +1 when the easiest route's largest intermediate is 50 or more, +2 when it is 100 or
  more (``9 * 7 - 13 * 3`` passes through 63);
* +1 when the preferred solution ends with a division (``8 / (3 - 8 / 3)``).

Tiers: 0 points ``easy``, 1–2 ``medium``, 3–4 ``hard``, 5 or more ``expert``; an
unsolvable deal is ``none``.
"""

from __future__ import annotations

from solvers.twentyfour.arith import format_value
from solvers.twentyfour.render import Rendered

TIERS = ("none", "easy", "medium", "hard", "expert")


def tier_of(score: int) -> str:
    """The tier name for a number of points."""
    if score <= 0:
        return "easy"
    if score <= 2:
        return "medium"
    if score <= 4:
        return "hard"
    return "expert"


def assess(renderings: list[Rendered]) -> tuple[str, dict]:
    """``(tier, features)`` for the distinct solutions, preferred first."""
    if not renderings:
        return "none", {"solutions": 0, "needs_fraction": None, "largest_intermediate": None,
                        "last_op_division": None, "score": None}
    integral = [r for r in renderings if r.integral]
    needs_fraction = not integral
    largest = min(r.largest for r in (integral or renderings))
    count = len(renderings)
    last_division = renderings[0].last_op == "/"
    score = 3 * needs_fraction
    score += 2 if count == 1 else 1 if count == 2 else 0
    score += 2 if largest >= 100 else 1 if largest >= 50 else 0
    score += 1 * last_division
    features = {
        "solutions": count,
        "needs_fraction": needs_fraction,
        "largest_intermediate": format_value(largest),
        "last_op_division": last_division,
        "score": score,
    }
    return tier_of(score), features
