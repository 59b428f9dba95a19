"""The conformance suite: every registered game, whole matches, driven by hypothesis.

For each game: random playouts of whole matches to the end, replay determinism, JSON
round trips, action notation round trips, the leak test (re-dealing the cards a seat
cannot see never changes that seat's view) and the game's own invariants.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.game import Action
from solvers.knowledge import knowledge, state_from_knowledge
from solvers.sampling import determinize
from solvers.errors import CardsageError

from tests.conformance.invariants import INVARIANTS
from tests.conformance.per_game import entries

GAMES = games.names()
# the options that change how a match unfolds, so each rule path gets whole matches too
VARIANTS = {
    "whist": [{"target": 9, "rubber": True, "show_full_history": True}],
    "teka": [{"target": 40, "redeal_requests": False, "pass_flavours": False, "forced_fourth_bid": False}],
    # (the collection version is left out: cards flow back and forth, so random play
    # rarely ends; tests/games/test_twentyfour_properties.py plays long stretches of it)
    "twentyfour": [{"players": 4}, {"judge": "players"},
                   {"players": 4, "judge": "players", "allow_stack_shuffle": False}],
    "klondike": [{"draw": 3, "passes": 2}, {"draw": 3, "single_pass_switch": False,
                                             "foundation_to_tableau": False}],
    "forty-thieves": [{"redeals": "none"}, {"redeals": "one"}],
}
for _name in GAMES:  # games added later list theirs in tests/conformance/per_game/<name>.py
    _module = entries(_name)
    if _module is not None and hasattr(_module, "VARIANTS"):
        assert _name not in VARIANTS, f"{_name} has option variants in two places"
        VARIANTS[_name] = list(_module.VARIANTS)
MAX_ACTIONS = 20_000
CHECK_EVERY = 7  # the expensive checks run on every 7th state (and the last)


def _play_match(game, seed: int, data, options=None):
    state = game.new(seed=seed, options=options)
    log = []
    step = 0
    while not state.is_over:
        movers = sorted(state.to_move)
        seat = movers[data.draw(st.integers(0, len(movers) - 1), label="mover")] if len(movers) > 1 else movers[0]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to move but has no legal action"
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        index = data.draw(st.integers(0, len(legal) - 1), label="action") if step % 3 == 0 else \
            Rng(seed * 7919 + step).below(len(legal))
        action = legal[index]
        if step % CHECK_EVERY == 0:
            _check_state(game, state, seat, legal, seed + step)
        before = state.key()
        state = state.apply(action, seat)
        assert state.key() != before or True
        log.append((seat, action))
        invariant = INVARIANTS.get(game.name)
        if invariant:
            invariant(state)
        step += 1
        assert step < MAX_ACTIONS, "the match must end"
    _check_state(game, state, None, [], seed)
    return state, log


def _check_state(game, state, seat, legal, salt):
    # JSON round trip of the whole state
    text = json.dumps(state.to_json())
    again = game.state_from_json(json.loads(text))
    assert again == state and again.key() == state.key()
    # notation round trips: text and JSON forms parse back to the same action
    for action in legal:
        assert Action.parse(action.notation) == action
        assert state.parse_action(action.notation, seat) == action
        assert state.parse_action(action.to_json(), seat) == action
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    # the leak test, for every seat and an onlooker
    for viewer in range(state.players):
        view = state.view(viewer)
        json.dumps(view)  # views are plain JSON
        other = determinize(state, viewer, Rng(salt + viewer))
        assert other.view(viewer) == view, f"seat {viewer}'s view depends on cards it cannot see"
        assert other.legal_actions(viewer) == state.legal_actions(viewer)
    # seats only see cards of zones they may see
    zones = state.zones()
    for viewer in range(state.players):
        view = state.view(viewer)
        for name, entry in view["zones"].items():
            if "cards" in entry:
                assert zones[name].visible_to(viewer)
            assert entry["count"] == len(zones[name].cards)


def test_every_game_has_option_variants():
    assert set(VARIANTS) == set(GAMES)


SEARCH_BOTS = {"pimc", "solver", "search", "sampled"}  # bots that search: they play the opening, random finishes
SEARCH_BOT_DECISIONS = {"search": 3}   # per bot; 12 for the others


# --- honest hints: a hint is a function of what the seat knows -----------------------

HONESTY_ITERATIONS = 6


def _comparable(hint) -> dict:
    """A hint's JSON without its timings (the only part the clock may change)."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("elapsed_s", "seconds")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value
    return strip(hint.to_json())


def _position_with_a_choice(game, seed: int, steps: int):
    """A state reached by ``steps`` random actions where the seat to move has a real choice."""
    state = game.new(seed=seed)
    rng = Rng(seed)
    chosen = None
    for _ in range(steps + 200):
        if state.is_over:
            break
        seat = min(state.to_move)
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            chosen = (state, seat)
            if steps <= 0:
                break
        steps -= 1
        state = state.apply(rng.choice(legal), seat)
    return chosen


