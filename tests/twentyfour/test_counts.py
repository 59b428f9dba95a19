"""Published distinct-solution counts and solvable totals."""

from itertools import combinations_with_replacement

import pytest

from solvers.twentyfour import solve

PUBLISHED = [
    ([1, 2, 3, 4], 3),
    ([3, 3, 8, 8], 1),
    ([1, 5, 5, 5], 1),
    ([2, 4, 8, 10], 11),
    ([2, 3, 6, 12], 10),
    ([3, 7, 9, 13], 2),
]


@pytest.mark.parametrize("deal, count", PUBLISHED)
def test_published_counts(deal, count):
    result = solve(deal)
    assert result.count == count
    assert len(result.solutions) == count
    assert result.preferred == result.solutions[0]


def test_known_solutions_are_listed():
    assert solve([3, 3, 8, 8]).solutions == ["8 / (3 - 8 / 3)"]
    assert solve([1, 5, 5, 5]).solutions == ["5 * (5 - 1 / 5)"]
    assert set(solve([3, 7, 9, 13]).solutions) == {"9 * 7 - 13 * 3", "9 * (7 - 13 / 3)"}
    assert set(solve([1, 2, 3, 4]).solutions) == {
        "4 * 3 * 2 * 1", "(3 + 2 + 1) * 4", "(4 + 2) * (3 + 1)"}


def _totals(top):
    deals = list(combinations_with_replacement(range(1, top + 1), 4))
    results = [solve(list(d)) for d in deals]
    return len(deals), sum(r.solvable for r in results), results


def test_solvable_total_one_to_thirteen():
    total, solvable, results = _totals(13)
    assert (total, solvable) == (1820, 1362)
    # {2, 4, 8, 10} is the one deal with the most distinct solutions
    best = max(results, key=lambda r: r.count)
    assert best.numbers == [2, 4, 8, 10] and best.count == 11
    assert sum(r.count == 11 for r in results) == 1


def test_solvable_total_one_to_ten():
    assert _totals(10)[:2] == (715, 566)
