"""Trash's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.trash import MAX_HANDS, OFFER_SWAP, PLACE_JACK, START, is_jack, make_pack, slot_of

EXAMPLES = 5     # a match is some 15 hands of 250 moves in all
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"players": 3, "start_slots": 3},
    {"players": 5, "start_slots": 2, "must_take_fitting_discard": True},
    {"start_slots": 4, "must_take_fitting_discard": True},
]


def check(state) -> None:
    """Card conservation, layout sizes, the hands won against the score sheet and events."""
    pack = make_pack(state.players)
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == len(pack) and set(cards) == set(pack), "every card is in exactly one zone"
    start = state.options.start_slots
    # the checksum: each hand won takes one slot off its winner's layout
    for s in range(state.players):
        assert len(state.slots[s]) == len(state.face_up[s])
        if not state.over:
            assert state.sizes[s] == start - state.wins[s] == len(state.slots[s])
        for i, (card, up) in enumerate(zip(state.slots[s], state.face_up[s])):
            if up:
                assert is_jack(card) or slot_of(card) == i + 1, "a face-up slot holds its own rank or a jack"
    assert sum(state.wins) == sum(1 for r in state.sheet if r.winner is not None)
    assert tuple(state.wins) == tuple(state.scores)
    events = state.score_events()
    for s in range(state.players):
        assert sum(e.points for e in events if e.seats == (s,)) == state.wins[s]
    for r in state.sheet:
        if r.winner is not None:
            assert r.face_up[r.winner] == r.slots[r.winner], "the hand's winner has every slot face up"
    assert not state.recycled or set(state.stock) <= state.recycled, "a reshuffled stock holds old discards only"
    if state.over:
        assert state.winners
        assert max(state.wins) == start or len(state.sheet) >= MAX_HANDS
    else:
        assert max(state.wins) < start
        assert (state.phase == START) == (not state.held)
        if state.phase in (PLACE_JACK,):
            assert is_jack(state.card) and len(state.face_down_slots(state.turn)) > 1
        if state.phase == OFFER_SWAP:
            assert is_jack(state.slots[state.turn][slot_of(state.card) - 1])
