"""Agram's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.agram import pack_of
from solvers.tricks import trick_winner

VARIANTS = [
    {"players": 2, "target": 3},
    {"players": 3, "low_card": 3, "counter_clockwise": True, "next_dealer": "left"},
    {"players": 5, "hand_size": 5, "target": 2},
    {"players": 6, "target": 2},
    {"players": 7, "target": 2, "counter_clockwise": True},
]


def check(state) -> None:
    """Card conservation, the rule text's checksum (exactly one trick winner, the last
    trick's, scores per deal) and the score events adding up to the scores."""
    options = state.options
    n = state.players
    pack = pack_of(options)
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(pack) == 35 and set(cards) == set(pack), "every card is in exactly one zone"
    assert "AS" not in {str(c) for c in cards}, "the Chief is out of the pack"
    each = options.cards_each
    assert len(state.stock) == 35 - n * each, "the undealt cards stay face down"
    if not state.over:
        held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(n)]
        assert held == [each - len(state.history)] * n, "hands differ only by the current trick"
        assert len(state.trick) < n and len(state.history) < each
    # the checksum: one round win a deal, to the winner of its last trick, nobody else
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for number, record in enumerate(state.sheet, 1):
        hand_events = [e for e in events if e.hand == number]
        assert len(hand_events) == 1, "exactly one player scores a deal"
        (event,) = hand_events
        assert event.seats == (record.winner,) and event.points == 1
        assert trick_winner(record.last_trick, None) == record.winner, "the last trick's winner scores"
        assert len(record.last_trick) == n and sum(record.tricks_won) == each == event.detail["trick"]
    assert len(events) == len(state.sheet)
    for seat in range(n):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat] == state.wins[seat], \
            "the events add up to the scores"
    assert sum(state.wins) == len(state.sheet)
    if state.over:
        assert max(state.wins) == options.target and sum(1 for w in state.wins if w == options.target) == 1
    else:
        assert max(state.wins, default=0) < options.target
    assert len(state.sheet) <= n * (options.target - 1) + 1
