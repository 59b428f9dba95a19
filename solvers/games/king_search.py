"""King card play by sampled double dummy, valued in the hand's own points for one seat.

Each sampled deal re-deals the cards the seat cannot see (respecting shown voids).
Every legal card is played on it; the other players continue by the rules of thumb
until the seat is to play again with few cards left, and the double-dummy solver
values the rest of the hand from there (:meth:`TrickRules.king`: the negative hand's
penalties, or tricks with the chosen trumps, up or down). Every other player is assumed
to play against the seat (the paranoid view), since in King each plays for themselves.
A card's value is the seat's points in this hand: penalties in the negative hands,
25 a trick up, −75 a trick down (the constant 325 and the bid do not depend on the play).

The solver only takes over with few cards left because point-counting positions of
eight or more cards a hand take seconds to solve; trick counting is cheaper.

The ``search`` bot's cards come from :func:`paired_card` instead: every distinct card on
the same sampled deals, the hand finished by the rules of thumb, valued at its real end.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint, card_action
from solvers.games.king import PLAY, KingState
from solvers.pimc.search import card_groups
from solvers.sampling import sample_hidden

__all__ = ["HORIZON_NEGATIVE", "HORIZON_POSITIVE", "card_values", "sample_values", "card_hint", "sampled_card",
           "solver_ready"]

HORIZON_NEGATIVE = 6     # cards a hand from which a negative hand is solved exactly
HORIZON_POSITIVE = 8     # the same for a positive hand (tricks are quicker to solve)
DEFAULT_BUDGET = 1.0
# share of the hint's budget left after loading the kernels that the deals may use (the
# rest: building the answer, a few milliseconds; a solve still running at the deadline stops)
BUDGET_SHARE = 0.95
BOT_SAMPLES = 6
MAX_STEPS = 60


class OutOfTime(Exception):
    """The deadline passed before the deal was valued."""


def rules_for(state: KingState) -> TrickRules:
    """The double-dummy rules of the hand being played."""
    if state.negative:
        return TrickRules.king(state.hand)
    return TrickRules.king(state.hand, state.trump, down=not state.up)


def point_scale(state: KingState) -> int:
    """Hand points per unit of the solver's value (penalties count as they are)."""
    if state.negative:
        return 1
    return 25 if state.up else 75


def points_so_far(state: KingState, seat: int) -> int:
    """The seat's points from the tricks already taken in this hand."""
    if state.negative:
        return state.penalties_so_far()[seat]
    return state.taken[seat] * (25 if state.up else -75)


def horizon(state: KingState) -> int:
    """Cards a hand from which the solver values a position."""
    return HORIZON_NEGATIVE if state.negative else HORIZON_POSITIVE


def position(state: KingState) -> Position:
    """The hand as a double-dummy position (seats already number in playing order)."""
    return Position.from_hands(state.hands, state.leader, [c for _, c in state.trick], rules_for(state))


def _ms_left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    left = (deadline - time.perf_counter()) * 1000.0
    if left <= 0.5:
        raise OutOfTime
    return left


def _final_points(state: KingState, seat: int, before: KingState) -> int:
    record = state.sheet[-1]
    if record.negative:
        return record.points[seat]
    return record.tricks[seat] * (25 if before.up else -75)


def _finish(solver: Solver, state: KingState, seat: int, rng: Rng, policy, deadline) -> float:
    """The seat's points at the end of the hand: quick play, then double dummy."""
    start = state.hands_played
    origin = state
    for _ in range(MAX_STEPS):
        if state.hands_played != start:
            return _final_points(state, seat, origin)
        if state.turn == seat and len(state.hands[seat]) <= horizon(state):
            result = solver.solve(position(state), values="best", budget_ms=_ms_left(deadline))
            value = result.value if result.exact else (result.lower + result.upper) / 2
            return points_so_far(state, seat) + value * point_scale(state)
        mover = state.turn
        state = state.apply(policy(state, mover, rng), mover)
    raise RuntimeError("quick play did not reach the solver's horizon")


def card_values(solver: Solver, state: KingState, seat: int, groups: list[list[Card]], rng: Rng, policy,
                deadline: float | None) -> dict[Card, float]:
    """The seat's points in this hand after each legal card, on one fully known deal."""
    if len(state.hands[seat]) <= horizon(state):
        result = solver.solve(position(state), values="all", budget_ms=_ms_left(deadline))
        if not result.exact:
            raise OutOfTime
        base = points_so_far(state, seat)
        scale = point_scale(state)
        return {c: base + result.cards[str(g[0])] * scale for g in groups for c in g}
    out: dict[Card, float] = {}
    for group in groups:
        after = state.apply(card_action("play", group[0]), seat)
        if after.hands_played != state.hands_played:
            value = _final_points(after, seat, state)
        else:
            value = _finish(solver, after, seat, rng.fork(str(group[0])), policy, deadline)
        for c in group:
            out[c] = value
    return out


