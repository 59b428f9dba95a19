"""Trex hints: every kind of decision, honest (the seat's information only), with reasons.

Sampled hints run with ``iterations=`` (a fixed number of sampled deals, no clock) so
they are deterministic; no test here depends on timing.
"""

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.trex_heuristic import choose
from solvers.sampling import determinize
from tests.games.test_trex_rules import KING_ALONE, ONE_SUIT_EACH, act, start

TREX = get("trex")


def advance(state, until, bot=None):
    """Play the rules of thumb until ``until(state)`` holds."""
    bot = bot or TREX.bots()["heuristic"]
    step = 0
    while not until(state):
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(step)), seat)
        step += 1
    return state


def assert_good_hint(state, seat, hint):
    assert hint.action in state.legal_actions(seat)
    assert hint.reason and isinstance(hint.reason, str)
    return hint


def test_contract_choice_hint_values_every_unplayed_contract():
    state = TREX.new(seed=3)
    seat = state.owner
    hint = assert_good_hint(state, seat, TREX.hint(state, seat, iterations=3, rng=Rng(1)))
    assert hint.method == "sampled" and hint.action.kind == "choose"
    assert len(hint.alternatives) == 4 and "contracts left" in hint.reason


def test_throw_in_hint():
    state = act(start(KING_ALONE), "choose king-of-hearts", "keep")
    hint = assert_good_hint(state, 0, TREX.hint(state, 0, iterations=3, rng=Rng(2)))
    assert hint.action.kind in ("throw-in", "keep")
    action, reason = choose(state, 0)
    assert action.kind == "throw-in" and "thrown in" in reason


def test_double_hint():
    state = act(start(), "choose girls")
    hint = assert_good_hint(state, 1, TREX.hint(state, 1, iterations=3, rng=Rng(3)))
    assert hint.action.kind in ("double", "no-double") and "sampled deals" in hint.reason


def test_a_seat_with_nothing_to_double_gets_a_plain_answer():
    state = act(start(), "choose king-of-hearts", "keep", "keep", "keep", "keep", "no-double")
    assert state.to_move == {0}
    hint = TREX.hint(state, 0, iterations=3)
    assert hint.action.notation == "no-double" and hint.method == "heuristic"
    assert "nothing to double" in hint.reason


def test_card_hint_late_in_a_trick_contract_is_double_dummy():
    state = TREX.new(seed=4)
    state = advance(state, lambda s: s.phase == "play" and len(s.hands[min(s.to_move)]) <= 4
                    and len(s.legal_actions(min(s.to_move))) > 1)
    seat = min(state.to_move)
    hint = assert_good_hint(state, seat, TREX.hint(state, seat, iterations=2, rng=Rng(4)))
    assert hint.method == "sampled" and "double dummy" in hint.evaluation["valuation"]
    assert hint.evaluation["samples"] == 2


def test_layout_hint_late_is_exact_on_each_sampled_deal():
    state = TREX.new(seed=5)

    def late_layout(s):
        return s.phase == "layout" and sum(len(h) for h in s.hands) <= 12 and len(s.legal_actions(s.turn)) > 1
    state = advance(state, lambda s: late_layout(s) or (s.phase == "choose" and _force_trex(s)))
    if state.phase == "choose":
        state = state.apply("choose trex", state.owner)
        state = advance(state, late_layout)
    seat = state.turn
    hint = assert_good_hint(state, seat, TREX.hint(state, seat, iterations=2, rng=Rng(5)))
    assert hint.evaluation["kind"] == "sampled-exact"


def _force_trex(state):
    return "trex" not in state.played_contracts


def test_a_forced_move_is_said_plainly():
    state = act(start(ONE_SUIT_EACH), "choose trex", "keep", "keep", "keep", "keep")
    hint = TREX.hint(state, 1, iterations=2)
    assert hint.action.notation == "play JH" and "only card" in hint.reason and hint.method == "heuristic"


def test_hints_are_honest():
    # the hint depends only on what the seat may see: re-dealing the others' cards keeps it
    state = advance(TREX.new(seed=8), lambda s: s.phase == "play" and len(s.history) == 2)
    seat = min(state.to_move)
    hint = TREX.hint(state, seat, iterations=2, rng=Rng(9))
    other = determinize(state, seat, Rng(77))
    again = TREX.hint(other, seat, iterations=2, rng=Rng(9))
    assert hint.action == again.action and hint.reason == again.reason


def test_hint_refuses_a_seat_not_to_move_and_unknown_modes():
    state = TREX.new(seed=1)
    other = next(s for s in range(4) if s not in state.to_move)
    with pytest.raises(CardsageError):
        TREX.hint(state, other)
    with pytest.raises(CardsageError):
        TREX.hint(state, state.owner, mode="oracle")


def test_tiny_budget_falls_back_to_the_rules_of_thumb():
    state = TREX.new(seed=1)
    hint = TREX.hint(state, state.owner, 0.001)
    assert hint.method == "heuristic" and hint.action.kind == "choose"


def test_the_sampled_bot_plays_legal_moves_in_every_phase():
    from solvers.games.trex_bot import make_sampled_bot
    bot = make_sampled_bot(samples=1, budget=5.0)
    state = act(start(KING_ALONE), "choose king-of-hearts")
    seen = set()
    step = 0
    while not state.sheet:
        seat = min(state.to_move)
        action = bot(state, seat, Rng(step))
        assert action in state.legal_actions(seat)
        seen.add(state.phase)
        state = state.apply(action, seat)
        step += 1
        if state.phase == "play" and len(state.history) >= 1:
            break
    assert "claim" in seen and len(seen) >= 2


def test_the_double_dummy_model_counts_doubles_for_the_hint_seat():
    from dataclasses import replace
    from solvers.cards import parse_card
    from solvers.games.trex_search import trick_rules
    state = act(start(KING_ALONE), "choose king-of-hearts")
    plain, bonus = trick_rules(state, 0)
    assert plain.points_of(parse_card("KH")) == -75 and bonus == {}
    doubled = replace(state, doubles=((0, parse_card("KH")),))
    rules, bonus = trick_rules(doubled, 0)
    # the doubler: -75 if it takes the king, +75 if another does = -150 for taking it, +75 besides
    assert rules.points_of(parse_card("KH")) == -150 and bonus == {parse_card("KH"): 75}
    rules, bonus = trick_rules(doubled, 1)
    assert rules.points_of(parse_card("KH")) == -150 and bonus == {}
    assert rules.sides == (1, 0, 1, 1)
    slaps = replace(state, contract="slaps")
    assert trick_rules(slaps, 2)[0].trick_points == -15


@pytest.mark.parametrize("seed", [3, 12])
def test_contract_hints_are_honest_even_when_a_play_out_is_thrown_in(seed):
    # a sampled play-out may end in a throw-in: the next pack is nobody's knowledge, so the
    # play-out stops there instead of dealing from the real pack's order
    state = TREX.new(seed=seed)
    seat = state.owner
    hint = TREX.hint(state, seat, iterations=4, rng=Rng(5))
    other = determinize(state, seat, Rng(seed))
    assert other.rng_state != state.rng_state
    again = TREX.hint(other, seat, iterations=4, rng=Rng(5))
    assert hint.action == again.action and hint.alternatives == again.alternatives
