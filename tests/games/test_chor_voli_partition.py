"""Chor Voli partitions: the depth-first search, CP-SAT and the rules of thumb agree with
plain enumeration."""

from __future__ import annotations

from itertools import combinations

import pytest

from solvers.cards import Rng
from solvers.games.chor_voli_odds import round_weights
from solvers.games.chor_voli_partition import (best_by_rules_of_thumb, best_cpsat, best_exhaustive, partitions,
                                               partition_value, valid_triples)


def hands(count, seed):
    rng = Rng(seed)
    return [tuple(sorted(rng.shuffled(range(52))[:13])) for _ in range(count)]


def naive_partitions(cards, threes_high=False):
    """Every set of 1-4 disjoint valid triples, by trying all combinations of triples."""
    triples = valid_triples(cards, threes_high)
    out = set()
    for k in range(1, 5):
        for chosen in combinations(triples, k):
            union = 0
            for mask, _ in chosen:
                if union & mask:
                    break
                union |= mask
            else:
                out.add(frozenset(chosen))
    return out


def test_depth_first_search_yields_every_partition_once():
    for cards in hands(1, 5):
        # a smaller hand keeps the plain enumeration quick
        small = cards[:10]
        found = [frozenset(p) for p in partitions(small)]
        assert len(found) == len(set(found))
        assert set(found) == naive_partitions(small)


def test_rules_of_thumb_keep_most_combinations_then_the_strongest_weakest():
    for cards in hands(8, 6):
        best = best_by_rules_of_thumb(cards)
        every = list(partitions(cards))
        most = max(len(p) for p in every)
        assert len(best) == most
        key = lambda p: tuple(sorted(s for _, s in p))      # noqa: E731
        assert key(best) == max(key(p) for p in every if len(p) == most)
        assert [s for _, s in best] == sorted((s for _, s in best), reverse=True)


def test_exhaustive_search_and_cp_sat_find_the_same_optimum():
    weights = round_weights(False)
    for cards in hands(1, 7):
        value, best = best_exhaustive(cards)
        assert value == max(partition_value(p, weights) for p in partitions(cards))
        sat_value, sat_best = best_cpsat(cards)
        assert sat_value == value == partition_value(sat_best, weights)


@pytest.mark.slow
def test_exhaustive_search_and_cp_sat_agree_on_many_hands():
    for cards in hands(40, 8):
        assert best_cpsat(cards)[0] == best_exhaustive(cards)[0]


@pytest.mark.slow
def test_stored_round_odds_are_what_the_rules_of_thumb_give():
    from solvers.games.chor_voli_odds import ROUND_QUANTILES
    from solvers.games.chor_voli_partition import measure_round_quantiles
    for threes_high in (False, True):
        assert measure_round_quantiles(4000, threes_high) == ROUND_QUANTILES[threes_high]
