"""The level search (``forty_thieves_levels``): searched by stock cards dealt, it gives
the plain exhaustive search's verdict on small deals (won and lost), with won lines
that replay through the rules engine; its keys are exact (positions whose hashes
collide stay apart); it stops at its caps, clock and memory bound; its census of
a full lost deal; and the same search as a beam for wins (``beam``)."""

import random

import numpy as np
import pytest

from solvers.patience import forty_thieves_levels as levels
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_jit import encode, layout_for
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import UNWINNABLE, WINNABLE, _dfs

RULES = FortyThievesRules(0)
WEIGHTS = (100, 40, 30, 8, 3)
VERDICT = {WINNABLE: "winnable", UNWINNABLE: "unwinnable"}


def _root(seed, **shape):
    deal = forty_thieves_deal(seed, **shape)
    kernel = FortyThievesKernel(RULES, shape.get("ranks", 13))
    root, _ = kernel.normalize(kernel.encode(deal))
    return kernel, root


def _small_deals():
    """36 small deals of three shapes: ``(label, deal, kernel, root, automatic moves)``."""
    for ranks, columns, rows in [(4, 4, 3), (6, 5, 4), (5, 6, 3)]:
        for seed in range(12):
            deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            kernel = FortyThievesKernel(RULES, ranks)
            root, auto = kernel.normalize(kernel.encode(deal))
            yield (ranks, columns, rows, seed), deal, kernel, root, auto


def _wins(deal, auto, line):
    return replay(deal, list(auto) + [m for notes in line for m in notes], RULES).is_won()


def test_small_deals_get_the_plain_searchs_verdict_and_won_lines_replay():
    """Where the level search decides within its cap it agrees with the plain
    search; both verdicts occur; every won line (each level's moves made on its
    columns in key order, mapped back) wins through the rules engine."""
    seen = {"winnable": 0, "unwinnable": 0}
    for label, deal, kernel, root, auto in _small_deals():
        census = levels.search(kernel, root, max_positions=100_000)
        if census.verdict == "unknown":
            continue
        plain = _dfs(FortyThievesKernel(RULES, kernel.ranks), root, 300_000, None, None)[0]
        assert census.verdict == VERDICT[plain], label
        seen[census.verdict] += 1
        if census.verdict == "winnable":
            assert _wins(deal, auto, census.line), label
        else:
            assert census.line is None
    assert seen["winnable"] >= 15 and seen["unwinnable"] >= 1


