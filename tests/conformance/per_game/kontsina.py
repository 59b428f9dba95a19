"""Kontsina's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.kontsina import HAND, HAND_POINTS, PACK

EXAMPLES = 5
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"players": 3, "target": 11},
    {"players": 4, "capture_sets": "several", "target": 11},
    {"must_capture": True, "target": 11},
    {"players": 4, "target": 3, "max_hands": 2},
]


def check(state) -> None:
    """Card conservation, at most 5 points a hand, hand sizes and the score sheet."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the rule text's checksum: at most 5 points a hand (2 + 1 + 1 + 1)
    assert HAND_POINTS == 5
    for record in state.sheet:
        assert 0 <= sum(record.points) <= HAND_POINTS, "a hand gives at most 5 points"
        assert sum(record.cards) <= 52 and sum(record.clubs) <= 13
        if record.sweeper >= 0:
            assert sum(record.cards) == 52
    if not state.over:
        sizes = [len(h) for h in state.hands]
        assert max(sizes) <= HAND and max(sizes) - min(sizes) <= 1
        assert len(state.stock) % (HAND * n) == 0
        ahead = [(state.turn + i) % n for i in range(n)]
        # players to the turn's left hold no more than the player to move
        assert all(sizes[ahead[0]] >= sizes[s] for s in ahead)
    # score events add up to the totals, hand by hand
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for seat in range(n):
        assert sum(e.points for e in events if seat in e.seats) == state.totals[seat] == state.scores[seat]
    for number in range(1, len(state.sheet) + 1):
        assert sum(e.points for e in events if e.hand == number) <= HAND_POINTS
    if state.over:
        best = max(state.totals)
        leaders = [s for s in range(n) if state.totals[s] == best]
        assert (best >= state.options.target and len(leaders) == 1) or len(state.sheet) >= state.options.max_hands
