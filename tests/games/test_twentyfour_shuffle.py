"""Twenty-Four stack shuffling (seed 004: "Players may shuffle or cut their card stacks any
time they wish, but must not look at the cards in their stacks"): option
``allow_stack_shuffle``, the ``shuffle`` action, determinism and secrecy."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from solvers import games
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.game import Action
from tests.games.test_twentyfour_game import _stacks

GAME = games.get("twentyfour")


def _two(**options):
    return GAME.new(deal=_stacks("3S 3H", "8D 8C", players=2), options=options)


def test_shuffling_reorders_only_the_own_stack():
    state = _two()
    after = state.apply("shuffle", 0)
    assert Counter(after.stacks[0]) == Counter(state.stacks[0])
    assert after.stacks[0] != state.stacks[0]
    assert after.stacks[1] == state.stacks[1] and after.table == state.table
    assert (after.phase, after.clock, after.to_move) == (state.phase, state.clock, state.to_move)


def test_shuffles_come_from_the_seeded_generator():
    state = GAME.new(seed=7)
    once = state.apply("shuffle", 1)
    assert once.key() == GAME.new(seed=7).apply("shuffle", 1).key(), "a replay shuffles alike"
    twice = once.apply("shuffle", 1)
    assert twice.stacks[1] != once.stacks[1], "each shuffle draws anew"


def test_the_new_order_is_seen_by_nobody_not_even_the_owner():
    state = _two()
    after = state.apply("shuffle", 0)
    for viewer in (0, 1, None):
        assert after.view(viewer) == state.view(viewer)
        assert "cards" not in after.view(viewer)["zones"]["stack:0"]
    assert {state.log_text(Action("shuffle"), 0, v) for v in (0, 1)} == {"shuffle"}


def test_a_seat_may_shuffle_when_it_is_not_to_move():
    state = _two().apply("slap", 1)
    assert state.to_move == {1} and "shuffle" not in [a.kind for a in state.legal_actions(0)]
    after = state.apply("shuffle", 0)
    assert after.phase == "answer" and after.to_move == {1} and after.stacks[0] != state.stacks[0]
    assert after.apply("answer 8/(3-8/3)", 1).phase == "race"


def test_shuffle_is_listed_last_for_a_seat_to_move():
    state = _two()
    assert state.legal_actions(0)[-1] == Action("shuffle")
    assert state.legal_actions(0)[0] == Action("slap")


def test_shuffling_is_refused_when_the_option_is_off():
    state = _two(allow_stack_shuffle=False)
    assert "shuffle" not in [a.kind for a in state.legal_actions(0)]
    before = state.key()
    with pytest.raises(IllegalAction, match="allow_stack_shuffle"):
        state.apply("shuffle", 0)
    with pytest.raises(IllegalAction):
        state.apply({"kind": "shuffle", "args": []}, 1)
    assert state.key() == before


def test_a_stack_needs_two_cards_and_the_match_must_be_on():
    state = GAME.new(seed=1)
    state = state.with_zones({"stack:0": state.stacks[0][:3],
                              "stack:1": state.stacks[1] + state.stacks[0][3:]})
    state = state.apply("slap", 1).apply("pass", 1)        # seat 0 turns two: one card left
    assert len(state.stacks[0]) == 1
    assert "shuffle" not in [a.kind for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction):
        state.apply("shuffle", 0)
    state = state.apply("shuffle", 1)                       # the other stack may still be shuffled
    over = state.with_zones({"stack:0": (), "stack:1": state.stacks[1] + state.stacks[0]})
    over = over.apply("slap", 1).apply("pass", 1)
    assert over.is_over
    with pytest.raises(OutOfTurn):
        over.apply("shuffle", 1)


def test_shuffle_input_is_checked():
    state = _two()
    for bad in ("shuffle 3", {"kind": "shuffle", "args": ["0"]}):
        with pytest.raises(CardsageError):
            state.apply(bad, 0)
    with pytest.raises(CardsageError):
        state.apply("shuffle", 5)


def test_the_new_options_are_typed_validated_and_in_the_schema():
    props = GAME.options_schema()["properties"]
    assert props["judge"] == {**props["judge"], "type": "string", "default": "engine",
                              "enum": ["engine", "players"]}
    assert props["allow_stack_shuffle"] == {**props["allow_stack_shuffle"], "type": "boolean",
                                            "default": True}
    json.dumps(GAME.describe())
    for bad in ({"judge": "referee"}, {"judge": 1}, {"allow_stack_shuffle": "yes"},
                {"allow_stack_shuffle": 1}):
        with pytest.raises(CardsageError):
            GAME.new(options=bad)


@pytest.mark.parametrize("notation", ["shuffle", "accept", "dispute"])
def test_the_new_actions_round_trip(notation):
    action = Action.parse(notation)
    state = _two()
    assert action.notation == notation and Action.from_json(action.to_json()) == action
    assert state.parse_action(notation, 0) == action
    assert state.parse_action(action.to_json(), 0) == action
