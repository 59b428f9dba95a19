"""Budgets: a solve that runs out says so and gives sound bounds."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.randoms import random_position
from solvers.errors import CardsageError


def test_tiny_node_budget_gives_sound_bounds():
    rng = Rng(5)
    for _ in range(10):
        position = random_position(rng, 7, TrickRules.bridge(rng.below(4)), trick_cards=0)
        truth = Solver().solve(position).value
        cut = Solver().solve(position, budget_nodes=50)
        assert not cut.exact
        assert cut.lower <= truth <= cut.upper
        assert cut.value == cut.lower
        assert cut.nodes <= 50


def test_budget_on_per_card_values_keeps_found_values_sound():
    position = random_position(Rng(8), 7, TrickRules.bridge(None), trick_cards=0)
    truth = Solver().solve(position, values="all").cards
    cut = Solver().solve(position, values="all", budget_nodes=3000)
    for card, value in cut.cards.items():
        assert value <= truth[card]


def test_time_budget_stops_a_full_deal():
    position = random_position(Rng(1), 13, TrickRules.bridge(None), trick_cards=0)
    result = Solver().solve(position, budget_ms=30)
    assert result.ms < 1000
    assert result.lower <= result.upper
    if not result.exact:
        assert 0 <= result.lower <= result.upper <= 13


def test_budget_arguments_are_checked():
    position = random_position(Rng(1), 2, TrickRules.bridge(None))
    with pytest.raises(CardsageError):
        Solver().solve(position, budget_nodes=0)
    with pytest.raises(CardsageError):
        Solver().solve(position, budget_ms=-1)
    with pytest.raises(CardsageError):
        Solver().solve(position, values="some")
