"""Sam Sip's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.sam_sip import DISCARD, DRAW, HAND, pack_for

EXAMPLES = 2
VARIANT_EXAMPLES = 1

VARIANTS = [
    {"players": 2, "jokers": 2, "start_chips": 20},
    {"players": 6, "wilds_in_specials": False, "start_chips": 10},
    {"players": 3, "start_chips": 40, "max_deals": 3},
]


def check(state) -> None:
    """Card conservation, hand sizes, the chips' checksum and the score sheet."""
    pack = pack_for(state.options.jokers)
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(pack) and set(cards) == set(pack), "every card is in exactly one zone"
    n = state.players
    # the checksum: chips only change hands, so their total never changes
    assert sum(state.chips) == n * state.options.start_chips
    assert all(c >= 0 for c in state.chips)
    assert all(state.active[s] == (state.chips[s] > 0) for s in range(n)) or state.over
    events = state.score_events()
    for number, r in enumerate(state.sheet, 1):
        assert sum(e.points for e in events if e.hand == number) == 0, "what losers pay, the winner takes"
        if r.winner is not None:
            assert all(p <= r.stake for p in r.paid)
    if not state.over:
        assert state.active[state.turn]
        for s in range(n):
            size = len(state.hands[s])
            if not state.active[s]:
                assert size == 0
            elif s == state.turn and state.phase == DISCARD:
                assert size == HAND + 1
            else:
                assert size == HAND
            assert set(state.taken[s]) <= set(state.hands[s])
        assert state.phase in (DRAW, DISCARD)
        assert state.stake % 5 == 0 and state.stake >= 5
    else:
        assert sum(state.active) <= 1 or len(state.sheet) >= state.options.max_deals
