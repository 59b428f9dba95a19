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

import math
import statistics
import time
from dataclasses import dataclass, field

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.xeri import XeriState
from solvers.games.xeri_play import heuristic_bot
from solvers.sampling import determinize

__all__ = ["Candidate", "Evaluation", "evaluate", "play_to_hand_end", "hand_value"]

MAX_STEPS = 60      # a hand has 48 plays: a safe bound
WIN_BONUS = 25


@dataclass
class Candidate:
    """One card tried by the search, with its results over the sampled deals."""

    action: Action
    values: list[float] = field(default_factory=list)
    wins: int = 0

    @property
    def mean(self) -> float:
        """Mean value over the samples (nan before any)."""
        return statistics.fmean(self.values) if self.values else math.nan

    @property
    def win_share(self) -> float:
        """Share of the sampled deals in which the player won the hand."""
        return self.wins / len(self.values) if self.values else math.nan


@dataclass
class Evaluation:
    """The candidates, best first, and how many deals were sampled in how long."""

    ranked: list[Candidate]
    samples: int
    elapsed: float

    @property
    def best(self) -> Candidate:
        """The chosen card's candidate."""
        return self.ranked[0]


def play_to_hand_end(state: XeriState, rng: Rng) -> XeriState:
    """Play on by the rules of thumb for both seats until the current hand is scored."""
    hand = state.hands_played
    for _ in range(MAX_STEPS):
        if state.over or state.hands_played > hand:
            return state
        seat = state.turn
        state = state._apply(heuristic_bot(state, seat, rng), seat)
    return state


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
    start = time.perf_counter()
    arms = [Candidate(a) for a in state.legal_actions(seat)]
    done = 0
    while True:
        if samples is not None and done >= samples:
            break
        if budget is not None and done and time.perf_counter() - start >= budget:
            break
        world = determinize(state, seat, rng)
        for arm in arms:
            end = play_to_hand_end(world._apply(arm.action, seat), rng)
            won, value = hand_value(state, end, seat)
            arm.values.append(value)
            arm.wins += won
        done += 1
    ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - start)
