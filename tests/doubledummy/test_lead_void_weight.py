"""The lead's suit weight counts a void opponent as holding as many cards of the suit as
tricks are left (DDS's rule): early in a deal a void opponent ruffs or discards at will,
a wide tree; near the end it has few cards to choose from."""

import numpy as np

from solvers.doubledummy.layout import O_HANDS, O_TEAM, S_SIZE
from solvers.doubledummy.order import lead_suit_plan


def _state(hands):
    """A four-seat state of the given hands (masks), North-South (0, 2) against East-West."""
    S = np.zeros(S_SIZE, dtype=np.int64)
    for q, h in enumerate(hands):
        S[O_HANDS + q] = h
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    return S


def _bits(*ranks):
    return sum(1 << r for r in ranks)


def _plan(lho_cards, left, trump=-1):
    """The plan of suit 0 led by seat 0 holding the top two cards, its partner the third,
    the last seat two low cards; ``lho_cards`` the next seat's cards of the suit. Seat 0
    also holds a card of suit 1 so that the suit 0 is not all it has."""
    hands = [_bits(12, 11) | (1 << 16), lho_cards | (1 << 20), _bits(10) | (1 << 17), _bits(4, 5)]
    return lead_suit_plan(_state(hands), 4, 0, trump, 0, left, 2, 1, 3)


def test_void_opponent_weighs_as_the_tricks_left():
    for left in (1, 2, 3, 4):
        # everything but the suit's live cards is the same as a next seat holding ``left`` low cards
        assert _plan(0, left)[1:] == _plan(_bits(*range(left)), left)[1:]


def test_void_opponent_weighs_more_early():
    early = _plan(0, 12)
    late = _plan(0, 2)
    assert early[4] < late[4] and early[5] < late[5]
