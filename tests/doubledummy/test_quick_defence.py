"""Either side's sure trump tricks from one of its hands (``quick.hand_trump_wins``),
counted at a trick boundary for the side on lead and for the side not on lead: never
above what that side takes, checked against the plain reference on small endings and
against DDS on larger ones; a deliberately wrong count (the two hands of a side added
together) is caught by the same check."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import MANY, hand_trump_wins, remaining_cards
from solvers.doubledummy.randoms import random_position
from tests.doubledummy.counts import named_from_top
from tests.doubledummy.exact import exact_value


def _counts(state):
    """The count of the side to play (team 1) and of the other side (team 0), and the
    tricks left."""
    S = state.packed()
    trump = int(state.cfg[K.C_TRUMP])
    rem = remaining_cards(S, 4)[trump]
    ours, _ = hand_trump_wins(S, 4, trump, rem, 1, MANY)
    theirs, _ = hand_trump_wins(S, 4, trump, rem, 0, MANY)
    return ours, theirs, state.tricks_left()


def _summed(state, side):
    """The wrong count: each hand of ``side`` counted alone, the counts added."""
    total = 0
    for p in range(4):
        if state.team[p] != side:
            continue
        alone = state.copy()
        for q in range(4):
            if q != p and state.team[q] == side:
                alone.hands[q] = 0
        S = alone.packed()
        trump = int(state.cfg[K.C_TRUMP])
        rem = remaining_cards(state.packed(), 4)[trump]
        count, _ = hand_trump_wins(S, 4, trump, rem, side, MANY)
        total += count
    return total


def _positions(exhaustive):
    rng = Rng("hand-trump-wins-%s" % exhaustive)
    for i in range(900 if exhaustive else 250):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        yield random_position(rng, size, TrickRules.bridge(i % 4), trick_cards=0)


@pytest.mark.parametrize("exhaustive", [True, False])
def test_hand_trump_wins_never_exceed_either_sides_tricks(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    checked = tight = defence = 0
    for position in _positions(exhaustive):
        ours, theirs, left = _counts(encode(position))
        if ours == 0 and theirs == 0:
            continue
        value = exact_value(position, exhaustive)
        checked += 1
        # the side to play takes ``value`` of the tricks left, the other side the rest
        assert ours <= value, position
        assert theirs <= left - value, position
        tight += ours == value or theirs == left - value
        defence += theirs > 0
    assert checked > (300 if exhaustive else 80)
    assert tight > (60 if exhaustive else 10) and defence > (100 if exhaustive else 30)


def test_two_hands_added_together_is_caught():
    """The two hands' counts added ignore the tricks where both play a trump (a trump
    lead makes both follow): the check above finds it above the value."""
    from solvers.doubledummy.reference import reference_value
    caught = 0
    for position in _positions(True):
        state = encode(position)
        value = reference_value(position)
        left = state.tricks_left()
        if _summed(state, 1) > value or _summed(state, 0) > left - value:
            caught += 1
    assert caught > 0


def test_named_trumps_are_the_walked_ones():
    """The count names every remaining trump from the top down to the last one it read,
    and no card of another suit."""
    rng = Rng("hand-trump-wins-named")
    positions = (random_position(rng, 3 + i % 5, TrickRules.bridge(i % 4), trick_cards=0) for i in range(300))
    assert named_from_top(hand_trump_wins, positions) > 100
