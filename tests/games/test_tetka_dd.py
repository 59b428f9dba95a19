"""Tëtka's trick rules for the double-dummy solver, checked against plain exhaustive play.

On random seeded endings (2–5 cards a hand, a trick possibly under way), the solver's
value of every legal card under :func:`solvers.games.tetka_dd.tetka_rules` must equal
what exhaustive play with the game's own ``apply`` and scoring gives: the penalty points
the seat to play takes in the rest of the hand (no most-tricks point) when the three
others play against it, and with the tie-break, the fewest tricks among such lines.
"""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.doubledummy import Solver
from solvers.games.tetka_dd import SCALE, card_penalties, tetka_rules
from solvers.games.tetka_penalties import TRICKS, trick_penalties
from solvers.tricks import trick_winner

GAME = games.get("tetka")


def ending(seed: int, cards: int):
    """A random hand played at random down to ``cards`` cards a hand, then 0–3 cards more."""
    rng = Rng(f"tetka dd {seed}")
    state = GAME.new(seed=seed)
    extra = rng.below(4)
    while TRICKS - len(state.history) > cards or (TRICKS - len(state.history) == cards and len(state.trick) < extra):
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    return state


def _closed(before, after):
    """The trick that ``after`` closed, as (number, winner, cards); None if none closed."""
    if after.sheet != before.sheet:
        plays = after.last_trick
    elif len(after.history) > len(before.history):
        plays = after.history[-1]
    else:
        return None
    return len(before.history) + 1, trick_winner(plays, None), [c for _, c in plays]


def exhaustive(state, seat: int, tiebreak: bool) -> dict:
    """Per legal card of ``seat`` (to play), the scaled cost (penalty, and tricks with the
    tie-break) of the rest of the hand when ``seat`` minimises it and the others maximise it."""
    memo: dict = {}
    hand = len(state.sheet)

    def step_cost(before, after) -> int:
        closed = _closed(before, after)
        if closed is None:
            return 0
        number, winner, cards = closed
        if winner != seat:
            return 0
        points = sum(p.points for p in trick_penalties(number, winner, cards, state.bum))
        return points * SCALE + 1 if tiebreak else points

    def value(node) -> int:
        if len(node.sheet) != hand:
            return 0
        key = (node.hands, node.bum_shown, node.trick, node.leader)
        if key not in memo:
            costs = [child_cost(node, a) for a in node.legal_actions(node.turn)]
            memo[key] = min(costs) if node.turn == seat else max(costs)
        return memo[key]

    def child_cost(node, action) -> int:
        after = node._apply(action, node.turn)
        return step_cost(node, after) + value(after)

    return {parse_card(a.args[0]): child_cost(state, a) for a in state.legal_actions(seat)}


def check(seeds, sizes, tiebreak: bool) -> int:
    solver = Solver()
    checked = 0
    for seed in seeds:
        for cards in sizes:
            state = ending(seed, cards)
            seat = state.turn
            want = exhaustive(state, seat, tiebreak)
            got = card_penalties(solver, state, tiebreak=tiebreak)
            assert got is not None
            scaled = {c: v.penalty * SCALE + v.tricks if tiebreak else v.penalty for c, v in got.items()}
            assert scaled == want, (seed, cards, [str(c) for c in state.holding(seat)], state.bum)
            checked += 1
    return checked


@pytest.mark.parametrize("tiebreak", [False, True])
def test_solver_values_match_exhaustive_play_on_small_endings(tiebreak):
    assert check(range(12), (2, 3, 4), tiebreak) == 36


@pytest.mark.slow
@pytest.mark.parametrize("tiebreak", [False, True])
def test_solver_values_match_exhaustive_play_on_many_endings(tiebreak):
    # plain exhaustive play of 5 cards a hand takes 4-30 s an ending in Python
    assert check(range(100, 160), (2, 3, 4), tiebreak) + check(range(200, 208), (5,), tiebreak) == 188


def test_the_rules_count_the_bum_rank_trick_only_while_it_is_to_come():
    state = GAME.new(seed=3)
    rng = Rng(3)
    while len(state.history) < TRICKS - 3:
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    rules = tetka_rules(state)
    assert len(rules.last_trick_points) == 3
    number = state.penalty_trick
    expected = [-1, 0, 0]
    if number > TRICKS - 3:
        expected[TRICKS - number] -= 1
    assert list(rules.last_trick_points) == expected
    # only the penalty cards still to be played carry points
    gone = {c for plays in state.history for _, c in plays}
    assert not any(parse_card(c) in gone for c in rules.card_points)


# ---------------------------------------------------------------- the search bot and hint in the ending


def _ending_with_choice(cards: int):
    from solvers.games.tetka_bot import heuristic_bot
    for seed in range(40):
        state = GAME.new(seed=seed)
        rng = Rng(seed)
        while TRICKS - len(state.history) > cards:
            state = state.apply(heuristic_bot(state, state.turn, rng), state.turn)
        if len(state.legal_actions(state.turn)) > 2:
            return state
    raise AssertionError("no ending with a choice")


def test_hint_in_the_ending_solves_each_deal_and_names_the_expected_penalty():
    state = _ending_with_choice(5)
    seat = state.turn
    hint = GAME.hint(state, seat, rng=Rng(2), iterations=6)
    assert hint.action in state.legal_actions(seat) and hint.method == "sampled"
    assert hint.evaluation["valuation"].startswith("double dummy") and hint.evaluation["deals"] == 6
    assert "penalty points" in hint.reason and "solved" in hint.reason
    assert all("expected_penalty" in alt for alt in hint.alternatives)
    assert len(hint.alternatives) == len(state.legal_actions(seat)) - 1
    # only what the seat knows matters: the same hint from another deal of the hidden cards
    from solvers.sampling import determinize
    again = GAME.hint(determinize(state, seat, Rng(9)), seat, rng=Rng(2), iterations=6)
    assert again.action == hint.action and again.evaluation == hint.evaluation


def test_search_bot_in_the_ending_plays_a_legal_card():
    from solvers.games.tetka_bot import BOTS
    state = _ending_with_choice(4)
    action = BOTS["search"](state, state.turn, Rng(3))
    assert action in state.legal_actions(state.turn)


def test_exact_choice_keeps_the_rules_of_thumb_card_unless_clearly_beaten():
    from solvers.games import tetka_search
    from solvers.games.tetka_bot import heuristic_bot
    state = _ending_with_choice(4)
    seat = state.turn
    best, points, prior = tetka_search.exact_choice(state, seat, heuristic_bot, Rng(5), samples=8)
    assert prior == heuristic_bot(state, seat, Rng(0))
    if best != prior:
        mean = {a: sum(map(tetka_search.cost, v)) / len(v) for a, v in points.items()}
        assert mean[prior] - mean[best] >= tetka_search.EXACT_MARGIN
