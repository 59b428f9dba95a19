"""Nested rollout policy adaptation for Forty Thieves: it only ever claims wins, every
line it returns replays to a win through the rules engine, and it wins deals the
exact search wins."""

import time

import pytest

from solvers.patience import forty_thieves_nrpa as nrpa
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import WINNABLE, solve

SHAPES = [(3, 3, 6), (4, 4, 6), (4, 5, 5), (5, 5, 5), (6, 6, 5)]


def _root(pos, rules):
    kernel = FortyThievesKernel(rules, pos.ranks)
    root, auto = kernel.normalize(kernel.encode(pos))
    return kernel, root, auto


def _replays(pos, rules, auto, line):
    return replay(pos, list(auto) + [m for notes in line for m in notes], rules).is_won()


@pytest.mark.parametrize("redeals", [0, 1])
def test_lines_replay_and_wins_match_the_exact_search(redeals):
    rules = FortyThievesRules(redeals)
    wins = 0
    for seed in range(20):
        ranks, columns, rows = SHAPES[seed % len(SHAPES)]
        pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
        kernel, root, auto = _root(pos, rules)
        if kernel.is_won(root):
            continue
        line, rollouts, up = nrpa.search(kernel, root, max_rollouts=300, level=1, iters=50, seed=seed)
        exact = solve(pos, rules, max_nodes=200_000, max_seconds=None, shorten=False).verdict
        if line is not None:
            assert _replays(pos, rules, auto, line)
            assert exact == WINNABLE
            assert up == kernel.total
            wins += 1
        else:
            assert 0 < up < kernel.total
    assert wins >= 5


def test_full_deal_won_and_replayed():
    rules = FortyThievesRules(0)
    pos = forty_thieves_deal(1)
    kernel, root, auto = _root(pos, rules)
    line, rollouts, _ = nrpa.search(kernel, root, time.perf_counter() + 60, max_rollouts=20_000)
    assert line is not None and rollouts <= 20_000
    assert _replays(pos, rules, auto, line)
