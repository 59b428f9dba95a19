"""Seven Rummy's players and hints (placeholder search until measured)."""

from __future__ import annotations

from solvers.games.seven_rummy_play import heuristic_bot

BOTS = {"heuristic": heuristic_bot}
