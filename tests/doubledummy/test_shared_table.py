"""One solver's table serves searches in which either team maximises: an entry stored
for one team is read as a bound for the other (their values add up to every point still
to be scored). Solving the same cards with every seat on lead in turn, with one shared
solver, must give the values each position has on its own."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Position, Solver, TrickRules, solve_table
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values

from tests.doubledummy.test_rule_sets import RULE_SETS


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_leader_in_turn_with_one_table_matches_reference(name):
    rules = RULE_SETS[name]
    rng = Rng("shared-" + name)
    solver = Solver()
    size = 3 if rules.seats >= 5 else 4
    for _ in range(3):
        base = random_position(rng, min(size, len(rules.cards) // rules.seats), rules, trick_cards=0)
        hands = [list(h) for h in base.hands]
        for rounds in range(2):
            for leader in range(rules.seats):
                position = Position.from_hands(hands, leader, (), rules)
                assert solver.solve(position, values="all").cards == reference_values(position), position


def test_bridge_tables_match_dds():
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_table
    rng = Rng("tables")
    solver = Solver()
    for _ in range(1):
        position = random_position(rng, 13, TrickRules.bridge(None), trick_cards=0)
        truth = dds_table(position)
        table = solve_table(position, solver=solver)
        assert table == {seat: dict(truth[seat]) for seat in "NESW"}, position


def test_new_rules_take_the_pool_when_a_quarter_is_used():
    """A position under rules the table has not seen empties a table more than a quarter
    full (no entry of other rules could match it), and the answers stay right."""
    from solvers.doubledummy import ttable
    from solvers.doubledummy.reference import reference_value
    solver = Solver(table_bits=10)
    rng = Rng("new-rules")
    # full deals until more than a quarter of the table is used (how many depends on the
    # size of the search, not on what the test checks)
    for _ in range(20):
        solver.solve(random_position(rng, 13, TrickRules.bridge(None), trick_cards=0))
        if ttable.used_share(solver._table) > 0.25:
            break
    assert ttable.used_share(solver._table) > 0.25
    ending = random_position(rng, 3, TrickRules.bridge(3), trick_cards=0)
    assert solver.solve(ending).value == reference_value(ending)
    assert ttable.used_share(solver._table) < 0.25
    # rules seen before keep the entries
    used = ttable.used_share(solver._table)
    small = random_position(rng, 3, TrickRules.bridge(None), trick_cards=0)
    assert solver.solve(small).value == reference_value(small)
    assert ttable.used_share(solver._table) >= used
