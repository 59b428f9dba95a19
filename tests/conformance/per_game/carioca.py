"""Carioca's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.carioca import PACK
from solvers.games.carioca_melds import ESCALERA, TRIO, card_value, is_joker, place_card

# a whole match of random play runs to the turn limit in most hands: a few matches suffice
EXAMPLES = 2
VARIANT_EXAMPLES = 1

VARIANTS = [
    {"players": 4, "round_limit": 5},
    {"players": 5, "hands": 2, "round_limit": 8, "initial_meld_exact": False},
    {"players": 3, "go_out_without_discard": False, "round_limit": 6},
]


def _check_meld(meld) -> None:
    naturals = [c for c in meld.cards if not is_joker(c)]
    assert naturals, "a meld holds a natural card"
    if meld.kind == TRIO:
        assert len(meld.cards) >= 3 and all(c.rank == meld.rank for c in naturals), meld
        return
    assert meld.kind == ESCALERA and len(meld.cards) >= 4, meld
    assert 1 <= meld.low and meld.high <= 14 and not (meld.low == 1 and meld.high == 14), meld
    for i, c in enumerate(meld.cards):
        if not is_joker(c):
            assert c.face == place_card(meld.low + i, meld.suit), meld


_CHECKED: dict = {}


def check(state) -> None:
    """108 cards each in one place, melds the rules allow, the score sheet adding up."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 108 and set(cards) == set(PACK), "every card is in exactly one zone"
    for meld in state.melds:
        _check_meld(meld)
    for s in range(state.players):
        assert not Counter(state.known[s]) - Counter(state.hands[s]), "known cards are held"
        if not state.down[s]:
            assert not any(m.owner == s for m in state.melds)
    assert all(len(h) > 0 for h in state.hands) or state.over
    assert list(state.scores) == (list(state.sheet[-1].totals) if state.sheet else [0] * state.players)
    if id(state.sheet) in _CHECKED:
        return
    # the sheet only changes when a hand ends: check each sheet once
    _CHECKED[id(state.sheet)] = state.sheet
    events = state.score_events()
    totals = [0] * state.players
    for r in state.sheet:
        for s in range(state.players):
            expected = 0 if s == r.out else sum(card_value(c) for c in r.left[s])
            assert r.points[s] == expected
            assert sum(e.points for e in events if e.hand == r.number and e.seats == (s,)) == r.points[s]
            totals[s] += r.points[s]
        if r.out is not None:
            assert not r.left[r.out], "the player who went out holds nothing"
        assert list(r.totals) == totals
    assert list(state.scores) == totals
    assert len(state.sheet) <= state.options.hands
    assert state.over == (len(state.sheet) == state.options.hands)
