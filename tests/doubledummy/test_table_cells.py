"""How a table hands out its cells: the leaders' order, each leader's first target, and
the solvers kept between tables (emptied, so a table's work does not depend on the
table before it)."""

from solvers.cards import Rng
from solvers.doubledummy import Position, TrickRules
from solvers.doubledummy import table as T
from solvers.doubledummy.crosscheck import dds_table
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.result import DDResult
from solvers.doubledummy.table import LEADER_ORDER, STRAIN_LETTERS, _Cells, solve_strains, solve_table


def _hands(seed: str, size: int) -> list[list]:
    return [list(h) for h in random_position(Rng(seed), size, TrickRules.bridge(None), trick_cards=0).hands]


def _result(value: int, exact: bool = True) -> DDResult:
    return DDResult(value=value, lower=value, upper=value, exact=exact, to_play="N")


def test_partners_follow_each_other():
    assert sorted(LEADER_ORDER) == [0, 1, 2, 3]
    # the second leader of a strain is the first one's partner, then the other pair
    assert LEADER_ORDER[1] == (LEADER_ORDER[0] + 2) % 4
    assert LEADER_ORDER[3] == (LEADER_ORDER[2] + 2) % 4


def test_a_leader_starts_from_its_partners_value_else_an_opponents():
    cells = _Cells(_hands("cells-guess", 13), None, None, False)
    assert cells.guess("S", 0) is None
    cells.results["S"][0] = _result(4)
    assert cells.guess("S", 2) == 4            # the partner's tricks
    # one above the tricks the opponents' side did not take (the lead's trick)
    assert cells.guess("S", 1) == 13 - 4 + 1
    assert cells.guess("S", 3) == 13 - 4 + 1
    cells.results["S"][1] = _result(8)
    assert cells.guess("S", 3) == 8
    cells.results["S"][1] = _result(8, exact=False)
    cells.results["S"][2] = _result(5)
    # an inexact partner says nothing; the opponent just before this leader does
    assert cells.guess("S", 3) == 13 - 5 + 1
    # never above the tricks to play
    cells.results["S"][2] = _result(0)
    assert cells.guess("S", 3) == 13


def test_cells_are_claimed_in_the_leaders_order():
    cells = _Cells(_hands("cells-order", 3), None, None, False)
    claimed = []
    current = None
    while (step := cells._claim(current)) is not None:
        claimed.append(step)
        current = step[0]
    assert claimed == [(strain, leader) for strain in cells.strains for leader in LEADER_ORDER]
    assert sorted(cells.strains) == sorted(STRAIN_LETTERS)


def test_strains_are_taken_dearest_first_by_the_longer_sides_trumps():
    # N-S hold 9 spades, 7 hearts, 5 diamonds (E-W 8), 5 clubs (E-W 8)
    pbn = "N:AKQJT.AKQ.432.32 987.JT9.JT98.JT9 6543.8765.65.654 2.432.AKQ7.AKQ87"
    hands = T.parse_pbn_hands(pbn)
    # hearts (7) first, no trump as a 7, then the 8s in the table's order, spades (9) last
    assert T.strain_order(hands) == "HNDCS"
    assert _Cells(hands, None, None, False).strains == "HNDCS"


def test_a_kept_solver_solves_the_next_table_as_a_new_one_would():
    hands = _hands("cells-kept", 7)
    first = solve_strains(hands, workers=1)
    assert len(T._IDLE) >= 1
    again = solve_strains(hands, workers=1)
    # same values and the same work: the kept solver's table and killer moves were emptied
    for strain in STRAIN_LETTERS:
        assert [r.value for r in first[strain]] == [r.value for r in again[strain]]
        assert [r.nodes for r in first[strain]] == [r.nodes for r in again[strain]]
    assert len(T._IDLE) <= T.table_workers()


def test_a_table_matches_dds():
    position = random_position(Rng("cells-dds"), 13, TrickRules.bridge(None), trick_cards=0)
    assert solve_table(Position.from_hands(position.hands, 0, (), position.rules), workers=2) == dds_table(position)
