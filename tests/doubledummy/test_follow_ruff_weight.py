"""A follower void in the led suit whose side wins the trick so far, but not surely (a
later opponent holds a higher card of the led suit), weighs a ruff that no later
opponent can beat above every discard: the ruff makes the trick the side's, while a
discard leaves it to the later opponent. When the side's card is sure to win, every
discard still comes before a ruff."""

import random

from tests.doubledummy.follow_weights import discard_weights, ruff_weights


def test_a_safe_ruff_comes_before_every_discard_when_the_sides_card_may_lose():
    # a later opponent holds the ace of the led suit and none can ruff
    facts = (12, -1, -1, -1, -1, -1)
    rng = random.Random(20)
    assert min(ruff_weights(True, facts)) > max(discard_weights(True, facts, rng))


def test_every_discard_comes_before_a_ruff_when_the_sides_card_is_sure():
    # the later opponents' best card of the led suit is below the side's 10
    facts = (5, -1, -1, -1, -1, -1)
    rng = random.Random(21)
    assert max(ruff_weights(True, facts)) < min(discard_weights(True, facts, rng))
