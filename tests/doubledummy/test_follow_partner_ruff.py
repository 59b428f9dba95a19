"""A follower void in the led suit whose partner, still to play, surely wins the trick
(the partner holds a card of the led suit above the trick's card and above every later
opponent's, and no later opponent can ruff) throws a discard before it ruffs: the
partner's card takes the trick and the trump is kept. When the partner's card may lose,
a ruff that no later opponent can beat still comes before every discard."""

import random

from solvers.doubledummy.order import discard_base, follow_weight

TRUMP = 0
LED = 1
SIDE = 2
# the opponents win the trick so far with the 10 of the led suit (rank 8 of 0..12)
WINNING = 16 * LED + 8


def _discard_weights(facts, rng):
    """Every card's weight of random side-suit holdings of 1 to 16 cards (any pack)."""
    out = []
    for _ in range(300):
        length = rng.randint(1, 16)
        mine = sum(1 << b for b in rng.sample(range(16), length))
        held = mine | rng.getrandbits(16)
        base = discard_base(mine, held, False)
        for b in range(16):
            if (mine >> b) & 1:
                out.append(follow_weight(TRUMP, LED, WINNING, False, facts, 16 * SIDE + b, False, held, base))
    return out


def _ruff_weights(facts):
    return [follow_weight(TRUMP, LED, WINNING, False, facts, 16 * TRUMP + b, False, 0xFFFF, 0) for b in range(16)]


def test_every_discard_comes_before_a_ruff_when_the_partner_surely_wins():
    # the partner holds the ace of the led suit; the later opponent's best is the 7
    facts = (5, 12, -1, -1)
    assert max(_ruff_weights(facts)) < min(_discard_weights(facts, random.Random(31)))


def test_a_safe_ruff_comes_first_when_the_partners_card_may_lose():
    # the partner's best card of the led suit is below the trick's 10
    facts = (5, 7, -1, -1)
    assert min(_ruff_weights(facts)) > max(_discard_weights(facts, random.Random(32)))


def test_a_ruff_comes_first_when_a_later_opponent_could_ruff_the_partners_card():
    # the later opponent is void in the led suit and holds the 9 of trumps
    facts = (-1, 12, 7, -1)
    assert max(_ruff_weights(facts)[8:]) > max(_discard_weights(facts, random.Random(33)))
