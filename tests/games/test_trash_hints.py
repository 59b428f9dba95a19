"""Trash's hints and rules of thumb: every kind of decision, honest, explained, reproducible."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from solvers.cards import Rng
from solvers.games import get
from solvers.games.trash_play import heuristic_choice, still_to_come
from solvers.games.trash_search import sample_world
from solvers.sampling import determinize
from tests.games.test_trash import run, table

TRASH = get("trash")


def test_a_forced_draw_says_there_is_nothing_to_choose():
    state = table("3C 2D 9H", "4S 5S 6S", stock="KH")
    hint = TRASH.hint(state, 0)
    assert hint.action.notation == "draw" and hint.method == "exact"
    assert "nothing to choose" in hint.reason and "discard pile is empty" in hint.reason
    after = run(state, "draw")
    assert "does not fit your layout" in TRASH.hint(after, 1).reason


def test_a_forced_take_says_the_rule_makes_it():
    state = table("3C 5D 9H", "4S 2S 6S", stock="7C 2H", must_take_fitting_discard=True)
    state = run(state, "draw", "draw")
    hint = TRASH.hint(state, 0)
    assert hint.action.notation == "take 2S" and "must be taken" in hint.reason


def test_the_take_or_draw_hint_is_sampled_and_explained():
    state = run(table("3C 5D 9H", "4S 2S 6S", stock="7C 2H"), "draw", "draw")
    hint = TRASH.hint(state, 0, rng=Rng(1), iterations=8)
    assert hint.action in state.legal_actions(0) and hint.method == "sampled"
    assert "won the hand" in hint.reason and hint.evaluation["samples"] == 8
    assert hint.evaluation["decision"] == "taking the discard or drawing from the stock"
    assert len(hint.alternatives) == 1
    again = TRASH.hint(state, 0, rng=Rng(1), iterations=8)
    assert again.to_json()["action"] == hint.to_json()["action"] and again.reason == hint.reason


def test_the_jack_hint_names_a_slot_and_the_rule_of_thumb_counts_ranks():
    state = run(table("3C 2D 9H", "4S 5S 6S", stock="JS"), "draw")
    hint = TRASH.hint(state, 0, rng=Rng(2), iterations=6)
    assert hint.action.kind == "jack" and hint.evaluation["decision"] == "where the jack goes"
    assert len(hint.alternatives) == 2 and "Rule of thumb" in hint.reason
    assert "changes your chance of winning the hand very little" in hint.reason
    action, why = heuristic_choice(state, 0)
    come = still_to_come(state, 0)
    assert come[1] == 4 and come[3] == 4 and come[2] == 4    # nothing of ranks 1-3 is face up yet
    assert action.notation == "jack 3" and "still to come" in why


def test_the_rule_of_thumb_puts_a_jack_where_fewest_cards_are_to_come():
    # three twos face up elsewhere: slot 2 is the least likely to fill by itself
    # seat 1's 2H turns up its 2S, discarded: two twos seen
    state = run(table("3C 5D 9H", "4S 2S 6S", stock="KD 2H JS"), "draw", "draw")
    state = run(state, "draw")
    assert state.phase == "place_jack"
    come = still_to_come(state, 0)
    assert come[2] < come[1]
    assert heuristic_choice(state, 0)[0].notation == "jack 2"


def test_the_swap_hint_weighs_keeping_the_wild():
    state = run(table("3C 2D 9H", "4S 5S 6S", stock="JS"), "draw", "jack 2")
    hint = TRASH.hint(state, 0, rng=Rng(3), iterations=6)
    assert hint.action.kind in ("swap", "discard") and "jack" in hint.reason
    assert hint.evaluation["decision"].startswith("swapping the card for the jack")
    assert heuristic_choice(state, 0)[0].notation == "swap"


def test_a_sampled_world_keeps_everything_public():
    state = run(table("3C 2D 9H", "4S 5S 6S", stock="JS"), "draw", "jack 2", "discard")
    world = sample_world(state, 1, Rng(5))
    assert world.view(1) == state.view(1) and world.view(0) == state.view(0)
    def hidden(s):
        return sorted(s.stock + tuple(c for p in range(2) for c, u in zip(s.slots[p], s.face_up[p]) if not u))
    assert hidden(world) == hidden(state) and world.face_up == state.face_up
    assert world.slots != state.slots or world.stock != state.stock


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), salt=st.integers(0, 10**6))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hints_depend_only_on_what_the_seat_knows(seed, steps, salt):
    state = TRASH.new(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
    if state.is_over:
        return
    seat = min(state.to_move)
    other = determinize(state, seat, Rng(salt))
    first = TRASH.hint(state, seat, rng=Rng(1), iterations=3)
    again = TRASH.hint(other, seat, rng=Rng(1), iterations=3)
    assert first.action == again.action and first.reason == again.reason
