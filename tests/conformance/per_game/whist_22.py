"""Whist 22 conformance entries: variants and the invariants checked after every action."""

from collections import Counter

from solvers.games.whist_22 import OVER, most_cards

VARIANTS = [
    {"players": 3, "cycle": "restart"},
    {"players": 2, "start_score": 6},
    {"players": 7, "blind_single": True},
    {"players": 5, "blind_single": True, "cycle": "restart", "start_score": 5},
]


def check(state):
    """Card conservation, hand sizes, the hook, and the rule text's checksum: the points
    lost equal the sum of |tricks - bid| per deal, and the score events add up to the scores."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 22 and len(cards) == 22, "every one of the 22 trumps is in exactly one zone"
    size = state.hand_size
    assert 1 <= size <= most_cards(n)
    assert len(state.aside) == 22 - n * size, "the undealt cards are set aside"
    held = [len(state.hands[s]) + len(state.history) + sum(1 for p in state.trick if p[0] == s) for s in range(n)]
    if state.phase != OVER:
        assert set(held) == {size}, "every hand started with the deal's size"
        assert sum(state.tricks) == len(state.history) < size or not state.history
    if all(b >= 0 for b in state.bids) and state.phase != OVER:
        assert sum(state.bids) != size, "the dealer's hook: the bids never add up to the tricks"
    start = state.options.start_score
    totals = [start] * n
    for record in state.sheet:
        assert sum(record.tricks) == record.hand_size
        assert sum(record.bids) != record.hand_size, "the hook held in every deal"
        assert record.losses == tuple(abs(t - b) for t, b in zip(record.tricks, record.bids))
        assert sum(record.losses) >= 1, "the hook makes someone miss every deal"
        totals = [t - loss for t, loss in zip(totals, record.losses)]
        assert list(record.totals) == totals
    assert list(state.points) == totals == list(state.scores), "losses equal the sum of |tricks - bid| per deal"
    events = state.score_events()
    for seat in range(n):
        assert sum(e.points for e in events if seat in e.seats) == state.points[seat], \
            "the score events add up to the scores"
    for e in events:
        if e.source != "starting points":
            assert -e.points == abs(e.detail["tricks"] - e.detail["bid"])
    over = state.phase == OVER
    assert over == (bool(state.sheet) and min(state.points) <= 0), "the match ends once someone reaches 0"
    if over:
        assert state.winners and all(state.points[s] == max(state.points) for s in state.winners)
