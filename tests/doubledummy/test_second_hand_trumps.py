"""Before the second card of a trick in a trump game, the second hand's side counts the
trick it surely wins and then its top trumps kept through that trick, or, holding every
trump, the trumps of its longest trump hand (``quick.second_hand_trumps_kept``): the
count never exceeds that side's value, checked against the plain reference on small
endings and against DDS on larger ones."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.randoms import random_position
from tests.doubledummy.counts import second_hand_count
from tests.doubledummy.exact import exact_value


@pytest.mark.parametrize("exhaustive", [True, False])
def test_kept_top_trumps_never_exceed_the_second_hands_value(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("second-hand-trumps-%s" % exhaustive)
    checked = tight = all_trumps = 0
    for i in range(800 if exhaustive else 300):
        size = 2 + i % 3 if exhaustive else 3 + i % 8
        position = random_position(rng, size, TrickRules.bridge(i % 4), trick_cards=1)
        state = encode(position)
        q, kept = second_hand_count(state)
        total = q + kept
        if kept == 0:
            continue
        checked += 1
        all_trumps += _holds_every_trump(state)
        # the side to play is the second hand's: it scores at least the count
        value = exact_value(position, exhaustive)
        assert total <= value, position
        tight += total == value
    assert checked > (60 if exhaustive else 40) and tight > (10 if exhaustive else 2)
    assert all_trumps > (10 if exhaustive else 2)


def _holds_every_trump(state):
    """Does the side to play hold every remaining trump?"""
    trump = int(state.cfg[K.C_TRUMP])
    side = state.team[state.to_play]
    return all((int(state.hands[p]) >> (16 * trump)) & 0xFFFF == 0 for p in range(4) if state.team[p] != side)
