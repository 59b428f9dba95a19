"""The exact solver: solutions replay through the rules engine, and verdicts on small
deals agree with an exhaustive search that uses no pruning at all."""

import pytest

from solvers.errors import CardsageError
from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import player_view
from solvers.patience.rules import replay
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, kernel_for, solve
from tests.patience.helpers import brute_force_winnable

KLONDIKE_VARIANTS = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3, single_pass_switch=False),
    KlondikeRules(draw=3),                                   # the seed's switch
    KlondikeRules(draw=3, passes=2, single_pass_switch=False),
    KlondikeRules(draw=1, passes=1, foundation_to_tableau=False),
]
FORTY_VARIANTS = [FortyThievesRules(0), FortyThievesRules(1), FortyThievesRules(None)]


def _check_replay(pos, rules, result):
    assert result.verdict == WINNABLE
    assert replay(pos, result.solution, rules).is_won()


def _compare(pos, rules):
    expected = brute_force_winnable(pos, rules)
    # the plain kernel, and the compiled search where the rules allow it
    for compiled in (False, True):
        result = solve(pos, rules, max_nodes=None, max_seconds=None, compiled=compiled)
        assert result.verdict == (WINNABLE if expected else UNWINNABLE)
        if expected:
            _check_replay(pos, rules, result)
    return result.verdict


@pytest.mark.parametrize("rules", KLONDIKE_VARIANTS, ids=lambda r: r.label())
def test_small_klondike_verdicts_match_exhaustive_search(rules):
    # ace to three in four suits, three columns: 6 tableau cards and a 6-card stock
    verdicts = [_compare(klondike_deal(seed, ranks=3, columns=3), rules) for seed in range(30)]
    assert WINNABLE in verdicts and UNWINNABLE in verdicts


@pytest.mark.parametrize("rules", FORTY_VARIANTS, ids=lambda r: r.label())
def test_small_forty_thieves_verdicts_match_exhaustive_search(rules):
    # ace and two, two packs: one column of 8 cards and an 8-card stock
    seeds = range(15 if rules.redeals == 0 else 12)
    verdicts = [_compare(forty_thieves_deal(seed, ranks=2, columns=1, rows=8), rules) for seed in seeds]
    assert WINNABLE in verdicts and UNWINNABLE in verdicts


@pytest.mark.slow
def test_more_small_forty_thieves_deals_without_redeal_match_exhaustive_search():
    rules = FortyThievesRules(redeals=0)
    for seed in range(15, 40):
        _compare(forty_thieves_deal(seed, ranks=2, columns=1, rows=8), rules)


def test_small_forty_thieves_wider_tableau():
    for seed in range(15):
        _compare(forty_thieves_deal(seed, ranks=3, columns=3, rows=3), FortyThievesRules(None))


# four columns of a 16-card pack: partial runs, emptied columns and kings moving into
# them happen here, so the postponed tableau moves are exercised (seed 25 is lost in
# both draws after a real search, 78 in draw 3)
WIDER = [(KlondikeRules(draw=1), (25, 1, 2)),
         (KlondikeRules(draw=3, single_pass_switch=False), (25, 78, 1))]


@pytest.mark.parametrize("rules,seeds", WIDER, ids=lambda r: getattr(r, "label", lambda: "")())
def test_wider_klondike_verdicts_match_exhaustive_search(rules, seeds):
    verdicts = [_compare(klondike_deal(seed, ranks=4, columns=4), rules) for seed in seeds]
    assert WINNABLE in verdicts and UNWINNABLE in verdicts


@pytest.mark.slow
@pytest.mark.parametrize("rules", [r for r, _ in WIDER], ids=lambda r: r.label())
def test_more_wider_klondike_deals_match_exhaustive_search(rules):
    for seed in range(40):
        _compare(klondike_deal(seed, ranks=4, columns=4), rules)


@pytest.mark.slow
@pytest.mark.parametrize("rules", KLONDIKE_VARIANTS, ids=lambda r: r.label())
def test_more_klondike_deals_match_exhaustive_search(rules):
    for seed in range(30, 200):
        _compare(klondike_deal(seed, ranks=3, columns=3), rules)


@pytest.mark.slow
def test_forty_thieves_three_ranks_match_exhaustive_search():
    for seed in range(30):
        _compare(forty_thieves_deal(seed, ranks=3, columns=1, rows=8), FortyThievesRules(0))


@pytest.mark.parametrize("draw", [1, 3])
def test_full_klondike_solutions_replay(draw):
    rules = KlondikeRules(draw=draw, single_pass_switch=False)
    won = 0
    for seed in range(2, 9):
        pos = klondike_deal(seed)
        result = solve(pos, rules, max_seconds=1)
        if result.verdict == WINNABLE:
            _check_replay(pos, rules, result)
            won += 1
    assert won >= 3


def test_full_forty_thieves_solutions_replay():
    rules = FortyThievesRules()
    for seed in range(1, 4):
        pos = forty_thieves_deal(seed)
        result = solve(pos, rules, max_seconds=10)
        if result.verdict == WINNABLE:
            _check_replay(pos, rules, result)


