"""Manille's conformance entries: option variants and the game's own invariants."""

from __future__ import annotations

from collections import Counter

from solvers.games.manille import HALF, HAND, NO_TRUMPS, TOTAL_POINTS, points_of

# short matches, so whole random matches end quickly; every rule variant of play
VARIANTS = [
    {"target": 31, "must_overtrump": True},
    {"fixed_deals": 3, "partner_winning_exempt": True},
    {"target": 61, "must_overtrump": True, "partner_winning_exempt": True},
]


def check(state):
    """Card conservation, 60 card points a deal, and the score sheet adding up to the scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 32 and len(cards) == 32, "every card of the 32-card pack is in one zone"
    assert sum(points_of(c) for c in cards) == TOTAL_POINTS, "the pack holds 60 card points"
    held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
    assert len(set(held)) == 1 and held[0] == HAND - len(state.history), "hands differ only by the current trick"
    for s in range(4):
        assert not set(state.hands[s]) & state.barred[s], "a seat never holds a card it showed it lacks"
    assert sum(state.card_points) <= TOTAL_POINTS
    totals = (0, 0)
    for record in state.sheet:
        assert sum(record.card_points) == TOTAL_POINTS, "60 card points a deal"
        assert sum(record.tricks) == HAND
        assert 0 in record.points, "only one side scores in a deal"
        mult = record.multiplier
        assert mult in (1, 2, 4, 8) and (mult % 2 == 0) == (record.strain == NO_TRUMPS or record.tapped_by >= 0)
        if record.retapped_by >= 0:
            assert record.tapped_by >= 0, "a re-tap answers a tap"
        for side in (0, 1):
            assert record.points[side] == max(0, record.card_points[side] - HALF) * mult
        totals = (totals[0] + record.points[0], totals[1] + record.points[1])
        assert record.totals == totals
    assert state.points == totals
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for i, side in enumerate(state.sides()):
        assert sum(e.points for e in events if e.seats == side) == state.scores[side[0]] == state.points[i], \
            "the score events add up to the scores"
    for e in events:
        if e.source == "card points over 30":
            assert e.points == e.detail["card_points"] - HALF > 0
    if state.is_over:
        if state.options.fixed_deals:
            assert state.hands_played == state.options.fixed_deals
        else:
            assert max(state.points) >= state.options.target
            assert sum(1 for p in state.points if p >= state.options.target) == 1
