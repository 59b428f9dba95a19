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

import math
import statistics
import time
from dataclasses import dataclass, field

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.sedma import SedmaState
from solvers.games.sedma_play import heuristic_bot
from solvers.sampling import determinize

__all__ = ["Candidate", "Evaluation", "candidates", "evaluate", "play_to_deal_end"]

MAX_STEPS = 200   # a deal has at most 32 plays and 16 decisions to stop: a safe bound
MARGIN_WEIGHT = 1 / 180


@dataclass
class Candidate:
    """One move tried by the search, with its results over the sampled deals."""

    action: Action
    values: list[float] = field(default_factory=list)
    wins: int = 0                 # deals the player's side won after this move

    @property
    def mean(self) -> float:
        """Mean value over the samples (nan before any)."""
        return statistics.fmean(self.values) if self.values else math.nan

    @property
    def win_share(self) -> float:
        """Share of the sampled deals the player's side won."""
        return self.wins / len(self.values) if self.values else math.nan


@dataclass
class Evaluation:
    """The candidates, best first, and how many deals were sampled in how long."""

    ranked: list[Candidate]
    samples: int
    elapsed: float

    @property
    def best(self) -> Candidate:
        """The chosen move's candidate."""
        return self.ranked[0]


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
    for _ in range(MAX_STEPS):
        if state.over or state.hands_played > deal:
            return state
        seat = state.turn
        state = state._apply(heuristic_bot(state, seat, rng), seat)
    return state


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
    start = time.perf_counter()
    arms = [Candidate(a) for a in candidates(state, seat)]
    side = state.side_of(seat)
    done = 0
    while True:
        if samples is not None and done >= samples:
            break
        if budget is not None and done and time.perf_counter() - start >= budget:
            break
        world = determinize(state, seat, rng)
        for arm in arms:
            end = play_to_deal_end(world._apply(arm.action, seat), rng)
            won, value = deal_value(state, end, side)
            arm.values.append(value)
            arm.wins += won
        done += 1
    ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - start)
