"""The compiled Forty Thieves beam probe: it keeps the same positions as the plain
beam (same counts, same verdicts), its dead-end proof agrees with the plain one, and
every line it returns replays to a win through the rules engine."""

import random

import numpy as np
import pytest

from solvers.patience import forty_thieves_jit as jit
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_beam import _beam
from solvers.patience.forty_thieves_order import WEIGHTS
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import WINNABLE, solve
from tests.patience.helpers import brute_force_winnable, random_walk

SHAPES = [(3, 3, 6), (4, 4, 6), (4, 5, 5), (5, 5, 5), (6, 6, 5), (4, 4, 7)]


def _root(seed, redeals, shape=None):
    ranks, columns, rows = shape or SHAPES[seed % len(SHAPES)]
    pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
    kernel = FortyThievesKernel(FortyThievesRules(redeals), ranks)
    root, auto = kernel.normalize(kernel.encode(pos))
    return pos, kernel, root, auto


@pytest.mark.parametrize("redeals,cap", [(0, 0), (1, 0), (0, 1), (1, 2)])
def test_compiled_beam_keeps_the_plain_beams_positions(redeals, cap):
    wins = 0
    for seed in range(36):
        pos, kernel, root, _ = _root(seed, redeals)
        if kernel.is_won(root) or kernel.hopeless(root):
            continue
        for width in (3, 12):
            weights = WEIGHTS[(seed + width) % len(WEIGHTS)]
            plain = _beam(kernel, root, width, weights, None, None, cap)
            compiled = jit.beam(kernel, root, width, weights, cap=cap)
            assert (plain[0] is None, plain[1], plain[2]) == (compiled[0] is None, compiled[1], compiled[2])
            wins += compiled[0] is not None
    assert wins > 10


def test_compiled_beam_matches_on_full_deals_under_a_node_cap():
    rules = FortyThievesRules(0)
    kernel = FortyThievesKernel(rules)
    for seed in (1, 2, 3):
        root = kernel.normalize(kernel.encode(forty_thieves_deal(seed)))[0]
        plain = _beam(kernel, root, 30, WEIGHTS[seed], None, 4000)
        compiled = jit.beam(kernel, root, 30, WEIGHTS[seed], max_nodes=4000)
        assert (plain[0] is None, plain[1], plain[2]) == (compiled[0] is None, compiled[1], compiled[2])


@pytest.mark.parametrize("redeals", [0, 1])
def test_compiled_dead_end_proof_agrees_with_the_plain_one(redeals):
    rules = FortyThievesRules(redeals)
    rng = random.Random(11)
    rejected = checked = 0
    for seed in range(40):
        ranks, columns, rows = (SHAPES + [(13, 10, 4)])[seed % (len(SHAPES) + 1)]
        deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
        kernel = FortyThievesKernel(rules, ranks)
        lay = jit.layout_for(kernel, kernel.encode(deal))
        scratch = jit._Scratch(lay)
        for pos in random_walk(deal, rules, rng, 60):
            state = kernel.encode(pos)
            expected = kernel.hopeless(state)
            got = jit.stuck(jit.encode(state, lay), lay.array(), kernel.max_redeals, ranks, *scratch.proof())
            assert got == expected
            rejected += expected
            checked += 1
    assert rejected > 20 and checked > 1000


@pytest.mark.parametrize("redeals", [0, 1])
def test_compiled_probe_lines_replay_and_only_claim_wins(redeals):
    rules = FortyThievesRules(redeals)
    won = 0
    for seed in range(40):
        pos, kernel, root, auto = _root(seed, redeals, SHAPES[seed % 3])
        if kernel.is_won(root):
            continue
        found = jit.probe(kernel, root, schedule=jit.SCHEDULE[:12])
        assert found is not None
        line, _ = found
        if line is not None:
            moves = list(auto) + [m for notes in line for m in notes]
            assert replay(pos, moves, rules).is_won()
            won += 1
    assert won > 15


