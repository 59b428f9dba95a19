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

From ``EXACT_FROM`` (5) cards a hand down, each sampled deal is also solved double
dummy (:mod:`solvers.games.tetka_dd`: the penalties as trick rules, every seat for
itself, so the three others play as one against the seat; one solve values every legal
card). A card's cost on a deal is the penalty points it leads to in the rest of the hand
plus ``TRICK_WEIGHT`` (1/16) a trick among lines of equal penalty, for the most-tricks
point the trick rules cannot state. The bot keeps the play-outs' card (the hint the rules
of thumb's) unless another costs ``EXACT_MARGIN`` points less on average and ``EXACT_Z``
standard errors of the paired differences. Full deals are out of reach: a 7-card solve
already takes about half a second and some 8-card ones do not finish in 4 million nodes.
"""

from __future__ import annotations

import math
import threading
import time

from solvers.cards import Card, Rng, parse_card
from solvers.doubledummy import Solver
from solvers.doubledummy.solver import kernels_ready_within
from solvers.game import Action, Hint, card_action
from solvers.games.tetka import TetkaState
from solvers.games.tetka_dd import SCALE, CardValue, card_penalties
from solvers.games.tetka_penalties import TRICKS
from solvers.sampling import determinize, sample_hidden

DEALS = 24            # sampled deals a decision for the search bot
HINT_BUDGET = 1.0     # seconds, when a hint is asked without one
KEEP_MARGIN = 0.05    # points a card must save on average to overturn the rules of thumb

EXACT_FROM = 5        # tricks left (cards a hand) from which every sampled deal is solved exactly
EXACT_SAMPLES = 24    # sampled deals a search decision in the exact ending
EXACT_BUDGET = 1.0    # seconds a search decision in the exact ending at most
EXACT_NODES = 4_000_000   # solver nodes a deal at most (a deal over it is skipped)
TRICK_WEIGHT = 1 / SCALE  # penalty points a trick costs among lines of equal penalty
EXACT_MARGIN = 0.1    # points a card must save on average over the prior card
EXACT_Z = 2.0         # and standard errors of the paired differences
EXACT_HINT_SHARE = 0.9    # of a hint's budget for the solved deals (the rest for a fallback)
KERNEL_WAIT_SHARE = 0.3   # of that share to wait for the solver's kernels in a fresh process
_solvers = threading.local()


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


# ---------------------------------------------------------------- exact endings

def _solver() -> Solver:
    solver = getattr(_solvers, "solver", None)
    if solver is None:
        solver = _solvers.solver = Solver()
    return solver


def tricks_left(state: TetkaState) -> int:
    """Tricks still to be completed in this hand (cards a hand, the current trick's included)."""
    return TRICKS - len(state.history)


def exact_points(state: TetkaState, seat: int, rng: Rng, samples: int | None,
                 deadline: float | None, *, strict: bool = False) -> dict[Card, list[CardValue]]:
    """Per legal card, what it leads to on each sampled deal solved double dummy: the
    penalty points the seat takes in the rest of the hand against the three others, and
    the fewest tricks among lines of that penalty. A deal is begun only before
    ``deadline``; with ``strict`` its solve also stops there (a hint's budget), else at
    ``EXACT_NODES`` nodes; a deal not solved is left out. Empty when none was solved."""
    cards = [parse_card(a.args[0]) for a in state.legal_actions(seat)]
    out: dict[Card, list[CardValue]] = {c: [] for c in cards}
    done = tried = 0
    while samples is None or tried < samples:
        now = time.perf_counter()
        if deadline is not None and now >= deadline:
            break
        deal = sample_hidden(state, seat, rng.fork(f"deal {tried}"))
        tried += 1
        budget_ms = (deadline - now) * 1000.0 if strict and deadline is not None else None
        values = card_penalties(_solver(), deal, tiebreak=True, budget_nodes=EXACT_NODES, budget_ms=budget_ms)
        if values is None:
            continue
        for c in cards:
            out[c].append(values[c])
        done += 1
    return out if done else {}


def cost(value: CardValue) -> float:
    """Penalty points, with ``TRICK_WEIGHT`` a trick for the most-tricks point the rules leave out."""
    return value.penalty + TRICK_WEIGHT * value.tricks


def exact_choice(state: TetkaState, seat: int, policy, rng: Rng, samples: int | None = EXACT_SAMPLES,
                 deadline: float | None = None, *, strict: bool = False, prior: Action | None = None,
                 among: set[Action] | None = None) -> tuple[Action, dict[Action, list[CardValue]], Action]:
    """``prior`` (default: the rules of thumb's card), unless another costs clearly less on
    the same solved deals (``EXACT_MARGIN`` points on average and ``EXACT_Z`` standard
    errors of the paired differences); ``among`` limits the cards that may replace it.
    Returns the choice, the values per card on each deal (empty when no deal was solved)
    and the prior."""
    if prior is None:
        prior = policy(state, seat, rng.fork("prior"))
    values = exact_points(state, seat, rng, samples, deadline, strict=strict)
    if not values:
        return prior, {}, prior
    points = {card_action("play", c): v for c, v in values.items()}
    mean = {a: sum(map(cost, v)) / len(v) for a, v in points.items()}
    options = [a for a in points if among is None or a in among or a == prior]
    best = min(options, key=lambda a: (mean[a], a != prior, a.notation))
    gain = mean[prior] - mean[best]
    if best != prior:
        diffs = [cost(p) - cost(b) for p, b in zip(points[prior], points[best])]
        if gain < EXACT_MARGIN or (len(diffs) > 1 and gain < EXACT_Z * _spread(diffs)):
            best = prior
    return best, points, prior


def exact_hint(state: TetkaState, seat: int, policy, budget: float | None, rng: Rng | None,
               iterations: int | None) -> Hint | None:
    """The hint in the exact ending: each sampled deal solved double dummy; None when not one
    deal could be solved within the budget."""
    deadline = None if iterations is not None else time.perf_counter() + budget
    samples = None if iterations is None else max(1, iterations)
    # a cold process compiles the solver's kernels first: no solved deal fits this budget
    if deadline is not None and not kernels_ready_within(budget * KERNEL_WAIT_SHARE):
        return None
    best, points, prior = exact_choice(state, seat, policy, rng or Rng("tetka hint"), samples, deadline,
                                       strict=True)
    if not points:
        return None
    n = len(points[best])
    taken = sum(p.points for p in state.penalties_so_far() if p.seat == seat)
    penalty = {a: taken + sum(v.penalty for v in vs) / n for a, vs in points.items()}
    tricks = {a: sum(v.tricks for v in vs) / n for a, vs in points.items()}
    mean = {a: sum(map(cost, vs)) / n for a, vs in points.items()}
    ranked = sorted(points, key=lambda a: (a != best, mean[a], a.notation))
    reason = (f"play {best.args[0]}: over {n} deals of the cards you cannot see, each solved with every "
              f"card known and the others playing against you, it costs you {penalty[best]:.1f} penalty "
              f"points on average this hand" + (f" ({taken} already taken)" if taken else "")
              + ", the most-tricks point aside")
    if len(ranked) > 1:
        other = ranked[1]
        reason += f" (next best {other.args[0]}: {penalty[other]:.1f})"
    if best == prior and any(mean[a] < mean[best] for a in points):
        reason += "; no other card was clearly better than the usual play"
    alternatives = [{"action": a.to_json(), "expected_penalty": round(penalty[a], 3),
                     "tricks": round(tricks[a], 2), "spread": round(_spread([cost(v) for v in points[a]]), 3),
                     "rules_of_thumb": a == prior} for a in ranked[1:]]
    evaluation = {"kind": "sampled", "valuation": "double dummy (paranoid)", "deals": n,
                  "expected_penalty": round(penalty[best], 3), "tricks": round(tricks[best], 2),
                  "rules_of_thumb": prior.notation}
    return Hint(best, reason, evaluation, alternatives, method="sampled")


def make_sampled_bot(policy, deals: int = DEALS):
    """A bot that plays the sampled choice over ``deals`` deals; from ``EXACT_FROM`` cards a
    hand down, another card when ``EXACT_SAMPLES`` solved deals find it clearly better."""

    def sampled_bot(state: TetkaState, seat: int, rng: Rng) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        sampled, points, _ = choose(state, seat, policy, rng.fork("sampled"), deals)
        if tricks_left(state) > EXACT_FROM:
            return sampled
        # the play-outs model the others as the rules of thumb play them, the solver as three
        # seats playing as one against this one (too dark a view: measured worse when it
        # could overrule the play-outs); it plays the seat's own later cards perfectly.
        # So it only chooses among the cards the play-outs find as good as their own.
        mean = {a: sum(v) / len(v) for a, v in points.items()}
        among = {a for a in mean if mean[a] <= mean[sampled] + KEEP_MARGIN}
        if len(among) < 2:
            return sampled
        deadline = time.perf_counter() + EXACT_BUDGET
        return exact_choice(state, seat, policy, rng.fork("exact"), EXACT_SAMPLES, deadline,
                            prior=sampled, among=among)[0]

    sampled_bot.__doc__ = (f"Every legal card tried on the same {deals} sampled deals, finished by the "
                           f"rules of thumb; from {EXACT_FROM} cards a hand down, solved double dummy.")
    return sampled_bot


def sampled_hint(state: TetkaState, seat: int, policy, budget: float | None, rng: Rng | None,
                 iterations: int | None) -> Hint:
    """The hint: the sampled choice with the expected penalty of each card."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal card", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = HINT_BUDGET
    started = time.perf_counter()
    if tricks_left(state) <= EXACT_FROM:
        exact = exact_hint(state, seat, policy, None if budget is None else budget * EXACT_HINT_SHARE,
                           rng, iterations)
        if exact is not None:
            return exact
    deals = None if iterations is None else max(1, iterations)
    deadline = None if deals is not None else started + budget
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
