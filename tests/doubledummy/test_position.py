"""Position parsing and validation."""

import pytest

from solvers.doubledummy import Position, TrickRules, solve, solve_table
from solvers.errors import CardsageError


def test_pbn_and_card_notations():
    position = Position.from_pbn("N:AK.Q.-.- QJ.-.K.- -.KJ.Q.- T9.-.-.A", trump="h", leader="W",
                                 played=[])
    assert position.seats == 4
    assert position.to_pbn() == "N:AK.Q.. QJ..K. .KJ.Q. T9...A"
    suit_first = Position.from_pbn("N:AK.Q.-.- QJ.-.K.- -.KJ.Q.- T9..A.-", trump="N", leader="N",
                                   played=["SA"][:0])
    assert suit_first.rules.trump is None


def test_trick_in_progress_and_to_play():
    position = Position.from_pbn("N:K.-.-.- Q.-.-.- J.-.-.- -.-.-.2", trump="N", leader="N",
                                 played=["AS", "10s"][:0])
    assert position.to_play == 0
    mid = Position.from_pbn("N:-.-.-.- -.-.-.- J.-.-.- -.-.-.2", trump="N", leader="N",
                            played=["AS", "10s"])
    assert mid.to_play == 2
    assert solve(mid).value == 1  # partner N holds the trick with the ace


@pytest.mark.parametrize("pbn, played, message", [
    ("N:AK.-.-.- QJ.-.-.- T9.-.-.- A8.-.-.-", [], "AS is in both N and W"),
    ("N:AA.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", [], "AS is twice in N"),
    ("N:AK.-.-.- QJ.-.-.- T9.-.-.- 8.-.-.-", [], "same number of cards"),
    ("N:K.-.-.- Q.-.-.- J.-.-.- 2.-.-.-", ["KS"], "also in N's hand"),
    ("N:-.-.-.- Q.-.-.- J.-.-.- 2.-.-.-", ["AS", "AS"], "played twice"),
    ("N:K.-.-.- Q.-.-.- J.-.-.- 2.-.-.-", ["AH", "KH", "QH", "JH"], "at most 3"),
    ("N:K.-.-.- -.-.-.- J.-.-.- 2.-.-.-", ["AH"], "one card fewer"),
    ("N:AK.-.-.- QJ.-.-.- T9.-.-.-", [], "4 hands"),
    ("N:AK.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", [], "4 suits"),
])
def test_bad_positions_say_what_is_wrong(pbn, played, message):
    with pytest.raises(CardsageError, match=message):
        Position.from_pbn(pbn, trump="N", leader="N", played=played)


def test_leader_without_cards_and_empty_deal():
    rules = TrickRules(seats=3, unequal_hands=True)
    with pytest.raises(CardsageError, match="holds no cards"):
        Position.from_hands([[], ["AS"], ["KS"]], 0, (), rules)
    with pytest.raises(CardsageError, match="no cards left"):
        Position.from_hands([[], [], []], 0, (), rules)


def test_cards_outside_the_game_are_refused():
    with pytest.raises(CardsageError, match="not a card of this game"):
        Position.from_hands([["2S"], ["AS"], ["KS"], ["QS"]], 0, (), TrickRules.manille(None))


def test_bad_rules_are_refused():
    with pytest.raises(CardsageError):
        TrickRules(seats=8)
    with pytest.raises(CardsageError):
        TrickRules(trump=5)
    with pytest.raises(CardsageError):
        TrickRules(objective="fun")
    with pytest.raises(CardsageError):
        TrickRules(sides=(0, 1))


def test_result_json_and_line():
    position = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", trump="N", leader="N")
    result = solve(position, values="all", line=True)
    data = result.to_json()
    assert data["value"] == 2 and data["exact"] and data["cards"] == {"AS": 2, "KS": 2}
    assert len(result.line) == 8 and result.line[0] in ("AS", "KS")


def test_table_on_a_small_deal_against_per_leader_dds():
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_best
    pbn = "N:AK.2.-.- QJ.3.-.- T9.4.-.- 87.5.-.-"
    table = solve_table(pbn)
    for declarer, seat in zip("NESW", range(4)):
        for strain in "SHDCN":
            leader = "NESW"[(seat + 1) % 4]
            defence = dds_best(Position.from_pbn(pbn, trump=strain, leader=leader))
            assert table[declarer][strain] == 3 - defence
