"""Values do not change under relabellings that change nothing in the game."""

from hypothesis import given, settings, strategies as st

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.doubledummy.randoms import random_position

SOLVER = Solver()


def _position(seed, size, strain, trick_cards):
    return random_position(Rng(seed), size, TrickRules.bridge(strain), trick_cards=trick_cards)


positions = st.builds(_position, st.integers(0, 10**9), st.integers(1, 5),
                      st.sampled_from([None, 0, 1, 2, 3]), st.integers(0, 3))


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(1, 3))
def test_rotating_seats_keeps_values(position, shift):
    n = position.seats
    hands = [position.hands[(s - shift) % n] for s in range(n)]
    rotated = Position.from_hands(hands, (position.leader + shift) % n, position.trick, position.rules)
    assert SOLVER.solve(rotated, values="all").cards == SOLVER.solve(position, values="all").cards


@settings(max_examples=25, deadline=None)
@given(positions, st.permutations([0, 1, 2, 3]))
def test_relabelling_suits_keeps_values(position, perm):
    def move(card):
        return Card.standard(card.rank, perm[card.suit])
    trump = position.rules.trump
    rules = TrickRules.bridge(None if trump is None else perm[trump])
    relabelled = Position.from_hands([[move(c) for c in h] for h in position.hands], position.leader,
                                     [move(c) for c in position.trick], rules)
    before = SOLVER.solve(position, values="all").cards
    after = SOLVER.solve(relabelled, values="all").cards
    assert {str(move(Card.standard(*_rank_suit(k)))): v for k, v in before.items()} == after


def _rank_suit(text):
    from solvers.cards import parse_card
    card = parse_card(text)
    return card.rank, card.suit


@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 51))
def test_swapping_a_card_for_an_equivalent_played_card_keeps_values(position, pick):
    """A card may be exchanged for a card already played out of the same suit when no
    card still in play lies between them: only ranks among the remaining cards count."""
    live = {c for h in position.hands for c in h} | set(position.trick)
    holders = [(s, c) for s, h in enumerate(position.hands) for c in h]
    seat, card = holders[pick % len(holders)]
    for step in (1, -1):
        rank = card.rank + step
        while 2 <= rank <= 14 and Card.standard(rank, card.suit) not in live:
            twin = Card.standard(rank, card.suit)
            hands = [[twin if c == card else c for c in h] for h in position.hands]
            swapped = Position.from_hands(hands, position.leader, position.trick, position.rules)
            before = SOLVER.solve(position, values="all").cards
            after = SOLVER.solve(swapped, values="all").cards
            assert {str(twin) if k == str(card) else k: v for k, v in before.items()} == after
            return
    return
