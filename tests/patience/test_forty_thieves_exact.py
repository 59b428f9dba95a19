"""The compiled exact Forty Thieves search: it stores the plain search's positions
(same verdicts, same counts), its keys are equal exactly when the plain kernel's
keys are. (``solve`` runs it, so the verdicts against the exhaustive search over
the plain rules in ``test_forty_thieves_pruning.py`` check it too.)"""

import random
import time

import numpy as np
import pytest

from solvers.patience import forty_thieves_exact as exact
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_jit import encode, layout_for
from solvers.patience.forty_thieves_order import WEIGHTS
from solvers.patience.options import FortyThievesRules
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, _dfs

SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6), (4, 4, 7), (4, 5, 5),
          (5, 5, 5), (6, 6, 5)]


def _root(seed, redeals, shape):
    ranks, columns, rows = shape
    pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
    kernel = FortyThievesKernel(FortyThievesRules(redeals), ranks)
    return pos, kernel, kernel.normalize(kernel.encode(pos))[0]


@pytest.mark.parametrize("redeals", [0, 1])
def test_same_positions_and_verdicts_as_the_plain_search(redeals):
    verdicts = []
    for shape in SHAPES:
        for seed in range(8):
            _, kernel, root = _root(seed, redeals, shape)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            verdict, _, nodes, _ = _dfs(kernel, root, 20_000, None, None, None)
            compiled = exact.search(kernel, root, 20_000)
            assert (compiled[0], compiled[2]) == (verdict, nodes), (shape, seed)
            verdicts.append(verdict)
    assert {WINNABLE, UNWINNABLE} <= set(verdicts)


@pytest.mark.parametrize("redeals", [0, 1])
def test_keys_are_equal_exactly_when_the_plain_keys_are(redeals):
    rng = random.Random(5)
    for seed in range(6):
        _, kernel, root = _root(seed, redeals, (6, 6, 5))
        lay = layout_for(kernel, root)
        s = exact.Search(kernel, root, lay)
        # every child of positions taken breadth first, transpositions included
        states, frontier = [root], [root]
        while frontier and len(states) < 600:
            state = frontier.pop(rng.randrange(min(len(frontier), 4)))
            for mv in kernel.moves(state):
                kid = kernel.child(state, mv)[0]
                states.append(kid)
                frontier.append(kid)
        by_key, by_plain = {}, {}
        for state in states:
            exact.make_key(encode(state, lay), s.layout, s.orig, s.norig, s.order, s.key)
            k = s.key.tobytes()
            p = kernel.key(state)
            assert by_key.setdefault(k, p) == p
            assert by_plain.setdefault(p, k) == k
        assert 100 < len(by_key) < len(states)


def test_full_no_redeal_loss_is_proven_with_the_plain_count():
    kernel = FortyThievesKernel(FortyThievesRules(0))
    root = kernel.normalize(kernel.encode(forty_thieves_deal(10)))[0]
    assert exact.search(kernel, root) == ("unwinnable", None, 110_772)


@pytest.mark.parametrize("redeals", [0, 1])
def test_lifts_keep_every_verdict_and_spare_positions(redeals):
    """Postponed lifts (``FortyThievesKernel.pending``): the same verdicts as the
    search that tries every lift at once, plain and compiled; with no redeal the
    losses take fewer positions (with one, on these small deals, a few more: the
    positions just after a lift are counted too)."""
    spared = 0
    for shape in SHAPES:
        for seed in range(8):
            _, kernel, root = _root(seed, redeals, shape)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            kernel.lifts = False
            full = _dfs(kernel, root, 50_000, None, None, None)
            assert exact.search(kernel, root, 50_000)[::2] == (full[0], full[2])
            kernel.lifts = True
            lifted = _dfs(kernel, root, 50_000, None, None, None)
            if UNKNOWN in (full[0], lifted[0]):
                continue
            assert lifted[0] == full[0], (shape, seed)
            assert exact.search(kernel, root, 50_000)[::2] == (lifted[0], lifted[2])
            if full[0] == UNWINNABLE:
                spared += full[2] - lifted[2]
    assert spared > 0 or redeals


def test_tables_grow_without_losing_positions():
    _, kernel, root = _root(3, 0, (6, 6, 5))
    s = exact.Search(kernel, root, layout_for(kernel, root))
    s.slots = np.zeros(4, np.int64)
    s.keys, s.hashes = s.keys[:2].copy(), s.hashes[:2].copy()
    s.rows, s.mvs, s.nmv, s.idx = s.rows[:2].copy(), s.mvs[:2].copy(), s.nmv[:2].copy(), s.idx[:2].copy()
    exact.rebuild(s.slots, s.hashes, int(s.ctl[exact.COUNT]))
    status = s.step()
    while status == exact.CHUNK:
        status = s.step()
    verdict, _, nodes, _ = _dfs(kernel, root, None, None, None, None)
    assert (status == exact.WON, s.nodes) == (verdict == WINNABLE, nodes)


