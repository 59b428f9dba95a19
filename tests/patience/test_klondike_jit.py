"""The compiled Klondike search against the plain kernel it mirrors: the same
verdicts, node counts and solutions on many seeded deals."""

import pytest

from solvers.patience.deal import klondike_deal
from solvers.patience.options import KlondikeRules
from solvers.patience.rules import replay
from solvers.patience.search import WINNABLE, kernel_for, solve

RULES = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3, single_pass_switch=False),
    KlondikeRules(draw=1, foundation_to_tableau=False),
    KlondikeRules(draw=3, single_pass_switch=False, foundation_to_tableau=False),
]


def _both(pos, rules, max_nodes=None):
    plain = solve(pos, rules, max_nodes=max_nodes, max_seconds=None, shorten=False, compiled=False)
    fast = solve(pos, rules, max_nodes=max_nodes, max_seconds=None, shorten=False, compiled=True,
                 probes=False)
    assert (fast.verdict, fast.nodes, fast.solution) == (plain.verdict, plain.nodes, plain.solution)
    if fast.verdict == WINNABLE:
        assert replay(pos, fast.solution, rules).is_won()
    return fast


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label())
def test_small_deals_searched_identically(rules):
    verdicts = set()
    for ranks, columns, seeds in [(3, 3, range(40)), (4, 4, range(30)), (5, 5, range(15))]:
        for seed in seeds:
            verdicts.add(_both(klondike_deal(seed, ranks=ranks, columns=columns), rules).verdict)
    assert verdicts == {"winnable", "unwinnable"}


@pytest.mark.parametrize("draw", [1, 3])
def test_full_deals_searched_identically_up_to_a_node_cap(draw):
    rules = KlondikeRules(draw=draw, single_pass_switch=False)
    for seed in range(1, 16):
        _both(klondike_deal(seed), rules, max_nodes=3000)


def test_full_deal_solutions_replay():
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    for seed in (3, 4, 5):
        pos = klondike_deal(seed)
        result = solve(pos, rules, max_seconds=10)
        assert result.verdict == WINNABLE
        assert replay(pos, result.solution, rules).is_won()


def test_compiled_search_only_where_it_applies():
    pos = klondike_deal(1)
    for rules, applies in [(KlondikeRules(draw=1), True), (KlondikeRules(draw=3), False),
                           (KlondikeRules(draw=1, passes=2), False)]:
        kernel = kernel_for(pos, rules)
        root = kernel.normalize(kernel.encode(pos))[0]
        assert (kernel.fast_search(root, 10, None) is not None) == applies


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label())
def test_probes_never_change_a_verdict(rules):
    # the streamlined searches may only ever add a win: on small deals, where the
    # exact search always finishes, the verdict with them is the verdict without
    for ranks, columns, seeds in [(3, 3, range(40)), (4, 4, range(30)), (5, 5, range(15))]:
        for seed in seeds:
            pos = klondike_deal(seed, ranks=ranks, columns=columns)
            exact = solve(pos, rules, max_nodes=None, max_seconds=None, shorten=False, probes=False)
            probed = solve(pos, rules, max_nodes=None, max_seconds=None, shorten=False)
            assert probed.verdict == exact.verdict
            if probed.verdict == WINNABLE:
                assert replay(pos, probed.solution, rules).is_won()


@pytest.mark.parametrize("draw, seed", [(1, 41), (1, 65), (3, 51)])
def test_probes_find_wins_the_exact_search_takes_millions_of_positions_for(draw, seed):
    # the exact search alone needs 34 to 68 million positions for draw 1 deals 41
    # and 65, and more than 60 million for draw 3 deal 51; a streamlined search
    # without partial runs finds their wins in under half a million
    rules = KlondikeRules(draw=draw, single_pass_switch=False)
    pos = klondike_deal(seed)
    result = solve(pos, rules, max_nodes=3_000_000, max_seconds=None, shorten=False)
    assert result.verdict == WINNABLE
    assert replay(pos, result.solution, rules).is_won()
