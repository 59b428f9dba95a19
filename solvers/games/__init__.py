"""The registry of games: ``get("whist")``, ``names()``, ``listing()``.

Each game module defines a :class:`solvers.game.Game` subclass; it is listed here once
and is then covered by the conformance suite, the HTTP API and the web UI.
"""

from __future__ import annotations

import importlib

from solvers.errors import CardsageError
from solvers.game import Game

# name -> module path (imported on first use so the registry stays cheap)
_MODULES: dict[str, str] = {
    "whist": "solvers.games.whist",
    "teka": "solvers.games.teka",
    "twentyfour": "solvers.games.twentyfour",
    "klondike": "solvers.games.klondike",
    "forty-thieves": "solvers.games.forty_thieves",
}
_GAMES: dict[str, Game] = {}


def get(name: str) -> Game:
    """The game registered under ``name``; a clear error for an unknown name."""
    if not isinstance(name, str) or name not in _MODULES:
        raise CardsageError(f"unknown game {name!r}; known games: {', '.join(sorted(_MODULES))}",
                            status=404, field="game")
    if name not in _GAMES:
        module = importlib.import_module(_MODULES[name])
        _GAMES[name] = module.GAME
    return _GAMES[name]


def names() -> list[str]:
    """Names of every registered game."""
    return sorted(_MODULES)


def listing() -> list[dict]:
    """Title, players, family and options of every game, for the API."""
    return [get(n).describe() for n in names()]
