"""The value a poker-style hand evaluator returns, shared by every game that ranks hands.

A game whose showdowns compare hands (East–West's rows, Chor Voli's combinations, Teen
Patti's three cards) exposes ``hand_rank(cards, options=None) -> HandRank`` in its rules
module and lists it as ``HAND_RANK`` on its :class:`~solvers.game.Game` class. The HTTP
API answers ``GET /api/v1/games/{name}/hand`` from it, so a disputed showdown can be
settled by asking the service.

``HandRank`` values order hands by plain comparison (``<``, ``==``, ``max``): ``key`` is
a tuple whose first item is the category's strength and whose later items break ties
within it. Two hands of equal strength compare equal even if their cards differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["HandRank"]


@dataclass(frozen=True, order=True)
class HandRank:
    """A hand's strength: ``key`` orders hands; ``category`` and ``name`` say what it is."""

    key: tuple
    category: str = field(compare=False)       # machine name: "straight-flush", "trail", …
    name: str = field(compare=False)           # for players: "straight flush, queen high"

    def to_json(self) -> dict:
        """JSON form used by the HTTP API."""
        return {"category": self.category, "name": self.name, "key": list(self.key)}
