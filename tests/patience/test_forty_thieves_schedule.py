"""The event-order model of Forty Thieves (``forty_thieves_schedule``): the times of
every real won line satisfy it (so an infeasible model is a real loss), it never calls
lost a deal the solver wins, and it proves some real losses of small deals."""

import pytest

from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_relaxed import parts
from solvers.patience.forty_thieves_schedule import LOST, ScheduleModel, copies_of
from solvers.patience.options import FortyThievesRules
from solvers.patience.search import UNWINNABLE, WINNABLE, solve

RULES = FortyThievesRules(0)


def line_times(cols, talon, p, line):
    """The times at which each copy of :func:`copies_of` leaves its place and goes up,
    and at which each stock copy is dealt, along ``line``: the moves that are such
    events numbered 1, 2, ... in order (the model only compares times, and this keeps
    them within its horizon whatever the line's length)."""
    n = 0
    columns = []
    for col in cols:
        columns.append(list(range(n, n + len(col))))
        n += len(col)
    waste_and_stock = list(range(n, n + len(talon)))
    n += len(talon)
    leave, up, deal = [None] * n, [None] * n, {}
    pointer = p
    for t, move in enumerate(line, 1):
        src, *dst = move.split()
        if src == "draw":
            deal[waste_and_stock[pointer]] = t
            pointer += 1
            continue
        if src == "w":
            c = waste_and_stock.pop(pointer - 1)
            pointer -= 1
        else:
            c = columns[int(src[1:]) - 1].pop()
        if leave[c] is None:
            leave[c] = t
        if dst[0] == "f":
            up[c] = t
        else:
            columns[int(dst[0][1:]) - 1].append(c)
    rank = {t: r for r, t in enumerate(sorted(set(leave + up) | set(deal.values())), 1)}
    return [rank[t] for t in leave], [rank[t] for t in up], {i: rank[t] for i, t in deal.items()}


def _won_line_is_feasible(pos, line):
    kernel = FortyThievesKernel(RULES, pos.ranks)
    cols, found, talon, p = parts(kernel.encode(pos))
    leave, up, deal = line_times(cols, talon, p, line)
    assert None not in up and len(up) == len(copies_of(cols, talon, p))
    model = ScheduleModel(cols, found, talon, p, pos.ranks)
    model.fix(leave, up, deal)
    verdict, _ = model.solve(30.0)
    assert verdict != LOST


QUICK = [(3, 3, 6), (2, 2, 6), (3, 2, 9)]
SMALL = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6), (4, 4, 7), (4, 5, 5),
         (5, 5, 5), (6, 6, 5)]


def _check_small(shapes, seeds):
    """Soundness both ways on small deals: every won line's own times are a solution,
    no won deal is called lost; and the model proves real losses."""
    lost = proven = wins = 0
    for ranks, columns, rows in shapes:
        for seed in seeds:
            pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            res = solve(pos, RULES, max_nodes=300_000, max_seconds=None, shorten=False)
            kernel = FortyThievesKernel(RULES, ranks)
            cols, found, talon, p = parts(kernel.encode(pos))
            verdict, _ = ScheduleModel(cols, found, talon, p, ranks).solve(5.0)
            if res.verdict == WINNABLE:
                wins += 1
                assert verdict != LOST, (ranks, columns, rows, seed)
                _won_line_is_feasible(pos, res.solution)
            elif res.verdict == UNWINNABLE:
                lost += 1
                proven += verdict == LOST
    return wins, lost, proven


@pytest.mark.slow  # about 5 s of CPU: the model is not used by the verifier
def test_the_times_of_won_lines_satisfy_the_model_and_losses_are_proven():
    wins, lost, proven = _check_small(QUICK, range(4))
    assert wins >= 4 and lost >= 2 and proven >= lost // 2


@pytest.mark.slow
def test_the_same_on_more_small_deals():
    wins, lost, proven = _check_small(SMALL, range(12))
    assert wins >= 60 and lost >= 20 and proven >= lost // 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", [s for s in range(1, 41) if s not in (4, 7, 10, 21, 22, 23, 28, 29, 34, 36)])
def test_the_won_benchmark_deals_stay_feasible(seed):
    """The 30 won deals of the no-redeal benchmark: the model of the deal is never
    infeasible, and the won line's own times satisfy it."""
    pos = forty_thieves_deal(seed)
    res = solve(pos, RULES, max_nodes=None, max_seconds=120.0, shorten=False)
    assert res.verdict == WINNABLE
    _won_line_is_feasible(pos, res.solution)
