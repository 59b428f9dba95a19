"""Beggar-My-Neighbor's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.beggar_my_neighbor import PACK, payment_due

# a deal runs to some hundreds of cards (thousands at worst): fewer whole matches will do
EXAMPLES = 8
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"deals": 2, "dealer_plays_first": True},
    {"deals": 3, "pile_order": "reversed"},
]


def check(state) -> None:
    """Card conservation, the payment in progress, the piles and deals counted, the score events."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the rule text's checksum: a full payment cycle is 4 + 3 + 2 + 1 = 10 cards a suit
    assert sum(payment_due(c) for c in PACK) == 40
    if not state.over:
        assert state.stack_size(state.turn) > 0, "the player to move has a card to turn"
        assert 0 <= state.owed <= 4
        if state.owed:
            assert state.claimant == 1 - state.turn
            last = next(c for c in reversed(state.pile) if payment_due(c))
            paid = len(state.pile) - 1 - state.pile.index(last)
            assert state.owed + paid == payment_due(last), "the payment counts down from the penalty"
        else:
            assert state.claimant is None
            assert not any(payment_due(c) for c in state.pile), "no penalty card is left unpaid"
        assert len(state.positions) == sum(state.piles_won), "a position is recorded after every pile taken"
        assert len(set(state.positions)) == len(state.positions), "no recorded position repeats"
    else:
        assert not state.pile and state.owed == 0
    assert state.hands_played == len(state.sheet) <= state.options.deals
    assert state.over == (len(state.sheet) == state.options.deals)
    won = [sum(1 for r in state.sheet if r.winner == s) for s in (0, 1)]
    assert tuple(won) == tuple(state.scores) == state.deals_won
    events = state.score_events()
    assert len(events) == len(state.sheet), "one score row per deal"
    for s in (0, 1):
        assert sum(e.points for e in events if e.seats == (s,)) == won[s]
    for r in state.sheet:
        assert r.cards_turned >= sum(r.piles_won)
    if state.sheet and state.sheet[-1].winner is not None and state.over:
        winner = state.sheet[-1].winner
        assert state.stack_size(winner) == 52 and state.stack_size(1 - winner) == 0, "the winner holds all 52"
