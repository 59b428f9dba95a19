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


def _legal_names(position):
    from solvers.doubledummy.encode import card_name, encode
    state = encode(position)
    return {card_name(state, code) for group in state.legal_groups() for code in group}


@pytest.mark.parametrize("nodes", [1, 2, 50, 2000, 30000])
def test_a_cut_solve_still_names_a_legal_card(nodes):
    rng = Rng(31)
    for i in range(6):
        position = random_position(rng, 13, TrickRules.bridge((None, 0, 1, 2, 3)[i % 5]),
                                   trick_cards=i % 4)
        for values in ("best", "all"):
            cut = Solver().solve(position, values=values, budget_nodes=nodes)
            assert cut.best is not None and cut.best in _legal_names(position)
            assert cut.line and cut.line[0] == cut.best
            assert cut.to_json()["best"] == cut.best


def test_a_cut_solve_names_the_card_proving_its_lower_bound():
    rng = Rng(77)
    for _ in range(4):
        position = random_position(rng, 9, TrickRules.bridge((None, 0, 1, 2, 3)[rng.below(5)]), trick_cards=0)
        truth = Solver().solve(position, values="all").cards
        for nodes in (300, 3000):
            cut = Solver().solve(position, budget_nodes=nodes)
            if cut.exact:
                continue
            # the card named keeps at least the guaranteed score
            assert truth[cut.best] >= cut.lower


def test_a_tiny_time_budget_on_a_full_deal_names_a_card():
    position = random_position(Rng(1), 13, TrickRules.bridge(3), trick_cards=0)
    result = Solver().solve(position, budget_ms=0.5)
    assert result.best in _legal_names(position)
