"""Before the second card of a trick in a trump game, the side holding the highest
remaining trumps counts the run its holder keeps through the trick, or, holding every
trump, the trumps its longest trump hand keeps (``quick.top_trumps_through_trick``).
The count is checked against that side's value (the plain reference on small endings,
DDS on larger ones); it is exact in some endings, and the whole run counted where the
holder must play a card of it is wrong in some, so that the check can fail."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.bits import top_run
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import remaining_cards, top_trumps_through_trick
from solvers.doubledummy.randoms import random_position


def _value(position, exhaustive):
    """The side to play's value: the plain reference's, or DDS's."""
    if exhaustive:
        from solvers.doubledummy.reference import reference_value
        return reference_value(position)
    from solvers.doubledummy.crosscheck import dds_best
    return dds_best(position)


def _one_card_led(seed, count, exhaustive):
    """Random bridge endings of a trump game with one card led."""
    rng = Rng(seed)
    for i in range(count):
        size = 2 + i % 2 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(i % 4), trick_cards=1)
        state = encode(position)
        yield position, state.packed(), state.to_play, int(state.cfg[K.C_TRUMP])


def _top_run_of_holder(S, trump, trumps):
    """The top run of trumps of the hand holding the highest of ``trumps``."""
    top = 1 << (int(trumps).bit_length() - 1)
    for q in range(4):
        mine = (int(S[K.O_HANDS + q]) >> (16 * trump)) & 0xFFFF
        if mine & top:
            return top_run(mine, trumps)
    return 0


@pytest.mark.parametrize("exhaustive", [True, False])
def test_the_top_trumps_kept_through_a_trick_take_their_count(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    checked = tight = whole_run_wrong = 0
    for position, S, p, trump in _one_card_led("top-trumps-trick-%s" % exhaustive,
                                               600 if exhaustive else 150, exhaustive):
        rem = remaining_cards(S, 4)
        side, sure, used = top_trumps_through_trick(S, 4, p, trump, rem)
        if sure <= 0:
            continue
        checked += 1
        value = _value(position, exhaustive)
        tricks = len(position.hands[p])
        theirs = value if side == S[K.O_TEAM + p] else tricks - value
        assert sure <= theirs, position
        tight += sure == theirs
        run = _top_run_of_holder(S, trump, rem[trump])
        whole_run_wrong += used != 0 and run > sure and run > theirs
    assert checked > (150 if exhaustive else 50)
    assert tight > 10
    if exhaustive:
        assert whole_run_wrong > 0
