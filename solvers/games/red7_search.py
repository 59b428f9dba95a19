"""Red7's sampled search: the best turns tried on the same deals of the unseen cards.

The candidates are the rules of thumb's best ``CANDIDATES`` winning turns and ``concede``
(conceding early can deny a leader points). For each sample the cards the player cannot
see (the other hands and the draw deck) are dealt afresh by
:func:`solvers.sampling.determinize`; every candidate is applied to that same deal and the
round is played out by the rules of thumb for every seat. A candidate's value is the
change in the match standing the round brings the player: the round winner's points
(one with round scoring) for the player, or minus their share when another player wins.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.red7 import CONCEDE, Red7State
from solvers.games.red7_play import heuristic_bot, ranked_turns
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["CANDIDATES", "candidates", "evaluate", "play_to_round_end", "round_value"]

CANDIDATES = 8
MAX_STEPS = 200     # a round has at most (7 + 49) turns per player: a safe bound for the play-out


def candidates(state: Red7State, seat: int) -> list[Action]:
    """The turns worth searching: the best few by the rules of thumb, and conceding."""
    return [a for a, _ in ranked_turns(state, seat)[:CANDIDATES]] + [Action(CONCEDE)]


def play_to_round_end(state: Red7State, rng: Rng) -> Red7State:
    """Play on by the rules of thumb for every seat until the current round is scored."""
    played = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > played, MAX_STEPS)


def round_value(start: Red7State, end: Red7State, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the round under way at ``start``, and what it was worth to it."""
    if end.hands_played == start.hands_played:
        return False, 0.0
    record = end.sheet[start.hands_played]
    if record.winner == seat:
        return True, float(record.points)
    return False, -record.points / (start.players - 1)


def evaluate(state: Red7State, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try the candidate turns on ``samples`` sampled deals (or as many as ``budget``
    seconds allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat),
                           outcome=lambda world, r: round_value(state, play_to_round_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
