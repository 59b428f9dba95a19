"""King's conformance entries: option variants and the invariants checked after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.king import HAND_TOTALS, HANDS, NEGATIVE_HANDS, NEGATIVE_TOTAL, OVER, PLAY, POSITIVE_HAND_TOTAL

VARIANTS = [
    {"stop_when_settled": True, "show_full_history": True},
    {"opening_bid_minimum": 4},
]


def check(state):
    """Card conservation, trick counts, the rule text's checksums, score events = scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.taken) == len(state.history) <= 13
    if state.phase != OVER:
        held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
        assert len(set(held)) == 1, "hand sizes differ only by the current trick"
        assert state.hand == len(state.sheet) + 1
        if state.phase != PLAY:
            assert not state.history and not state.trick and state.hand > NEGATIVE_HANDS
    # the checksums of the rule text: each negative hand its own total, -1300 after the
    # sixth hand, +325 for every positive hand, 0 over the whole match
    for record in state.sheet:
        expected = HAND_TOTALS[record.hand] if record.negative else POSITIVE_HAND_TOTAL
        assert sum(record.points) == expected, (record.hand, record.points)
        assert record.dealer == (state.sheet[0].dealer + record.hand - 1) % 4, "the deal passes to the left"
        if not record.negative:
            assert sum(record.counts) == 13 and sum(record.tricks) == 13
    if len(state.sheet) >= NEGATIVE_HANDS:
        assert sum(sum(r.points) for r in state.sheet[:NEGATIVE_HANDS]) == NEGATIVE_TOTAL
    if state.phase == OVER:
        assert len(state.sheet) == HANDS and sum(state.scores) == 0, "the match's scores balance"
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for seat in range(4):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat], \
            "the events add up to the scores"
    for hand in range(1, len(state.sheet) + 1):
        total = sum(e.points for e in events if e.hand == hand)
        assert total == (HAND_TOTALS[hand] if hand <= NEGATIVE_HANDS else POSITIVE_HAND_TOTAL)
    if state.sheet:
        assert state.sheet[-1].totals == state.points
