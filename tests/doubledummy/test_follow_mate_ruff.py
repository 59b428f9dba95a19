"""A follower void in the led suit whose partner, still to play, is void too and holds
a trump above every trump a later opponent could ruff with throws a discard before it
ruffs: the partner's ruff takes the trick and the follower keeps its trump (DDS's
second hand discards there too). When a later opponent can overruff the partner, a ruff
above the opponent's trumps still comes before every discard."""

import random

import numpy as np

from solvers.doubledummy.layout import O_HANDS, O_TEAM, S_SIZE
from solvers.doubledummy.order import later_facts
from tests.doubledummy.follow_weights import LED, TRUMP, discard_weights, ruff_weights


def _hand(**suits):
    return sum(holding << (16 * suit) for suit, holding in ((TRUMP, suits.get("trumps", 0)),
                                                             (LED, suits.get("led", 0)),
                                                             (2, suits.get("side", 0))))


def test_later_facts_names_the_highest_trump_of_a_void_partner():
    S = np.zeros(S_SIZE, dtype=np.int64)
    # seat 1 follows (void in the led suit); seat 2, an opponent, follows the led suit;
    # seat 3, the partner, is void in it and holds the 5 and the jack of trumps
    S[O_HANDS + 1] = _hand(trumps=0b1, side=0b110)
    S[O_HANDS + 2] = _hand(trumps=1 << 12, led=0b1000)
    S[O_HANDS + 3] = _hand(trumps=(1 << 3) | (1 << 9), side=0b1)
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    opp_top, mate_top, opp_ruff, opp_second, mate_ruff, opp_floor = later_facts(S, 4, 1, TRUMP, LED, 2, 0)
    assert (opp_top, mate_top, opp_ruff, mate_ruff) == (3, -1, -1, 9)
    # the partner holding a card of the led suit cannot ruff
    S[O_HANDS + 3] |= _hand(led=0b1)
    assert later_facts(S, 4, 1, TRUMP, LED, 2, 0)[4] == -1


def test_every_discard_comes_before_a_ruff_when_the_partner_surely_ruffs():
    # the later opponent follows the led suit (below the trick's 10); the partner is void
    # and holds the 5 of trumps
    facts = (5, -1, -1, -1, 3, -1)
    assert max(ruff_weights(False, facts)) < min(discard_weights(False, facts, random.Random(41)))
    # the later opponent is void too, with the 4 of trumps, below the partner's jack
    facts = (-1, -1, 2, -1, 9, -1)
    assert max(ruff_weights(False, facts)) < min(discard_weights(False, facts, random.Random(42)))


def test_a_safe_ruff_comes_first_when_an_opponent_can_overruff_the_partner():
    # the later opponent's queen of trumps tops the partner's jack
    facts = (-1, -1, 10, -1, 9, -1)
    assert min(ruff_weights(False, facts)[11:]) > max(discard_weights(False, facts, random.Random(43)))