@dataclass
class CardSamples:
    """Per legal card, the seat's hand points on each valued deal."""

    cards: list[Card]
    values: list[dict[Card, float]] = field(default_factory=list)
    elapsed: float = 0.0

    def mean(self, card: Card) -> float:
        """Average points after ``card``."""
        return sum(v[card] for v in self.values) / len(self.values)


def sample_values(state: KingState, seat: int, budget: float | None, *, samples: int | None = None,
                  rng: Rng | None = None, solver: Solver | None = None, policy=None) -> CardSamples:
    """Value every legal card on sampled deals until ``samples`` deals or ``budget`` seconds."""
    policy = policy or state.game.bots()["heuristic"]
    rng = rng or Rng(0)
    solver = solver or Solver()
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    cards = [_card(a) for a in state.legal_actions(seat)]
    gone = {c for plays in state.history for _, c in plays}
    groups = card_groups(cards, set(state.hands[seat]), gone)
    out = CardSamples(cards)
    while samples is None or len(out.values) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal = sample_hidden(state, seat, rng)
        try:
            out.values.append(card_values(solver, deal, seat, groups, rng.fork(len(out.values)), policy, deadline))
        except OutOfTime:
            break
        if samples is None and deadline is None:
            break
    out.elapsed = time.perf_counter() - start
    return out


def _card(action: Action) -> Card:
    from solvers.cards import parse_card
    return parse_card(action.args[0])


def _stats(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n) if n > 1 else 0.0


def _aim(state: KingState) -> str:
    if state.negative:
        return "points lost in this hand"
    return "points in this hand from your tricks" + ("" if state.up else " (playing down)")


_LOADER: list[threading.Thread] = []
_LOADER_LOCK = threading.Lock()


def solver_ready(wait: float) -> bool:
    """True once the double-dummy kernels are loaded, waiting at most ``wait`` seconds (a cold
    process loads or compiles them in a background thread, which must not overrun a hint's budget)."""
    from solvers.doubledummy import solver as dd
    if dd._LOADED.is_set():
        return True
    with _LOADER_LOCK:
        if not _LOADER:
            thread = threading.Thread(target=dd.load_kernels, daemon=True, name="king-hint-solver")
            thread.start()
            _LOADER.append(thread)
    return dd._LOADED.wait(wait)


def card_hint(state: KingState, seat: int, budget: float | None = None, *, rng: Rng | None = None,
              samples: int | None = None) -> Hint | None:
    """The sampled double-dummy card hint; None when not one deal was valued in time."""
    if state.phase != PLAY:
        return None
    if budget is None and samples is None:
        budget = DEFAULT_BUDGET
    if budget is not None:
        start = time.perf_counter()
        if not solver_ready(budget / 2):
            return None
        # the rest of the budget, less a little for building the answer
        budget = (budget - (time.perf_counter() - start)) * BUDGET_SHARE
    data = sample_values(state, seat, budget if samples is None or budget is not None else None,
                         samples=samples, rng=rng)
    if not data.values:
        return None
    ranked = sorted(data.cards, key=lambda c: (-data.mean(c), c.suit, c.rank))
    best = ranked[0]
    mean, err = _stats([v[best] for v in data.values])
    share = sum(v[best] >= max(v.values()) for v in data.values) / len(data.values)
    n = len(data.values)
    if state.negative:
        reason = (f"{best.pretty()} costs you {-mean:.0f} points on average in this hand, the least of your "
                  f"cards; best in {share:.0%} of {n} sampled deals of the unseen cards")
    else:
        tricks = mean / (25 if state.up else -75)
        goal = "most" if state.up else "fewest"
        reason = (f"{best.pretty()} leaves you about {tricks:.1f} tricks in this hand, the {goal} of your cards; "
                  f"best in {share:.0%} of {n} sampled deals of the unseen cards")
    evaluation = {"kind": "sampled", "samples": n, "valuation": "quick play, then double dummy",
                  "measure": _aim(state), "expected_points": round(mean, 1), "standard_error": round(err, 1),
                  "best_share": round(share, 3), "elapsed_s": round(data.elapsed, 3)}
    alternatives = [{"action": card_action("play", c).to_json(), "expected_points": round(data.mean(c), 1)}
                    for c in ranked[1:]]
    return Hint(card_action("play", best), reason, evaluation=evaluation, alternatives=alternatives,
                method="sampled")


