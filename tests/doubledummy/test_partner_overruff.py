"""A side on lead needing one trick counts the partner's ruff of a side suit the leader
leads when the partner's highest trump beats every trump of each opponent void in the
suit (``quick.partner_overruff``). The trick is checked against the side's value (the
plain reference on small endings, DDS on larger ones); the rule without its condition
on the opponents' trumps (a deliberately wrong count) is wrong in some endings."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import partner_overruff
from solvers.doubledummy.randoms import random_position


def _value(position, exhaustive):
    """The side on lead's value: the plain reference's, or DDS's."""
    if exhaustive:
        from solvers.doubledummy.reference import reference_value
        return reference_value(position)
    from solvers.doubledummy.crosscheck import dds_best
    return dds_best(position)


def _any_ruff(S, leader, trump):
    """1 when the leader holds a side suit the partner, holding a trump, is void in
    (the overruff without its check of the opponents' trumps), else 0."""
    hl = int(S[K.O_HANDS + leader])
    hp = int(S[K.O_HANDS + (leader + 2) % 4])
    if (hp >> (16 * trump)) & 0xFFFF == 0:
        return 0
    return int(any(s != trump and (hl >> (16 * s)) & 0xFFFF and not (hp >> (16 * s)) & 0xFFFF
                   for s in range(4)))


@pytest.mark.parametrize("exhaustive", [True, False])
def test_the_partners_overruff_wins_a_trick(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("overruff-%s" % exhaustive)
    checked = wrong_without_check = 0
    for i in range(1200 if exhaustive else 300):
        size = 2 + i % 2 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(i % 4), trick_cards=0)
        state = encode(position)
        S = state.packed()
        leader, trump = state.to_play, int(state.cfg[K.C_TRUMP])
        count, used = partner_overruff(S, leader, trump)
        naive = _any_ruff(S, leader, trump)
        assert count <= naive
        if naive == 0:
            continue
        value = _value(position, exhaustive)
        if count:
            checked += 1
            assert value >= 1, position
            # at most the partner's highest trump is named
            assert bin(int(used)).count("1") <= 1
        else:
            wrong_without_check += value == 0
    assert checked > (150 if exhaustive else 40)
    if exhaustive:
        assert wrong_without_check > 0
