"""Twenty-Four with ``judge=players`` (seed 002: "if the other player agrees it is a correct
solution, the player calling out the solution wins that set"), set by set, event by event.

The rule chosen where the text is silent: the players who lose by a solution judge it;
they accept or dispute it within ``answer_window_s`` and silence accepts. An accepted
solution stands even when it is wrong; a dispute is settled by the exact check.
"""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng
from solvers.errors import IllegalAction, OutOfTurn
from tests.games.test_twentyfour_game import _stacks

GAME = games.get("twentyfour")
RIGHT = "8/(3-8/3)"     # the one solution of 3 3 8 8
WRONG = "3+3+8+8"       # makes 22


def _two(**options):
    return GAME.new(deal=_stacks("3S 3H", "8D 8C", players=2), options={"judge": "players", **options})


def _four(**options):
    return GAME.new(deal=_stacks("3S", "3H", "8D", "8C", players=4),
                    options={"players": 4, "judge": "players", **options})


def _collection(players=2, **options):
    tops = ("3S 3H", "8D 8C") if players == 2 else ("3S", "3H", "8D", "8C")   # two or four
    return GAME.new(deal=_stacks(*tops, players=players),
                    options={"mode": "collection", "players": players, "judge": "players", **options})


def _sizes(state):
    return [len(s) for s in state.stacks]


# ---------------------------------------------------------------- two players


def test_a_stated_solution_waits_for_the_opponent_to_judge_it():
    state = _two().apply("slap", 0).apply(f"answer {RIGHT}", 0)
    assert state.phase == "judge" and state.to_move == {1} and state.judges == (1,)
    assert [a.kind for a in state.legal_actions(1)][:2] == ["accept", "dispute"]
    public = state.view(0)["public"]
    assert public["claim"] == RIGHT and public["judges"] == [1] and public["answerer"] == 0
    assert public["judge_deadline"] == state.clock + state.options.answer_window_s
    with pytest.raises(OutOfTurn):
        state.apply("accept", 0)        # the slapper does not judge their own solution


def test_accepting_a_right_solution_gives_the_opponent_the_cards():
    state = _two().apply("slap", 0).apply(f"answer {RIGHT}", 0).apply("accept", 1)
    assert state.phase == "race" and _sizes(state) == [16, 20]
    assert "accepted" in state.last_result


def test_an_accepted_wrong_solution_still_wins_the_set():
    # "If the other player agrees it is a correct solution, the player calling out the solution wins"
    state = _two().apply("slap", 0).apply(f"answer {WRONG}", 0).apply("accept", 1)
    assert _sizes(state) == [16, 20]
    assert "= 22, accepted" in state.last_result


def test_a_disputed_wrong_solution_gives_the_slapper_the_cards():
    # "If the result of the equation is not actually 24, the other player wins the set"
    state = _two().apply("slap", 0).apply(f"answer {WRONG}", 0).apply("dispute", 1)
    assert _sizes(state) == [20, 16]
    assert "not 24 (disputed by seat 1)" in state.last_result


def test_a_disputed_right_solution_is_still_right():
    state = _two().apply("slap", 1).apply(f"answer {RIGHT}", 1).apply("dispute", 0)
    assert _sizes(state) == [20, 16]
    assert "= 24 (disputed by seat 0)" in state.last_result


def test_silence_accepts_when_the_judging_time_runs_out():
    state = _two(answer_window_s=10).apply("slap", 0).apply(f"answer {WRONG}", 0)
    state = state.apply("wait 4", 1)
    assert state.phase == "judge" and state.clock == 4 and state.to_move == {1}
    state = state.apply("wait 6", 1)
    assert state.clock == 10 and _sizes(state) == [16, 20]
    assert "not disputed in time" in state.last_result


def test_a_judge_cannot_wait_past_the_judging_time():
    state = _two(answer_window_s=10).apply("slap", 0).apply(f"answer {WRONG}", 0)
    with pytest.raises(IllegalAction):
        state.apply("wait 11", 1)


def test_a_stated_solution_interrupts_the_judges_wait():
    state = _two().apply("wait 9", 0).apply("wait 4", 1)
    assert state.clock == 4 and state.to_move == {1}
    state = state.apply("slap", 1).apply(f"answer {RIGHT}", 1)
    assert state.to_move == {0}, "seat 0 was waiting until 9 but must judge now"


def test_nothing_stated_means_nothing_to_judge():
    passed = _two().apply("slap", 0).apply("pass", 0)
    assert passed.phase == "race" and _sizes(passed) == [20, 16]
    late = _two(answer_window_s=5).apply("slap", 0).apply("wait 5", 0)
    assert late.phase == "race" and _sizes(late) == [20, 16]
    with pytest.raises(IllegalAction):
        _two().apply("slap", 0).apply("answer 8*3", 0)   # garbled: refused, not judged


