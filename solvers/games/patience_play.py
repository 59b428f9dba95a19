"""Hints and bots for the patience games (Klondike, Forty Thieves).

The fair hint samples the cards the player has not seen and solves each sample
exactly; the oracle hint solves the real deal and is offered only where the player
owns every card (a deal typed in) or the game is over. The ``solver`` bot plays the
fair hint.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, Hint
from solvers.games.patience_common import (FAIR_BUDGET_DEFAULT, PatienceState, fair, fallback_action, oracle,
                                           solver_bot)
from solvers.ismcts import SearchConfig

__all__ = ["hint", "heuristic_bot", "BOTS", "SEARCH"]


def hint(state: PatienceState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The fair hint (sampled over the unseen cards; ``iterations``: samples) or the oracle
    hint that uses the real hidden cards. ``mode`` picks one; by default an owned deal or
    a finished match gets the oracle, any other the fair hint. The oracle is refused
    (403) while a numbered deal is being played: its hidden cards are not the player's
    to see."""
    game = state.game
    may_see = state.deal_owned or state.ended
    if mode is None:
        mode = "oracle" if may_see else "fair"
    if mode not in game.hint_modes:
        raise CardsageError(f"unknown hint mode {mode!r}; expected one of {', '.join(game.hint_modes)}",
                            field="mode")
    if mode == "oracle":
        if not may_see:
            raise CardsageError("the oracle hint uses the hidden cards: it is only for a deal you typed "
                                "in or a finished game", status=403, field="mode")
        return oracle(state, FAIR_BUDGET_DEFAULT if budget is None else max(0.01, budget))
    if budget is None:
        # a fixed number of samples is answered in full, with no clock in the answer
        budget = FAIR_BUDGET_DEFAULT if iterations is None else 60.0
    return fair(state, max(0.01, budget), samples=iterations)


def heuristic_bot(state: PatienceState, seat: int, rng: Rng) -> Action:
    """Rules of thumb: foundation moves first, then moves that turn up a card or empty a
    column, waste plays, then the stock; resign when nothing else is left."""
    return fallback_action(state)


BOTS = {"solver": solver_bot, "heuristic": heuristic_bot}
# the search plays forward (undoing is for people) and looks twenty moves ahead: a
# patience move costs about a millisecond to apply
SEARCH = SearchConfig(skip_kinds=frozenset({"undo"}), rollout_steps=20, to_hand_end=False)
