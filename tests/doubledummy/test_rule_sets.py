"""Non-bridge rule sets against an exhaustive minimax written here (no pruning at all),
and against the package's plain reference solver on somewhat larger endings."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values


def _beats(rules, card, best):
    (cs, cp), (bs, bp) = rules.card_key(card), rules.card_key(best)
    return cp > bp if cs == bs else (rules.trump is not None and cs == rules.trump)


def _allowed(rules, hand, trick):
    if not trick:
        return list(hand)
    suit = lambda c: rules.card_key(c)[0]  # noqa: E731
    follow = [c for c in hand if suit(c) == suit(trick[0])]
    allowed = follow or list(hand)
    if not follow and rules.must_trump and rules.trump is not None:
        allowed = [c for c in hand if suit(c) == rules.trump] or allowed
    if rules.must_head:
        best = trick[0]
        for c in trick[1:]:
            if _beats(rules, c, best):
                best = c
        allowed = [c for c in allowed if _beats(rules, c, best)] or allowed
    return allowed


def minimax(rules, hands, leader, trick, team):
    """Value for ``team`` of the rest of play, trying every legal card everywhere."""
    n = rules.seats
    played = [(leader + i) % n for i in range(len(trick))]
    seat = (leader + len(trick)) % n
    while not hands[seat] and rules.unequal_hands:
        seat = (seat + 1) % n
    results = []
    for card in _allowed(rules, hands[seat], trick):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        now = trick + [card]
        seats = played + [seat]
        to_come = [s for s in range(n) if s not in seats and rest[s]] if rules.unequal_hands else \
            range(n - len(now))
        if len(to_come):
            results.append(_minimax_mid(rules, rest, leader, now, seats, team))
            continue
        results.append(_score_trick(rules, rest, now, seats, team))
    return max(results) if team[seat] else min(results)


def _minimax_mid(rules, hands, leader, trick, seats, team):
    n = rules.seats
    seat = (seats[-1] + 1) % n
    while not hands[seat]:
        seat = (seat + 1) % n
    results = []
    for card in _allowed(rules, hands[seat], trick):
        rest = [list(h) for h in hands]
        rest[seat].remove(card)
        now, who = trick + [card], seats + [seat]
        if rules.unequal_hands:
            more = [s for s in range(n) if s not in who and rest[s]]
        else:
            more = range(n - len(now))
        if len(more):
            results.append(_minimax_mid(rules, rest, leader, now, who, team))
        else:
            results.append(_score_trick(rules, rest, now, who, team))
    return max(results) if team[seat] else min(results)


def _score_trick(rules, hands, trick, seats, team):
    best = 0
    for i in range(1, len(trick)):
        if _beats(rules, trick[i], trick[best]):
            best = i
    winner = seats[best]
    left = max(len(h) for h in hands)
    gain = 0
    if team[winner]:
        gain = rules.trick_points + sum(rules.points_of(c) for c in trick)
        if left < len(rules.last_trick_points):
            gain += rules.last_trick_points[left]
    if not any(hands):
        return gain
    return gain + minimax(rules, hands, winner, [], team)


def brute_values(position):
    rules = position.rules
    me = position.to_play
    team = [rules.sides[s] == rules.sides[me] for s in range(rules.seats)]
    seats = [(position.leader + i) % rules.seats for i in range(len(position.trick))]
    out = {}
    for card in _allowed(rules, position.hands[me], list(position.trick)):
        rest = [list(h) for h in position.hands]
        rest[me].remove(card)
        now, who = list(position.trick) + [card], seats + [me]
        more = [s for s in range(rules.seats) if s not in who and rest[s]]
        if more:
            out[str(card)] = _minimax_mid(rules, rest, position.leader, now, who, team)
        else:
            out[str(card)] = _score_trick(rules, rest, now, who, team)
    return out


RULE_SETS = {
    "manille": TrickRules.manille(2),
    "manille-no-trump": TrickRules.manille(None),
    "kop": TrickRules.kop(),
    "kop-solo": TrickRules.kop(sides=(0, 1, 1, 1)),
    "agram-3": TrickRules.agram(3),
    "agram-5": TrickRules.agram(5),
    "king-hearts": TrickRules.king(2),
    "king-last-two": TrickRules.king(6),
    "king-down": TrickRules.king(9, trump=1, down=True),
    "trex-queens": TrickRules.trex("queens"),
    "tetka": TrickRules.tetka("QS"),
    "napoleon-5": TrickRules.napoleon(3, seats=5, bidder=1, pack=40),
    "paranoid-3": TrickRules(seats=3, trump=0),
    "must-trump-and-head-3": TrickRules(seats=3, trump=1, must_trump=True, must_head=True),
    "teka-alone": TrickRules.teka(3, declarer_alone=True),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_small_endings_match_exhaustive_minimax(name):
    rules = RULE_SETS[name]
    rng = Rng(name)
    solver = Solver()
    size = 2 if rules.seats >= 5 else 3
    for _ in range(6):
        position = random_position(rng, min(size, len(rules.cards) // rules.seats), rules)
        result = solver.solve(position, values="all")
        assert result.cards == brute_values(position), position
        assert result.value == max(result.cards.values())


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_larger_endings_match_reference(name):
    rules = RULE_SETS[name]
    rng = Rng("ref-" + name)
    solver = Solver()
    size = 3 if rules.seats >= 5 else 5 if rules.seats == 3 else 4
    for _ in range(4):
        position = random_position(rng, min(size, len(rules.cards) // rules.seats), rules)
        assert solver.solve(position, values="all").cards == reference_values(position), position


def test_unequal_hands_match_exhaustive_minimax():
    rules = TrickRules(trump=2, unequal_hands=True, sides=(0, 1, 0, 1))
    rng = Rng(99)
    for _ in range(8):
        base = random_position(rng, 3, rules, trick_cards=0)
        hands = [list(h) for h in base.hands]
        hands[rng.below(4)].pop()
        hands[rng.below(4)].pop()
        leader = next(s for s in range(4) if hands[s])
        position = Position.from_hands(hands, leader, (), rules)
        assert Solver().solve(position, values="all").cards == brute_values(position)


def test_manille_must_trump_when_void():
    rules = TrickRules.manille(0)  # clubs trumps
    position = Position.from_hands([["TH"], ["7C"], ["AH"], ["8S"]], 0, (), rules)
    result = Solver().solve(position, values="all")
    assert set(result.cards) == {"TH"}
    follow = Position.from_hands([["TH"], ["7C", "8S"], ["AH", "9S"], ["8D", "7D"]], 0, ["KH"], rules)
    assert set(Solver().solve(follow, values="all").cards) == {"7C"}


def test_kop_must_head():
    rules = TrickRules.kop()
    # A♣ led; the next seat holds 10♣ (cannot beat) and must still follow clubs
    position = Position.from_hands([[], ["TC"], ["AH"], ["QD"]], 0, ["AC"], rules)
    assert set(Solver().solve(position, values="all").cards) == {"TC"}
    # a trump was led: the seat must beat Q♦ if it can (J♣ cannot, Q♣ can)
    position = Position.from_hands([["JD"], ["QC", "JC"], ["AS", "TS"], ["TC", "AC"]], 0, ["QD"], rules)
    assert set(Solver().solve(position, values="all").cards) == {"QC"}


def test_unequal_hands_match_reference():
    rules = TrickRules(seats=3, trump=1, unequal_hands=True)
    rng = Rng(98)
    for _ in range(8):
        base = random_position(rng, 4, rules, trick_cards=0)
        hands = [list(h) for h in base.hands]
        for _ in range(3):
            seat = rng.below(3)
            if hands[seat]:
                hands[seat].pop()
        leader = next(s for s in range(3) if hands[s])
        position = Position.from_hands(hands, leader, (), rules)
        assert Solver().solve(position, values="all").cards == reference_values(position)
