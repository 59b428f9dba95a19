"""Teen Patti's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.teen_patti import MAX_DEALS
from solvers.games.teen_patti_hands import PACK

EXAMPLES = 5
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"players": 2, "start_chips": 20, "a23": "bottom"},
    {"players": 3, "half_units": True, "show_cost_double": True, "start_chips": 8},
    {"players": 6, "max_raise_multiplier": 3, "max_blind_turns": 2, "fixed_deals": 5, "a23": "second"},
    {"players": 10, "compromise": False, "start_chips": 4, "fixed_deals": 20},
]


def check(state) -> None:
    """Card conservation, chip conservation (chips behind plus the pot), the stake rules and the sheet."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    scale = state.scale
    total = state.options.players * state.options.start_chips * scale
    assert sum(state.chips) + state.pot == total, "chips are conserved"
    assert all(c >= 0 for c in state.chips)
    assert state.pot == sum(state.put_in)
    for r in state.sheet:
        assert r.pot == sum(r.put_in)
        assert r.how in ("fold", "show") and (r.how == "show") == bool(r.shown)
    events = state.score_events()
    for number in range(1, len(state.sheet) + 1):
        assert abs(sum(e.points for e in events if e.hand == number)) < 1e-9, "a deal's events sum to zero"
    assert len(state.sheet) <= MAX_DEALS
    if state.over:
        alive = [s for s in range(state.players) if state.chips[s] >= scale]
        fixed = state.options.fixed_deals
        assert len(alive) <= 1 or (fixed and len(state.sheet) == fixed) or len(state.sheet) == MAX_DEALS
        return
    assert state.stake >= scale
    players = state.in_deal()
    assert len(players) >= 2
    for s in range(state.players):
        assert len(state.hands[s]) == (3 if state.put_in[s] else 0)
    if state.asked:
        asker, asked = state.asked
        assert state.active[asked] and all(state.seen[s] for s in players) and len(players) >= 3
    assert state.active[state.turn]
