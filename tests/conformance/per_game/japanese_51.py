"""Japanese 51's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.japanese_51 import (
    HAND, JOKER, MAX_VALUE, MIN_VALUE, MIN_VALUE_HOLDING_JOKER, PACK, PACK_WITH_JOKER, PUTTING, TABLE,
    hand_value, hand_winners,
)

EXAMPLES = 8
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"players": 2, "match": "single", "dealer_starts": True},
    {"players": 5, "joker": True, "match": "cumulative", "hands": 2, "round_limit": 3},
    {"players": 3, "match": "wins", "target": 2, "joker": True},
]


def check(state) -> None:
    """Card conservation, five on the table, hand sizes, values within -22 … 51, the winners."""
    n = state.players
    pack = PACK_WITH_JOKER if state.options.joker else PACK
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(pack) and set(cards) == set(pack), "every card is in exactly one zone"
    if not state.over:
        mid_turn = state.phase == PUTTING
        assert len(state.table) == TABLE - mid_turn, "the table shows five cards between turns"
        for s in range(n):
            assert len(state.hands[s]) == HAND + (mid_turn and s == state.turn)
            assert set(state.known[s]) <= set(state.hands[s]), "known cards are in the hand"
        assert not state.reshuffled or state.reshuffled == set(state.stock)
        assert state.turns < n * state.options.round_limit + n
    for s in range(n):
        value = hand_value(state.hands[s])
        assert MIN_VALUE <= value <= MAX_VALUE
        if JOKER in state.hands[s]:
            assert value >= MIN_VALUE_HOLDING_JOKER
    totals = [0] * n
    for r in state.sheet:
        assert all(MIN_VALUE <= v <= MAX_VALUE for v in r.values)
        assert [hand_value(h) for h in r.hands] == list(r.values)
        assert r.winners == hand_winners(r.values, r.stopper) and r.winners
        assert r.stopper not in r.winners or len(r.winners) == 1
        for s in range(n):
            totals[s] += r.values[s] if state.options.match == "cumulative" else (s in r.winners)
        assert list(r.totals) == totals
    assert tuple(totals) == tuple(state.scores)
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    assert [sum(e.points for e in events if e.seats == (s,)) for s in range(n)] == totals
    opts = state.options
    if opts.match == "single":
        assert state.over == (len(state.sheet) == 1)
    elif opts.match == "wins":
        assert state.over == (max(totals) >= opts.target)
    else:
        assert state.over == (len(state.sheet) == opts.hands)
