"""Red7's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.red7 import PACK, TARGETS
from solvers.games.red7_rules import qualifying

EXAMPLES = 10
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"players": 3},
    {"players": 4, "advanced_draw": False},
    {"players": 2, "scoring": "rounds", "advanced_draw": False, "rounds_to_win": 2},
    {"players": 3, "target": 12, "scored_cards_leave": False},
]


def check(state) -> None:
    """Card conservation, one winner at most, hand sizes and the score sheet's arithmetic."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 49 and set(cards) == set(PACK), "every card is in exactly one zone"
    in_play = 49 - sum(len(p) for p in state.piles)
    assert len(state.canvas) + sum(len(p) for p in state.palettes) + sum(len(h) for h in state.hands) \
        + len(state.deck) == in_play
    # each turn puts one card from hand on the table or draws one from the deck:
    # hands and deck never grow, and a palette holds its first card plus those played
    if not state.over:
        assert sum(len(h) for h in state.hands) + len(state.deck) <= in_play - n
    if not state.over:
        assert all(len(p) >= 1 for p in state.palettes)
    assert all(len(h) <= len(PACK) for h in state.hands)
    # score events add up to the scores, and each round's points to the scored cards
    totals = [0] * n
    for r in state.sheet:
        totals[r.winner] += r.points
        assert list(r.totals) == totals
        if state.options.scoring == "advanced":
            assert r.points == sum(c.rank for c in r.scored) >= 1
            assert list(r.scored) == qualifying(r.rule, r.scored)
        else:
            assert r.points == 1
    assert tuple(totals) == tuple(state.scores)
    events = state.score_events()
    for s in range(n):
        assert sum(e.points for e in events if e.seats == (s,)) == totals[s]
    goal = state.options.rounds_to_win if state.options.scoring == "rounds" else \
        (state.options.target or TARGETS[n])
    if not state.over:
        assert max(totals, default=0) < goal
        assert state.active[state.turn] and sum(state.active) >= 2
    else:
        assert max(totals) >= goal or len(state.sheet) >= 200 or in_play < 8 * n
