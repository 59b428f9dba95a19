"""Troefcall's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.troefcall import CALL, MAJORITY, STOP, TRICKS

VARIANTS = [
    {"target": 20, "stop_order": "partner_first", "redeal_claim": False},
    {"fixed_deals": 3, "play_on": False, "max_redeals": 1},
]

SOURCES = {"seven tricks": 2, "kap partij": 5, "kap partij by partner": 2, "baunie": 15, "failed baunie": 2}


def check(state):
    """Card conservation, one scoring side per hand, events adding up to the scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.tricks) == len(state.history) <= TRICKS
    if state.phase == CALL:
        assert len(state.hands[state.caller]) == 5 and len(state.stock) == 47, \
            "the caller names trumps from five cards"
        assert all(not state.hands[s] for s in range(4) if s != state.caller)
    else:
        assert not state.stock
        held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
        assert len(set(held)) == 1, "hands differ only by the current trick"
    if state.phase == STOP:
        assert sorted(state.tricks) == [0, MAJORITY], "only a sweep of seven tricks asks to stop"
    # the rule text's checksum: exactly one side scores per hand
    events = state.score_events()
    assert len(events) == len(state.sheet) == state.hands_played
    for hand, (event, record) in enumerate(zip(events, state.sheet), 1):
        assert event.hand == hand
        assert set(event.seats) in ({0, 2}, {1, 3}), "points go to a whole partnership"
        assert event.points == SOURCES[event.source] == record.points
        assert sum(1 for e in events if e.hand == hand) == 1, "exactly one side scores per hand"
        if event.source == "failed baunie":
            assert record.tricks[record.side] == 1
        elif event.source == "baunie":
            assert record.tricks == ((13, 0) if record.side == 0 else (0, 13))
        else:
            assert record.tricks[record.side] == MAJORITY and sum(record.tricks) <= TRICKS
        if event.source.startswith("kap partij"):
            assert record.tricks[1 - record.side] == 0
    totals = [sum(e.points for e in events if set(e.seats) == set(side)) for side in state.sides()]
    assert totals == list(state.points) == [state.scores[0], state.scores[1]], "the events add up to the scores"
    if state.over:
        if state.options.fixed_deals:
            assert state.hands_played == state.options.fixed_deals
        else:
            assert max(state.points) >= state.options.target

# a whole match is long: fewer random matches in the default run (the slow run plays more)
EXAMPLES = 10
VARIANT_EXAMPLES = 4
