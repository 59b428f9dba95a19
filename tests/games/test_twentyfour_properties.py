"""Property tests for Twenty-Four's ``judge`` and ``allow_stack_shuffle`` options.

The generic conformance suite plays every game with its default options only, so the
same checks (replay, JSON and notation round trips, the leak test, the game's
invariants) are run here with the new options switched on.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.games.twentyfour import number_pack
from solvers.twentyfour import solve
from tests.conformance.test_conformance import CHECK_EVERY, _check_state, _play_match
from tests.games.test_twentyfour_game import _stacks

GAME = games.get("twentyfour")
PACK = number_pack()


# ---------------------------------------------------------------- whole matches


@pytest.mark.parametrize("options", [{"judge": "players"},
                                     {"players": 4, "judge": "players"},
                                     {"players": 4, "judge": "players", "wait_for_three": True},
                                     {"allow_stack_shuffle": False},
                                     {"players": 4, "allow_stack_shuffle": False}])
@given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
@settings(max_examples=8)
def test_shedding_matches_conform_with_the_new_options(options, seed, data):
    final, log = _play_match(GAME, seed, data, options)
    assert final.is_over and final.winners
    replay = GAME.new(seed=seed, options=options)
    for seat, action in log:
        replay = replay.apply(action.notation, seat)
    assert replay.key() == final.key()


def _collection_invariant(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 40 and len(cards) == 40
    assert state.is_over or (len(state.table) == 4 and state.to_move)
    if state.phase == "judge":
        assert state.answerer not in state.judges and state.clock < state.judge_deadline
        assert set(state.judges) | {state.answerer} <= set(range(state.players))


@pytest.mark.parametrize("players", [2, 3, 4])
@given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
@settings(max_examples=6)
def test_collection_play_conforms_when_players_judge(players, seed, data):
    # random collection matches can run for tens of thousands of actions: check a long stretch
    options = {"mode": "collection", "players": players, "judge": "players"}
    state = start = GAME.new(seed=seed, options=options)
    log = []
    for step in range(300):
        if state.is_over:
            break
        movers = sorted(state.to_move)
        seat = movers[data.draw(st.integers(0, len(movers) - 1))] if len(movers) > 1 else movers[0]
        legal = state.legal_actions(seat)
        action = legal[Rng(seed + step).below(len(legal))]
        if step % CHECK_EVERY == 0:
            _check_state(GAME, state, seat, legal, seed + step)
        state = state.apply(action, seat)
        _collection_invariant(state)
        log.append((seat, action))
    replay = start
    for seat, action in log:
        replay = replay.apply(action.notation, seat)
    assert replay.key() == state.key()


# ---------------------------------------------------------------- stack shuffles


@given(seed=st.integers(min_value=0, max_value=2**31),
       shufflers=st.lists(st.integers(min_value=0, max_value=3), max_size=12))
def test_shuffles_permute_own_stacks_deterministically_and_show_nothing(seed, shufflers):
    start = GAME.new(seed=seed, options={"players": 4})
    state = start
    for seat in shufflers:
        after = state.apply("shuffle", seat)
        assert Counter(after.stacks[seat]) == Counter(state.stacks[seat])
        assert all(after.stacks[s] == state.stacks[s] for s in range(4) if s != seat)
        assert all(after.view(v) == state.view(v) for v in (0, 1, 2, 3, None))
        state = after
    again = start
    for seat in shufflers:
        again = again.apply({"kind": "shuffle", "args": []}, seat)
    assert again.key() == state.key()


# ---------------------------------------------------------------- judging a stated solution


def _wrong(values) -> str:
    # sum and product are never both 24 for four values from 1 to 10
    total = "+".join(map(str, values))
    return total if sum(values) != 24 else "*".join(map(str, values))


@given(board=st.lists(st.sampled_from(PACK), min_size=4, max_size=4, unique=True),
       right=st.booleans(), response=st.sampled_from(["accept", "dispute", "silence"]),
       slapper=st.integers(min_value=0, max_value=1))
def test_a_claim_stands_unless_it_is_disputed_and_wrong(board, right, response, slapper):
    tops = (" ".join(map(str, board[:2])), " ".join(map(str, board[2:])))
    state = GAME.new(deal=_stacks(*tops, players=2), options={"judge": "players"})
    found = solve(state.values, 24)
    if right and not found.solvable:
        right = False
    claim = found.preferred if right else _wrong(state.values)
    state = state.apply("slap", slapper).apply({"kind": "answer", "args": [claim]}, slapper)
    judge = 1 - slapper
    assert state.phase == "judge" and state.to_move == {judge}
    if response == "silence":
        state = state.apply(f"wait {state.judge_deadline - state.clock}", judge)
    else:
        state = state.apply(response, judge)
    stands = response != "dispute" or right
    taker = judge if stands else slapper
    assert [len(s) for s in state.stacks] == [20 if s == taker else 16 for s in range(2)]
    assert state.phase == "race" and state.claim == "" and state.judges == ()
