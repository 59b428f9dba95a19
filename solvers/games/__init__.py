"""The registry of games: ``get("whist")``, ``names()``, ``listing()``.

Each game module defines a :class:`solvers.game.Game` subclass (its rules); a game may
also have a policies module with its own bots (``BOTS``), a stronger specialised hint
(``hint``) and the settings of the generic search (``SEARCH``). The registry is the
one place where rules and policies meet: it attaches to every game the ``random`` and
``search`` bots and the generic information-set hint, then the game's own, so the
rules modules never import their bots and a new game is covered by the conformance
suite, the HTTP API and the web UI the moment it is listed here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from solvers.errors import CardsageError
from solvers.game import Game
from solvers.games.advice import advice_for, config_for
from solvers.ismcts import SearchConfig

# name -> (rules module, policies module or None), imported on first use
_MODULES: dict[str, tuple[str, str | None]] = {
    "whist": ("solvers.games.whist", "solvers.games.whist_bot"),
    "teka": ("solvers.games.teka", "solvers.games.teka_bot"),
    "tetka": ("solvers.games.tetka", "solvers.games.tetka_bot"),
    "troefcall": ("solvers.games.troefcall", "solvers.games.troefcall_bot"),
    "king": ("solvers.games.king", "solvers.games.king_bot"),
    "twentyfour": ("solvers.games.twentyfour", "solvers.games.twentyfour_bot"),
    "klondike": ("solvers.games.klondike", "solvers.games.patience_play"),
    "forty-thieves": ("solvers.games.forty_thieves", "solvers.games.patience_play"),
    "whist-22": ("solvers.games.whist_22", "solvers.games.whist_22_bot"),
    "napoleon": ("solvers.games.napoleon", "solvers.games.napoleon_bot"),
    "kop": ("solvers.games.kop", "solvers.games.kop_bot"),
    "sedma": ("solvers.games.sedma", "solvers.games.sedma_bot"),
    "trex": ("solvers.games.trex", "solvers.games.trex_bot"),
    "bura": ("solvers.games.bura", "solvers.games.bura_bot"),
    "agram": ("solvers.games.agram", "solvers.games.agram_bot"),
    "manille": ("solvers.games.manille", "solvers.games.manille_bot"),
    "matapesa": ("solvers.games.matapesa", "solvers.games.matapesa_bot"),
    "xeri": ("solvers.games.xeri", "solvers.games.xeri_bot"),
    "diloti": ("solvers.games.diloti", "solvers.games.diloti_bot"),
    "kontsina": ("solvers.games.kontsina", "solvers.games.kontsina_bot"),
    "paskahousu": ("solvers.games.paskahousu", "solvers.games.paskahousu_bot"),
    "durak": ("solvers.games.durak", "solvers.games.durak_bot"),
    "mao": ("solvers.games.mao", "solvers.games.mao_bot"),
    "polish-polka": ("solvers.games.polish_polka", "solvers.games.polish_polka_bot"),
    "east-west": ("solvers.games.east_west", "solvers.games.east_west_bot"),
    "red7": ("solvers.games.red7", "solvers.games.red7_bot"),
    "empat-satu": ("solvers.games.empat_satu", "solvers.games.empat_satu_bot"),
    "teen-patti": ("solvers.games.teen_patti", "solvers.games.teen_patti_bot"),
    "pishe-pasha": ("solvers.games.pishe_pasha", "solvers.games.pishe_pasha_bot"),
    "japanese-51": ("solvers.games.japanese_51", "solvers.games.japanese_51_bot"),
    "beggar-my-neighbor": ("solvers.games.beggar_my_neighbor", "solvers.games.beggar_my_neighbor_bot"),
    "sam-sip": ("solvers.games.sam_sip", "solvers.games.sam_sip_bot"),
    "chor-voli": ("solvers.games.chor_voli", "solvers.games.chor_voli_bot"),
    "seven-rummy": ("solvers.games.seven_rummy", "solvers.games.seven_rummy_bot"),
    "james-bond": ("solvers.games.james_bond", "solvers.games.james_bond_bot"),
    "old-maid": ("solvers.games.old_maid", "solvers.games.old_maid_bot"),
    "carioca": ("solvers.games.carioca", "solvers.games.carioca_bot"),
    "trash": ("solvers.games.trash", "solvers.games.trash_bot"),
}
_GAMES: dict[str, Game] = {}


def get(name: str) -> Game:
    """The game registered under ``name``, with its bots and hints; a clear error for an unknown name."""
    if not isinstance(name, str) or name not in _MODULES:
        shown = name if not isinstance(name, str) or len(name) <= 40 else name[:40] + "…"
        raise CardsageError(f"unknown game {shown!r}; known games: {', '.join(sorted(_MODULES))}",
                            status=404, field="game")
    if name not in _GAMES:
        rules, policies = _MODULES[name]
        game = importlib.import_module(rules).GAME
        module: ModuleType | None = importlib.import_module(policies) if policies else None
        game.attach(advice_for(game, module))
        _GAMES[name] = game
    return _GAMES[name]


def search_config(name: str) -> SearchConfig:
    """The generic search's settings for a game (its rollout policy, look-ahead…), e.g. to
    build a stronger or weaker ``search`` bot with :func:`solvers.ismcts.make_search_bot`."""
    get(name)
    policies = _MODULES[name][1]
    return config_for(importlib.import_module(policies) if policies else None)


def own_search(name: str) -> bool:
    """True when the game's policies bring their own ``search`` bot (e.g. sampled double
    dummy for card play) in place of the generic one."""
    get(name)
    policies = _MODULES[name][1]
    return policies is not None and "search" in (getattr(importlib.import_module(policies), "BOTS", {}) or {})


def names() -> list[str]:
    """Names of every registered game."""
    return sorted(_MODULES)


def listing() -> list[dict]:
    """Title, players, family and options of every game, for the API."""
    return [get(n).describe() for n in names()]


# games whose policies module defines warm_up(): a table its hints read, built once
WARMED = ("teen-patti",)


def warm_up(names_to_warm: list[str] | None = None) -> list[str]:
    """Build, once per process, the tables a game's hints read (a game's policies module
    may define ``warm_up()``; the games in :data:`WARMED` do), so the first hint's budget
    is spent searching. Returns the games that had something to build."""
    warmed = []
    for name in names_to_warm or list(WARMED):
        policies = _MODULES[name][1]
        module = importlib.import_module(policies) if policies else None
        if module is not None and callable(getattr(module, "warm_up", None)):
            module.warm_up()
            warmed.append(name)
    return warmed
