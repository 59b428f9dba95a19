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

import math
import time
from dataclasses import dataclass

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.bura import CLAIM, BuraState
from solvers.games.bura_play import heuristic_choice
from solvers.sampling import determinize

ROLLOUT_STEPS = 400
KEEP_MARGIN = 0.3
# a small weight on the card points margin at the end of the deal, so deals that end the
# same in chips still tell a better move from a worse one
POINTS_WEIGHT = 0.01


@dataclass
class Arm:
    """One move's results over the sampled deals."""

    action: Action
    values: list[float]

    @property
    def mean(self) -> float:
        """Average value over the deals tried."""
        return sum(self.values) / len(self.values) if self.values else math.nan


@dataclass
class SampledResult:
    """The moves tried, the chosen one, and how many deals were sampled."""

    arms: list[Arm]
    chosen: Arm
    prior: Action
    samples: int
    elapsed: float
    kept_prior: bool


def play_out(state: BuraState, hands: int) -> BuraState:
    """Play on with the rules of thumb at every seat until the deal (or the match) ends."""
    for _ in range(ROLLOUT_STEPS):
        if state.over or state.hands_played > hands:
            break
        seat = state.turn
        state = state._apply(heuristic_choice(state, seat)[0], seat)
    return state


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
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    legal = [a for a in state.legal_actions(seat) if a.kind != CLAIM]
    prior = heuristic_choice(determinize(state, seat, rng.fork("prior")), seat)[0]
    arms = {a: Arm(a, []) for a in legal}
    hands = state.hands_played
    done = 0
    while samples is None or done < samples:
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        world = determinize(state, seat, rng)
        for action in legal:
            end = play_out(world._apply(action, seat), hands)
            arms[action].values.append(deal_value(end, seat, hands))
        done += 1
    ranked = sorted(arms.values(), key=lambda a: -a.mean)
    chosen, kept = ranked[0], False
    own = arms.get(prior)
    if own is not None and chosen is not own:
        diffs = [x - y for x, y in zip(chosen.values, own.values)]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(max(0.0, sum(d * d for d in diffs) / len(diffs) - mean * mean) / max(1, len(diffs) - 1))
        if not mean > KEEP_MARGIN * spread or mean <= 0:
            chosen, kept = own, True
    return SampledResult(ranked, chosen, prior, done, time.perf_counter() - start, kept)