def test_no_claimed_win_where_exhaustive_search_finds_none():
    rules = FortyThievesRules(0)
    lost = 0
    for seed in range(40):
        pos, kernel, root, _ = _root(seed, 0, SHAPES[seed % 2])
        if kernel.is_won(root) or brute_force_winnable(pos, rules):
            continue
        lost += 1
        line, _ = jit.probe(kernel, root)
        assert line is None
    assert lost > 3


def test_full_deal_lines_replay():
    rules = FortyThievesRules(0)
    kernel = FortyThievesKernel(rules)
    won = 0
    for seed in range(1, 9):
        pos = forty_thieves_deal(seed)
        root, auto = kernel.normalize(kernel.encode(pos))
        line, _ = jit.probe(kernel, root, max_nodes=300_000)
        if line is not None:
            assert replay(pos, list(auto) + [m for notes in line for m in notes], rules).is_won()
            won += 1
    assert won >= 2


def test_a_line_that_does_not_win_is_refused():
    found = None
    for seed in range(20):
        pos, kernel, root, _ = _root(seed, 0, (4, 4, 6))
        search = jit._Beam(kernel, root, jit.layout_for(kernel, root), 20, WEIGHTS[0])
        while (status := search.step()) == jit.CHUNK:
            pass
        if status == jit.WON:
            found = search.moves()
            break
    assert found is not None and len(found) > 1
    assert jit.to_kernel_line(kernel, root, found)
    with pytest.raises(AssertionError):
        jit.to_kernel_line(kernel, root, found[:-1])
    with pytest.raises(AssertionError):
        jit.to_kernel_line(kernel, root, [(jit.TT, 0, 0)] + found)


def test_only_a_limited_stock_is_covered():
    pos = forty_thieves_deal(1, ranks=4, columns=4, rows=6)
    kernel = FortyThievesKernel(FortyThievesRules(None), 4)
    assert jit.probe(kernel, kernel.normalize(kernel.encode(pos))[0]) is None


def test_solve_wins_through_the_compiled_probe():
    rules = FortyThievesRules(0)
    pos = forty_thieves_deal(27)
    result = solve(pos, rules, max_seconds=30, shorten=False)
    assert result.verdict == WINNABLE
    assert replay(pos, result.solution, rules).is_won()


def test_children_hash_and_score_as_from_scratch():
    rules = FortyThievesRules(1)
    rng = random.Random(5)
    checked = 0
    for seed in range(8):
        ranks, columns, rows = (SHAPES + [(13, 10, 4)])[seed % (len(SHAPES) + 1)]
        deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
        kernel = FortyThievesKernel(rules, ranks)
        lay = jit.layout_for(kernel, kernel.encode(deal))
        layout, scratch, weights = lay.array(), jit._Scratch(lay), np.array(WEIGHTS[seed % len(WEIGHTS)])
        mv = np.zeros((4 * lay.ncol + 4 * lay.talon + 8, 3), np.int64)
        kid = np.zeros(lay.size, np.int16)
        for pos in random_walk(deal, rules, rng, 30):
            par = jit.encode(kernel.normalize(kernel.encode(pos))[0], lay)
            colh = np.array([jit._col_hash(par, lay.maxlen, i, par[lay.lens + i]) for i in range(lay.ncol)])
            cols = np.array([jit._col_score(par, lay.maxlen, lay.found, i, par[lay.lens + i], weights[1],
                                            weights[3], weights[4]) for i in range(lay.ncol)])
            talh = jit._talon_hash(par, lay.tal, lay.n, lay.p, lay.red)
            waste = jit._waste_score(par, lay.tal, lay.found, par[lay.p], weights[3], weights[4])
            for t in range(jit._moves(par, layout, 1, mv, scratch.accn, scratch.accj, scratch.qs)):
                jit._child(par, kid, mv[t, 0], mv[t, 1], mv[t, 2], layout)
                assert jit._kid_hash(kid, par, layout, colh, talh) == jit._hash(kid, layout)
                assert jit._kid_score(kid, par, layout, weights, cols, waste) == jit._score(kid, layout, weights)
                checked += 1
    assert checked > 1000
