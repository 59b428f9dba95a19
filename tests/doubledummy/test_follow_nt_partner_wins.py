"""Without trumps, a follower whose partner still to play surely wins the trick (the
partner's card of the led suit tops the trick's card and every later opponent's) plays
its cards of the led suit lowest first, also one that would win the trick itself: the
partner takes it and the follower's high card is kept. In a trump game the cheapest
card that surely wins still comes first (those weights are left as they were)."""

from solvers.doubledummy.order import follow_weight

LED = 1
# the trick's card so far: the 5 of the led suit (rank 3 of 0..12), led by an opponent
WINNING = 16 * LED + 3
# the later opponent's best card of the led suit is the queen, the partner's the ace
FACTS = (10, 12, -1, 4, -1)


def _weights(trump, ranks):
    held = 0xFFFF
    return [follow_weight(trump, LED, WINNING, False, FACTS, 16 * LED + b, False, held, 0) for b in ranks]


def test_no_trump_lowest_card_first_when_the_partner_surely_wins():
    # the follower holds the 2, the 9 and the king: the king would win the trick too
    ranks = (0, 7, 11)
    w = _weights(-1, ranks)
    assert w[0] > w[1] > w[2]


def test_trump_game_keeps_the_cheapest_sure_winner_first():
    ranks = (0, 7, 11)
    w = _weights(2, ranks)
    assert w[2] == max(w)
