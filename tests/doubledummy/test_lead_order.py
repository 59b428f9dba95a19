"""A winning lead to the partner's top card that nobody can ruff tries the leader's cards
below that card lowest first when the partner should win the trick and be on lead next
(``order._partner_leads_next``): when the leader holds at least as many cards of the
suit, or, without trumps, when only the partner holds a sure winner in another suit;
otherwise the highest first, as before. Only the order changes: the values stay the plain
reference search's."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import O_HANDS, O_ST, O_TEAM, W_MOVES
from solvers.doubledummy.order import lead_suit_plan, lead_weight
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_value, reference_values

SUIT = 0
ACE, KING, QUEEN = 12, 11, 10


def _bits(*ranks):
    return sum(1 << r for r in ranks)


def _state(hands):
    """A packed no-trump bridge state, seat 0 on lead, the hands given as one list of
    ranks per suit (0 the two, 12 the ace) for each of the four seats."""
    position = random_position(Rng("lead-order-state"), len(sum(hands[0], [])), TrickRules.bridge(None),
                               trick_cards=0)
    S = encode(position).packed()
    for q, suits in enumerate(hands):
        S[O_HANDS + q] = sum(_bits(*ranks) << (16 * s) for s, ranks in enumerate(suits))
    S[O_ST] = 0
    S[O_ST + 1] = 0
    return S


def _plan(S):
    assert S[O_TEAM + 0] == S[O_TEAM + 2] != S[O_TEAM + 1]
    return lead_suit_plan(S, 4, 0, -1, SUIT, 3, 2, 1, 3)


def _first_lead(S):
    """The card the ordering tries first for seat 0's lead (no hint, no killer)."""
    W = K.new_work()
    mask = int(S[O_HANDS + 0])
    count = K._order_at(S.ctypes.data, W.ctypes.data, 0, 0, mask, 0, -1, 0)
    assert count >= 1
    return int(W[0, W_MOVES])


# the partner's ace tops the opponents' cards of suit 0 (the nine down to the six)
OPPONENTS = ([7, 6], [5, 4])


def test_the_longer_leader_leads_low_to_the_partners_ace():
    """The leader's king, five, four against the partner's ace and two: the low card
    goes first, the king stays for the next round (the old weights led the king)."""
    S = _state([[[KING, 3, 2]], [OPPONENTS[0], [0]], [[ACE, 0], [1]], [OPPONENTS[1], [2]]])
    plan = _plan(S)
    assert plan[2]
    assert lead_weight(3, True, plan) > lead_weight(KING, False, plan)
    assert _first_lead(S) == 16 * SUIT + 3


def test_the_shorter_leader_leads_its_high_card_first():
    """The leader's king and five against the partner's ace, three and two, no sure
    winner elsewhere in either hand: the king first (it unblocks the short hand)."""
    S = _state([[[KING, 3], [8]], [OPPONENTS[0], [12]], [[ACE, 1, 0], []], [OPPONENTS[1], [11]]])
    plan = _plan(S)
    assert plan[2]
    assert lead_weight(KING, False, plan) > lead_weight(3, False, plan)


def test_the_partners_outside_winner_makes_it_low_first():
    """As above, but the partner holds the ace of another suit and the leader no sure
    winner outside suit 0: the partner should be on lead, the five goes first."""
    S = _state([[[KING, 3], [8], [1]], [OPPONENTS[0], [11], [9]], [[ACE, 1, 0], [12], []],
                [OPPONENTS[1], [10], [8]]])
    plan = _plan(S)
    assert plan[2]
    assert lead_weight(3, False, plan) > lead_weight(KING, False, plan)


def test_a_card_above_the_partners_top_keeps_the_old_order():
    """The leader's ace above the partner's king: the ace still weighs as before (its
    relative rank), the low card lowest first below the king."""
    S = _state([[[ACE, 3, 2]], [OPPONENTS[0], [0]], [[KING, 0], [1]], [OPPONENTS[1], [2]]])
    plan = _plan(S)
    assert plan[8] == KING
    rrank_ace = 8
    assert lead_weight(ACE, False, plan) == plan[4] + rrank_ace


