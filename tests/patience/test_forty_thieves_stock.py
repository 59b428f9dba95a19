"""The beam over stock cards dealt (Forty Thieves, no turn-over left): every line it
returns replays to a win through the rules engine, it claims no win where the
exhaustive search finds none, and with room enough it finds the wins there are."""

import pytest

from solvers.patience import forty_thieves_stock as stock
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_jit import TT
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from tests.patience.helpers import brute_force_winnable

SHAPES = [(3, 3, 6), (4, 4, 6), (4, 5, 5), (5, 5, 5), (6, 6, 5), (4, 4, 7)]
WEIGHTS = (100, 40, 30, 8, 3)


def _root(seed, redeals, shape):
    ranks, columns, rows = shape
    pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
    kernel = FortyThievesKernel(FortyThievesRules(redeals), ranks)
    root, auto = kernel.normalize(kernel.encode(pos))
    return pos, kernel, root, auto


def _replays(pos, auto, line, rules):
    return replay(pos, list(auto) + [m for notes in line for m in notes], rules).is_won()


def test_lines_replay_and_wins_match_the_exhaustive_search():
    rules = FortyThievesRules(0)
    won = lost = missed = 0
    for seed in range(60):
        pos, kernel, root, auto = _root(seed, 0, SHAPES[seed % 3])
        if kernel.is_won(root):
            continue
        winnable = brute_force_winnable(pos, rules)
        line, _, done = stock.beam(kernel, root, 400, 2000, 8, WEIGHTS)
        assert done
        if line is None:
            lost += not winnable
            missed += winnable
            continue
        assert winnable and _replays(pos, auto, line, rules)
        won += 1
    assert won > 15 and lost > 3
    assert missed <= won // 5


@pytest.mark.parametrize("width,reach,per", [(1, 5, 1), (3, 20, 2), (20, 100, 4)])
def test_narrow_beams_only_claim_real_wins(width, reach, per):
    rules = FortyThievesRules(0)
    for seed in range(40):
        pos, kernel, root, auto = _root(seed, 0, SHAPES[seed % len(SHAPES)])
        if kernel.is_won(root):
            continue
        line, _, _ = stock.beam(kernel, root, width, reach, per, WEIGHTS)
        if line is not None:
            assert _replays(pos, auto, line, rules)


def test_full_deal_lines_replay():
    rules = FortyThievesRules(0)
    kernel = FortyThievesKernel(rules)
    won = 0
    for seed in (2, 5, 8):
        pos = forty_thieves_deal(seed)
        root, auto = kernel.normalize(kernel.encode(pos))
        line, nodes = stock.probe(kernel, root, max_nodes=2_000_000)
        if line is not None:
            assert _replays(pos, auto, line, rules)
            won += 1
    assert won >= 2


def test_a_line_that_does_not_win_is_refused():
    pos, kernel, root, _ = _root(2, 0, (13, 10, 4))
    with pytest.raises(AssertionError):
        stock._to_notes(kernel, root, [(stock.DEAL, 0, 0)])
    with pytest.raises(AssertionError):
        stock._to_notes(kernel, root, [(TT, 0, 0)])


def test_only_no_turn_over_left_is_covered():
    pos = forty_thieves_deal(1, ranks=4, columns=4, rows=6)
    for redeals in (None, 1):
        kernel = FortyThievesKernel(FortyThievesRules(redeals), 4)
        assert stock.probe(kernel, kernel.normalize(kernel.encode(pos))[0]) is None


def test_solve_wins_a_deal_only_this_beam_wins():
    """Seed 14 (no redeal): the move-by-move beams find no win in these positions;
    with this beam between them ``solve`` does, and its line replays."""
    from solvers.patience.search import WINNABLE, solve
    rules = FortyThievesRules(0)
    pos = forty_thieves_deal(14)
    result = solve(pos, rules, max_nodes=2_000_000, shorten=False)
    assert result.verdict == WINNABLE
    assert replay(pos, result.solution, rules).is_won()
