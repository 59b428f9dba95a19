"""Bridge positions checked card by card against DDS (through endplay)."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Position, Solver, TrickRules, solve
from solvers.doubledummy.crosscheck import dds_best, dds_values
from solvers.doubledummy.randoms import random_position

pytest.importorskip("endplay")

STRAINS = (None, 0, 1, 2, 3)


def _positions(seed, sizes, per_size):
    rng = Rng(seed)
    for size in sizes:
        for i in range(per_size):
            rules = TrickRules.bridge(STRAINS[(size + i) % 5])
            yield random_position(rng, size, rules)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6, 7])
def test_every_card_matches_dds(size):
    solver = Solver()
    for position in _positions(100 + size, [size], 6):
        ours = solver.solve(position, values="all")
        theirs = dds_values(position)
        assert ours.exact
        assert ours.cards == theirs, position
        assert ours.value == max(theirs.values())
        assert ours.cards[ours.best] == ours.value


def test_best_value_matches_dds_with_tricks_in_progress():
    solver = Solver()
    rng = Rng(7)
    for count in range(4):
        for strain in STRAINS:
            position = random_position(rng, 6, TrickRules.bridge(strain), trick_cards=count)
            assert solver.solve(position).value == dds_best(position)


def test_known_deal_values_every_card():
    position = Position.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
                                 trump="S", leader="E")
    result = solve(position, values="all")
    assert result.cards == dds_values(position)


@pytest.mark.slow
@pytest.mark.parametrize("size", [8, 9, 10])
def test_larger_endings_match_dds(size):
    solver = Solver()
    for position in _positions(900 + size, [size], 20):
        ours = solver.solve(position, values="all")
        assert ours.cards == dds_values(position), position


@pytest.mark.slow
def test_sweep_every_size_and_strain():
    solver = Solver()
    for position in _positions(4242, range(1, 8), 60):
        assert solver.solve(position, values="all").cards == dds_values(position), position


@pytest.mark.slow
def test_full_deals_match_dds():
    solver = Solver()
    rng = Rng(1313)
    for i in range(4):
        position = random_position(rng, 13, TrickRules.bridge(STRAINS[i % 5]), trick_cards=0)
        result = solver.solve(position)
        assert result.exact and result.value == dds_best(position), position
