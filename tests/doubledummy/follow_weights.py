"""A follower's weights of its discards and its ruffs, for the tests of
``order.follow_weight`` when the follower is void in the suit led."""

from solvers.doubledummy.order import discard_base, follow_weight

TRUMP = 0
LED = 1
SIDE = 2
# the card winning the trick so far: the 10 of the led suit (rank 8 of 0..12)
WINNING = 16 * LED + 8


def discard_weights(my_side_wins, facts, rng):
    """Every card's weight of random side-suit holdings of 1 to 16 cards (any pack), the
    follower's side winning the trick so far or not, ``facts`` from ``later_facts``."""
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


def ruff_weights(my_side_wins, facts):
    """The weight of each of the 16 trumps as a ruff of the trick."""
    return [follow_weight(TRUMP, LED, WINNING, my_side_wins, facts, 16 * TRUMP + b, False, 0xFFFF, 0)
            for b in range(16)]
