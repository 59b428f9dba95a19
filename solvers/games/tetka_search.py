"""Tëtka's card choice by sampled deals: every legal card tried on the same deals.

The cards a seat cannot see are dealt afresh a number of times, consistently with
everything public (the dealer's shown bum card, the voids players have shown). On each
deal every legal card is played and the hand is finished by the rules of thumb at all
four seats; the card that leaves the seat with the fewest penalty points on average is
chosen. Since each hand gives out exactly nine points, fewest points for the seat is
also the best standing against the others.

Trying every card on the same deals (rather than a fresh deal per try) compares the
cards on equal terms, so a few dozen deals already tell a good card from a bad one.
The rules of thumb's own card is kept unless another is better on average by a margin
(``KEEP_MARGIN`` points), which keeps sampling noise from overturning a sound play.
"""

from __future__ import annotations

import math
import time

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.tetka import TetkaState
from solvers.sampling import determinize

DEALS = 24            # sampled deals a decision for the search bot
HINT_BUDGET = 1.0     # seconds, when a hint is asked without one
KEEP_MARGIN = 0.05    # points a card must save on average to overturn the rules of thumb


def _finish(state: TetkaState, policy, rng: Rng) -> TetkaState:
    """Play on with ``policy`` at every seat until the current hand is scored."""
    hands = state.hands_played
    while not state.is_over and state.hands_played == hands:
        seat = state.turn
        state = state._apply(policy(state, seat, rng), seat)
    return state


def hand_points(state: TetkaState, seat: int, action: Action, policy, rng: Rng) -> int:
    """Penalty points ``seat`` takes in this hand after playing ``action`` on a known deal."""
    hands = state.hands_played
    done = _finish(state._apply(action, seat), policy, rng)
    return done.sheet[hands].points[seat]


def sample_points(state: TetkaState, seat: int, policy, rng: Rng, deals: int | None,
                  deadline: float | None) -> dict[Action, list[int]]:
    """Per legal card, the seat's penalty points on each sampled deal (same deals for all)."""
    legal = state.legal_actions(seat)
    points: dict[Action, list[int]] = {a: [] for a in legal}
    done = 0
    slowest = 0.0
    while deals is None or done < deals:
        started = time.perf_counter()
        # within a budget, a deal is begun only if one more like the slowest so far still fits
        if deadline is not None and done and started + slowest > deadline:
            break
        sample = determinize(state, seat, rng.fork(f"deal {done}"))
        for action in legal:
            points[action].append(hand_points(sample, seat, action, policy, rng.fork(f"play {done}")))
        done += 1
        slowest = max(slowest, time.perf_counter() - started)
    return points


def choose(state: TetkaState, seat: int, policy, rng: Rng, deals: int | None = DEALS,
           deadline: float | None = None) -> tuple[Action, dict[Action, list[int]], Action]:
    """The sampled choice, the points per card, and the rules of thumb's own card."""
    points = sample_points(state, seat, policy, rng, deals, deadline)
    prior = policy(state, seat, rng.fork("prior"))
    mean = {a: sum(v) / len(v) for a, v in points.items()}
    best = min(points, key=lambda a: (mean[a], a != prior, a.notation))
    if prior in mean and mean[prior] - mean[best] <= KEEP_MARGIN:
        best = prior
    return best, points, prior


def make_sampled_bot(policy, deals: int = DEALS):
    """A bot that plays the sampled choice over ``deals`` deals."""

    def sampled_bot(state: TetkaState, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return choose(state, seat, policy, rng.fork("sampled"), deals)[0]

    sampled_bot.__doc__ = f"Every legal card tried on the same {deals} sampled deals, finished by the rules of thumb."
    return sampled_bot


def sampled_hint(state: TetkaState, seat: int, policy, budget: float | None, rng: Rng | None,
                 iterations: int | None) -> Hint:
    """The hint: the sampled choice with the expected penalty of each card."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal card", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = HINT_BUDGET
    deals = None if iterations is None else max(1, iterations)
    deadline = None if deals is not None else time.perf_counter() + budget
    best, points, prior = choose(state, seat, policy, rng or Rng("tetka hint"), deals, deadline)
    n = len(points[best])
    mean = {a: sum(v) / len(v) for a, v in points.items()}
    ranked = sorted(points, key=lambda a: (a != best, mean[a], a.notation))
    card = best.args[0]
    reason = (f"play {card}: over {n} deals of the cards you cannot see, finished by sound play, "
              f"it costs you {mean[best]:.1f} penalty points on average this hand")
    if len(ranked) > 1:
        other = ranked[1]
        reason += f" (next best {other.args[0]}: {mean[other]:.1f})"
    if best == prior and any(mean[a] < mean[best] for a in points):
        reason += "; no other card was clearly better than the usual play"
    alternatives = [{"action": a.to_json(), "expected_penalty": round(mean[a], 3),
                     "spread": round(_spread(points[a]), 3), "rules_of_thumb": a == prior}
                    for a in ranked[1:]]
    evaluation = {"kind": "sampled", "deals": n, "expected_penalty": round(mean[best], 3),
                  "rules_of_thumb": prior.notation}
    return Hint(best, reason, evaluation, alternatives, method="sampled")


def _spread(values: list[int]) -> float:
    """Standard error of a mean."""
    n = len(values)
    if n < 2:
        return 0.0
    m = sum(values) / n
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n)
