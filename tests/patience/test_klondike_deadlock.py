"""The sharper Klondike dead-end proof: never rejects a position that can be won
(checked against the exhaustive search on positions reached by random play), and
sees dead ends that the general proof misses."""

import random

import pytest

from solvers.patience.deadlock import stuck
from solvers.patience.deal import klondike_deal
from solvers.patience.formats import position_from_json
from solvers.patience.klondike import RANK
from solvers.patience.klondike_deadlock import klondike_stuck
from solvers.patience.options import KlondikeRules
from solvers.patience.rules import apply_move, legal_moves
from solvers.patience.search import UNWINNABLE, kernel_for, solve
from tests.patience.helpers import brute_force_winnable

PRED = [c - 1 if RANK[c] else -1 for c in range(52)]
RULES = [KlondikeRules(draw=1), KlondikeRules(draw=3, single_pass_switch=False),
         KlondikeRules(draw=1, foundation_to_tableau=False)]

# draw 3, deal 1, after the search's first moves: the jack of spades (over five
# face-down cards) needs a red queen. The queen of hearts is in the stock and can
# only come out onto a black king: the king of spades lies under the queen of
# diamonds, the king of clubs face down. The queen of diamonds carries the jack of
# clubs, which needs a red queen too, or the three of clubs, face down in column 7.
STUCK = {
    "game": "klondike",
    "tableau": [
        {"down": [], "up": ["KH", "QS", "JH", "TC", "9D", "8S", "7D", "6C", "5H", "4C"]},
        {"down": [], "up": ["9C"]},
        {"down": [], "up": ["KS", "QD", "JC", "TD", "9S"]},
        {"down": [], "up": ["8H", "7S"]},
        {"down": [], "up": ["8D", "7C", "6H", "5C"]},
        {"down": ["5S", "KD", "7H", "6S", "TH"], "up": ["JS"]},
        {"down": ["JD", "3C", "4H", "KC"], "up": ["TS", "9H", "8C"]},
    ],
    "stock": ["QH"],
    "waste": ["QC", "4S"],
    "foundations": [["AC", "2C"], ["AD", "2D", "3D", "4D", "5D", "6D"], ["AH", "2H", "3H"],
                    ["AS", "2S", "3S"]],
}


def _general_proof(kernel, state) -> bool:
    """The general proof (rule 8) as the Klondike kernel used it at the root."""
    cols, found, talon, _, _, _ = state
    free = [0] * 52
    for suit in range(4):
        for r in range(found[suit]):
            free[suit * 13 + r] = 1
    for c in talon:
        free[c] = 1
    piles = []
    for down, up in cols:
        piles.append(list(down) + list(up[:1]))
        for c in up[1:]:
            free[c] = 1
    return stuck(piles, free, kernel.parents.__getitem__, PRED.__getitem__, RANK, False)


def test_a_dead_end_the_general_proof_misses():
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    pos = position_from_json(STUCK)
    kernel = kernel_for(pos, rules)
    state = kernel.encode(pos)
    assert kernel.hopeless(state)
    assert not _general_proof(kernel, state)
    result = solve(pos, rules, max_seconds=5)
    assert result.verdict == UNWINNABLE and result.nodes == 1


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.label())
def test_never_rejects_a_winnable_position(rules):
    rng = random.Random(20261121)
    fired = 0
    for _ in range(600):
        if fired == 8:
            break
        ranks, columns = rng.choice([(3, 3), (4, 4), (4, 5)])
        pos = klondike_deal(rng.randrange(10_000), ranks=ranks, columns=columns)
        kernel = kernel_for(pos, rules)
        for _ in range(rng.randrange(25)):
            moves = legal_moves(pos, rules)
            if not moves or pos.is_won():
                break
            pos = apply_move(pos, rng.choice(moves), rules)
        if kernel.hopeless(kernel.encode(pos)):
            fired += 1
            assert not brute_force_winnable(pos, rules)
    assert fired == 8


@pytest.mark.parametrize("rules", [KlondikeRules(draw=3, single_pass_switch=False),
                                   KlondikeRules(draw=3, passes=2, single_pass_switch=False),
                                   KlondikeRules(draw=3, single_pass_switch=False,
                                                 foundation_to_tableau=False)],
                         ids=lambda r: r.label())
def test_the_talon_order_never_rejects_a_winnable_position(rules):
    """Draw 3: a talon card counts only once it can be the waste top. Every position
    the order-aware proof rejects and the order-blind one (every talon card
    reachable) passes is lost, by the exhaustive search over the plain rules."""
    rng = random.Random(20261126)
    fired = 0
    for _ in range(3000):
        if fired == 10:
            break
        ranks, columns = rng.choice([(3, 3), (4, 3), (4, 4), (5, 4), (5, 5)])
        pos = klondike_deal(rng.randrange(100_000), ranks=ranks, columns=columns)
        kernel = kernel_for(pos, rules)
        for _ in range(rng.randrange(20)):
            moves = legal_moves(pos, rules)
            if not moves or pos.is_won():
                break
            pos = apply_move(pos, rng.choice(moves), rules)
        state = kernel.encode(pos)
        cols, found, talon, p, _, _ = state
        args = (cols, found, talon, kernel.parents.__getitem__, kernel.king, kernel.back)
        if klondike_stuck(*args, p, 3) and not klondike_stuck(*args, p, 1):
            fired += 1
            assert not brute_force_winnable(pos, rules)
    assert fired == 10


@pytest.mark.parametrize("seed", [40, 49])
def test_the_talon_order_proves_deals_lost_at_once(seed, monkeypatch):
    """Draw-3 deals 40 and 49: the order-aware proof rejects the deal at its root;
    the search with the order-blind proof (every talon card reachable) exhausts
    thousands of positions to reach the same verdict."""
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    pos = klondike_deal(seed)
    result = solve(pos, rules, max_seconds=None, max_nodes=None, shorten=False, probes=False)
    assert result.verdict == UNWINNABLE and result.nodes == 1
    kernel = kernel_for(pos, rules)
    monkeypatch.setattr(kernel, "ordered_talon", 1)
    monkeypatch.setattr("solvers.patience.search.kernel_for", lambda *a: kernel)
    blind = solve(pos, rules, max_seconds=None, max_nodes=None, shorten=False, compiled=False)
    assert blind.verdict == UNWINNABLE and blind.nodes > 200