def test_budget_gives_unknown_with_counts():
    result = solve(forty_thieves_deal(1), FortyThievesRules(0), max_nodes=50, shorten=False)
    assert result.verdict in (UNKNOWN, WINNABLE)
    if result.verdict == UNKNOWN:
        assert result.nodes == 50 and result.seconds > 0


def test_the_plain_search_stops_at_its_memory_bound_whatever_the_budget(monkeypatch):
    """With no node budget the plain search still stops at ``PLAIN_MAX_NODES``
    positions (its table is in Python objects), with "unknown"."""
    from solvers.patience import search

    monkeypatch.setattr(search, "PLAIN_MAX_NODES", 500)
    result = solve(klondike_deal(1), KlondikeRules(draw=3), max_nodes=None, max_seconds=None,
                   compiled=False)
    assert result.verdict == UNKNOWN
    assert 500 <= result.nodes < 520
    result = solve(klondike_deal(1), KlondikeRules(draw=3), max_nodes=100, max_seconds=None,
                   compiled=False)
    assert result.verdict == UNKNOWN and 100 <= result.nodes < 120


def test_shortening_never_lengthens():
    pos = klondike_deal(4)
    rules = KlondikeRules(draw=1)
    long = solve(pos, rules, shorten=False)
    short = solve(pos, rules, shorten=True)
    assert len(short.solution) <= len(long.solution)
    _check_replay(pos, rules, short)


def test_solver_refuses_unseen_cards():
    with pytest.raises(CardsageError):
        solve(player_view(klondike_deal(1)), KlondikeRules())


# deals whose root the dead-end proof rejects (found by scanning seeds 0-499)
HOPELESS_SMALL = [(4, 5, 17), (4, 5, 48), (4, 5, 56), (4, 5, 258), (4, 5, 419)]


@pytest.mark.parametrize("ranks,columns,seed", HOPELESS_SMALL)
def test_klondike_dead_end_proofs_match_exhaustive_search(ranks, columns, seed):
    rules = KlondikeRules(draw=1)
    pos = klondike_deal(seed, ranks=ranks, columns=columns)
    kernel = kernel_for(pos, rules)
    assert kernel.hopeless(kernel.normalize(kernel.encode(pos))[0])
    assert not brute_force_winnable(pos, rules)
    assert solve(pos, rules).verdict == UNWINNABLE


def test_klondike_dead_end_proof_spares_winnable_deals():
    rules = KlondikeRules(draw=1)
    for seed in range(60):
        pos = klondike_deal(seed, ranks=3, columns=3)
        kernel = kernel_for(pos, rules)
        if kernel.hopeless(kernel.normalize(kernel.encode(pos))[0]):
            assert not brute_force_winnable(pos, rules)


def test_full_klondike_dead_end_found_at_root():
    # seed 39 (draw 1): a card sits above every card it could ever move onto
    result = solve(klondike_deal(39), KlondikeRules(draw=1), max_seconds=5)
    assert result.verdict == UNWINNABLE and result.nodes == 1


def test_forty_thieves_dead_ends_match_exhaustive_search():
    # one column over a long stock: the per-node proof prunes often here
    for seed in range(4):
        _compare(forty_thieves_deal(seed, ranks=3, columns=1, rows=8), FortyThievesRules(0))


@pytest.mark.slow
def test_forty_thieves_dead_ends_after_the_redeal():
    for seed in range(8):
        _compare(forty_thieves_deal(seed, ranks=3, columns=1, rows=8), FortyThievesRules(1))


@pytest.mark.parametrize("rules", KLONDIKE_VARIANTS[1:4], ids=lambda r: r.label())
def test_a_loss_drawing_one_with_unlimited_passes_is_a_loss_under_any_talon_rule(rules):
    """Drawing one card with unlimited passes allows every line of any talon rule, so
    the draw-1 search's loss proofs (``_relaxed_loss``, tried first under an ordered
    talon) hold under ``rules``; the exhaustive search confirms every one, and that a
    deal won under ``rules`` is won drawing one."""
    from solvers.patience.search import _relaxed_loss
    draw1 = KlondikeRules(draw=1)
    proven = 0
    for seed in range(40):
        pos = klondike_deal(seed, ranks=3, columns=3)
        won = brute_force_winnable(pos, rules)
        if won:
            assert brute_force_winnable(pos, draw1)
        lost, nodes = _relaxed_loss(pos, rules, kernel_for(pos, rules), None, None)
        if lost:
            proven += 1
            assert not won and nodes >= 1
    assert proven >= 2


def test_the_draw_one_proof_decides_a_draw_three_deal():
    # draw 3 deal 418: lost drawing one (about 230,000 positions); the draw-3
    # search alone is still open after 4 million
    result = solve(klondike_deal(418), KlondikeRules(draw=3, single_pass_switch=False),
                   max_nodes=4_000_000, max_seconds=None, shorten=False)
    assert result.verdict == UNWINNABLE and result.nodes < 1_000_000
