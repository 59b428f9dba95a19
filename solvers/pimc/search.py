"""Valuing moves on one fully known deal: double dummy, after quick play when the deal is long.

With at most ``HORIZON`` cards per hand the double-dummy solver values every legal
card exactly. Earlier in a hand a full solve costs seconds, so each candidate card is
played, the hand continues by the game's quick policy down to ``ROLLOUT_HORIZON`` cards, and the
solver values the rest. Either way the value of a move is the number of tricks the
side takes in the whole hand.
"""

from __future__ import annotations

import time

from solvers.cards import Card, Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.game import State
from solvers.pimc.adapters import Adapter

__all__ = ["HORIZON", "OutOfTime", "card_groups", "card_values", "hand_tricks"]

HORIZON = 7           # from here every legal card is valued exactly
ROLLOUT_HORIZON = 6   # quick play stops here; a smaller ending is cheap to solve
MAX_ROLLOUT_STEPS = 200


class OutOfTime(Exception):
    """The deadline passed before the deal was valued."""


def _ms_left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    left = (deadline - time.perf_counter()) * 1000.0
    if left <= 0.5:
        raise OutOfTime
    return left


def card_groups(cards: list[Card], mine, gone: set[Card], rules: TrickRules | None = None) -> list[list[Card]]:
    """Legal cards in groups of equals: same suit as played, every card of the game ranked
    between them in the same hand or already out of play, and (where cards carry points)
    the same points, so either one does the same job. ``rules`` gives the game's order
    (trump ladders, ten-high suits); without it, plain suits ranked ace high."""
    mine = set(mine)
    if rules is None:
        key = lambda c: (c.suit, c.rank)  # noqa: E731
        members = None
    else:
        key = rules.card_key
        members = {}
        for card in rules.cards:
            members.setdefault(key(card)[0], {})[key(card)[1]] = card
    points = rules.points_of if rules is not None and rules.has_card_points else (lambda c: 0)
    groups: list[list[Card]] = []
    by_suit: dict[int, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(key(c)[0], []).append(c)
    for suit, run in by_suit.items():
        run.sort(key=lambda c: key(c)[1], reverse=True)
        current = [run[0]]
        for c in run[1:]:
            low, high = key(c)[1], key(current[-1])[1]
            if members is None:
                between = [Card.standard(r, suit) for r in range(low + 1, high)]
            else:
                between = [members[suit][p] for p in range(low + 1, high) if p in members[suit]]
            if points(c) == points(current[-1]) and all(b in mine or b in gone for b in between):
                current.append(c)
            else:
                groups.append(current)
                current = [c]
        groups.append(current)
    return groups


def hand_tricks(solver: Solver, adapter: Adapter, state: State, side: int, rng: Rng,
                deadline: float | None, before: tuple | None = None) -> int:
    """Tricks ``side`` ends the hand with: quick play to the horizon, then double dummy.
    ``before``: for the adapter's quick play, ``(shared, seat, card)`` when ``state``
    follows ``seat``'s ``card`` from a state whose :meth:`Adapter.quick_shared` gave
    ``shared``."""
    counted = adapter.counting_state(state)
    offset = adapter.taken(state)[side] - adapter.taken(counted)[side]
    state = counted
    horizon = ROLLOUT_HORIZON
    if adapter.max_quick_tricks is not None:
        horizon = max(horizon, adapter.hand_size(state) - adapter.max_quick_tricks)
    start_hand = adapter.hand_number(state)
    steps = 0
    fast = adapter.quick_play(state, horizon, rng) if before is None else adapter.quick_play(state, horizon, rng,
                                                                                            before)
    if fast is not None:
        state = fast
    while True:
        if adapter.hand_number(state) != start_hand:
            return offset + adapter.final_tricks(state)[side]
        if adapter.in_card_play(state) and adapter.hand_size(state) <= horizon:
            break
        seat = min(state.to_move)
        state = adapter.rollout_step(state, seat, rng)
        steps += 1
        if steps > MAX_ROLLOUT_STEPS:
            raise RuntimeError("quick play did not reach the horizon")
    hands, leader, trick, rules = adapter.ending(state)
    lower, upper, exact = solver.ending_value(hands, leader, trick, rules, budget_ms=_ms_left(deadline))
    value = lower if exact else (lower + upper) / 2
    if not exact and deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime
    remaining = adapter.hand_size(state)
    to_play_side = adapter.side(state, min(state.to_move))
    mine = value if to_play_side == side else remaining - value
    return offset + adapter.taken(state)[side] + mine


def card_values(solver: Solver, adapter: Adapter, state: State, seat: int, groups: list[list[Card]],
                rng: Rng, deadline: float | None, horizon: int = HORIZON) -> dict[Card, float]:
    """Tricks the seat's side ends the hand with after each card (one sampled deal).

    With at most ``horizon`` cards a hand every card is valued by an exact solve.
    """
    side = adapter.side(state, seat)
    taken = adapter.taken(state)[side]
    if adapter.hand_size(state) <= horizon:
        result = solver.solve(adapter.position(state), values="all", budget_ms=_ms_left(deadline))
        if not result.exact:
            raise OutOfTime
        return {c: taken + result.cards[str(g[0])] for g in groups for c in g}
    out: dict[Card, float] = {}
    shared = adapter.quick_shared(state)
    for group in groups:
        after = adapter.play_card(state, seat, group[0])
        if adapter.hand_number(after) != adapter.hand_number(state):
            # this card decided the hand (Teka stops once a contract is made or beaten)
            value = adapter.final_tricks(after)[side]
        else:
            value = hand_tricks(solver, adapter, after, side, rng, deadline,
                                None if shared is None else (shared, seat, group[0]))
        for c in group:
            out[c] = value
    return out
