"""In a trump game a side-suit lead the leader's partner can ruff above every opponent
void in the suit wins the trick, so every card of it is weighed as a winning lead (after
DDS's winning lead); a void opponent holding a higher trump makes it a losing lead again."""

import numpy as np

from solvers.doubledummy.layout import O_HANDS, O_TEAM, S_SIZE
from solvers.doubledummy.order import lead_suit_plan, lead_weight

SUIT = 0
TRUMP = 1


def _bits(*ranks):
    return sum(1 << r for r in ranks)


def _plan(partner_trump, lho_trump, lho_void):
    """Seat 0 leads suit 0 holding the 9 and the 5; the next seat holds the ace and the
    queen of it (or none, with ``lho_void``) and the trump ``lho_trump``; the partner
    (seat 2) is void in suit 0 and holds the trump ``partner_trump``; the last seat holds
    the king and the jack of suit 0 and a low trump."""
    suit = [_bits(7, 3), 0 if lho_void else _bits(12, 10), 0, _bits(11, 9)]
    trumps = [_bits(0), _bits(lho_trump), _bits(partner_trump), _bits(1)]
    S = np.zeros(S_SIZE, dtype=np.int64)
    for q in range(4):
        S[O_HANDS + q] = suit[q] | (trumps[q] << (16 * TRUMP))
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    return lead_suit_plan(S, 4, 0, TRUMP, SUIT, 8, 2, 1, 3)


def test_a_lead_the_partner_ruffs_wins():
    plan = _plan(partner_trump=10, lho_trump=5, lho_void=False)
    assert plan[2]
    # the low card takes the winning lead's weight (no card of the suit lies below it)
    assert lead_weight(3, False, plan) == plan[4]
    assert lead_weight(7, False, plan) == plan[4] + 1


def test_a_void_opponent_overruffing_makes_it_a_losing_lead():
    assert _plan(partner_trump=10, lho_trump=5, lho_void=True)[2]
    assert not _plan(partner_trump=4, lho_trump=5, lho_void=True)[2]


def test_without_trumps_nobody_ruffs():
    S = np.zeros(S_SIZE, dtype=np.int64)
    S[O_HANDS + 0] = _bits(7, 3)
    S[O_HANDS + 1] = _bits(12, 10)
    S[O_HANDS + 2] = _bits(6) << 16
    S[O_HANDS + 3] = _bits(11, 9)
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    assert not lead_suit_plan(S, 4, 0, -1, SUIT, 8, 2, 1, 3)[2]
