"""Manille's players and hints (placeholder while the search is built)."""

from solvers.games.manille_play import heuristic_bot

BOTS = {"heuristic": heuristic_bot}
