"""Cross-checks against an independent brute force over all expression trees."""

from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

from solvers.twentyfour import check, solve

from tests.twentyfour.bruteforce import (
    all_expressions, brute_solvable, canonical_key, sample_deals)


@pytest.mark.parametrize("deal", sample_deals(60, 4, 13, "bf-4") + sample_deals(25, 3, 13, "bf-3"))
def test_solvability_matches_brute_force(deal):
    assert solve(deal).solvable == brute_solvable(deal, 24)


@pytest.mark.parametrize("deal, target", [([2, 3, 7], -11), ([1, 4, 6], Fraction(5, 2)),
                                          ([5, 5, 7], 0), ([2, 9, 11], 13), ([1, 1, 13], -12),
                                          ([3, 4, 5], Fraction(-1, 3))])
def test_other_targets_match_brute_force(deal, target):
    result = solve(deal, target)
    assert result.solvable == brute_solvable(deal, target)
    for text in result.solutions:
        assert check(text, deal, target).ok


@pytest.mark.parametrize("deal", [[1, 2, 3, 4], [2, 4, 8, 10], [1, 1, 5, 5], [4, 6, 5, 5],
                                  [2, 2, 3, 3], [1, 3, 4, 6], [12, 2, 5, 4]]
                         + sample_deals(8, 4, 13, "complete"))
def test_every_brute_force_solution_is_one_of_the_listed(deal):
    listed = solve(deal)
    keys = [canonical_key(t, deal) for t in listed.solutions]
    assert len(set(keys)) == len(keys)
    seen = set()
    for value, text, nonnegative in all_expressions([(Fraction(n), str(n)) for n in deal]):
        if value == 24 and nonnegative:
            seen.add(canonical_key(text, deal))
    assert seen == set(keys)


def test_every_deal_of_one_to_six_is_consistent_with_brute_force():
    for deal in combinations_with_replacement(range(1, 7), 4):
        assert solve(list(deal)).solvable == brute_solvable(deal, 24), deal
