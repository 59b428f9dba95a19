"""A table's strains solved on several threads give the table one thread gives, and
the reference's; budgets and stops still hold per cell."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Position, TrickRules, solve_table
from solvers.doubledummy import kernel as K
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_value
from solvers.doubledummy.table import STRAIN_LETTERS, solve_strains, table_workers
from solvers.errors import CardsageError

TRUMPS = {"S": 3, "H": 2, "D": 1, "C": 0, "N": None}


def _reference_table(hands) -> dict:
    table = {seat: {} for seat in "NESW"}
    for strain in STRAIN_LETTERS:
        for leader in range(4):
            position = Position.from_hands(hands, leader, (), TrickRules.bridge(TRUMPS[strain]))
            table["NESW"[(leader + 3) % 4]][strain] = len(hands[0]) - reference_value(position)
    return table


@pytest.fixture(scope="module")
def small_deals():
    rng = Rng("table-threads")
    deals = [[list(h) for h in random_position(rng, 4, TrickRules.bridge(None), trick_cards=0).hands]
             for _ in range(2)]
    return [(hands, _reference_table(hands)) for hands in deals]


@pytest.mark.parametrize("workers", [1, 2, 3, 5])
def test_threaded_tables_match_the_reference(small_deals, workers):
    for hands, truth in small_deals:
        assert solve_table(Position.from_hands(hands, 0, (), TrickRules.bridge(None)), workers=workers) == truth


def test_a_full_table_on_two_threads_is_the_one_thread_table():
    position = random_position(Rng("table-threads-full"), 13, TrickRules.bridge(None), trick_cards=0)
    assert solve_table(position, workers=2) == solve_table(position, workers=1)


def test_every_strain_and_leader_is_answered_in_order():
    hands = [list(h) for h in random_position(Rng("strains"), 3, TrickRules.bridge(None), trick_cards=0).hands]
    solved = solve_strains(hands, workers=2)
    assert list(solved) == list(STRAIN_LETTERS)
    for strain, results in solved.items():
        assert len(results) == 4 and all(r is not None and r.exact for r in results)
        for leader, result in enumerate(results):
            position = Position.from_hands(hands, leader, (), TrickRules.bridge(TRUMPS[strain]))
            assert result.value == reference_value(position)


def test_a_table_time_that_runs_out_leaves_cells_unsolved_not_wrong():
    hands = [list(h) for h in random_position(Rng("strains-out"), 13, TrickRules.bridge(None), trick_cards=0).hands]
    solved = solve_strains(hands, cell_ms=1, total_ms=1, workers=2)
    for results in solved.values():
        for result in results:
            assert result is None or result.lower <= result.value <= result.upper


def test_a_cell_out_of_budget_stops_an_exact_table():
    position = random_position(Rng("strains-503"), 13, TrickRules.bridge(2), trick_cards=0)
    with pytest.raises(CardsageError) as error:
        solve_table(position, budget_ms=0.01, workers=2)
    assert error.value.status == 503


@pytest.mark.parametrize("workers", [0, -1, 1.5, True, "2"])
def test_workers_must_be_a_positive_integer(workers):
    with pytest.raises(CardsageError):
        solve_strains([[], [], [], []], workers=workers)


def test_the_search_releases_the_interpreter_lock():
    # without it the strains' threads would take turns, not run side by side
    assert K.search.targetoptions.get("nogil") is True
    assert 1 <= table_workers() <= len(STRAIN_LETTERS)
