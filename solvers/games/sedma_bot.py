"""Sedma's players and hints."""

from __future__ import annotations

from solvers.games.sedma_play import heuristic_bot

BOTS = {"heuristic": heuristic_bot}
