"""Seven Rummy's sampled search: each choice tried on the same deals of the unseen cards.

The candidates of a decision: in a claim window, passing or each set claim; before the
draw, drawing or each sequence claim; in the meld phase, the rules of thumb's move (which
lays down the plan's melds) or discarding any one card at once. For each sample the cards
the player cannot see (the other hands and the stock) are dealt afresh — melds on the
table and the discard pile are public and stay — every candidate is applied to that same
deal and play goes on by the rules of thumb for everyone, up to the end of the hand or
``ROLLOUT_STEPS`` moves. A finished hand is valued as the match score moves (the player's
points minus the mean of the others'); an unfinished one by the leftover counts: the mean
of the others' minus the player's own.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.seven_rummy import DISCARD, MELD_PHASE, SevenRummyState
from solvers.games.seven_rummy_melds import best_plan
from solvers.games.seven_rummy_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["candidates", "evaluate", "hand_value", "ROLLOUT_STEPS"]

ROLLOUT_STEPS = 40


def candidates(state: SevenRummyState, seat: int, prior: Action) -> list[Action]:
    """The moves the search compares (the rules of thumb's move always among them)."""
    legal = state.legal_actions(seat)
    if state.phase != MELD_PHASE:
        return legal
    out = [prior] + [a for a in legal if a.kind == DISCARD and a != prior]
    return out


def leftover(state: SevenRummyState, seat: int) -> int:
    """The count of the cards ``seat`` could not meld (its plan's deadwood)."""
    table = [m for own in state.melds for m in own]
    return best_plan(state.hands[seat], table).deadwood_value


def hand_value(start: SevenRummyState, end: SevenRummyState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the hand under way at ``start``, and its value to ``seat``."""
    n = start.players
    if end.hands_played > start.hands_played:
        record = end.sheet[start.hands_played]
        others = [record.points[s] for s in range(n) if s != seat]
        return record.winner == seat, record.points[seat] - sum(others) / len(others)
    others = [leftover(end, s) for s in range(n) if s != seat]
    return False, (sum(others) / len(others) - leftover(end, seat)) / 2


def evaluate(state: SevenRummyState, seat: int, rng: Rng, *, prior: Action, samples: int | None = None,
             budget: float | None = None) -> Evaluation:
    """Try every candidate on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, the rules of thumb's move winning ties."""
    hand = state.hands_played

    def outcome(world, r):
        end = play_until(world, heuristic_bot, r, lambda s: s.hands_played > hand, ROLLOUT_STEPS)
        return hand_value(state, end, seat)

    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat, prior), outcome=outcome,
                           samples=samples, budget=budget, prefer=prior)
