"""A follower's card of the led suit below the floor (every card of some later seat that
must follow the suit lies above it, a partner's or an opponent's) cannot matter to the
trick: that seat beats it whatever it plays. Such a card weighs as a card that does not
beat the trick's card, lowest first, instead of as a card that beats it (DDS's "too low
to matter" of the second and third hands). A void follower whose opponents win the trick
ruffs before it discards from a short suit even when a later opponent can overruff (the
ruff forces out a higher trump). Every card's value on random positions with a trick in
progress is the plain reference search's."""

import numpy as np

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import C_SEATS, C_TRUMP, O_CFG, O_HANDS, O_TEAM, O_TRICK, O_TSEAT, S_SIZE
from solvers.doubledummy.order import discard_base, follow_low_first, follow_weight, later_facts
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values
from tests.doubledummy.follow_weights import ruff_weights

LED = 1
# ranks 0..12 stand for the 2..ace
TWO, THREE, FOUR, FIVE, NINE, JACK, QUEEN, KING, ACE = 0, 1, 2, 3, 7, 9, 10, 11, 12


def _led(*ranks):
    return sum(1 << r for r in ranks) << (16 * LED)


def test_later_facts_gives_the_highest_lowest_card_of_the_later_seats():
    S = np.zeros(S_SIZE, dtype=np.int64)
    # seat 1 follows; seat 2 (an opponent) holds the ace and the 4, seat 3 (the
    # partner) the king and the queen: the partner's queen is the floor
    S[O_HANDS + 2] = _led(ACE, FOUR)
    S[O_HANDS + 3] = _led(KING, QUEEN)
    S[O_TEAM + 1] = S[O_TEAM + 3] = 1
    assert later_facts(S, 4, 1, -1, LED, 2, 0)[5] == QUEEN
    # a later seat void in the led suit sets no floor
    S[O_HANDS + 3] = 0
    assert later_facts(S, 4, 1, -1, LED, 2, 0)[5] == FOUR


def _weights(trump, w, my_side_wins, facts, ranks):
    return [follow_weight(trump, LED, 16 * LED + w, my_side_wins, facts, 16 * LED + b, False, 0xFFFF, 0)
            for b in ranks]


def test_third_hand_plays_low_under_the_fourth_hands_cards():
    # the partner led the 3; the fourth hand holds the king and the queen; the jack
    # beats the 3 but not the queen, the fourth hand's lowest card: the 2 comes first
    # (the old weights put the jack first, as a card that beats the trick's)
    facts = (KING, -1, -1, QUEEN, -1, QUEEN)
    for trump in (-1, 2):
        two, jack = _weights(trump, THREE, True, facts, (TWO, JACK))
        assert two > jack


def test_second_hand_plays_low_under_the_partners_cards():
    # the leader's 3; the third hand holds the ace and the 4, the partner (fourth) the
    # king and the queen: the 9 cannot take the trick from either, the 2 comes first
    facts = (ACE, KING, -1, FOUR, -1, QUEEN)
    for trump in (-1, 2):
        two, nine = _weights(trump, THREE, False, facts, (TWO, NINE))
        assert two > nine


def test_a_card_above_the_floor_still_beats_first():
    # the same trick with the floor at the 4: the 9 can still matter and comes first
    facts = (ACE, KING, -1, FOUR, -1, FOUR)
    two, nine = _weights(-1, THREE, False, facts, (TWO, NINE))
    assert nine > two


def test_low_first_when_every_card_lies_below_the_floor():
    facts = (KING, -1, -1, QUEEN, -1, QUEEN)
    m = (1 << TWO) | (1 << NINE) | (1 << JACK)
    assert follow_low_first(m, LED, 16 * LED + THREE, True, facts, True)
    assert not follow_low_first(m | (1 << ACE), LED, 16 * LED + THREE, True, facts, True)


def test_a_ruff_that_may_be_overruffed_comes_before_a_short_discard():
    # the opponents win with the 10 of the led suit; a later opponent void in it can
    # overruff with the queen of trumps; the follower's side suit holds two small cards
    facts = (5, -1, QUEEN, -1, -1, -1)
    mine = (1 << TWO) | (1 << THREE)
    held = mine | (1 << ACE) | (1 << KING)
    discards = [follow_weight(0, LED, 16 * LED + 8, False, facts, 16 * 2 + b, False, held,
                              discard_base(mine, held, False)) for b in (TWO, THREE)]
    ruffs = ruff_weights(False, facts)[:QUEEN]
    assert min(ruffs) > max(discards)
    # when the follower's side wins the trick so far, the discard comes first
    assert max(ruff_weights(True, facts)[:QUEEN]) < follow_weight(
        0, LED, 16 * LED + 8, True, facts, 16 * 2 + TWO, False, held, discard_base(mine, held, True))


def _rule_fires(position):
    """Does the seat to play hold a card of the led suit that beats the trick's card
    and lies below the floor?"""
    state = encode(position)
    S = state.packed()
    tlen = int(state.st[0])
    n = int(S[O_CFG + C_SEATS])
    p = (int(S[O_TSEAT + tlen - 1]) + 1) % n
    led = int(S[O_TRICK]) >> 4
    facts = later_facts(S, n, p, int(S[O_CFG + C_TRUMP]), led, n - 1 - tlen, 0)
    mine = (int(S[O_HANDS + p]) >> (16 * led)) & 0xFFFF
    best = max((int(S[O_TRICK + i]) for i in range(tlen) if int(S[O_TRICK + i]) >> 4 == led))
    return any((mine >> b) & 1 and b > (best & 15) and b < facts[5] for b in range(16))


def test_values_equal_the_plain_reference_with_a_trick_in_progress():
    rng = Rng("third-hand-floor-reference")
    solver = Solver()
    fired = 0
    for i in range(90):
        rules = TrickRules.bridge((None, 0, 1, 2, 3)[i % 5])
        position = random_position(rng, 2 + i % 3, rules, trick_cards=1 + i % 2)
        fired += _rule_fires(position)
        assert solver.solve(position, values="all").cards == reference_values(position), position
    assert fired > 0
