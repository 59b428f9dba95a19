"""Mätäpesä's players and hints.

The only decision is which card to play. ``heuristic`` plays the rules of thumb
(:mod:`solvers.games.matapesa_play`): get rid of high cards while you may, keep your
low cards for the end, since the card you keep last decides whether you take the last
trick. ``search`` and ``hint`` deal the unseen cards afresh many times and play each
deal out (:mod:`solvers.games.matapesa_search`); from six cards in hand down each sampled
deal is solved exactly by the double-dummy solver's suitless rules
(:func:`solvers.games.matapesa_search.matapesa_rules`).
"""

from __future__ import annotations

from solvers.games.matapesa_play import heuristic_bot
from solvers.games.matapesa_search import hint, search_bot

__all__ = ["BOTS", "hint"]

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
