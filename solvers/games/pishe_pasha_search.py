"""Pishe Pasha's sampled search: every move tried on the same deals of both stocks.

Nobody knows the order of a stock that has not been turned over yet, so for each sample
the cards of those stocks are dealt afresh (:func:`solvers.sampling.determinize`; the
discard piles, the foundations, the current card and any turned-over stock are known and
stay). Every candidate move is applied to that same deal and play goes on by the rules
of thumb for both players for a few turns. A candidate's value is the card margin then
(the cards the opponent holds minus one's own), with a bonus for a game won.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.pishe_pasha import PishePashaState
from solvers.games.pishe_pasha_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["evaluate", "play_on", "position_value", "HORIZON_TURNS"]

HORIZON_TURNS = 6     # turns played on after the move (three each)
MAX_STEPS = 400       # a guard on the moves of a play-out
WIN_BONUS = 52


def play_on(state: PishePashaState, rng: Rng, turns: int = HORIZON_TURNS) -> PishePashaState:
    """Play on by the rules of thumb until ``turns`` more turns have begun or the game ends."""
    game, start = state.hands_played, state.turns
    return play_until(state, heuristic_bot, rng,
                      lambda s: s.hands_played > game or s.turns >= start + turns, MAX_STEPS)


def position_value(start: PishePashaState, end: PishePashaState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the game under way at ``start``, and its value to ``seat``:
    the card margin, plus or minus the bonus for a game won or lost."""
    if end.hands_played > start.hands_played:
        record = end.sheet[start.hands_played]
        held = record.cards_left
        won, lost = record.winner == seat, record.winner == 1 - seat
        return won, held[1 - seat] - held[seat] + WIN_BONUS * (won - lost)
    return False, float(end.cards_held(1 - seat) - end.cards_held(seat))


def evaluate(state: PishePashaState, seat: int, rng: Rng, *, candidates: list[Action] | None = None,
             samples: int | None = None, budget: float | None = None,
             prefer: Action | None = None) -> Evaluation:
    """Try every candidate (by default every legal move) on ``samples`` sampled deals (or as
    many as ``budget`` seconds allow); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=candidates or state.legal_actions(seat),
                           outcome=lambda world, r: position_value(state, play_on(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