# a card must gain this many points on average over the rules of thumb's card
MARGIN = {True: 3.0, False: 3.0}
_SOLVERS: dict = {}


def sampled_card(state: KingState, seat: int, rng: Rng, heuristic, *, samples: int = BOT_SAMPLES) -> Action:
    """The search bot's card: the best on sampled deals, unless the rules of thumb's card
    is as good within a small margin."""
    base = heuristic(state, seat, rng)
    solver = _SOLVERS.setdefault("solver", Solver())
    data = sample_values(state, seat, None, samples=samples, rng=rng.fork("king-dd"), solver=solver,
                         policy=heuristic)
    if not data.values:
        return base
    base_card = _card(base)
    best = max(data.cards, key=lambda c: (data.mean(c), c == base_card))
    if data.mean(best) > data.mean(base_card) + MARGIN[state.negative]:
        return card_action("play", best)
    return base


# ---------------------------------------------------------------- paired search (the search bot's cards)
#
# Every distinct legal card is tried on the same sampled deals of the unseen cards, and the
# hand is played to its real end by the rules of thumb for all four players; a card's value
# is the seat's own points in this hand (every player is for themselves, so no other seat's
# points enter). Sampling runs in rounds: it stops early when no card is ahead of the rules
# of thumb's card, and the rules of thumb's card is kept unless another beats it on the same
# deals by ``PAIRED_MARGIN`` standard errors.

PAIRED_ROUNDS = (8, 16, 32)     # sampled deals after which the search may stop
PAIRED_MARGIN = 2.0             # standard errors by which a card must beat the rules of thumb's


def hand_points(end: KingState, start: KingState, seat: int) -> float:
    """The seat's points from the hand under way at ``start``, once ``end`` has finished it."""
    return float(end.sheet[start.hands_played].points[seat])


def play_hand_out(state: KingState, card_policy) -> KingState:
    """Every seat plays ``card_policy(state, seat) -> Card`` until the hand under way is scored."""
    hand = state.hands_played
    for _ in range(MAX_STEPS):
        if state.hands_played != hand or state.is_over:
            return state
        mover = state.turn
        state = state._play(card_policy(state, mover), mover)
    raise RuntimeError("the play-out did not finish the hand")


def paired_candidates(state: KingState, seat: int, first: Card) -> list[Card]:
    """One card per group of equal cards (under the hand's own penalties), ``first`` leading."""
    cards = [_card(a) for a in state.legal_actions(seat)]
    gone = {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}
    groups = card_groups(cards, set(state.hands[seat]), gone, rules_for(state))
    out = [first]
    for group in groups:
        if first not in group:
            out.append(group[0])
    return out


def paired_evaluation(state: KingState, seat: int, rng: Rng, card_policy, prior: Card, *,
                      rounds: tuple[int, ...] = PAIRED_ROUNDS, margin: float = PAIRED_MARGIN):
    """Sample deals in rounds, every candidate on each deal; return the evaluation."""
    from solvers.paired_search import Candidate, Evaluation, keep_unless_clearly_better, paired_gain
    start = time.perf_counter()
    arms = [Candidate(card_action("play", c)) for c in paired_candidates(state, seat, prior)]
    done = 0
    evaluation = None
    for target in rounds:
        while done < target:
            world = sample_hidden(state, seat, rng)
            for arm in arms:
                after = world._apply(arm.action, seat)
                end = play_hand_out(after, card_policy)
                arm.values.append(hand_points(end, state, seat))
            done += 1
        ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a is not arms[0]))
        evaluation = Evaluation(ranked, done, time.perf_counter() - start)
        best = ranked[0]
        if best is arms[0]:
            break               # nothing ahead of the rules of thumb's card
        gain, spread = paired_gain(best, arms[0])
        if gain > margin * spread:
            break               # clearly ahead already
    chosen, kept = keep_unless_clearly_better(evaluation, arms[0].action, margin)
    return evaluation, chosen, kept


def paired_card(state: KingState, seat: int, rng: Rng, heuristic, card_policy, **options) -> Action:
    """The search bot's card: the rules of thumb's card unless another is clearly better
    on the same sampled deals played out to the end of the hand."""
    base = heuristic(state, seat, rng)
    if len(state.legal_actions(seat)) == 1:
        return base
    candidates = paired_candidates(state, seat, _card(base))
    if len(candidates) == 1:
        return base
    _, chosen, _ = paired_evaluation(state, seat, rng.fork("king-paired"), card_policy, _card(base),
                                      **options)
    return chosen.action
