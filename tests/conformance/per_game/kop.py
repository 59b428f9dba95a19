"""Kop's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.kop import HAND_LIMIT, LONE, SEATS
from solvers.games.kop_cards import BLACK_QUEENS, PACK, TOTAL_POINTS, WIN_POINTS, points

VARIANTS = [
    {"victory_cards": 2, "solo_stake": 3, "silent_stake": "team"},
    {"hands": 1},
    {"victory_cards": 8, "hands": 6, "solo_stake": 1},
]


def check(state) -> None:
    """Card conservation, 104 card points a deal (the rule text's checksum), victory cards
    only changing hands, and the score events adding up to the scores."""
    options = state.options
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(PACK) == 16 and set(cards) == set(PACK), "every card is in one zone"
    assert sum(points(c) for c in PACK) == TOTAL_POINTS == 104, "104 card points a deal"
    assert sum(state.captured()) + sum(points(c) for z, zone in state.zones().items()
                                       if z.startswith("hand") or z == "trick" for c in zone.cards) == 104
    held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(SEATS)]
    assert len(set(held)) == 1 and held[0] == 4 - len(state.history), "hands differ only by the trick"
    assert sum(state.vc) == SEATS * options.victory_cards, "victory cards only change hands"
    assert min(state.vc) >= 0
    events = state.score_events()
    for number, record in enumerate(state.sheet, 1):
        assert sum(record.side_points) == TOTAL_POINTS, "104 card points a deal"
        assert sum(record.captured) == TOTAL_POINTS
        assert sum(record.payments) == 0, "a settlement sums to zero"
        assert sorted(c for h in record.dealt for c in h) == sorted(PACK)
        queens = {s for s, h in enumerate(record.dealt) for q in BLACK_QUEENS if q in h}
        if record.kind == "team":
            assert set(record.side) == queens and len(queens) == 2
        else:
            assert len(queens) == 1 and queens <= set(record.side)
            assert len(record.side) == (1 if record.kind in LONE else 2)
        ours = record.side_points[0]
        assert record.result == ("queens" if ours >= WIN_POINTS else "others" if ours <= 51 else "drawn")
        if record.result == "drawn":
            assert not any(record.payments)
        hand_events = [e for e in events if e.hand == number]
        assert len(hand_events) == SEATS
        for e in hand_events:
            assert e.detail["card_points"] + e.detail["opponents_points"] == TOTAL_POINTS
    for seat in range(SEATS):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat], \
            "the events add up to the scores"
    assert state.hands_played == len(state.sheet) <= min(options.hands or HAND_LIMIT, HAND_LIMIT)
    if state.over:
        assert min(state.vc) == 0 or len(state.sheet) in (options.hands, HAND_LIMIT)
    else:
        assert min(state.vc) > 0
