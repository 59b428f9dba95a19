"""Dealing Twenty-Four hands from a seeded generator."""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.twentyfour.difficulty import TIERS
from solvers.twentyfour.inputs import MAX_COUNT, MAX_NUMBER, MIN_COUNT
from solvers.twentyfour.solver import solve

MAX_ATTEMPTS = 5000


def random_deal(rng: Rng, *, solvable: bool | None = None, difficulty: str | None = None,
                max_number: int = 13, count: int = 4, target=24, **opts) -> list[int]:
    """``count`` numbers dealt from a pack holding four of each value 1..``max_number``.

    ``solvable`` and ``difficulty`` (a tier name) filter the deals: hands are redealt
    until one fits, and :class:`CardsageError` is raised when none is found after
    :data:`MAX_ATTEMPTS` tries. The numbers come in dealt order. Same seed, same deal.
    """
    if not isinstance(rng, Rng):
        raise CardsageError("random_deal needs a solvers.cards.Rng", field="rng")
    if not isinstance(count, int) or not MIN_COUNT <= count <= MAX_COUNT:
        raise CardsageError(f"count must be from {MIN_COUNT} to {MAX_COUNT}", field="count")
    if not isinstance(max_number, int) or not 1 <= max_number <= MAX_NUMBER:
        raise CardsageError(f"max_number must be from 1 to {MAX_NUMBER}", field="max_number")
    if difficulty is not None and difficulty not in TIERS:
        raise CardsageError(f"unknown difficulty {difficulty!r}: use one of {', '.join(TIERS)}",
                            field="difficulty")
    if difficulty == "none" and solvable:
        raise CardsageError("a deal of difficulty 'none' is never solvable", field="difficulty")
    copies = max(4, count)
    for _ in range(MAX_ATTEMPTS):
        hand = _draw(rng, max_number, copies, count)
        if solvable is None and difficulty is None:
            return hand
        result = solve(hand, target, **opts)
        if solvable is not None and result.solvable != solvable:
            continue
        if difficulty is not None and result.difficulty != difficulty:
            continue
        return hand
    raise CardsageError("no deal with the requested properties was found; relax the filters",
                        field="difficulty")


def _draw(rng: Rng, max_number: int, copies: int, count: int) -> list[int]:
    """``count`` cards without replacement from ``copies`` of each value (partial shuffle)."""
    pack_size = max_number * copies
    chosen = []
    taken: dict[int, int] = {}
    for k in range(count):
        # Fisher–Yates on a virtual pack: slot ``k`` swaps with a random later slot.
        r = k + rng.below(pack_size - k)
        card = taken.get(r, r)
        taken[r] = taken.get(k, k)
        chosen.append(card // copies + 1)
    return chosen
