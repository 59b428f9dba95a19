"""Trex conformance entries: option variants and the invariants checked after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.trex import CONTRACT_TOTAL, CONTRACTS, KINGDOMS, SEATS

VARIANTS = [
    {"kingdom_order": "alt", "stop_when_settled": True, "show_taken_diamonds": True},
    {"doubling": False, "throw_in_rights": False},
    {"throw_in_limit": 0},
]


def check(state) -> None:
    """Card conservation, the rule text's checksum (every contract's total, 0 per kingdom and
    per match) and score events that add up to the scores."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    sizes = {len(h) + sum(1 for s, _ in state.trick if s == seat) for seat, h in enumerate(state.hands)}
    if state.contract != "trex":
        assert len(sizes) == 1, "trick contracts: hands differ only by the current trick"
    assert all(card in state.hands[seat] or any(card in pile for pile in state.taken)
               or any(card == c for _, c in state.trick) for seat, card in state.doubles), \
        "a doubled card is in its doubler's hand until played"
    assert len(state.sheet) <= KINGDOMS * len(CONTRACTS)
    events = state.score_events()
    for hand, record in enumerate(state.sheet, 1):
        assert sum(record.points) == CONTRACT_TOTAL[record.contract], \
            f"{record.contract} totals {CONTRACT_TOTAL[record.contract]}"
        assert sum(e.points for e in events if e.hand == hand) == sum(record.points)
    for k in range(len(state.sheet) // len(CONTRACTS)):
        kingdom = state.sheet[k * len(CONTRACTS):(k + 1) * len(CONTRACTS)]
        assert sorted(r.contract for r in kingdom) == sorted(CONTRACTS), "each contract once a kingdom"
        assert len({r.owner for r in kingdom}) == 1
        assert sum(sum(r.points) for r in kingdom) == 0, "every kingdom sums to 0"
    per_seat = [sum(e.points for e in events if e.seats == (s,)) for s in range(SEATS)]
    assert per_seat == list(state.scores), "score events add up to the scores"
    if state.is_over:
        assert len(state.sheet) == KINGDOMS * len(CONTRACTS)
        assert sum(state.scores) == 0, "the whole match sums to 0"
        assert len({r.owner for r in state.sheet}) == SEATS, "every player owns one kingdom"

# a whole match is long: fewer random matches in the default run (the slow run plays more)
EXAMPLES = 6
VARIANT_EXAMPLES = 3
