"""Forty Thieves with a limited stock: the sharper dead-end proofs, the extra safe
moves and the beam probe never change a verdict. Verdicts on small deals (reduced
packs) are compared with an exhaustive search over the plain rules engine that uses
no pruning, every position the dead-end proof rejects is checked to be lost, and
every line the probe claims is replayed."""

import random

import pytest

from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_beam import probe
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, solve
from tests.patience.helpers import brute_force_winnable, random_walk

FULL_WINS = (27,)      # full no-redeal deals the probe wins within seconds
# ranks, columns, rows: shapes with both verdicts whose exhaustive search is quick
SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6), (4, 4, 7), (4, 5, 5)]


def _compare(pos, rules):
    result = solve(pos, rules, max_nodes=None, max_seconds=None)
    expected = brute_force_winnable(pos, rules)
    assert result.verdict == (WINNABLE if expected else UNWINNABLE)
    if expected:
        assert replay(pos, result.solution, rules).is_won()
    return result.verdict


@pytest.mark.parametrize("ranks,columns,rows", SHAPES)
def test_no_redeal_verdicts_match_exhaustive_search(ranks, columns, rows):
    rules = FortyThievesRules(0)
    verdicts = [_compare(forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows), rules)
                for seed in range(20)]
    assert len(set(verdicts)) == 2


@pytest.mark.parametrize("ranks,columns,rows", SHAPES[:3])
def test_one_redeal_verdicts_match_exhaustive_search(ranks, columns, rows):
    rules = FortyThievesRules(1)
    for seed in range(12):
        _compare(forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows), rules)


@pytest.mark.parametrize("redeals", [0, 1])
def test_dead_end_proof_only_rejects_lost_positions(redeals):
    rules = FortyThievesRules(redeals)
    rng = random.Random(7)
    rejected = 0
    for seed in range(40):
        ranks, columns, rows = SHAPES[seed % len(SHAPES)]
        deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
        kernel = FortyThievesKernel(rules, ranks)
        for pos in random_walk(deal, rules, rng, 30):
            if kernel.hopeless(kernel.encode(pos)):
                rejected += 1
                assert not brute_force_winnable(pos, rules)
    assert rejected > 0


@pytest.mark.parametrize("redeals", [0, 1])
def test_safe_moves_replay_and_match_the_kernel(redeals):
    rules = FortyThievesRules(redeals)
    rng = random.Random(3)
    talon_moves = 0
    for seed in range(30):
        deal = forty_thieves_deal(seed, ranks=3, columns=3, rows=5)
        kernel = FortyThievesKernel(rules, 3)
        for pos in random_walk(deal, rules, rng, 25):
            state, notes = kernel.normalize(kernel.encode(pos))
            after = replay(pos, list(notes), rules)
            assert kernel.key(kernel.encode(after)) == kernel.key(state)
            talon_moves += "w f" in notes
    assert talon_moves > 0


def test_probe_lines_replay_and_only_claim_wins():
    rules = FortyThievesRules(0)
    won = 0
    for seed in range(30):
        pos = forty_thieves_deal(seed, ranks=4, columns=4, rows=6)
        kernel = FortyThievesKernel(rules, 4)
        root, auto = kernel.normalize(kernel.encode(pos))
        line, _ = probe(kernel, root)
        if line is not None:
            moves = list(auto) + [m for notes in line for m in notes]
            assert replay(pos, moves, rules).is_won()
            won += 1
        else:
            assert _compare(pos, rules) in (WINNABLE, UNWINNABLE)
    assert won > 0


def test_full_no_redeal_wins_replay():
    rules = FortyThievesRules(0)
    for seed in FULL_WINS:
        pos = forty_thieves_deal(seed)
        result = solve(pos, rules, max_seconds=60)
        assert result.verdict == WINNABLE
        assert replay(pos, result.solution, rules).is_won()


def test_budget_still_gives_unknown_with_the_probe():
    result = solve(forty_thieves_deal(3), FortyThievesRules(0), max_nodes=40, shorten=False)
    assert result.verdict in (UNKNOWN, WINNABLE)


@pytest.mark.slow
def test_full_no_redeal_loss_is_proven():
    # seed 10: the exact search alone exhausts it (about 115,000 positions)
    result = solve(forty_thieves_deal(10), FortyThievesRules(0), max_seconds=300, compiled=False)
    assert result.verdict == UNWINNABLE
