"""Trex policies: the rules of thumb, the search's settings and the hint for every decision.

* ``heuristic``: :mod:`solvers.games.trex_heuristic`.
* ``hint``: the sampled search of :mod:`solvers.games.trex_search` (contract choice,
  throw-in claims and doubles valued by playing sampled deals out; trick play by sampled
  double dummy; the Trex layout by exact search once the hands are small), falling back
  to the rules of thumb when the budget is too small.
"""

from __future__ import annotations

from solvers.errors import CardsageError
from solvers.game import Hint
from solvers.games.trex_heuristic import choose, heuristic_bot
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "heuristic_hint"]


def heuristic_hint(state, seat: int) -> Hint:
    """The rules of thumb's action with its reason and the other legal actions."""
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


BOTS = {"heuristic": heuristic_bot}
SEARCH = SearchConfig()
