"""Diloti's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.diloti import HAND_POINTS, PACK, card_points
from solvers.games.diloti_moves import value_of

EXAMPLES = 5
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"players": 4},
    {"players": 2, "target": 20, "face_must_capture": False},
    {"players": 4, "target": 1, "max_hands": 2},
]


def check(state) -> None:
    """Card conservation, the 11 points of a hand, declarations and the score sheet."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the rule text's checksum: 11 points a hand besides xeris (7 when the cards split 26-26)
    assert card_points(PACK) + 4 == HAND_POINTS == 11
    for record in state.sheet:
        assert sum(record.cards) == 52
        plain = sum(sum(p[1:]) for p in record.points)
        assert plain == (HAND_POINTS - 4 if record.cards[0] == 26 else HAND_POINTS)
        for side in (0, 1):
            assert record.points[side][0] == 10 * record.xeris[side]
    # declarations: numbers only, value 2-10, worth their cards, owners hold their value
    owners = Counter(d.owner for d in state.decls)
    assert all(n == 1 for n in owners.values()), "a player owns at most one declaration"
    for d in state.decls:
        assert 2 <= d.value <= 10 and all(value_of(c) for c in d.cards)
        total = sum(value_of(c) for c in d.cards)
        assert total % d.value == 0 and (d.group or total == d.value)
        assert any(value_of(c) == d.value for c in state.hands[d.owner]), "the owner keeps a card of its value"
    # hands: equal sizes around the turn
    if not state.over:
        sizes = [len(h) for h in state.hands]
        assert max(sizes) - min(sizes) <= 1 and 1 <= max(sizes) <= 6
    # score events add up to the scores
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for side, seats in enumerate(state.sides()):
        assert sum(e.points for e in events if e.seats == seats) == state.totals[side]
        assert all(state.scores[s] == state.totals[side] for s in seats)
    if state.over:
        assert max(state.totals) >= state.options.target or len(state.sheet) >= state.options.max_hands
