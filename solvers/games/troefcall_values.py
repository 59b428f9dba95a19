"""What a Troefcall hand is worth to a side on one fully known deal, in points.

Tricks alone miss what the score sheet rewards: a side that takes the first seven
tricks scores 5 instead of 2, so an early trick for the defence is worth 3 points to
it. A deal is valued by playing on with a given policy (the rules of thumb) until the
hand is decided or six cards a hand are left; from there no sweep is possible any more
(both sides have a trick) or baunie is under way, and the double-dummy solver settles
the rest. The value is the points the side scores, minus the points the other side scores.
"""

from __future__ import annotations

from typing import Callable

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.games import troefcall as rules
from solvers.games.troefcall import PLAY, TroefcallState, side_of

__all__ = ["HORIZON", "EXACT_FROM", "dd_tricks", "hand_points", "exact_card_points"]

HORIZON = 6            # cards a hand from which the solver takes over
EXACT_FROM = 8         # cards a hand from which every card is valued by one exact solve
MAX_STEPS = 200


def dd_tricks(solver: Solver, state: TroefcallState, side: int) -> int:
    """Tricks ``side`` ends the hand with when every card is known and all are played."""
    position = Position.from_hands(list(state.hands), state.leader, [c for _, c in state.trick],
                                   TrickRules.troefcall(state.trump))
    result = solver.solve(position, values="best")
    value = result.value if result.exact else (result.lower + result.upper) // 2
    remaining = max(len(h) for h in state.hands)
    mover = min(state.to_move)
    return state.tricks[side] + (value if side_of(mover) == side else remaining - value)


def _signed(record, side: int) -> int:
    return record.points if record.side == side else -record.points


def _settle(solver: Solver, state: TroefcallState, side: int) -> int | None:
    """The hand's points for ``side`` by double dummy, once no sweep can arise; else None."""
    if state.phase != PLAY or max(len(h) for h in state.hands) > HORIZON:
        return None
    if state.baunie >= 0:
        made = dd_tricks(solver, state, state.baunie) == rules.TRICKS
        points = rules.BAUNIE_POINTS if made else -rules.FAILED_BAUNIE_POINTS
        return points if side == state.baunie else -points
    if min(state.tricks) == 0:
        return None          # a sweep of seven is still possible: play it out
    mine = dd_tricks(solver, state, side)
    return rules.MAJORITY_POINTS if mine >= rules.MAJORITY else -rules.MAJORITY_POINTS


def hand_points(solver: Solver, state: TroefcallState, side: int, policy: Callable, rng: Rng) -> int:
    """Points of the current hand for ``side`` (its score, or minus the other side's)."""
    start = len(state.sheet)
    for _ in range(MAX_STEPS):
        if len(state.sheet) != start:
            return _signed(state.sheet[start], side)
        settled = _settle(solver, state, side)
        if settled is not None:
            return settled
        seat = min(state.to_move)
        state = state._apply(policy(state, seat, rng), seat)
    raise RuntimeError("the hand did not end")


def exact_card_points(solver: Solver, state: TroefcallState, seat: int,
                      groups: list[list[Card]]) -> dict[Card, int] | None:
    """Per legal card, the hand's points for the seat's side by one double-dummy solve of
    the whole ending (``values="all"``), when the hand is small enough and no sweep of the
    first seven can arise any more (or baunie is under way); else None."""
    if state.phase != PLAY or max(len(h) for h in state.hands) > EXACT_FROM:
        return None
    if state.baunie < 0 and min(state.tricks) == 0:
        return None
    position = Position.from_hands(list(state.hands), state.leader, [c for _, c in state.trick],
                                   TrickRules.troefcall(state.trump))
    result = solver.solve(position, values="all")
    if not result.exact:
        return None
    side = side_of(seat)
    out: dict[Card, int] = {}
    for group in groups:
        mine = state.tricks[side] + result.cards[str(group[0])]
        if state.baunie >= 0:
            made = (mine if side == state.baunie else rules.TRICKS - mine) == rules.TRICKS
            points = rules.BAUNIE_POINTS if made else -rules.FAILED_BAUNIE_POINTS
            value = points if side == state.baunie else -points
        else:
            value = rules.MAJORITY_POINTS if mine >= rules.MAJORITY else -rules.MAJORITY_POINTS
        for c in group:
            out[c] = value
    return out


def card_points(solver: Solver, state: TroefcallState, seat: int, groups: list[list[Card]],
                policy: Callable, rng: Rng) -> dict[Card, int]:
    """Per legal card (cards in a group do the same job), the hand's points after playing it."""
    exact = exact_card_points(solver, state, seat, groups)
    if exact is not None:
        return exact
    side = side_of(seat)
    out: dict[Card, int] = {}
    for group in groups:
        after = state._apply(_play(group[0]), seat)
        value = hand_points(solver, after, side, policy, rng)
        for c in group:
            out[c] = value
    return out


def _play(card: Card):
    from solvers.game import Action
    return Action("play", (str(card),))
