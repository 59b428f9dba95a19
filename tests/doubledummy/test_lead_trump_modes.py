"""In a trump game a lead that loses the trick is weighed by DDS's trump-game modes: from
a suit whose top card an opponent holds (not bare), the lowest card is tried first when
the partner holds a card above the leader's (a lead towards it), the higher first when
the leader holds the side's highest card of the suit; without trumps the higher of two
cards that do not touch is tried first, as before."""

import numpy as np

from solvers.doubledummy.layout import O_HANDS, O_TEAM, S_SIZE
from solvers.doubledummy.order import lead_suit_plan, lead_weight

SUIT = 0
TRUMP = 1


def _bits(*ranks):
    return sum(1 << r for r in ranks)


def _plan(trump, partner_top=6):
    """Seat 0 leads suit 0 holding the 9 and the 5; the next seat holds the ace, queen and
    a low card, the partner (seat 2) the card ``partner_top`` (the 8, or the ten: 8) and
    the 6, the last seat the king and the jack. Every seat holds a trump (suit 1), so
    nobody can ruff suit 0."""
    suit = [_bits(7, 3), _bits(12, 10, 0), _bits(partner_top, 4), _bits(11, 9)]
    S = np.zeros(S_SIZE, dtype=np.int64)
    for q, h in enumerate(suit):
        S[O_HANDS + q] = h | (1 << (16 * TRUMP + q))
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    return lead_suit_plan(S, 4, 0, trump, SUIT, 8, 2, 1, 3)


def test_a_losing_lead_in_a_trump_game_tries_the_low_card_first_towards_the_partner():
    plan = _plan(TRUMP, partner_top=8)
    assert lead_weight(3, False, plan) > lead_weight(7, False, plan)


def test_a_losing_lead_in_a_trump_game_tries_the_higher_card_first_without_the_partner():
    plan = _plan(TRUMP)
    assert lead_weight(7, False, plan) > lead_weight(3, False, plan)


def test_without_trumps_the_higher_card_comes_first():
    plan = _plan(-1)
    assert lead_weight(7, False, plan) > lead_weight(3, False, plan)
