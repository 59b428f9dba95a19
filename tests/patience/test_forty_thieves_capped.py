"""Forty Thieves with the waste capped: the compiled search stores the plain capped
search's positions, a capped win replays through the plain rules engine and is a
real win, and a cap as long as the talon cuts nothing."""

import pytest

from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_capped import CappedKernel, capped_search
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import UNWINNABLE, WINNABLE, _dfs
from tests.patience.helpers import brute_force_winnable

# ranks, columns, rows: small shapes with both verdicts
SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (4, 4, 6), (4, 5, 5), (5, 5, 5)]
RULES = FortyThievesRules(0)


def _capped(seed, shape, cap):
    ranks, columns, rows = shape
    pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
    kernel = CappedKernel(RULES, cap, ranks)
    root, auto = kernel.normalize(kernel.encode(pos))
    return pos, kernel, root, auto


@pytest.mark.slow  # compiles a search the verifier does not use
def test_the_compiled_search_stores_the_plain_capped_positions():
    verdicts = set()
    for shape in SHAPES:
        for seed in range(5):
            for cap in (1, 3, 6):
                _, kernel, root, _ = _capped(seed, shape, cap)
                if kernel.is_won(root) or kernel.hopeless(root):
                    continue
                verdict, _, nodes, _ = _dfs(kernel, root, 20_000, None, None, None)
                compiled = capped_search(kernel, root, 20_000)
                assert (compiled[0], compiled[2]) == (verdict, nodes), (shape, seed, cap)
                verdicts.add(verdict)
    assert {WINNABLE, UNWINNABLE} <= verdicts


@pytest.mark.slow  # compiles a search the verifier does not use
@pytest.mark.parametrize("shape", SHAPES[:4])
def test_a_capped_win_is_a_real_win_and_keeps_the_waste_under_the_cap(shape):
    wins = 0
    for seed in range(10):
        for cap in (2, 4):
            pos, kernel, root, auto = _capped(seed, shape, cap)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            verdict, notes, _ = capped_search(kernel, root)
            if verdict != WINNABLE:
                continue
            wins += 1
            line = [m for step in [auto, *notes] for m in step]
            state = pos
            for k in range(len(line)):
                state = replay(pos, line[:k + 1], RULES)
                assert len(state.waste) <= cap + 1     # the card played was drawn on top
            assert state.is_won()
            assert brute_force_winnable(pos, RULES)
    assert wins


@pytest.mark.slow  # compiles a search the verifier does not use
def test_a_cap_as_long_as_the_talon_cuts_nothing():
    for shape in SHAPES:
        for seed in range(5):
            pos, kernel, root, _ = _capped(seed, shape, 255)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            real = FortyThievesKernel(RULES, shape[0])
            expected = _dfs(real, real.normalize(real.encode(pos))[0], None, None, None, None)[0]
            assert capped_search(kernel, root)[0] == expected, (shape, seed)
