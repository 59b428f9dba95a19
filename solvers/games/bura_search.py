"""Bura's sampled search: every move of the seat tried on the same sampled deals, each
played out to the end of the deal by the rules of thumb, and compared deal by deal.

Trying every move on the same deals (common random numbers: the rules of thumb play
no dice) makes the comparison paired, so a few dozen deals tell moves apart that a tree
search with the same effort cannot: most deals end the same way whatever the move, and
only the deals where the move matters count in the difference. The rules of thumb's
own move stands unless another does better on average by ``KEEP_MARGIN`` standard
errors of the paired difference.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.bura import CLAIM, BuraState
from solvers.games.bura_play import heuristic_choice
from solvers.paired_search import Candidate, evaluate, keep_unless_clearly_better, play_until
from solvers.sampling import determinize

ROLLOUT_STEPS = 400
KEEP_MARGIN = 0.3
# a small weight on the card points margin at the end of the deal, so deals that end the
# same in chips still tell a better move from a worse one
POINTS_WEIGHT = 0.01


@dataclass
class SampledResult:
    """The moves tried, the chosen one, and how many deals were sampled."""

    arms: list[Candidate]
    chosen: Candidate
    prior: Action
    samples: int
    elapsed: float
    kept_prior: bool


def play_out(state: BuraState, hands: int) -> BuraState:
    """Play on with the rules of thumb at every seat until the deal (or the match) ends."""
    return play_until(state, lambda s, seat, rng: heuristic_choice(s, seat)[0], None,
                      lambda s: s.hands_played > hands, ROLLOUT_STEPS)


def deal_value(state: BuraState, seat: int, hands: int) -> float:
    """Chips ahead of the others, and a little for card points ahead, when the deal ended."""
    value = state.utility(seat)
    if len(state.sheet) > hands:
        points = state.sheet[hands].trick_points
        others = [p for s, p in enumerate(points) if s != seat]
        value += POINTS_WEIGHT * (points[seat] - max(others))
    return value


def sampled_search(state: BuraState, seat: int, *, rng: Rng, samples: int | None = 40,
                   budget: float | None = None) -> SampledResult:
    """Try every move but a claim on up to ``samples`` sampled deals (or for ``budget`` seconds)."""
    legal = [a for a in state.legal_actions(seat) if a.kind != CLAIM]
    prior = heuristic_choice(determinize(state, seat, rng.fork("prior")), seat)[0]
    hands = state.hands_played
    result = evaluate(state, seat, rng, candidates=legal, samples=samples, budget=budget,
                      outcome=lambda world, r: (False, deal_value(play_out(world, hands), seat, hands)))
    chosen, kept = keep_unless_clearly_better(result, prior, KEEP_MARGIN)
    return SampledResult(result.ranked, chosen, prior, result.samples, result.elapsed, kept)
