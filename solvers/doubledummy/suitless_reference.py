"""The plain reference for suitless rules: exhaustive play over card objects.

Every card of the hand (every copy, every power a choice card may be said as) is tried
at every turn, with no memo, no merged cards and no early stop; the rules are read
plainly from :class:`~solvers.doubledummy.suitless_rules.Suitless`. Small endings only:
it is the cross-check for :mod:`solvers.doubledummy.suitless`.
"""

from __future__ import annotations

from solvers.doubledummy.position import Position
from solvers.doubledummy.suitless import move_label
from solvers.errors import CardsageError

__all__ = ["reference_vectors", "MAX_CARDS"]

MAX_CARDS = 16


def reference_vectors(position: Position) -> dict[str, tuple[int, ...]]:
    """The payoff vector of the table after each legal move of the seat to play."""
    if sum(len(h) for h in position.hands) > MAX_CARDS:
        raise CardsageError(f"the suitless reference takes at most {MAX_CARDS} cards")
    rules = position.rules
    spec = rules.suitless
    n = rules.seats
    me = position.to_play
    team = None
    if spec.play == "paranoid":
        team = [rules.sides[s] == rules.sides[me] for s in range(n)]
    trick = []
    for i, card in enumerate(position.trick):
        trick.append(((position.leader + i) % n, spec.played_power(card)))
    hands = [list(h) for h in position.hands]
    game = _Plain(spec, n, team)
    out = {}
    for card, power in game.legal(hands[me], trick):
        out[move_label(card, power, len(spec.choices_of(card)) > 1)] = \
            game.after(hands, trick, me, card, power, [0] * n)
    return out


class _Plain:
    def __init__(self, spec, n, team):
        self.spec = spec
        self.n = n
        self.team = team

    def legal(self, hand, trick):
        spec = self.spec
        cards = list(hand)
        if spec.follow == "head_or_lowest" and trick:
            top = max(p for _, p in trick)
            low = min(spec.power(c) for c in hand)
            cards = [c for c in hand if spec.power(c) >= top or spec.power(c) == low]
        moves = [(c, p) for c in cards for p in spec.choices_of(c)]
        moves.sort(key=lambda m: (m[1], len(spec.choices_of(m[0])) > 1))
        if spec.prefer == "high":
            moves.reverse()
        return moves

    def winner(self, trick):
        seat, best = trick[0]
        for s, p in trick[1:]:
            if p > best or (self.spec.ties == "last" and p == best):
                seat, best = s, p
        return seat, best

    def after(self, hands, trick, seat, card, power, won):
        hands = [list(h) for h in hands]
        hands[seat].remove(card)
        trick = trick + [(seat, power)]
        if len(trick) < self.n:
            return self.turn(hands, trick, (seat + 1) % self.n, won)
        winner, best = self.winner(trick)
        won = list(won)
        won[winner] += 1
        if not any(hands):
            return self.payoff(won, winner, best)
        return self.turn(hands, [], winner, won)

    def turn(self, hands, trick, seat, won):
        kept = None
        for card, power in self.legal(hands[seat], trick):
            vector = self.after(hands, trick, seat, card, power, won)
            if kept is None or vector[seat] > kept[seat]:
                kept = vector
        return kept

    def payoff(self, won, winner, best):
        spec = self.spec
        n = self.n
        if spec.payoff == "exact":
            own = [-abs(won[s] - spec.targets[s]) for s in range(n)]
        elif spec.payoff == "tricks":
            own = list(won)
        elif spec.payoff == "last_trick":
            own = [-1 if s == winner else 0 for s in range(n)]
        else:
            own = [-best if s == winner else 0 for s in range(n)]
        if self.team is not None:
            side = sum(own[s] for s in range(n) if self.team[s])
            return tuple(side if self.team[s] else -side for s in range(n))
        if spec.relative:
            return tuple((n - 1) * own[s] - sum(own[o] for o in range(n) if o != s) for s in range(n))
        return tuple(own)
