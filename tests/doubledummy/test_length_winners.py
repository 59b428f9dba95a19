"""The quick tricks' length winners without trumps in play (``quick._cash_rounds``):
a card below the top run counts once every other hand still holding the suit is beaten
or void. Checked against the plain reference on small no-trump endings and DDS on
larger ones; a count that lets one round too many go by is shown to promise too much."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import quick_tricks
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_value


def _suits(hand):
    """A packed hand's cards by suit, each suit's powers highest first."""
    return [sorted((b for b in range(16) if (hand >> (16 * s + b)) & 1), reverse=True) for s in range(4)]


def _rounds(hands, seat, s, slack=0):
    """Rounds of suit ``s`` the seat wins leading from the top (the rule of
    ``_cash_rounds``); ``slack`` 1 lets a hand holding exactly ``j`` cards go by in round
    ``j`` (the deliberately wrong count)."""
    mine = hands[seat][s]
    others = [hands[q][s] for q in range(len(hands)) if q != seat and hands[q][s]]
    j = 0
    for card in mine:
        if any(len(h) > j + slack and h[0] > card for h in others):
            break
        j += 1
    return j


def _top_runs(hands, seat, s):
    """The count before the length winners: the top run, or the whole holding when no
    other hand is longer than the run."""
    mine = hands[seat][s]
    every = sorted((c for h in hands for c in h[s]), reverse=True)
    run = 0
    while run < len(mine) and run < len(every) and every[run] == mine[run]:
        run += 1
    longest = max((len(hands[q][s]) for q in range(len(hands)) if q != seat), default=0)
    return len(mine) if run and longest <= run else run


def _no_trump_boundary(rng, size):
    position = random_position(rng, size, TrickRules.bridge(None), trick_cards=0)
    state = encode(position)
    hands = [_suits(int(h)) for h in state.hands[:4]]
    return position, state, int(state.st[1]), hands


def test_length_winners_never_promise_more_than_the_value():
    """On 1,000 no-trump endings of 3-4 cards a hand the quick tricks (with the length
    winners) never exceed the leader's side's value, and the new count adds tricks in a
    few of them (it needs longer suits to matter: see the next test). The rule with a
    hand of exactly ``j`` cards let go by in round ``j`` (it still follows then), the
    deliberately wrong count, is above the value in some, so the check can fail."""
    rng = Rng("length-winners")
    more = wrong = 0
    for i in range(1000):
        position, state, leader, hands = _no_trump_boundary(rng, 3 + i % 2)
        tricks, _ = quick_tricks(state.packed(), 4, leader, -1, 99)
        value = reference_value(position)
        assert tricks <= value, position
        own = sum(_rounds(hands, leader, s) for s in range(4))
        more += own > sum(_top_runs(hands, leader, s) for s in range(4))
        wrong += sum(_rounds(hands, leader, s, slack=1) for s in range(4)) > value
    assert more >= 3 and wrong > 0


def test_length_winners_beside_dds():
    """The same on 600 no-trump endings of 5-10 cards a hand, against DDS: the new
    count adds tricks in some of them and reaches the value in some of those."""
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_best
    rng = Rng("length-winners-dds")
    more = exact = 0
    for i in range(600):
        position, state, leader, hands = _no_trump_boundary(rng, 5 + i % 6)
        tricks, _ = quick_tricks(state.packed(), 4, leader, -1, 99)
        value = dds_best(position)
        assert tricks <= value, position
        own = sum(_rounds(hands, leader, s) for s in range(4))
        if own > sum(_top_runs(hands, leader, s) for s in range(4)):
            more += 1
            exact += own == value
    assert more > 10 and exact > 0


def test_the_kernels_count_is_the_rule():
    """The leader's own count in the kernel's quick tricks is the rule restated here:
    with ``needed`` at the sum of the rule over the suits, the kernel finds at least
    that many tricks."""
    rng = Rng("length-winners-rule")
    for i in range(500):
        _, state, leader, hands = _no_trump_boundary(rng, 2 + i % 8)
        own = sum(_rounds(hands, leader, s) for s in range(4))
        tricks, _ = quick_tricks(state.packed(), 4, leader, -1, max(own, 1))
        assert tricks >= own, (hands, leader)
