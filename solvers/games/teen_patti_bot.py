"""placeholder"""
from solvers.games.teen_patti_play import heuristic_bot, always_raise_bot
BOTS = {"heuristic": heuristic_bot, "always-raise": always_raise_bot}
