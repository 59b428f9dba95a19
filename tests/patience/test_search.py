"""The exact solver: solutions replay through the rules engine, and verdicts on small
deals agree with an exhaustive search that uses no pruning at all."""

import pytest

from solvers.errors import CardsageError
from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import player_view
from solvers.patience.rules import replay
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, solve
from tests.patience.helpers import brute_force_winnable

KLONDIKE_VARIANTS = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3, single_pass_switch=False),
    KlondikeRules(draw=3),                                   # the seed's switch
    KlondikeRules(draw=3, passes=2, single_pass_switch=False),
    KlondikeRules(draw=1, passes=1, foundation_to_tableau=False),
]
FORTY_VARIANTS = [FortyThievesRules(None), FortyThievesRules(0), FortyThievesRules(1)]


def _check_replay(pos, rules, result):
    assert result.verdict == WINNABLE
    assert replay(pos, result.solution, rules).is_won()


@pytest.mark.parametrize("rules", KLONDIKE_VARIANTS, ids=lambda r: r.label())
def test_small_klondike_verdicts_match_exhaustive_search(rules):
    verdicts = set()
    for seed in range(40):
        pos = klondike_deal(seed, ranks=3, columns=3)
        result = solve(pos, rules, max_nodes=None, max_seconds=None)
        expected = brute_force_winnable(pos, rules)
        assert result.verdict == (WINNABLE if expected else UNWINNABLE), seed
        if expected:
            _check_replay(pos, rules, result)
        verdicts.add(result.verdict)
    assert verdicts == {WINNABLE, UNWINNABLE}


@pytest.mark.parametrize("rules", KLONDIKE_VARIANTS[:3], ids=lambda r: r.label())
def test_klondike_four_ranks_match_exhaustive_search(rules):
    for seed in range(12):
        pos = klondike_deal(seed, ranks=4, columns=4)
        result = solve(pos, rules, max_nodes=None, max_seconds=None)
        assert (result.verdict == WINNABLE) == brute_force_winnable(pos, rules), seed


@pytest.mark.parametrize("rules", FORTY_VARIANTS, ids=lambda r: r.label())
def test_small_forty_thieves_verdicts_match_exhaustive_search(rules):
    verdicts = set()
    for seed in range(40):
        pos = forty_thieves_deal(seed, ranks=3, columns=4, rows=2)
        result = solve(pos, rules, max_nodes=None, max_seconds=None)
        expected = brute_force_winnable(pos, rules)
        assert result.verdict == (WINNABLE if expected else UNWINNABLE), seed
        if expected:
            _check_replay(pos, rules, result)
        verdicts.add(result.verdict)
    assert WINNABLE in verdicts


@pytest.mark.parametrize("draw", [1, 3])
def test_full_klondike_solutions_replay(draw):
    rules = KlondikeRules(draw=draw, single_pass_switch=False)
    won = 0
    for seed in range(2, 9):
        pos = klondike_deal(seed)
        result = solve(pos, rules, max_seconds=5)
        if result.verdict == WINNABLE:
            _check_replay(pos, rules, result)
            won += 1
    assert won >= 3


def test_full_forty_thieves_solutions_replay():
    rules = FortyThievesRules()
    for seed in range(1, 4):
        pos = forty_thieves_deal(seed)
        result = solve(pos, rules, max_seconds=10)
        if result.verdict == WINNABLE:
            _check_replay(pos, rules, result)


def test_budget_gives_unknown_with_counts():
    result = solve(forty_thieves_deal(1), FortyThievesRules(0), max_nodes=50, shorten=False)
    assert result.verdict in (UNKNOWN, WINNABLE)
    if result.verdict == UNKNOWN:
        assert result.nodes == 50 and result.seconds > 0


def test_shortening_never_lengthens():
    pos = klondike_deal(4)
    rules = KlondikeRules(draw=1)
    long = solve(pos, rules, shorten=False)
    short = solve(pos, rules, shorten=True)
    assert len(short.solution) <= len(long.solution)
    _check_replay(pos, rules, short)


def test_solver_refuses_unseen_cards():
    with pytest.raises(CardsageError):
        solve(player_view(klondike_deal(1)), KlondikeRules())
