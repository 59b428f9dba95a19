"""Tëtka's conformance entries: its option variants and its invariants."""

from __future__ import annotations

from collections import Counter

from solvers.games.tetka_penalties import MOST_TRICKS, POINTS_PER_HAND, SOURCES, hand_penalties

VARIANTS = [{"orbits": 2, "show_full_history": True}]


def check(state):
    """Card conservation, the nine-point checksum of every hand, events adding up to the scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert len(state.winners) == len(state.history) <= 13
    held = [len(state.holding(s)) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
    assert len(set(held)) == 1, "hand sizes differ only by the current trick"
    assert state.bum_shown == (state.bum not in {c for p in state.history for _, c in p}
                               and state.bum not in {c for _, c in state.trick}), \
        "the bum card is shown exactly until it is played"
    assert all(state.bum not in h for h in state.hands), "the shown bum card is not also in a hand"
    # the rule text's checksum: 9 penalty points are given out every hand
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    totals = [0, 0, 0, 0]
    for number, record in enumerate(state.sheet, 1):
        mine = [e for e in events if e.hand == number]
        assert sum(e.points for e in mine) == POINTS_PER_HAND == sum(record.points), "9 points a hand"
        assert sum(record.tricks) == 13
        assert {e.source for e in mine} <= set(SOURCES)
        assert sum(1 for e in mine if e.source == MOST_TRICKS) == 1
        (award,) = [e for e in mine if e.source == MOST_TRICKS]
        assert record.tricks[award.seats[0]] == max(record.tricks), "most tricks goes to a seat with most"
        totals = [t + p for t, p in zip(totals, record.points)]
        assert list(record.totals) == totals
    assert [sum(e.points for e in events if e.seats == (s,)) for s in range(4)] == list(state.scores), \
        "the events add up to the scores"
    so_far = hand_penalties(state.history, state.winners, state.bum)
    if len(state.history) == 13:
        assert sum(p.points for p in so_far) == POINTS_PER_HAND
    else:
        assert sum(p.points for p in so_far) <= POINTS_PER_HAND - 1, "the most-tricks point comes last"
    if state.is_over:
        assert len(state.sheet) == 4 * state.options.orbits
    standings = state.standings()
    assert [r["score"] for r in standings] == sorted(state.scores), "lowest total first"

# a whole match is long: fewer random matches in the default run (the slow run plays more)
EXAMPLES = 15
VARIANT_EXAMPLES = 6
