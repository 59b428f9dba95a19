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


def _against_the_value(rng, count, sizes, value_of):
    """Over ``count`` no-trump endings (``sizes`` cards a hand in turn): the quick tricks
    never exceed the leader's side's value; returns how often the length winners add
    tricks to the old count, how often that reaches the value, and how often the
    deliberately wrong count (a hand of exactly ``j`` cards let go by in round ``j``)
    exceeds the value."""
    more = exact = wrong = 0
    for i in range(count):
        position, state, leader, hands = _no_trump_boundary(rng, sizes[i % len(sizes)])
        tricks, _ = quick_tricks(state.packed(), 4, leader, -1, 99)
        value = value_of(position)
        assert tricks <= value, position
        own = sum(_rounds(hands, leader, s) for s in range(4))
        if own > sum(_top_runs(hands, leader, s) for s in range(4)):
            more += 1
            exact += own == value
        wrong += sum(_rounds(hands, leader, s, slack=1) for s in range(4)) > value
    return more, exact, wrong


@pytest.mark.slow
def test_length_winners_never_promise_more_than_the_value():
    """On 1,000 no-trump endings of 3-4 cards a hand the quick tricks (with the length
    winners) never exceed the leader's side's value (the plain reference), and the new
    count adds tricks in a few of them (it needs longer suits to matter: see the next
    test). The rule with a hand of exactly ``j`` cards let go by in round ``j`` (it
    still follows then), the deliberately wrong count, is above the value in some."""
    more, _, wrong = _against_the_value(Rng("length-winners"), 1000, (3, 4), reference_value)
    assert more >= 3 and wrong > 0


def test_length_winners_beside_dds():
    """The same on 600 no-trump endings of 5-10 cards a hand, against DDS: the new
    count adds tricks in some of them and reaches the value in some of those, and the
    deliberately wrong count is above the value in some."""
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_best
    more, exact, wrong = _against_the_value(Rng("length-winners-dds"), 600, tuple(range(5, 11)), dds_best)
    assert more > 10 and exact > 0 and wrong > 0


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


@pytest.mark.parametrize("exhaustive", [True, False])
def test_second_hands_length_winners_never_promise_too_much(exhaustive):
    """Before the second card of a no-trump trick, the second hand's count (the trick,
    then the winning hand's length winners) never exceeds its side's value: against the
    plain reference on 400 endings of 2-3 cards a hand, DDS on 400 of 5-10; the count
    is the rule restated in ``_second_hand_rule``, and that rule without the leader's card
    already played (the deliberately wrong count) is above the value in some endings."""
    from tests.doubledummy.counts import second_hand_count
    if exhaustive:
        value_of = reference_value
    else:
        pytest.importorskip("endplay")
        from solvers.doubledummy.crosscheck import dds_best
        value_of = dds_best
    rng = Rng("second-hand-lengths-%s" % exhaustive)
    counted = wrong = exact = 0
    for i in range(400):
        size = 2 + i % 2 if exhaustive else 5 + i % 6
        position = random_position(rng, size, TrickRules.bridge(None), trick_cards=1)
        state = encode(position)
        q, _ = second_hand_count(state)
        if q == 0:
            continue
        counted += 1
        value = value_of(position)
        assert q <= value, position
        exact += q == value
        seat = state.to_play
        leader = (seat + 3) % 4
        hands = [_suits(int(h)) for h in state.hands[:4]]
        led = int(state.trick[0]) >> 4
        assert q == _second_hand_rule(hands, leader, seat, led), position
        wrong += _second_hand_rule(hands, leader, seat, led, slack=1) > value
    assert counted > 100 and exact > 20 and wrong > 0


def _second_hand_rule(hands, leader, seat, led, slack=0):
    """The second hand's no-trump count restated (``hands`` without the card led, which
    is below the winning card): the side's hand holding the highest card of the led
    suit among the seats still to play wins the trick, then its later rounds of the led
    suit (the trick's leader holding the suit one round longer, having played to this
    one already; ``slack`` 1 forgets that, the deliberately wrong count) and its rounds
    of every other suit."""
    later = [(seat + k) % 4 for k in range(3)]
    owner = max(later, key=lambda q: hands[q][led][0] if hands[q][led] else -1)
    mine = hands[owner][led]
    tricks, j = 1, 1
    for card in mine[1:]:
        j += 1
        if any(len(hands[q][led]) + (q == leader and not slack) >= j and hands[q][led][0] > card
               for q in range(4) if q != owner and hands[q][led]):
            break
        tricks += 1
    return tricks + sum(_rounds(hands, owner, s) for s in range(4) if s != led)
