"""A follower whose partner still to play surely wins the trick (the partner's card of
the led suit tops the trick's card and every later opponent's, and in a trump game no
later opponent can ruff) plays its cards of the led suit lowest first, also one that
would win the trick itself: the partner takes it and the follower's high card is kept.
In a trump game where a later opponent may ruff, the lowest card does not come first. Every card's value on random trump positions with a trick in progress is the
plain reference search's."""

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.order import follow_weight
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values

LED = 1
# the trick's card so far: the 5 of the led suit (rank 3 of 0..12), led by an opponent
WINNING = 16 * LED + 3
# the later opponent's best card of the led suit is the queen, the partner's the ace
FACTS = (10, 12, -1, 4, -1, -1)


def _weights(trump, ranks):
    held = 0xFFFF
    return [follow_weight(trump, LED, WINNING, False, FACTS, 16 * LED + b, False, held, 0) for b in ranks]


def test_no_trump_lowest_card_first_when_the_partner_surely_wins():
    # the follower holds the 2, the 9 and the king: the king would win the trick too
    ranks = (0, 7, 11)
    w = _weights(-1, ranks)
    assert w[0] > w[1] > w[2]


def test_trump_game_lowest_card_first_when_the_partner_surely_wins():
    ranks = (0, 7, 11)
    w = _weights(2, ranks)
    assert w[0] > w[1] > w[2]


def test_trump_led_lowest_card_first_when_the_partner_surely_wins():
    # trumps led: nobody can ruff, the partner's ace of trumps takes the trick
    held = 0xFFFF
    w = [follow_weight(LED, LED, WINNING, False, FACTS, 16 * LED + b, False, held, 0) for b in (0, 7, 11)]
    assert w[0] > w[1] > w[2]


def test_trump_game_with_a_later_ruff_does_not_play_low_first():
    # a later opponent void in the led suit can ruff with its 7 of trumps
    held = 0xFFFF
    facts = (10, 12, 5, 4, -1, -1)
    w = [follow_weight(2, LED, WINNING, False, facts, 16 * LED + b, False, held, 0) for b in (0, 7, 11)]
    assert w[0] < max(w)


def test_answers_match_the_reference_in_trump_games_with_a_trick_in_progress():
    rng = Rng("partner-wins-trump-reference")
    solver = Solver()
    for i in range(60):
        rules = TrickRules.bridge(i % 4)
        position = random_position(rng, 2 + i % 3, rules, trick_cards=1 + i % 2)
        assert solver.solve(position, values="all").cards == reference_values(position), position
