"""Xeri's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.xeri import NON_XERI_POINTS, PACK, card_points

EXAMPLES = 10
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"hands": 1},
    {"hands": 2, "xeri_on_last_card": False, "extra_hands": 0},
    {"hands": 3, "xeri_points": 5, "extra_hands": 2},
]


def check(state) -> None:
    """Card conservation, the 25 non-xeri points of a hand, hand sizes and the score sheet."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the rule text's checksum: 3 + 20 + 1 + 1 = 25 non-xeri points a hand (22 at 26-26)
    assert card_points(PACK) + 3 == NON_XERI_POINTS == 25
    xeri_points = state.options.xeri_points
    for r in state.sheet:
        assert sum(r.cards) == 52
        non_xeri = [r.points[s] - r.xeris[s] * xeri_points for s in (0, 1)]
        assert sum(non_xeri) == (22 if r.cards[0] == r.cards[1] else 25), r
        assert sum(r.card_points) == 22
        assert (r.winner is None) == (r.points[0] == r.points[1])
    if not state.over:
        held = [len(h) for h in state.hands]
        assert held[1 - state.turn] in (held[state.turn], held[state.turn] - 1), "the players alternate"
        assert held[state.turn] >= 1
        assert len(state.stock) % 12 == 0
        assert len(state.pile) + sum(len(w) for w in state.won) + len(state.stock) + sum(held) == 52
        for s in (0, 1):
            assert set(state.xeris[s]) <= set(state.won[s]), "xeri cards are captured cards"
    # score events add up to the hand points, and the hands won to the scores
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for number, r in enumerate(state.sheet, 1):
        for s in (0, 1):
            assert sum(e.points for e in events if e.hand == number and e.seats == (s,)) == r.points[s]
    won = [sum(1 for r in state.sheet if r.winner == s) for s in (0, 1)]
    assert tuple(won) == tuple(state.scores) == state.games
    if state.over:
        opts = state.options
        assert len(state.sheet) >= opts.hands
        assert won[0] != won[1] or len(state.sheet) == opts.hands + opts.extra_hands
    else:
        assert len(state.sheet) < state.options.hands or won[0] == won[1]