def test_a_table_that_must_grow_reads_the_clock():
    """Growing the table costs time in proportion to its size: with no time left
    the search stops there instead of growing, and can go on when given time."""
    _, kernel, root = _root(3, 0, (6, 6, 5))
    s = exact.Search(kernel, root, layout_for(kernel, root))
    s.slots = np.zeros(4, np.int64)
    s.keys, s.hashes = s.keys[:2].copy(), s.hashes[:2].copy()
    exact.rebuild(s.slots, s.hashes, int(s.ctl[exact.COUNT]))
    assert s.step(0, time.perf_counter() - 1.0) == exact.OUT_OF_TIME
    assert len(s.keys) == 2
    status = s.step(0, time.perf_counter() + 3600.0)
    while status == exact.CHUNK:
        status = s.step()
    verdict, _, nodes, _ = _dfs(kernel, root, None, None, None, None)
    assert (status == exact.WON, s.nodes) == (verdict == WINNABLE, nodes)


@pytest.mark.parametrize("components", [False, True])
def test_a_search_stops_rather_than_outgrow_its_memory_bound(monkeypatch, components):
    """A table that would grow past ``MAX_TABLE_KEYS`` ends the search with
    "unknown" (a long budget must not fill the machine's memory); under the bound the
    same search decides."""
    kernel = FortyThievesKernel(FortyThievesRules(0), 13)
    root = kernel.normalize(kernel.encode(forty_thieves_deal(10)))[0]     # lost, 59,040 components
    decided = exact.search(kernel, root, components=components)
    assert decided[0] == "unwinnable"
    monkeypatch.setattr(exact, "MAX_TABLE_KEYS", 1 << 15)      # the first table's size
    verdict, line, nodes = exact.search(kernel, root, components=components)
    assert (verdict, line) == ("unknown", None)
    assert nodes < decided[2]
    monkeypatch.setattr(exact, "MAX_TABLE_KEYS", 2)
    _, kernel, root = _root(3, 0, (6, 6, 5))
    s = exact.Search(kernel, root, layout_for(kernel, root))
    s.slots = np.zeros(4, np.int64)
    s.keys, s.hashes = s.keys[:2].copy(), s.hashes[:2].copy()
    exact.rebuild(s.slots, s.hashes, int(s.ctl[exact.COUNT]))
    assert s.step() == exact.OUT_OF_MEMORY and len(s.keys) == 2


@pytest.mark.parametrize("redeals", [0, 1])
def test_ordered_moves_keep_the_verdict(redeals):
    wins = 0
    for shape in SHAPES:
        for seed in range(6):
            _, kernel, root = _root(seed, redeals, shape)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            verdict, _, nodes, _ = _dfs(kernel, root, 20_000, None, None, None)
            if verdict == UNKNOWN:
                continue
            ordered = exact.search(kernel, root, weights=WEIGHTS[seed % len(WEIGHTS)])
            assert ordered[0] == verdict, (shape, seed)
            if verdict == UNWINNABLE:
                # without lifts (whose in-between positions are skipped or not by
                # the order), a loss exhausts the same space in any order
                kernel.lifts = False
                plain = _dfs(kernel, root, None, None, None, None)
                assert exact.search(kernel, root, weights=WEIGHTS[seed % len(WEIGHTS)])[2] == plain[2]
            wins += verdict == WINNABLE         # (its line replayed to a win inside search)
    assert wins > 5


@pytest.mark.parametrize("redeals", [0, 1])
def test_postponed_unburying_moves_keep_every_verdict(redeals):
    """``unbury`` (off by default): a card moved off a card that is not the next of
    its suit waits, like a lift, for a move that uses the column it left or the card
    moved; the same verdicts on small deals."""
    for shape in SHAPES:
        for seed in range(8):
            _, kernel, root = _root(seed, redeals, shape)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            plain = _dfs(kernel, root, 100_000, None, None, None)[0]
            verdict = exact.search(kernel, root, 100_000, unbury=True)[0]
            if UNKNOWN not in (plain, verdict):
                assert verdict == plain, (shape, seed)


def test_postponed_unburying_moves_prove_a_full_loss_in_fewer_positions():
    kernel = FortyThievesKernel(FortyThievesRules(0))
    root = kernel.normalize(kernel.encode(forty_thieves_deal(10)))[0]
    assert exact.search(kernel, root, unbury=True) == ("unwinnable", None, 79_956)
