"""East–West's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.east_west import PLACEMENTS, ROW_SIZE, ROWS, row_results
from solvers.games.east_west_hands import PACK

EXAMPLES = 12
VARIANT_EXAMPLES = 4

VARIANTS = [
    {"games": 1},
    {"games": 3, "flush_beats_full_house": True, "low_straight_a789t": False},
    {"games": 2, "flush_beats_full_house": True},
]


def check(state) -> None:
    """Card conservation, row sizes, alternation, and the score sheet's checksums (three rows a
    game, won by West, by East or by nobody)."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 32 and set(cards) == set(PACK), "every card is in exactly one zone"
    sizes = [[len(r) for r in side] for side in state.rows]
    assert all(0 <= n <= ROW_SIZE for side in sizes for n in side), "at most four cards a row"
    placed = [sum(side) for side in sizes]
    if not state.over:
        assert state.drawn is not None and state.placed < PLACEMENTS
        first = 1 - state.dealer
        # the non-dealer placed first: it is never behind, and at most one ahead
        assert placed[first] - placed[1 - first] in (0, 1)
        assert state.turn == (first if placed[0] == placed[1] else 1 - first)
        assert len(state.stock) == 32 - ROWS - state.placed - 1
    else:
        assert placed == [12, 12] and state.drawn is None and len(state.stock) == 5
    for r in state.sheet:
        assert sum(r.rows_won) + r.row_winners.count(None) == ROWS, "each row is won once or by nobody"
        assert r.row_winners == row_results(r.board, r.rows, state.options)[0]
        assert (r.winner is None) == (r.rows_won[0] == r.rows_won[1])
    events = state.score_events()
    for s in (0, 1):
        assert sum(e.points for e in events if e.source == "game won" and e.seats == (s,)) == state.scores[s]
        assert sum(e.points for e in events if e.source == "rows won" and e.seats == (s,)) == state.rows_won[s]
    assert state.hands_played == len(state.sheet)
    if state.over:
        assert len(state.sheet) == state.options.games
    else:
        assert len(state.sheet) < state.options.games
