"""Seven Rummy's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.seven_rummy import CLAIM_PHASE, HAND, PACK
from solvers.games.seven_rummy_melds import is_meld

EXAMPLES = 3
VARIANT_EXAMPLES = 1

VARIANTS = [
    {"players": 2, "match": "hands", "hands": 2, "one_turn_double": False},
    {"players": 3, "target": 60, "hand_limit": 4, "pair_of_sevens_claim": False, "reshuffles": 0},
    {"players": 5, "match": "hands", "hands": 1, "reshuffles": 1},
    {"players": 4, "target": 40, "hand_limit": 3},
]


def check(state) -> None:
    """Card conservation, every table meld a meld, hand sizes, the claim window, the discard record,
    the score sheet."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    for own in state.melds:
        for meld in own:
            assert is_meld(meld), meld
    if not state.over:
        assert all(1 <= len(h) <= HAND + 1 for h in state.hands), "a player always keeps a card to discard"
        assert state.discard or state.phase != CLAIM_PHASE
        if state.phase == CLAIM_PHASE:
            assert state.discarder not in state.window and all(state.drawn[s] for s in state.window)
    # the public record of this hand's discards: nobody refuses or takes their own card (the
    # next player may pass on a set and take the card for a sequence)
    for d in state.discards_seen:
        assert d.seat not in d.passed and d.taken_by != d.seat
        assert d.drew_instead in (None, (d.seat + 1) % n)
    # the score sheet: only the winner scores, the others' counts (doubled or not)
    totals = [0] * n
    for r in state.sheet:
        if r.winner is None:
            assert not any(r.points)
        else:
            owed = sum(c for s, c in enumerate(r.counts) if s != r.winner)
            assert r.counts[r.winner] == 0
            assert r.points[r.winner] == owed * (2 if r.doubled else 1)
            assert sum(r.points) == r.points[r.winner]
        totals = [t + p for t, p in zip(totals, r.points)]
        assert tuple(totals) == r.totals
    assert tuple(totals) == tuple(state.scores)
    events = state.score_events()
    assert sum(e.points for e in events) == sum(state.scores)
    opts = state.options
    if state.over:
        if opts.match == "hands":
            assert len(state.sheet) == opts.hands
        else:
            assert max(state.scores) >= opts.target or len(state.sheet) == opts.hand_limit