def pytest_generate_tests(metafunc):
    # each game's suite is a class of its own (so test workers share the games out);
    # its tests get the game's name and, where they take them, its option variants
    game = getattr(metafunc.cls, "game", None)
    if game is None:
        return
    if "name" in metafunc.fixturenames:
        metafunc.parametrize("name", [game])
    if "options" in metafunc.fixturenames:
        variants = VARIANTS.get(game, [])
        metafunc.parametrize("options", variants, ids=[f"variant{i}" for i in range(len(variants))])


class Conformance:
    """The suite every game runs; a ``TestConformance_<game>`` subclass per registered game."""

    game: str | None = None

    def test_new_is_deterministic_and_apply_never_mutates(self, name):
        game = games.get(name)
        a, b = game.new(seed=11), game.new(seed=11)
        assert a.key() == b.key()
        seat = min(a.to_move)
        before = a.key()
        a.apply(a.legal_actions(seat)[0], seat)
        assert a.key() == before

    def test_bad_input_raises_the_project_error_and_changes_nothing(self, name):
        game = games.get(name)
        state = game.new(seed=3)
        seat = min(state.to_move)
        before = state.key()
        for bad in ["", "frobnicate", "play ZZ", {"kind": 3}, {"args": []}, 17, None]:
            with pytest.raises(CardsageError):
                state.apply(bad, seat)
        others = [s for s in range(state.players) if s not in state.to_move]
        if others:
            with pytest.raises(CardsageError):
                state.apply(state.legal_actions(seat)[0], others[0])
        assert state.key() == before
        with pytest.raises(CardsageError):
            game.new(seed=1, options={"no_such_option": 1})
        with pytest.raises(CardsageError):
            game.new(seed="x")

    def test_description_and_options_schema(self, name):
        game = games.get(name)
        desc = game.describe()
        json.dumps(desc)
        assert desc["name"] == name and desc["options"]["type"] == "object"
        assert {"random", "search"} <= set(desc["bots"])
        for key, prop in desc["options"]["properties"].items():
            assert "default" in prop and "description" in prop
            # option descriptions speak to players of the rule itself, not of its sources
            words = prop["description"].lower()
            assert not any(w in words for w in ("the seed's", "seed text", "games.md", "rule text", "proposal")), \
                (key, words)

    def test_bots_play_whole_matches(self, name):
        game = games.get(name)
        bots = game.bots()
        for bot_name, policy in bots.items():
            state = game.new(seed=5)
            rng = Rng(5)
            steps = 0
            while not state.is_over and steps < MAX_ACTIONS:
                seat = min(state.to_move)
                expensive = bot_name in SEARCH_BOTS and steps >= SEARCH_BOT_DECISIONS.get(bot_name, 12)
                action = (bots["random"] if expensive else policy)(state, seat, rng)
                state = state.apply(action, seat)
                steps += 1
            assert state.is_over, f"bot {bot_name} finished the match"

    def test_hint_is_a_legal_action_with_a_reason(self, name):
        game = games.get(name)
        state = game.new(seed=9)
        seat = min(state.to_move)
        hint = game.hint(state, seat)
        assert hint.action in state.legal_actions(seat)
        assert hint.reason
        json.dumps(hint.to_json())

    def test_hint_refuses_a_seat_not_to_move_and_an_unknown_mode(self, name):
        game = games.get(name)
        state = game.new(seed=9)
        idle = [s for s in range(state.players) if s not in state.to_move]
        if idle:
            with pytest.raises(CardsageError, match="not to move") as refused:
                game.hint(state, idle[0], iterations=1)
            assert refused.value.status == 409
        with pytest.raises(CardsageError, match="no hint mode") as refused:
            game.hint(state, min(state.to_move), mode="no-such-mode", iterations=1)
        assert refused.value.field == "mode"

    @given(seed=st.integers(min_value=0, max_value=2**31), steps=st.integers(0, 40), salt=st.integers(0, 10**6))
    @settings(max_examples=4, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])
    def test_hint_depends_only_on_what_the_seat_knows(self, name, seed, steps, salt):
        game = games.get(name)
        found = _position_with_a_choice(game, seed, steps)
        if found is None:
            return
        state, seat = found
        other = determinize(state, seat, Rng(salt))
        first = game.hint(state, seat, rng=Rng(1), iterations=HONESTY_ITERATIONS)
        again = game.hint(other, seat, rng=Rng(1), iterations=HONESTY_ITERATIONS)
        assert _comparable(first) == _comparable(again), "the hint used cards the seat cannot see"

    @given(seed=st.integers(min_value=0, max_value=2**31), steps=st.integers(0, 60), salt=st.integers(0, 10**6))
    @settings(max_examples=3, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors])
    def test_a_position_rebuilt_from_what_a_seat_knows(self, name, seed, steps, salt):
        # a seat's knowledge holds nothing it cannot see (it is the same whatever the
        # unseen cards are), and the state rebuilt from it looks the same to that seat
        game = games.get(name)
        found = _position_with_a_choice(game, seed, steps)
        if found is None:
            return
        state, mover = found
        for viewer in range(state.players):
            known = knowledge(state, viewer)
            text = json.dumps(known)
            other = determinize(state, viewer, Rng(salt + viewer))
            assert knowledge(other, viewer) == known, f"seat {viewer}'s knowledge holds what it cannot see"
            rebuilt = state_from_knowledge(game, json.loads(text), viewer, Rng(salt))
            assert rebuilt.view(viewer) == state.view(viewer)
            assert rebuilt.legal_actions(viewer) == state.legal_actions(viewer)
        # and the hint on the rebuilt state is the session's hint
        rebuilt = state_from_knowledge(game, knowledge(state, mover), mover, Rng(salt))
        first = game.hint(state, mover, rng=Rng(1), iterations=HONESTY_ITERATIONS)
        again = game.hint(rebuilt, mover, rng=Rng(1), iterations=HONESTY_ITERATIONS)
        assert _comparable(first) == _comparable(again), "the hint on a typed-in position differs"

    def test_generic_search_hint_is_legal_and_honest(self, name):
        from solvers.ismcts import search_hint
        game = games.get(name)
        config = games.search_config(name)
        found = _position_with_a_choice(game, 21, 6)
        if found is None:
            pytest.skip(f"{name} offers no position with a choice (nothing for a search to weigh)")
        state, seat = found
        hint = search_hint(state, seat, None, rng=Rng(2), iterations=30, config=config)
        assert hint.action in state.legal_actions(seat)
        assert hint.evaluation["iterations"] == 30
        assert sum(a["visits"] for a in hint.alternatives) + hint.evaluation["visits"] == 30
        other = determinize(state, seat, Rng(99))
        again = search_hint(other, seat, None, rng=Rng(2), iterations=30, config=config)
        assert _comparable(hint) == _comparable(again)


