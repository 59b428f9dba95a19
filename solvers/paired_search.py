"""Paired sampled search: every candidate move tried on the same sampled deals.

Many games' search bots and hints share one method. For each sample the cards the
player cannot see are dealt afresh (:func:`solvers.sampling.determinize` by default),
every candidate move is applied to that same deal, and the game is played on by a
play-out policy to a point where it can be valued (usually the end of the hand).
Comparing the candidates on the same deals cancels most of the luck of the sampling,
so close moves separate with far fewer samples than independent sampling needs.

A game supplies three things:

* the candidates (its legal moves, or one representative of each group of equal moves),
* ``outcome(state_after_move, rng) -> (won, value)``: plays on and values the result
  from the deciding seat's side (:func:`play_until` helps with the playing on),
* optionally its own ``deal(state, seat, rng)`` when the generic determinization does
  not know everything the seat knows.

:func:`evaluate` then runs for a number of samples or a time budget (at least one
sample) and ranks the candidates by mean value, a preferred move winning exact ties.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from solvers.cards import Rng
from solvers.game import Action, State
from solvers.sampling import determinize

__all__ = ["Candidate", "Evaluation", "evaluate", "play_until", "paired_gain", "keep_unless_clearly_better"]

Outcome = Callable[[State, Rng], "tuple[bool, float]"]
Deal = Callable[[State, int, Rng], State]


@dataclass
class Candidate:
    """One move tried by the search, with its results over the sampled deals."""

    action: Action
    values: list[float] = field(default_factory=list)
    wins: int = 0

    @property
    def mean(self) -> float:
        """Mean value over the samples (nan before any)."""
        return statistics.fmean(self.values) if self.values else math.nan

    @property
    def win_share(self) -> float:
        """Share of the sampled deals the player won after this move (nan before any)."""
        return self.wins / len(self.values) if self.values else math.nan

    @property
    def stderr(self) -> float:
        """Standard error of the mean (nan with fewer than two samples)."""
        if len(self.values) < 2:
            return math.nan
        return statistics.stdev(self.values) / math.sqrt(len(self.values))


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

    @property
    def runner_up(self) -> Candidate | None:
        """The second best candidate, if there is more than one."""
        return self.ranked[1] if len(self.ranked) > 1 else None


def play_until(state: State, policy: Callable[[State, int, Rng], Action], rng: Rng,
               done: Callable[[State], bool], max_steps: int) -> State:
    """Play ``policy`` for whichever seat is to move until ``done(state)``, the game is
    over, or ``max_steps`` moves have been made (a guard; the caller values what is left).

    Where several seats may act at once, the lowest-numbered seat acts first."""
    for _ in range(max_steps):
        if state.is_over or done(state):
            return state
        seat = min(state.to_move)
        state = state._apply(policy(state, seat, rng), seat)
    return state


def evaluate(state: State, seat: int, rng: Rng, *, candidates: Sequence[Action], outcome: Outcome,
             samples: int | None = None, budget: float | None = None, prefer: Action | None = None,
             deal: Deal | None = None) -> Evaluation:
    """Try every candidate on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties.

    With a budget, a new deal is started only when a deal at the mean pace so far still
    fits, so a slow play-out does not carry the answer past the budget. With neither
    ``samples`` nor ``budget`` a single sample is taken."""
    if not candidates:
        raise ValueError("no candidate moves to evaluate")
    started = time.perf_counter()
    arms = [Candidate(a) for a in candidates]
    sample_deal = deal or determinize
    if samples is None and budget is None:
        samples = 1
    done = 0
    while True:
        if samples is not None and done >= samples:
            break
        if budget is not None and done:
            elapsed = time.perf_counter() - started
            if elapsed + elapsed / done > budget:
                break
        world = sample_deal(state, seat, rng)
        for arm in arms:
            won, value = outcome(world._apply(arm.action, seat), rng)
            arm.values.append(float(value))
            arm.wins += bool(won)
        done += 1
    ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - started)


def paired_gain(better: Candidate, other: Candidate) -> tuple[float, float]:
    """How much ``better`` gained over ``other`` on the same deals: the mean of the
    per-deal differences and its standard error (0 with fewer than two deals)."""
    diffs = [x - y for x, y in zip(better.values, other.values)]
    if not diffs:
        return math.nan, math.nan
    mean = statistics.fmean(diffs)
    spread = statistics.pstdev(diffs) / math.sqrt(max(1, len(diffs) - 1)) if len(diffs) > 1 else 0.0
    return mean, spread


def keep_unless_clearly_better(evaluation: Evaluation, prior: Action, margin: float) -> tuple[Candidate, bool]:
    """The search's best move, unless its paired gain over ``prior`` (the rules of thumb's
    move) is not above ``margin`` standard errors: then ``prior``'s candidate. Sampling noise
    then never talks the player out of a sound move. Returns the candidate and whether
    the prior was kept."""
    best = evaluation.best
    own = next((c for c in evaluation.ranked if c.action == prior), None)
    if own is None or own is best:
        return best, False
    mean, spread = paired_gain(best, own)
    if not mean > margin * spread or mean <= 0:
        return own, True
    return best, False
