"""The generic hint engine: information-set Monte Carlo tree search over the game protocol.

It needs nothing of a game but the protocol (``determinize``, ``legal_actions``,
``apply``, ``utility``, ``hands_played``), so every registered game has hints and a
``search`` bot the moment it is registered. See :mod:`solvers.ismcts.tree` for the
search, :mod:`solvers.ismcts.hint` for the hint built on it.
"""

from solvers.ismcts.bot import make_search_bot
from solvers.ismcts.config import SearchConfig
from solvers.ismcts.hint import search_hint
from solvers.ismcts.tree import SearchResult, search

__all__ = ["SearchConfig", "SearchResult", "search", "search_hint", "make_search_bot"]
