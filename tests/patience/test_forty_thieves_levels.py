"""The level search (``forty_thieves_levels``): searched by stock cards dealt, it gives
the plain exhaustive search's verdict on small deals (won and lost), and its census
of a full lost deal."""

import random

import numpy as np
import pytest

from solvers.patience import forty_thieves_levels as levels
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_jit import encode, layout_for
from solvers.patience.options import FortyThievesRules
from solvers.patience.search import UNWINNABLE, WINNABLE, _dfs

RULES = FortyThievesRules(0)
VERDICT = {WINNABLE: "winnable", UNWINNABLE: "unwinnable"}


def _root(seed, **shape):
    deal = forty_thieves_deal(seed, **shape)
    kernel = FortyThievesKernel(RULES, shape.get("ranks", 13))
    root, _ = kernel.normalize(kernel.encode(deal))
    return kernel, root


def test_small_deals_get_the_plain_searchs_verdict():
    """Where the level search decides within its cap it agrees with the plain
    search; both verdicts occur."""
    seen = {"winnable": 0, "unwinnable": 0}
    for ranks, columns, rows in [(4, 4, 3), (6, 5, 4)]:
        for seed in range(12):
            kernel, root = _root(seed, ranks=ranks, columns=columns, rows=rows)
            census = levels.search(kernel, root, max_positions=100_000)
            if census.verdict == "unknown":
                continue
            plain = _dfs(FortyThievesKernel(RULES, ranks), root, 300_000, None, None)[0]
            assert census.verdict == VERDICT[plain], (ranks, columns, rows, seed)
            seen[census.verdict] += 1
    assert seen["winnable"] >= 10 and seen["unwinnable"] >= 1


def test_seed_10_is_lost_level_by_level():
    kernel, root = _root(10)
    census = levels.search(kernel, root)
    assert census.verdict == "unwinnable"
    assert census.positions == 15_900
    assert len(census.levels) == 32
    assert census.positions == sum(p for _, p in census.levels)


def test_caps_leave_it_unknown():
    kernel, root = _root(23)
    census = levels.search(kernel, root, max_positions=5_000)
    assert census.verdict == "unknown"
    assert 5_000 <= census.positions < 20_000


def test_only_with_no_turn_over_left():
    deal = forty_thieves_deal(1)
    kernel = FortyThievesKernel(FortyThievesRules(), 13)
    root, _ = kernel.normalize(kernel.encode(deal))
    with pytest.raises(ValueError):
        levels.search(kernel, root)


def test_packed_positions_read_back_whole():
    """Roots are kept packed (a byte an entry, the talon as a bit set over the first
    talon); every position of a random line reads back entry for entry."""
    kernel, root = _root(3)
    lay = layout_for(kernel, root)
    talon0 = np.array(list(root[2]), np.int16)
    buf = np.zeros(levels.record_bytes(lay), np.uint8)
    back = np.zeros(lay.size, np.int16)
    rng = random.Random(5)
    state, checked = root, 0
    for _ in range(400):
        row = encode(state, lay)
        end = levels._pack(row, lay.array(), talon0, buf, 0)
        assert levels._unpack(buf, 0, lay.array(), talon0, back) == end
        assert (back == row).all()
        checked += 1
        moves = list(kernel.moves(state))
        if not moves:
            break
        state, _ = kernel.child(state, rng.choice(moves))
    assert checked > 50