def _whole_match(name, seed, data):
    game = games.get(name)
    final, log = _play_match(game, seed, data)
    assert final.is_over and not final.to_move
    assert all(not final.legal_actions(s) for s in range(final.players))
    # replay determinism: the same seed and actions give the same state
    replay = game.new(seed=seed)
    for seat, action in log:
        replay = replay.apply(action.notation, seat)
    assert replay.key() == final.key()
    assert len(final.scores) == final.players


def _whole_match_with_options(name, options, seed, data):
    game = games.get(name)
    final, log = _play_match(game, seed, data, options)
    assert final.is_over and not final.to_move
    replay = game.new(seed=seed, options=options)
    for seat, action in log:
        replay = replay.apply(action.notation, seat)
    assert replay.key() == final.key()


# whole random matches a game plays (a long match, such as Trex's twenty deals, may ask for
# fewer in its per_game module: EXAMPLES and VARIANT_EXAMPLES; the slow run plays 4x as many)
EXAMPLES, VARIANT_EXAMPLES = 30, 8
_SLOW_FACTOR = 4


def _suite(name: str) -> type:
    """The conformance class of one game, its whole-match tests sized for the game."""
    module = entries(name)
    examples = getattr(module, "EXAMPLES", EXAMPLES)
    variant_examples = getattr(module, "VARIANT_EXAMPLES", VARIANT_EXAMPLES)
    # (differing executors: pytest makes a fresh, stateless instance for each parameter)
    quiet = [HealthCheck.large_base_example, HealthCheck.too_slow, HealthCheck.data_too_large,
             HealthCheck.differing_executors]

    @given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
    @settings(max_examples=examples, deadline=None, suppress_health_check=quiet)
    def test_whole_match_replays_and_round_trips(self, name, seed, data):
        _whole_match(name, seed, data)

    @given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
    @settings(max_examples=variant_examples, deadline=None, suppress_health_check=quiet)
    def test_whole_match_with_other_options(self, name, options, seed, data):
        _whole_match_with_options(name, options, seed, data)

    @pytest.mark.slow
    @given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
    @settings(max_examples=_SLOW_FACTOR * max(examples, EXAMPLES), deadline=None, suppress_health_check=quiet)
    def test_many_whole_matches(self, name, seed, data):
        _whole_match(name, seed, data)

    return type(f"TestConformance_{name.replace('-', '_')}", (Conformance,), {
        "game": name,
        "test_whole_match_replays_and_round_trips": test_whole_match_replays_and_round_trips,
        "test_whole_match_with_other_options": test_whole_match_with_other_options,
        "test_many_whole_matches": test_many_whole_matches,
    })


for _name in GAMES:
    _class = _suite(_name)
    globals()[_class.__name__] = _class
del _class
