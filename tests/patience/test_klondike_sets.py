"""The exact Klondike search keyed up to the arrangement of free runs
(:mod:`solvers.patience.klondike_sets`): the same verdicts as an exhaustive search with
no pruning, and as the search keyed column by column, and lines that replay."""

import random

import pytest

from solvers.patience import compiled, klondike_jit, klondike_sets
from solvers.patience.deal import klondike_deal
from solvers.patience.klondike import KlondikeKernel
from solvers.patience.options import KlondikeRules
from solvers.patience.rules import replay
from solvers.patience.search import UNWINNABLE, WINNABLE, solve
from tests.patience.helpers import brute_force_winnable, random_walk

RULES = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3, single_pass_switch=False),
    KlondikeRules(draw=1, foundation_to_tableau=False),
    KlondikeRules(draw=3, single_pass_switch=False, foundation_to_tableau=False),
]


def _exact(pos, rules, sets=True, max_nodes=None):
    # the compiled exact search alone (no probes, no draw-1 proof)
    compiled.KLONDIKE_SETS = sets
    try:
        return solve(pos, rules, max_nodes=max_nodes, max_seconds=None, shorten=False, probes=False)
    finally:
        compiled.KLONDIKE_SETS = True


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label())
def test_verdicts_match_exhaustive_search(rules):
    verdicts = []
    for ranks, columns, seeds in [(3, 3, range(20)), (4, 4, (25, 1, 2, 78))]:
        for seed in seeds:
            pos = klondike_deal(seed, ranks=ranks, columns=columns)
            result = _exact(pos, rules)
            assert result.verdict == (WINNABLE if brute_force_winnable(pos, rules) else UNWINNABLE), seed
            if result.verdict == WINNABLE:
                assert replay(pos, result.solution, rules).is_won()
            verdicts.append(result.verdict)
    assert WINNABLE in verdicts and UNWINNABLE in verdicts


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label())
def test_more_small_deals_match_exhaustive_search(rules):
    for seed in range(20, 40):
        pos = klondike_deal(seed, ranks=3, columns=3)
        result = _exact(pos, rules)
        assert result.verdict == (WINNABLE if brute_force_winnable(pos, rules) else UNWINNABLE), seed


@pytest.mark.parametrize("rules", RULES[:2], ids=lambda r: r.label())
def test_verdicts_match_the_search_keyed_column_by_column_from_positions_of_play(rules):
    # positions met in random play of five-rank, five-column deals: face-up runs in
    # every arrangement, twins with runs on them, kings in emptied columns
    rng = random.Random(7)
    counts = {WINNABLE: 0, UNWINNABLE: 0}
    for seed in range(12):
        for pos in random_walk(klondike_deal(seed, ranks=5, columns=5), rules, rng, 60)[::6]:
            if pos.is_won():
                continue
            sets, plain = _exact(pos, rules), _exact(pos, rules, sets=False)
            assert sets.verdict == plain.verdict, (seed, pos)
            if sets.verdict == WINNABLE:
                assert replay(pos, sets.solution, rules).is_won()
            counts[sets.verdict] += 1
    assert min(counts.values()) > 5


def _state(cols):
    # foundations up to the three; every card not on the tableau in the talon
    found = (3, 3, 3, 3)
    used = {c for d, u in cols for c in d + u} | {s * 13 + r for s in range(4) for r in range(3)}
    talon = bytes(c for c in range(52) if c not in used)
    return (tuple(cols), found, talon, 0, 0, False)


def _keys(state, kernel):
    sets = klondike_sets.SetSearch(kernel, state)
    args = (0, sets.dn, sets.un, sets.up, sets.fd, sets.mask, sets.pp, sets.ncol, sets.T, kernel.k,
            kernel.set_talon)
    return tuple(klondike_sets.key_of(*args)), tuple(klondike_jit.key_of(*args))


def test_a_run_moved_between_twins_keeps_the_key():
    kernel = KlondikeKernel(KlondikeRules(draw=3, single_pass_switch=False))
    ten_c, ten_s, nine_h, eight_s = 9, 48, 34, 46
    five_c, six_d, jack_h = 4, 18, 36
    a = _state([(bytes([five_c]), bytes([ten_c, nine_h, eight_s])), (bytes([six_d]), bytes([ten_s])),
                (b"", bytes([jack_h]))])
    b = _state([(bytes([five_c]), bytes([ten_c])), (bytes([six_d]), bytes([ten_s, nine_h, eight_s])),
                (b"", bytes([jack_h]))])
    # the ten of spades onto the jack of hearts, turning up the six of diamonds
    c = _state([(bytes([five_c]), bytes([ten_c, nine_h, eight_s])), (b"", bytes([six_d])),
                (b"", bytes([jack_h, ten_s]))])
    (sa, ca), (sb, cb), (sc, _) = _keys(a, kernel), _keys(b, kernel), _keys(c, kernel)
    assert sa == sb and ca != cb
    assert sc != sa


def test_a_card_under_a_run_whose_twin_is_free_goes_up_after_moving_the_run():
    # the ten of clubs lies under the nine of hearts, the ten of spades is free: one
    # move of the search is the run onto the ten of spades and the ten up
    kernel = KlondikeKernel(KlondikeRules(draw=1))
    cols = ((b"", bytes([9, 34])), (b"", bytes([48])))
    found = (9, 13, 7, 9)     # the nine of hearts cannot go up, so the ten of clubs is not safe
    up = {s * 13 + r for s in range(4) for r in range(found[s])}
    talon = bytes(c for c in range(52) if c not in up and c not in (9, 34, 48))
    state = (cols, found, talon, 0, 0, False)
    search = klondike_sets.SetSearch(kernel, state)
    search.start()
    kinds = [tuple(int(v) for v in search.mv[0, i]) for i in range(int(search.nm[0]))]
    assert (klondike_sets.TF, 0, 1, 1, 9) in kinds


@pytest.mark.parametrize("draw", [1, 3])
def test_full_deal_lines_replay(draw):
    rules = KlondikeRules(draw=draw, single_pass_switch=False)
    for seed in (3, 4, 5):
        pos = klondike_deal(seed)
        result = _exact(pos, rules, max_nodes=2_000_000)
        assert result.verdict == WINNABLE
        assert replay(pos, result.solution, rules).is_won()


@pytest.mark.slow
def test_draw_three_deal_one_is_lost():
    # open after 24 million positions keyed column by column; lost here
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    assert _exact(klondike_deal(1), rules, max_nodes=4_000_000).verdict == UNWINNABLE
