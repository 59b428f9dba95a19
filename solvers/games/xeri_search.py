"""Xeri's sampled search: every card tried on the same deals of the unseen cards.

Suits only matter for points (the ten of diamonds, the two of clubs, nothing else), so
the search tries every card in hand (at most six). For each sample it deals the cards
the player cannot see afresh (:func:`solvers.sampling.determinize`: the opponent's hand
and the stock; captured cards and the pile are known and stay), plays every candidate on
that same deal and finishes the hand by the rules of thumb for both players. Comparing
the candidates on the same deals cancels most of the luck of the sampling. A candidate's
value is the hand's point margin for the player (xeris, more cards, counting cards), plus
25 for a hand won (minus 25 for a hand lost).
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.xeri import XeriState
from solvers.games.xeri_play import heuristic_bot
from solvers.paired_search import Candidate, Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["Candidate", "Evaluation", "evaluate", "play_to_hand_end", "hand_value"]

MAX_STEPS = 60      # a hand has 48 plays: a safe bound
WIN_BONUS = 25


def play_to_hand_end(state: XeriState, rng: Rng) -> XeriState:
    """Play on by the rules of thumb for both seats until the current hand is scored."""
    hand = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > hand, MAX_STEPS)


def hand_value(start: XeriState, end: XeriState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the hand under way at ``start``, and its value to ``seat``."""
    if end.hands_played == start.hands_played:
        return False, float(end.hand_points(seat) - end.hand_points(1 - seat))
    record = end.sheet[start.hands_played]
    margin = record.points[seat] - record.points[1 - seat]
    won = record.winner == seat
    lost = record.winner == 1 - seat
    return won, margin + WIN_BONUS * (won - lost)


def evaluate(state: XeriState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every card on ``samples`` sampled deals (or as many as ``budget`` seconds allow,
    at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: hand_value(state, play_to_hand_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
