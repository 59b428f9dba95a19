"""The plain reference solver: full minimax over Python card objects.

No pruning and no kernel; results are remembered at trick boundaries only, keyed on the
exact hands. It is slow (small endings only) and serves as the cross-check for the
compiled kernel on every rule set.
"""

from __future__ import annotations

from functools import lru_cache

from solvers.doubledummy.position import Position, _trick_seats
from solvers.doubledummy.randoms import beats, legal_cards
from solvers.errors import CardsageError

__all__ = ["reference_value", "reference_values"]

MAX_CARDS = 28


def reference_value(position: Position) -> int:
    """Best value for the side to play, by exhaustive minimax."""
    return max(reference_values(position).values())


def reference_values(position: Position) -> dict[str, int]:
    """Value for the side to play after each of its legal cards."""
    total = sum(len(h) for h in position.hands)
    if total > MAX_CARDS:
        raise CardsageError(f"the reference solver takes at most {MAX_CARDS} cards")
    rules = position.rules
    me = position.to_play
    team = tuple(rules.sides[s] == rules.sides[me] for s in range(rules.seats))
    solver = _Minimax(rules, team)
    hands = tuple(frozenset(h) for h in position.hands)
    trick = tuple(zip(position.trick, _trick_seats(position)))
    out = {}
    for card in legal_cards(rules, sorted(position.hands[me]), [c for c, _ in trick]):
        out[str(card)] = solver.after(hands, trick, position.leader, me, card)
    return out


class _Minimax:
    def __init__(self, rules, team):
        self.rules = rules
        self.team = team
        self.value = lru_cache(maxsize=None)(self._value)

    def after(self, hands, trick, leader, seat, card) -> int:
        hands = tuple(h - {card} if s == seat else h for s, h in enumerate(hands))
        trick = trick + ((card, seat),)
        if len(trick) < self._participants(hands, trick):
            return self._play(hands, trick, leader)
        return self._finish(hands, trick)

    def _participants(self, hands, trick) -> int:
        if not self.rules.unequal_hands:
            return self.rules.seats
        played = {s for _, s in trick}
        return len(trick) + sum(1 for s, h in enumerate(hands) if h and s not in played)

    def _finish(self, hands, trick) -> int:
        rules = self.rules
        best_card, winner = trick[0]
        for card, seat in trick[1:]:
            if beats(rules, card, best_card):
                best_card, winner = card, seat
        left = max(len(h) for h in hands)
        gain = 0
        if self.team[winner]:
            gain = rules.trick_points + sum(rules.points_of(c) for c, _ in trick)
            if left < len(rules.last_trick_points):
                gain += rules.last_trick_points[left]
        if not any(hands):
            return gain
        return gain + self.value(hands, winner)

    def _value(self, hands, leader) -> int:
        return self._play(hands, (), leader)

    def _play(self, hands, trick, leader) -> int:
        n = self.rules.seats
        if not trick:
            seat = leader
            while not hands[seat]:
                seat = (seat + 1) % n
        else:
            seat = (trick[-1][1] + 1) % n
            while not hands[seat]:
                seat = (seat + 1) % n
        results = [self.after(hands, trick, leader, seat, card)
                   for card in legal_cards(self.rules, sorted(hands[seat]), [c for c, _ in trick])]
        return max(results) if self.team[seat] else min(results)
