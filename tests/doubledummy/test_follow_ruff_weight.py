"""A follower void in the led suit whose side wins the trick so far, but not surely (a
later opponent holds a higher card of the led suit), weighs a ruff that no later
opponent can beat above every discard: the ruff makes the trick the side's, while a
discard leaves it to the later opponent. When the side's card is sure to win, every
discard still comes before a ruff."""

import random

from solvers.doubledummy.order import discard_base, follow_weight

TRUMP = 0
LED = 1
SIDE = 2
# the follower's side wins with the 10 of the led suit (rank 8 of 0..12)
WINNING = 16 * LED + 8


def _discard_weights(my_side_wins, facts, rng):
    """Every card's weight of random side-suit holdings of 1 to 16 cards (any pack)."""
    out = []
    for _ in range(300):
        length = rng.randint(1, 16)
        mine = sum(1 << b for b in rng.sample(range(16), length))
        held = mine | rng.getrandbits(16)
        base = discard_base(mine, held, my_side_wins)
        for b in range(16):
            if (mine >> b) & 1:
                out.append(follow_weight(TRUMP, LED, WINNING, my_side_wins, facts, 16 * SIDE + b, False, held, base))
    return out


def _ruff_weights(facts):
    return [follow_weight(TRUMP, LED, WINNING, True, facts, 16 * TRUMP + b, False, 0xFFFF, 0) for b in range(16)]


def test_a_safe_ruff_comes_before_every_discard_when_the_sides_card_may_lose():
    # a later opponent holds the ace of the led suit and none can ruff
    facts = (12, -1, -1, -1)
    rng = random.Random(20)
    assert min(_ruff_weights(facts)) > max(_discard_weights(True, facts, rng))


def test_every_discard_comes_before_a_ruff_when_the_sides_card_is_sure():
    # the later opponents' best card of the led suit is below the side's 10
    facts = (5, -1, -1, -1)
    rng = random.Random(21)
    assert max(_ruff_weights(facts)) < min(_discard_weights(True, facts, rng))
