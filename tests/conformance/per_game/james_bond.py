"""James Bond's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.james_bond import PACK, PILE, PILES, completed

# a default match runs to the 2,000-turn guard under random play
EXAMPLES = 2
VARIANT_EXAMPLES = 1

VARIANTS = [
    {"mode": "turns", "turn_limit": 300, "deals": 2},
    {"players": 3, "memory_aid": True, "false_claim_loses": True, "turn_limit": 400},
    {"auto_win": True, "bot_reaction": "instant", "turn_limit": 200, "deals": 2},
    {"players": 3, "mode": "turns", "bot_reaction": "slow", "turn_limit": 150},
]


def check(state) -> None:
    """Card conservation, piles of four, a middle of four, one pile in hand, the guard,
    and the score sheet adding up to the scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one place"
    n = state.players
    assert len(state.middle) == 4
    for s in range(n):
        assert len(state.piles[s]) == PILES[n]
        assert all(len(p) == PILE for p in state.piles[s])
        held = state.holding[s]
        assert held is None or (0 <= held < PILES[n] and state.seen[s][held])
        for i, known in enumerate(state.known[s]):
            assert set(known) <= set(state.piles[s][i]), "publicly known cards are really there"
        if s in state.out:
            assert held is None
    assert state.turns <= state.options.turn_limit
    won = [sum(1 for r in state.sheet if r.winner == s) for s in range(n)]
    assert tuple(won) == state.scores
    events = state.score_events()
    assert [sum(e.points for e in events if e.seats == (s,)) for s in range(n)] == won
    for r in state.sheet:
        assert all(0 <= c <= PILES[n] for c in r.completed)
        if r.how.startswith("James Bond"):
            assert r.completed[r.winner] == PILES[n]
        if r.how.startswith("turn limit"):
            assert r.turns == state.options.turn_limit
    assert len(state.sheet) <= state.options.deals
    assert state.over == (len(state.sheet) == state.options.deals)
    if not state.over:
        assert not state.realtime or state.to_move, "the clock always wakes someone"
        assert completed(state.piles[0]) <= PILES[n]
