"""Two sure-trick counts of trump games: the second hand's side after a trump lead
counts the top trumps it keeps through the trick (``quick.second_hand_trumps_kept``),
and a side on lead holding every trump counts a ruff by a void hand and then each of
the leader's trumps (``quick.all_trumps_and_a_ruff``). Neither may exceed the side's
value (the plain reference on small endings, DDS on larger ones); a count one trick
larger than each must exceed it somewhere, so the check can fail."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Position, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import all_trumps_and_a_ruff
from solvers.doubledummy.randoms import random_position
from tests.doubledummy.exact import exact_value
from tests.doubledummy.counts import second_hand_count


def _trump_led(rng, size, trump):
    """A random ending whose leader has led a trump (None when it holds none)."""
    position = random_position(rng, size, TrickRules.bridge(trump), trick_cards=0)
    trumps = [c for c in position.hands[position.leader] if position.rules.card_key(c)[0] == trump]
    if not trumps:
        return None
    card = rng.choice(trumps)
    hands = [[c for c in hand if c != card] for hand in position.hands]
    return Position.from_hands(hands, position.leader, [card], position.rules)


@pytest.mark.parametrize("exhaustive", [True, False])
def test_trumps_kept_after_a_trump_lead_never_exceed_the_value(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("trump-lead-kept-%s" % exhaustive)
    checked = tight = over = 0
    for i in range(1000 if exhaustive else 250):
        size = 2 + i % 3 if exhaustive else 4 + i % 7
        position = _trump_led(rng, size, i % 4)
        if position is None:
            continue
        q, kept = second_hand_count(encode(position))
        if kept == 0:
            continue
        checked += 1
        value = exact_value(position, exhaustive)
        assert q + kept <= value, position
        tight += q + kept == value
        over += q + kept + 1 > value
    assert checked > (50 if exhaustive else 20)
    if exhaustive:
        # the count is exact in some endings, and one trick more (the winning trump kept
        # as well) is wrong in some
        assert tight > 10 and over > 0


@pytest.mark.parametrize("exhaustive", [True, False])
def test_all_trumps_and_a_ruff_never_exceeds_the_leaders_value(exhaustive):
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("all-trumps-ruff-%s" % exhaustive)
    checked = tight = over = 0
    for i in range(1500):
        size = 2 + i % 2 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(i % 4), trick_cards=0)
        state = encode(position)
        S = state.packed()
        count = all_trumps_and_a_ruff(S, 4, state.to_play, int(state.cfg[K.C_TRUMP]))
        if count == 0:
            continue
        checked += 1
        value = exact_value(position, exhaustive)
        assert count <= value, position
        tight += count == value
        over += count + 1 > value
    assert checked > (80 if exhaustive else 8)
    if exhaustive:
        assert tight > 20 and over > 0
