"""A follower void in the led suit whose partner, still to play, surely wins the trick
(the partner holds a card of the led suit above the trick's card and above every later
opponent's, and no later opponent can ruff) throws a discard before it ruffs: the
partner's card takes the trick and the trump is kept. When the partner's card may lose,
a ruff that no later opponent can beat still comes before every discard."""

import random

from tests.doubledummy.follow_weights import discard_weights, ruff_weights


def test_every_discard_comes_before_a_ruff_when_the_partner_surely_wins():
    # the partner holds the ace of the led suit; the later opponent's best is the 7
    facts = (5, 12, -1, -1, -1, -1)
    assert max(ruff_weights(False, facts)) < min(discard_weights(False, facts, random.Random(31)))


def test_a_safe_ruff_comes_first_when_the_partners_card_may_lose():
    # the partner's best card of the led suit is below the trick's 10
    facts = (5, 7, -1, -1, -1, -1)
    assert min(ruff_weights(False, facts)) > max(discard_weights(False, facts, random.Random(32)))


def test_a_ruff_comes_first_when_a_later_opponent_could_ruff_the_partners_card():
    # the later opponent is void in the led suit and holds the 9 of trumps
    facts = (-1, 12, 7, -1, -1, -1)
    assert max(ruff_weights(False, facts)[8:]) > max(discard_weights(False, facts, random.Random(33)))
