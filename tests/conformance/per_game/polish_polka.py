"""Polish Polka's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.polish_polka import AFTER_DISCARD, CHOOSE, MOON, PLACE, REVEAL
from solvers.games.polish_polka_deal import LAYOUT, pack
from solvers.games.polish_polka_scoring import COLUMNS, column_score

# a match is nine holes of several hundred moves: a few whole matches cover the rules
EXAMPLES = 3
VARIANT_EXAMPLES = 1

VARIANTS = [
    {"players": 2, "holes": 18, "jokers": 2, "card_values": "jacks-20", "joker_value": 15},
    {"players": 8, "jokers": 0, "card_values": "queen-of-spades-40", "twos_minus_two": True, "turn_limit": 5},
    {"players": 3, "holes": 10, "card_values": "queens-13", "one_eyed_jacks_wild": True, "joker_value": -5,
     "shoot_the_moon": True},
    {"players": 2, "card_values": "jack-0-queen-12-king-13", "joker_value": -1},
    {"players": 2, "card_values": "queens-12", "joker_value": -3},
    {"players": 2, "card_values": "queens-20", "shoot_the_moon": True},
]


def check(state) -> None:
    """Card conservation, layout sizes, the phases, the score sheet and its events."""
    opts = state.options
    n = opts.players
    full = pack(opts.jokers)
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(full) == 104 + opts.jokers and set(cards) == set(full), \
        "every card is in exactly one zone"
    assert len(state.layouts) == n and all(len(lay) == LAYOUT for lay in state.layouts)
    assert len(state.stock) + len(state.discard) + len(state.drawn) + n * LAYOUT == len(full)
    assert (state.phase == PLACE) == bool(state.drawn) or state.over
    assert state.phase in (REVEAL, CHOOSE, PLACE, AFTER_DISCARD)
    if not state.over:
        assert state.discard or state.phase == PLACE
        if state.phase != REVEAL:
            assert all(sum(up) >= 2 for up in state.face_up), "everyone turned two cards before play"
        if state.ender is not None:
            assert all(state.face_up[state.ender])
    # the score sheet: columns add up to the layouts' scores, scores to the totals
    totals = [0] * n
    events = state.score_events()
    for number, r in enumerate(state.sheet, 1):
        latest = number == len(state.sheet)   # earlier holes were checked when they were scored
        for s in range(n):
            totals[s] += r.scores[s]
            if not latest:
                continue
            lay = r.layouts[s]
            assert [score for score, _ in r.columns[s]] == [column_score(lay[i], lay[j], opts) for i, j in COLUMNS]
            assert all(-10 <= score <= 55 for score, _ in r.columns[s])
            assert r.raw[s] == sum(score for score, _ in r.columns[s])
            if r.moon:
                assert opts.shoot_the_moon and r.raw[r.moon[0]] == MOON
                assert r.scores[s] == (0 if s in r.moon else MOON)
            else:
                assert r.scores[s] == r.raw[s]
            assert sum(e.points for e in events if e.hand == number and e.seats == (s,)) == r.scores[s]
        assert list(r.totals) == totals
    assert list(state.scores) == totals
    assert state.hands_played == len(state.sheet) <= opts.holes
    assert state.over == (len(state.sheet) == opts.holes)
