"""Sedma's sampled search: every choice tried on the same deals of the unseen cards.

Suits play no part in Sedma, so two cards of one rank are the same move: the search
tries one card per rank (and ``stop`` where the leader may end a trick). For each
sample it deals the cards the player cannot see afresh (:func:`solvers.sampling.determinize`),
then plays every candidate on that same deal and finishes the deal by the rules of thumb
for all players. Comparing the candidates on the same deals cancels most of the luck of
the sampling. A candidate's value is where the deal ends: +1 for the deal won, −1 for
the deal lost, plus the card-point margin / 180 (the margin tells close moves apart
with fewer samples than the bare result does).
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.sedma import SedmaState
from solvers.games.sedma_play import heuristic_bot
from solvers.paired_search import Candidate, Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["Candidate", "Evaluation", "candidates", "evaluate", "play_to_deal_end"]

MAX_STEPS = 200   # a deal has at most 32 plays and 16 decisions to stop: a safe bound
MARGIN_WEIGHT = 1 / 180


def candidates(state: SedmaState, seat: int) -> list[Action]:
    """The legal moves that differ: one card per rank (the lowest suit), and ``stop``."""
    seen: set[str] = set()
    out = []
    for action in state.legal_actions(seat):
        if action.args:
            rank = action.args[0][:-1]
            if rank in seen:
                continue
            seen.add(rank)
        out.append(action)
    return out


def play_to_deal_end(state: SedmaState, rng: Rng) -> SedmaState:
    """Play on by the rules of thumb for every seat until the current deal is scored."""
    deal = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > deal, MAX_STEPS)


def deal_value(start: SedmaState, end: SedmaState, side: int) -> tuple[bool, float]:
    """Whether ``side`` won the deal under way at ``start``, and its value to that side."""
    if end.hands_played == start.hands_played:     # not finished (cannot happen within MAX_STEPS)
        points = end.current_points()
        margin = points[side] - points[1 - side]
        return False, margin * MARGIN_WEIGHT
    record = end.sheet[start.hands_played]
    margin = record.card_points[side] - record.card_points[1 - side]
    won = record.winner == side
    return won, (1.0 if won else -1.0) + margin * MARGIN_WEIGHT


def evaluate(state: SedmaState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every distinct move on ``samples`` sampled deals (or as many as ``budget``
    seconds allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    side = state.side_of(seat)
    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat),
                           outcome=lambda world, r: deal_value(state, play_to_deal_end(world, r), side),
                           samples=samples, budget=budget, prefer=prefer)