def test_keys_whose_hashes_collide_stay_apart():
    """The hash only picks the slot: distinct keys given one hash are all stored,
    and each is then found again."""
    arena = np.zeros(4096, np.uint8)
    used = np.zeros(1, np.int64)
    index = np.zeros(64, np.int64)
    keys = [np.array([2, k % 7, k // 7, 9], np.uint8) for k in range(20)]
    h = np.int64(123456789)
    offsets = [levels._insert(index, arena, used, key, len(key), h) for key in keys]
    assert all(off >= 0 for off in offsets) and len(set(offsets)) == 20
    assert all(levels._insert(index, arena, used, key, len(key), h) == -1 for key in keys)
    assert used[0] == 20 * 4       # a record is its key, nothing more


def test_it_stops_at_its_memory_bound_and_at_the_clock():
    """A search that would outgrow ``max_bytes`` stops with ``unknown`` (it never
    asks for the memory), and so does one past its deadline."""
    kernel, root = _root(23)
    start = levels.search(kernel, root, max_positions=1_000).peak_bytes
    bound = start + 4_000_000
    census = levels.search(kernel, root, max_bytes=bound)
    assert census.verdict == "unknown" and census.stopped == "memory"
    assert start < census.peak_bytes <= bound and census.positions > 1_000
    census = levels.search(kernel, root, deadline=0.0)
    assert census.verdict == "unknown" and census.stopped == "time"


def test_seed_10_is_lost_level_by_level():
    kernel, root = _root(10)
    census = levels.search(kernel, root)
    assert census.verdict == "unwinnable"
    assert census.positions == 15_288 and census.dead_roots == 3_030
    assert len(census.levels) == 32
    assert census.positions == sum(p for _, p in census.levels)


def test_caps_leave_it_unknown():
    kernel, root = _root(23)
    census = levels.search(kernel, root, max_positions=5_000)
    assert census.verdict == "unknown" and census.stopped == "positions"
    assert census.positions == 5_000


def test_only_with_no_turn_over_left():
    deal = forty_thieves_deal(1)
    kernel = FortyThievesKernel(FortyThievesRules(), 13)
    root, _ = kernel.normalize(kernel.encode(deal))
    with pytest.raises(ValueError):
        levels.search(kernel, root)


def test_keys_read_back_whole_and_ignore_column_order():
    """A key holds a position exactly (a byte an entry, the talon as a bit set over
    the first talon, the columns in key order): every position of a random line reads
    back as the same position with its columns sorted, and shuffling the columns
    gives the same key."""
    kernel, root = _root(3)
    lay = layout_for(kernel, root)
    L = lay.array()
    talon0 = np.array(list(root[2]), np.int16)
    most = lay.ncol + lay.ncol * lay.maxlen + 11 + (len(talon0) + 7) // 8
    buf, again = np.zeros(most, np.uint8), np.zeros(most, np.uint8)
    order = np.zeros(lay.ncol, np.int64)
    back = np.zeros(lay.size, np.int16)
    rng = random.Random(5)
    state, checked = root, 0
    for _ in range(400):
        row = encode(state, lay)
        end = levels._pack(row, L, talon0, order, buf, 0)
        assert levels._unpack(buf, 0, L, talon0, back) == end
        cols, found, talon, p, redeals = state
        ordered = sorted(cols, key=lambda c: (len(c), c))
        assert (back == encode((tuple(ordered), found, talon, p, redeals), lay)).all()
        shuffled = list(cols)
        rng.shuffle(shuffled)
        assert levels._pack(encode((tuple(shuffled), found, talon, p, redeals), lay), L, talon0,
                            order, again, 0) == end
        assert (again[:end] == buf[:end]).all()
        checked += 1
        moves = list(kernel.moves(state))
        if not moves:
            break
        state, _ = kernel.child(state, rng.choice(moves))
    assert checked > 50


def test_solve_ends_long_budgets_with_the_level_search(monkeypatch):
    """With a budget of ``LEVEL_FROM_SECONDS`` or more and no turn-over left, what
    the probes and the exact search leave open goes to the level search: with their
    shares set to nothing, it decides seed 10 (lost) and a won small deal, whose line
    replays. Below that budget it is never called."""
    from solvers.patience import compiled
    from solvers.patience.search import UNWINNABLE, WINNABLE, solve
    levels.warm_up()        # before the spy: the warm-up searches a deal of its own
    found = []
    real = levels.search

    def spy(*args, **kwargs):
        census = real(*args, **kwargs)
        found.append(census.verdict)
        return census
    monkeypatch.setattr(levels, "search", spy)
    monkeypatch.setattr(compiled, "LEVEL_FROM_SECONDS", 100.0)
    monkeypatch.setattr(compiled, "PROBE_MIN_SECONDS", 0.0)
    monkeypatch.setattr(compiled, "LEVEL_PROBE_SHARE", 0.0)
    monkeypatch.setattr(compiled, "EXACT_CAP_SECONDS", 0.0)
    result = solve(forty_thieves_deal(10), RULES, max_nodes=None, max_seconds=200.0)
    assert result.verdict == UNWINNABLE and found == ["unwinnable"]
    assert result.nodes >= 15_288
    # a won deal the probes and the exact search leave open
    from solvers.patience import forty_thieves_exact
    monkeypatch.setattr(forty_thieves_exact, "search", lambda *args, **kwargs: ("unknown", None, 0))
    deal = forty_thieves_deal(1, ranks=6, columns=5, rows=4)
    result = solve(deal, RULES, max_nodes=None, max_seconds=200.0, shorten=False, probes=False)
    assert result.verdict == WINNABLE and found == ["unwinnable", "winnable"]
    assert replay(deal, result.solution, RULES).is_won()

    def refuse(*args, **kwargs):
        raise AssertionError("the level search ran below its budget")
    monkeypatch.undo()      # the default threshold (50 s) against a 20 s budget
    monkeypatch.setattr(levels, "search", refuse)
    monkeypatch.setattr(compiled, "PROBE_SHARE", 0.0)
    result = solve(forty_thieves_deal(10), RULES, max_nodes=None, max_seconds=20.0)
    assert result.verdict == UNWINNABLE


def test_the_level_beam_claims_only_real_wins_and_is_the_level_search_when_wide():
    """The level search as a beam: every line it returns wins through the rules
    engine, however narrow; as wide as the levels it wins exactly the won deals."""
    won = died = 0
    for label, deal, kernel, root, auto in _small_deals():
        census = levels.search(kernel, root, max_positions=100_000)
        if census.verdict == "unknown":
            continue
        for cap, width in [(50, 1), (300, 20), (100_000, 100_000)]:
            line, positions, finished = levels.beam(kernel, root, cap, width, WEIGHTS)
            assert finished and positions > 0
            if line is not None:
                assert census.verdict == "winnable" and _wins(deal, auto, line), (label, cap)
            elif cap == 100_000:
                assert census.verdict == "unwinnable", label
        won += census.verdict == "winnable"
        died += census.verdict == "unwinnable"
    assert won >= 15 and died >= 1


def test_the_level_beam_stops_at_its_clock_and_positions():
    kernel, root = _root(23)
    line, positions, finished = levels.beam(kernel, root, 10_000, 1_000, WEIGHTS, deadline=0.0)
    assert line is None and not finished
    line, positions, finished = levels.beam(kernel, root, 10_000, 1_000, WEIGHTS, max_positions=5_000)
    assert line is None and not finished and positions == 5_000


@pytest.mark.slow
def test_the_level_beam_wins_a_deal_the_other_probes_take_long_on():
    """Seed 12 (no redeal): the move-by-move and stock beams find no win within 42 s
    of probing; the level beam keeping 100,000 of a million positions a level wins it
    in about 4 million positions, and its line replays."""
    kernel, root = _root(12)
    deal = forty_thieves_deal(12)
    line, positions, finished = levels.beam(kernel, root, 1_000_000, 100_000, WEIGHTS)
    assert line is not None and positions < 6_000_000
    assert _wins(deal, kernel.normalize(kernel.encode(deal))[1], line)