def test_in_a_trump_game_the_length_rule_holds_when_nobody_ruffs():
    """Trumps are suit 3, which nobody holds: the longer leader still leads low."""
    S = _state([[[KING, 3, 2]], [OPPONENTS[0], [0]], [[ACE, 0], [1]], [OPPONENTS[1], [2]]])
    assert lead_suit_plan(S, 4, 0, 3, SUIT, 3, 2, 1, 3)[8] == ACE


def test_in_a_trump_game_a_ruff_turns_the_rule_off():
    """An opponent void in suit 0 holds a trump (suit 1): the lead is no winning lead
    and no card goes low for the partner."""
    S = _state([[[KING, 3, 2]], [[7, 6, 5]], [[ACE, 0], [1]], [[], [2, 0, 3]]])
    plan = lead_suit_plan(S, 4, 0, 1, SUIT, 3, 2, 1, 3)
    assert not plan[2]
    assert plan[8] == -1


def test_in_a_trump_game_the_outside_winner_does_not_count():
    """The shorter leader with the partner's outside ace, trumps suit 3 (nobody holds
    any): without trumps the five would go first, here the king does."""
    S = _state([[[KING, 3], [8], [1]], [OPPONENTS[0], [11], [9]], [[ACE, 1, 0], [12], []],
                [OPPONENTS[1], [10], [8]]])
    assert lead_suit_plan(S, 4, 0, 3, SUIT, 3, 2, 1, 3)[8] == -1
    assert _plan(S)[8] == ACE


@pytest.mark.parametrize("seed", ["lead-order-a", "lead-order-b"])
def test_values_equal_the_plain_reference_without_trumps(seed):
    """Best values on 60 random no-trump positions of 2 to 4 cards a hand, and every
    card's value on a third of them, equal the plain reference search's."""
    rng = Rng(seed)
    for i in range(60):
        position = random_position(rng, 2 + i % 3, TrickRules.bridge(None), trick_cards=i % 4)
        if i % 3 == 0:
            assert Solver().solve(position, values="all").cards == reference_values(position), position
        else:
            assert Solver().solve(position).value == reference_value(position), position


@pytest.mark.parametrize("seed", ["lead-order-trump-a", "lead-order-trump-b"])
def test_values_equal_the_plain_reference_in_trump_games(seed):
    """Best values on 60 random trump-game positions of 2 to 4 cards a hand (the trump
    suit turning with the position), and every card's value on a third of them, equal
    the plain reference search's."""
    rng = Rng(seed)
    for i in range(60):
        position = random_position(rng, 2 + i % 3, TrickRules.bridge(i % 4), trick_cards=(i // 4) % 4)
        if i % 3 == 0:
            assert Solver().solve(position, values="all").cards == reference_values(position), position
        else:
            assert Solver().solve(position).value == reference_value(position), position


def test_the_rule_decides_some_random_trump_leads():
    """The trump-game rule is not idle: on random trump-game boundaries it sets
    ``low_below`` for some of the leader's suits."""
    rng = Rng("lead-order-trump-fires")
    fired = 0
    for i in range(400):
        trump = i % 4
        S = encode(random_position(rng, 2 + i % 5, TrickRules.bridge(trump), trick_cards=0)).packed()
        p = int(S[O_ST + 1])
        for s in range(4):
            if (int(S[O_HANDS + p]) >> (16 * s)) & 0xFFFF:
                fired += lead_suit_plan(S, 4, p, trump, s, 6, (p + 2) % 4, (p + 1) % 4, (p + 3) % 4)[8] >= 0
    assert fired > 10


def test_the_rule_decides_some_random_first_leads():
    """The rule is not idle: on random no-trump boundaries it sets ``low_below`` for
    some of the leader's suits."""
    rng = Rng("lead-order-fires")
    fired = 0
    for i in range(200):
        S = encode(random_position(rng, 3 + i % 6, TrickRules.bridge(None), trick_cards=0)).packed()
        p = int(S[O_ST + 1])
        for s in range(4):
            if (int(S[O_HANDS + p]) >> (16 * s)) & 0xFFFF:
                fired += lead_suit_plan(S, 4, p, -1, s, 6, (p + 2) % 4, (p + 1) % 4, (p + 3) % 4)[8] >= 0
    assert fired > 10
