"""The capacity proof (``forty_thieves_capacity``): it never calls a won position
lost (positions of the search on small deals, decided by the plain search; the won
lines of full deals), a deliberately too-large count is caught, and its shortcut for
the fewest bottoms never exceeds the true minimum."""

import random
from itertools import combinations

import pytest

from solvers.patience import forty_thieves_capacity as capacity
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import apply_move
from solvers.patience.search import UNWINNABLE, WINNABLE, _dfs, solve

RULES = FortyThievesRules(0)


def _searched_positions(ranks, columns, rows, seed, count):
    """The dealt columns and the positions the plain search stores first that rule 9
    does not reject."""
    deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
    seen = []

    class Recorder(FortyThievesKernel):
        def hopeless(self, s):
            if super().hopeless(s):
                return True
            seen.append(s)
            return False

    kernel = Recorder(RULES, ranks)
    _dfs(kernel, kernel.encode(deal), count, None, None)
    return kernel.encode(deal)[0], seen


def _verdicts(deals, count, limit_less=0, until=None):
    """Plain-search verdicts of the positions the proof rejects (up to the first
    ``until``)."""
    out = []
    for (ranks, columns, rows), seed in deals:
        plain = FortyThievesKernel(RULES, ranks)
        dealt, positions = _searched_positions(ranks, columns, rows, seed, count)
        for state in positions:
            cols, found, talon, p, _ = state
            if capacity.capacity_dead(cols, dealt, found, talon, p, ranks, len(cols) - limit_less):
                out.append(_dfs(plain, state, 50_000, None, None)[0])
                if out[-1] == until:
                    return out
    return out


# small deals whose first positions the proof rejects (most small deals: none)
REJECTING = [((8, 8, 4), 6), ((8, 8, 4), 7), ((8, 8, 4), 9), ((8, 8, 4), 10), ((7, 8, 4), 1),
             ((7, 8, 4), 10), ((6, 6, 4), 1), ((6, 6, 4), 2), ((6, 6, 4), 6)]


def test_a_rejected_position_is_lost():
    verdicts = _verdicts(REJECTING, 600)
    assert WINNABLE not in verdicts
    assert verdicts.count(UNWINNABLE) >= 20


def test_a_count_one_too_large_is_caught():
    """Comparing with one column fewer rejects won positions: the test above would
    see a count that is too large."""
    verdicts = _verdicts(REJECTING, 600, limit_less=1, until=WINNABLE)
    assert WINNABLE in verdicts


def _fewest_bottoms_exactly(moved, prefix, host, ranks):
    best = None
    cols = list(prefix)
    for size in range(len(cols) + 1):
        for keep in combinations(cols, size):
            count = dict(moved)
            for i in cols:
                if i not in keep:
                    for c in prefix[i]:
                        count[c] = count.get(c, 0) + 1
            value = size + capacity._unhosted(count, host, ranks)
            best = value if best is None else min(best, value)
    return best


def test_the_shortcut_never_exceeds_the_fewest_bottoms():
    rng = random.Random(5)
    tight = 0
    for _ in range(400):
        ranks = rng.choice((3, 5, 13))
        cards = [s * 13 + r for s in range(2) for r in range(ranks)]
        host = [rng.randint(0, 2) for _ in range(53)]
        moved = {}
        for c in rng.sample(cards, rng.randint(0, 4)):
            moved[c] = rng.randint(1, 2)
        prefix = {i: [rng.choice(cards) for _ in range(rng.randint(1, 4))]
                  for i in range(rng.randint(0, 5))}
        low = capacity._fewest_bottoms(moved, prefix, host, ranks)
        exact = _fewest_bottoms_exactly(moved, prefix, host, ranks)
        assert low <= exact
        tight += low == exact
    assert tight > 300


@pytest.mark.slow
def test_no_rejection_on_more_small_deals():
    for shape in ((8, 8, 4), (9, 10, 4), (10, 10, 4), (9, 8, 4), (6, 6, 4)):
        verdicts = _verdicts([(shape, seed) for seed in range(12)], 2_000)
        assert WINNABLE not in verdicts, shape
        assert UNWINNABLE in verdicts, shape


WON_BENCHMARK_DEALS = (1, 2, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 25,
                       26, 27, 30, 31, 32, 33, 35, 37, 38, 39, 40)


@pytest.mark.slow
@pytest.mark.parametrize("seed", WON_BENCHMARK_DEALS)
def test_no_rejection_along_a_won_line_of_a_benchmark_deal(seed):
    deal = forty_thieves_deal(seed)
    result = solve(deal, RULES, max_seconds=120)
    if result.verdict != "winnable":
        pytest.skip("no line found within the budget")
    kernel = FortyThievesKernel(RULES)
    dealt = kernel.encode(deal)[0]
    position = deal
    for move in result.solution:
        position = apply_move(position, move, RULES)
        cols, found, talon, p, _ = kernel.encode(position)
        assert not capacity.capacity_dead(cols, dealt, found, talon, p, 13), (seed, move)
