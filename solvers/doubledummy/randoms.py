"""Seeded random positions for tests and benchmarks."""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.doubledummy.position import Position
from solvers.doubledummy.rules import TrickRules
from solvers.errors import CardsageError

__all__ = ["random_position", "legal_cards"]


def legal_cards(rules: TrickRules, hand, trick) -> list[Card]:
    """The cards of ``hand`` the rules allow on ``trick`` (a plain restatement of the
    rules, independent of the kernel)."""
    hand = list(hand)
    if not trick:
        return hand
    key = rules.card_key
    led = key(trick[0])[0]
    allowed = [c for c in hand if key(c)[0] == led]
    if not allowed:
        allowed = hand
        if rules.must_trump and rules.trump is not None:
            trumps = [c for c in hand if key(c)[0] == rules.trump]
            allowed = trumps or hand
    if rules.must_head:
        best = trick[0]
        for c in trick[1:]:
            if beats(rules, c, best):
                best = c
        winners = [c for c in allowed if beats(rules, c, best)]
        allowed = winners or allowed
    return allowed


def beats(rules: TrickRules, card: Card, best: Card) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    (cs, cp), (bs, bp) = rules.card_key(card), rules.card_key(best)
    if cs == bs:
        return cp > bp
    return rules.trump is not None and cs == rules.trump


def random_position(rng: Rng, cards_per_hand: int, rules: TrickRules | None = None,
                    trick_cards: int | None = None, leader: int | None = None) -> Position:
    """A random position: ``cards_per_hand`` cards for every seat drawn from the game's
    cards, then ``trick_cards`` legal random cards played to the current trick (random
    count when None)."""
    rules = rules or TrickRules.bridge()
    n = rules.seats
    pack = list(rules.cards)
    if cards_per_hand * n > len(pack) or cards_per_hand < 1:
        raise CardsageError(f"{cards_per_hand} cards for {n} seats do not fit in {len(pack)} cards")
    rng.shuffle(pack)
    hands = [sorted(pack[i * cards_per_hand:(i + 1) * cards_per_hand]) for i in range(n)]
    leader = rng.below(n) if leader is None else leader
    count = rng.below(n) if trick_cards is None else trick_cards
    trick: list[Card] = []
    for i in range(count):
        seat = (leader + i) % n
        card = rng.choice(legal_cards(rules, hands[seat], trick))
        hands[seat].remove(card)
        trick.append(card)
    return Position.from_hands(hands, leader, trick, rules)
