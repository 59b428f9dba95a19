"""Every game's bots and hint: the generic ones, overridden by what the game's policies bring.

A policies module may define:

* ``BOTS``: more bot policies by name (``heuristic``, ``pimc``, ``solver``…);
* ``hint(state, seat, budget, *, mode, rng, iterations)``: a stronger specialised hint
  (sampled double dummy, exact patience search, the Twenty-Four solver). It is called
  only for a seat that is to move and a ``mode`` the game lists in ``hint_modes`` (or
  None): those checks are made here, once for every game;
* ``SEARCH``: a :class:`~solvers.ismcts.SearchConfig` for the generic search (by default
  its rollouts play the game's ``heuristic`` bot where there is one, random otherwise);
* ``TRICK_ADAPTER``: a :class:`solvers.pimc.adapters.Adapter` that lets the sampled
  double-dummy search (:mod:`solvers.pimc`) play and hint the game's cards.
"""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

from solvers.bots import random_bot
from solvers.errors import CardsageError
from solvers.game import Advice, Game, Hint
from solvers.ismcts import SearchConfig, make_search_bot, search_hint

__all__ = ["advice_for", "config_for"]


def config_for(policies: ModuleType | None) -> SearchConfig:
    """The generic search's settings for a game with these policies."""
    config = getattr(policies, "SEARCH", None) or SearchConfig()
    own = getattr(policies, "BOTS", {}) or {}
    if config.rollout is None and "heuristic" in own:
        config = replace(config, rollout=own["heuristic"])
    return config


def advice_for(game: Game, policies: ModuleType | None) -> Advice:
    """The bots and hint method a game is played with."""
    config = config_for(policies)
    bots = {"random": random_bot, "search": make_search_bot(config)}
    bots.update(getattr(policies, "BOTS", {}) or {})
    special = getattr(policies, "hint", None)

    def generic(state, seat, budget=None, *, mode=None, rng=None, iterations=None) -> Hint:
        return search_hint(state, seat, budget, rng=rng, iterations=iterations, config=config)

    method = special if special is not None else generic

    def checked(state, seat, budget=None, *, mode=None, rng=None, iterations=None) -> Hint:
        # the checks every hint needs, before any game's own method runs
        if mode is not None and mode not in game.hint_modes:
            modes = f"; its modes: {', '.join(game.hint_modes)}" if game.hint_modes else ""
            raise CardsageError(f"{game.name} has no hint mode {mode!r}{modes}", field="mode")
        if seat not in state.to_move:
            raise CardsageError(f"seat {seat} is not to move", status=409)
        return method(state, seat, budget, mode=mode, rng=rng, iterations=iterations)

    return Advice(bots=bots, hint=checked, trick_adapter=getattr(policies, "TRICK_ADAPTER", None))
