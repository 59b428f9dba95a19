"""Hints and bots for hidden-card trick games: sample the unseen cards, solve each deal.

``pimc_hint`` answers every decision of a registered trick-taking game (Whist, Teka)
within a time budget; ``oracle_hint`` does the same on the true deal for callers who
own every card; ``make_pimc_bot`` turns the hint into a bot with a strength knob.
"""

from solvers.pimc.bot import make_pimc_bot, pimc_bot
from solvers.pimc.entry import oracle_hint, pimc_hint, sampled_hint_or_heuristic

__all__ = ["pimc_hint", "oracle_hint", "sampled_hint_or_heuristic", "make_pimc_bot", "pimc_bot"]
