"""Sedma's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.sedma import DEAL_POINTS, HAND, PACK, TO_WIN, card_points, matches

VARIANTS = [
    {"players": 2},
    {"players": 2, "continuation": True, "target": 3},
    {"continuation": True, "loser_deals": False},
    {"target": 1},
]


def check(state) -> None:
    """Card conservation, the 90 card points of a deal, the hand sizes and the score sheet."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 32 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the rule text's checksum: 90 card points a deal, counters plus the last trick
    assert card_points(PACK) + 10 == DEAL_POINTS == 90
    if not state.over or state.trick:
        assert sum(card_points(z.cards) for z in state.zones().values()) == DEAL_POINTS - 10
    for record in state.sheet:
        assert sum(record.card_points) == DEAL_POINTS, "a deal holds 90 card points"
        assert record.card_points[record.winner] >= TO_WIN > record.card_points[1 - record.winner]
        assert all(p % 10 == 0 for p in record.card_points)
    # hands: equal, four while the stock lasts; the stock runs out evenly
    held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(n)]
    if not state.over:
        assert len(set(held)) == 1 and 1 <= held[0] <= HAND
        if state.stock:
            assert held[0] == HAND
        assert len(state.stock) % n == 0
        plays = Counter(s for s, _ in state.trick)
        leader_plays = plays[state.leader]
        assert all(leader_plays - 1 <= plays[s] <= leader_plays for s in range(n)), "rounds are played in turn"
        if state.deciding:
            assert state.options.continuation and len(state.trick) % n == 0 and state.trick
            assert state.continuing_cards()
        if state.trick and len(state.trick) > n:
            led = state.trick[0][1]
            extra = [c for i, (s, c) in enumerate(state.trick) if s == state.leader and i]
            assert all(matches(c, led) for c in extra), "a trick is continued with the led rank or a seven"
    # score events add up to the scores, one per deal
    events = state.score_events()
    assert state.hands_played == len(state.sheet) == len(events)
    for side, seats in enumerate(state.sides()):
        assert sum(e.points for e in events if e.seats == seats) == state.games[side]
        assert all(state.scores[s] == state.games[side] for s in seats)
    for e in events:
        assert e.detail["card_points"] + e.detail["opponents_card_points"] == DEAL_POINTS
    assert sum(state.games) == len(state.sheet)
    if state.over:
        assert max(state.games) == state.options.target > min(state.games)
    else:
        assert max(state.games) < state.options.target