def test_the_engine_judges_by_default():
    state = GAME.new(deal=_stacks("3S 3H", "8D 8C", players=2)).apply("slap", 0)
    assert state.options.judge == "engine"
    assert _sizes(state.apply(f"answer {WRONG}", 0)) == [20, 16]


# ---------------------------------------------------------------- four players


def test_four_players_the_odd_player_judges_the_chosen_slapper():
    state = _four().apply("slap", 2).apply("slap", 0).apply("slap", 3).apply("pick 0", 1)
    state = state.apply(f"answer {WRONG}", 0)
    assert state.phase == "judge" and state.judges == (1,) and state.to_move == {1}
    accepted = state.apply("accept", 1)
    assert _sizes(accepted) == [8, 12, 8, 8], "the accepted solution stands: the odd player takes"
    disputed = state.apply("dispute", 1)
    assert _sizes(disputed) == [12, 8, 8, 8], "the wrong solution loses: the chosen slapper takes"


def test_four_players_after_the_deadline_the_seat_that_would_take_the_cards_judges():
    state = _four(no_solution_after_s=20).apply("slap", 2)
    for seat in (0, 1, 3):
        state = state.apply("wait 20", seat)
    state = state.apply(f"answer {RIGHT}", 2)
    assert state.judges == (3,), "the non-slapper next after the slapper"
    assert _sizes(state.apply("dispute", 3)) == [8, 8, 8, 8 + 4]


# ---------------------------------------------------------------- card collection


def test_collection_every_other_player_judges_and_all_must_accept():
    state = _collection(players=4).apply("slap", 2).apply(f"answer {WRONG}", 2)
    assert state.judges == (0, 1, 3) and state.to_move == {0, 1, 3}
    state = state.apply("accept", 0).apply("accept", 3)
    assert state.phase == "judge" and state.to_move == {1}
    state = state.apply("accept", 1)
    assert _sizes(state) == [8, 8, 9 + 4 - 1, 8] and state.last_winner == 2


def test_collection_one_dispute_settles_by_the_exact_check():
    state = _collection(players=4).apply("slap", 2).apply(f"answer {WRONG}", 2).apply("accept", 0)
    state = state.apply("dispute", 3)
    assert state.phase == "race" and state.locked == (2,) and state.to_move == {0, 1, 3}
    assert state.judges == () and state.claim == ""
    right = _collection(players=4).apply("slap", 2).apply(f"answer {RIGHT}", 2).apply("dispute", 1)
    assert right.last_winner == 2 and "disputed by seat 1" in right.last_result


def test_collection_silent_judges_accept_at_the_deadline():
    state = _collection(answer_window_s=8).apply("slap", 0).apply(f"answer {WRONG}", 0)
    assert state.judges == (1,)
    state = state.apply("wait 8", 1)
    assert state.last_winner == 0 and _sizes(state) == [18 + 4 - 2, 18 - 2]


def test_collection_judges_who_waited_are_back_in_the_race_when_the_claim_fails():
    state = _collection(players=4, answer_window_s=8).apply("slap", 0).apply(f"answer {WRONG}", 0)
    state = state.apply("wait 5", 1).apply("dispute", 2)
    assert state.phase == "race" and state.clock == 0 and state.to_move == {1, 2, 3}


# ---------------------------------------------------------------- bots and hints


def test_the_solver_bot_accepts_a_right_solution_and_disputes_a_wrong_one():
    policy = GAME.bots()["solver"]
    right = _two().apply("slap", 0).apply(f"answer {RIGHT}", 0)
    wrong = _two().apply("slap", 0).apply(f"answer {WRONG}", 0)
    assert policy(right, 1, Rng(1)).notation == "accept"
    assert policy(wrong, 1, Rng(1)).notation == "dispute"
    hint = GAME.hint(wrong, 1)
    assert hint.action.notation == "dispute" and "22" in hint.reason


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"mode": "collection"},
                                     {"mode": "collection", "players": 3},
                                     {"mode": "collection", "players": 4}])
def test_bots_finish_every_version_when_players_judge(options):
    bots = GAME.bots()
    for seed in (3, 4):
        state = GAME.new(seed=seed, options={"judge": "players", **options})
        rng = Rng(seed)
        # seat 0 is a random player (it accepts and disputes blindly), the others solve
        for _ in range(5000):
            if state.is_over:
                break
            seat = min(state.to_move)
            policy = bots["random"] if seat == 0 and state.phase != "race" else bots["solver"]
            state = state.apply(policy(state, seat, rng), seat)
        assert state.is_over and state.winners
