"""Twenty-Four as a game: scenarios from the rule text for each version, deadlines,
take-back rules, no-solution agreement and the end of the match."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games.twentyfour import number_pack

GAME = games.get("twentyfour")


def _stacks(*tops: str, players: int) -> dict:
    """Explicit stacks: the given top cards first, the rest of the pack shared out after them."""
    named = [[parse_card(c) for c in top.split()] for top in tops]
    used = {c for top in named for c in top}
    rest = [c for c in number_pack() if c not in used]
    per = 40 // players
    stacks = []
    for top in named:
        need = per - len(top)
        stacks.append([str(c) for c in top] + [str(c) for c in rest[:need]])
        rest = rest[need:]
    return {"stacks": stacks}


def _two(top0="3S 3H", top1="8D 8C", **options):
    return GAME.new(deal=_stacks(top0, top1, players=2), options=options)


def _values(state):
    return sorted(state.values)


# ---------------------------------------------------------------- two players


def test_the_first_board_is_two_cards_from_each_player():
    state = _two()
    assert _values(state) == [3, 3, 8, 8]
    assert state.to_move == {0, 1}
    assert [len(s) for s in state.stacks] == [18, 18]


def test_a_right_answer_gives_the_four_cards_to_the_opponent():
    state = _two().apply("slap", 1)
    assert state.phase == "answer" and state.to_move == {1}
    state = state.apply("answer 8 / (3 - 8/3)", 1)
    assert [len(s) for s in state.stacks] == [18 + 4 - 2, 18 - 2]
    # the cards go under the stack in table order: seat 0's cards, then seat 1's
    assert [str(c) for c in state.stacks[0][-4:]] == ["3S", "3H", "8D", "8C"]
    assert state.phase == "race" and state.sets == 1


def test_a_wrong_answer_or_a_pass_gives_the_cards_to_the_slapper():
    wrong = _two().apply("slap", 0).apply("answer 3+3+8+8", 0)
    assert [len(s) for s in wrong.stacks] == [18 + 4 - 2, 16]
    assert "22" in wrong.last_result
    passed = _two().apply("slap", 1).apply("pass", 1)
    assert [len(s) for s in passed.stacks] == [16, 20]


def test_no_answer_within_the_window_counts_as_wrong():
    state = _two(answer_window_s=10).apply("slap", 0)
    state = state.apply("wait 4", 0)
    assert state.phase == "answer" and state.clock == 4
    state = state.apply("wait 6", 0)
    assert state.phase == "race" and [len(s) for s in state.stacks] == [20, 16]
    assert "in time" in state.last_result


def test_a_garbled_answer_is_refused_and_changes_nothing():
    state = _two().apply("slap", 0)
    for bad in ("answer 8/(3-8/3", "answer 8*3", "answer 9*3-3+0"):
        with pytest.raises(IllegalAction):
            state.apply(bad, 0)
    with pytest.raises(OutOfTurn):
        state.apply("answer 8/(3-8/3)", 1)


def test_any_right_expression_is_accepted_not_only_the_listed_ones():
    state = _two("5S 7H", "8D 9C").apply("slap", 0)
    after = state.apply({"kind": "answer", "args": ["8 * 5 - (7 + 9)"]}, 0)
    assert [len(s) for s in after.stacks] == [16, 20]


def test_no_solution_needs_the_time_and_both_votes_then_each_takes_back_a_card():
    state = _two("AS AH", "AD AC", no_solution_after_s=30)
    assert "vote" not in [a.kind for a in state.legal_actions(0)]
    state = state.apply("wait 30", 0)
    assert state.to_move == {1} and state.clock == 0
    state = state.apply("wait 30", 1)
    assert state.clock == 30 and state.to_move == {0, 1}
    state = state.apply("vote", 0).apply("vote", 1)
    assert state.phase == "return" and state.to_move == {0, 1}
    assert [a.notation for a in state.legal_actions(0)] == ["return AS", "return AH", "shuffle"]
    state = state.apply("return AH", 0)
    # the choice stays secret until both have chosen
    assert state.view(1)["public"]["my_return"] is None and state.view(0)["public"]["my_return"] == "AH"
    state = state.apply("return AC", 1)
    assert state.phase == "race" and state.set_start == 30
    assert str(state.stacks[0][-1]) == "AH" and str(state.stacks[1][-1]) == "AC"
    assert [s for s, _ in state.table] == [0, 1, 0, 1] and len(state.table) == 4
    assert [len(s) for s in state.stacks] == [18, 18]


def test_a_slap_after_a_vote_cancels_the_agreement():
    state = _two("AS AH", "AD 2C", no_solution_after_s=5).apply("wait 5", 0).apply("wait 5", 1)
    state = state.apply("vote", 0)
    assert state.to_move == {1}
    state = state.apply("slap", 1)
    assert state.votes == () and state.phase == "answer"


def test_the_fastest_reaction_slaps_first_on_the_logical_clock():
    state = _two().apply("wait 9", 0).apply("wait 4", 1)
    assert state.clock == 4 and state.to_move == {1}
    state = state.apply("slap", 1)
    assert state.answerer == 1


def test_the_first_player_out_of_cards_wins():
    state = GAME.new(seed=1)
    stacks = (state.stacks[0][:2], state.stacks[1] + state.stacks[0][2:])
    state = state.with_zones({"stack:0": stacks[0], "stack:1": stacks[1]})
    # seat 0 plays its last two cards; seat 1 slaps and answers wrong
    state = state.apply("slap", 1).apply("pass", 1)
    state = state.apply("slap", 1).apply("pass", 1)
    assert state.is_over and state.winners == (0,) and state.scores == (1, 0)
    assert not state.to_move and not state.legal_actions(0)


# ---------------------------------------------------------------- four players


def _four(*tops, **options):
    return GAME.new(deal=_stacks(*tops, players=4), options={"players": 4, **options})


def test_four_players_slap_silently_and_the_odd_one_picks():
    state = _four("3S", "3H", "8D", "8C")
    assert _values(state) == [3, 3, 8, 8] and len(state.stacks[0]) == 9
    state = state.apply("slap", 2).apply("slap", 0)
    assert state.phase == "race" and state.to_move == {1, 3}
    state = state.apply("slap", 3)
    assert state.phase == "pick" and state.to_move == {1}
    assert [a.notation for a in state.legal_actions(1)] == ["pick 2", "pick 0", "pick 3", "shuffle"]
    right = state.apply("pick 0", 1).apply("answer 8/(3-8/3)", 0)
    assert [len(s) for s in right.stacks] == [8, 8 + 4, 8, 8], "the odd player takes the cards"
    bluff = state.apply("pick 3", 1).apply("pass", 3)
    assert [len(s) for s in bluff.stacks] == [8, 8, 8, 8 + 4], "the chosen bluffer takes them"


def test_four_players_deadline_the_earliest_slapper_answers():
    state = _four("3S", "3H", "8D", "8C", no_solution_after_s=20)
    state = state.apply("slap", 2)
    for seat in (0, 1, 3):
        state = state.apply("wait 20", seat)
    assert state.phase == "answer" and state.answerer == 2 and state.deadline_answer
    right = state.apply("answer 8/(3-8/3)", 2)
    assert len(right.stacks[3]) == 8 + 4, "the non-slapper after the slapper takes the cards"
    wrong = state.apply("pass", 2)
    assert len(wrong.stacks[2]) == 8 + 4


def test_four_players_wait_for_three_keeps_the_race_open():
    state = _four("3S", "3H", "8D", "8C", no_solution_after_s=20, wait_for_three=True).apply("slap", 2)
    for seat in (0, 1, 3):
        state = state.apply("wait 20", seat)
    assert state.phase == "race" and state.to_move == {0, 1, 3}
    assert [a.kind for a in state.legal_actions(0)] == ["slap", "shuffle"]


def test_four_players_no_solution_everyone_swaps_their_card():
    state = _four("AS", "AH", "AD", "AC", no_solution_after_s=5)
    for seat in range(4):
        state = state.apply("wait 5", seat)
    for seat in range(4):
        state = state.apply("vote", seat)
    assert state.phase == "race" and len(state.table) == 4
    assert all(str(state.stacks[s][-1]) == "A" + "SHDC"[s] for s in range(4))


# ---------------------------------------------------------------- card collection


def test_collection_the_right_caller_takes_the_cards_and_a_wrong_one_is_locked_out():
    state = GAME.new(deal=_stacks("3S 3H", "8D 8C", players=2), options={"mode": "collection"})
    state = state.apply("slap", 0).apply("answer 3+3+8+8", 0)
    assert state.phase == "race" and state.locked == (0,) and state.to_move == {1}
    state = state.apply("slap", 1).apply("answer 8/(3-8/3)", 1)
    assert [len(s) for s in state.stacks] == [18 - 2, 18 + 4 - 2]
    assert state.last_winner == 1 and state.locked == ()


def test_collection_three_players_start_with_an_extra_card():
    pack = [c for c in number_pack() if str(c) not in ("3S", "3H", "8D", "8C")]
    deal = {"stacks": [["3S"] + [str(c) for c in pack[0:12]], ["3H"] + [str(c) for c in pack[12:24]],
                       ["8D"] + [str(c) for c in pack[24:36]]]}
    state = GAME.new(deal=deal, options={"mode": "collection", "players": 3})
    assert [s for s, _ in state.table] == [0, 1, 2, -1] and str(state.table[-1][1]) == "8C"
    assert [len(s) for s in state.stacks] == [12, 12, 12]
    after = state.apply("slap", 1).apply("answer 8/(3-8/3)", 1)
    # three holders: the last winner turns up two cards, the others one
    assert [s for s, _ in after.table] == [0, 1, 1, 2]
    assert [len(s) for s in after.stacks] == [11, 12 + 4 - 2, 11]


def test_collection_players_out_of_cards_can_still_call_and_the_last_holder_wins():
    from solvers.games.twentyfour import collection_shares
    assert collection_shares([0, 1, 2, 3], -1, [[1]] * 4) == {0: 1, 1: 1, 2: 1, 3: 1}
    assert collection_shares([0, 2, 3], 2, [[1, 1]] * 4) == {0: 1, 2: 2, 3: 1}
    assert collection_shares([1, 3], 1, [[1, 1]] * 4) == {1: 2, 3: 2}
    assert collection_shares([1, 3], 1, [[], [1], [], [1, 1, 1]]) == {1: 1, 3: 3}
    state = GAME.new(seed=2, options={"mode": "collection", "players": 3})
    assert state.to_move == {0, 1, 2}


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 4, "wait_for_three": True},
                                     {"mode": "collection"}, {"mode": "collection", "players": 3},
                                     {"mode": "collection", "players": 4}])
def test_solver_bots_finish_every_version(options):
    policy = GAME.bots()["solver"]
    state = GAME.new(seed=3, options=options)
    rng = Rng(3)
    for _ in range(5000):
        if state.is_over:
            break
        seat = min(state.to_move)
        state = state.apply(policy(state, seat, rng), seat)
    assert state.is_over and state.winners
    assert sum(state.cards_held(s) for s in range(state.players)) + sum(
        1 for s, _ in state.table if s == -1) == 40


def test_solver_bot_reaction_time_grows_with_difficulty():
    from solvers.games.twentyfour_bot import reaction_time
    easy = _two("AS 2H", "3D 4C", bot_reaction_s=2)
    hard = _two("3S 3H", "8D 8C", bot_reaction_s=2)
    assert reaction_time(easy) == 2 and reaction_time(hard) == 8
    policy = GAME.bots()["solver"]
    assert policy(hard, 0, Rng(1)).notation == "wait 8"


def test_solver_bot_agrees_no_solution_only_when_none_exists():
    policy = GAME.bots()["solver"]
    state = _two("AS AH", "AD AC", no_solution_after_s=12)
    assert policy(state, 0, Rng(1)).notation == "wait 12"
    state = state.apply("wait 12", 0).apply("wait 12", 1)
    assert policy(state, 0, Rng(1)).notation == "vote"


def test_hint_gives_the_preferred_answer_and_the_ladder():
    state = _two()
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "slap" and hint.method == "exact"
    assert [r["rung"] for r in hint.evaluation["ladder"]] == [1, 2, 3, 4, 5]
    answering = state.apply("slap", 0)
    assert GAME.hint(answering, 0).action.notation == "answer 8/(3-8/3)"


def test_options_and_deals_are_validated():
    with pytest.raises(CardsageError):
        GAME.new(options={"players": 3})
    with pytest.raises(CardsageError):
        GAME.new(deal={"stacks": [["KS"] * 20, []]})
    with pytest.raises(CardsageError):
        GAME.new(deal={"stacks": "3S"})
