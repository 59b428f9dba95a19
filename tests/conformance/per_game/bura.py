"""Bura's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.bura import FALSE_CLAIM, MAX_DEALS, NO_CLAIM
from solvers.games.bura_cards import CLAIM_TARGET, HAND_SIZE, PACK_POINTS, bura_pack, card_points

VARIANTS = [
    {"players": 3, "combinations": False, "show_own_points": True},
    {"players": 4, "ante": 2, "start_chips": 12},
    {"players": 5, "deals": 6},
    {"players": 6, "start_chips": 8, "combinations": True},
]


def check(state) -> None:
    """Card conservation, 120 card points a deal, chips that only change hands, and the sheet."""
    options = state.options
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 36 and set(cards) == set(bura_pack()), "every card is in exactly one zone"
    # the rule text's checksum: 120 card points a deal
    assert sum(card_points(z.cards) for z in state.zones().values()) == PACK_POINTS
    assert sum(state.chips) + state.pot == n * options.start_chips, "chips only change hands"
    assert min(state.chips) >= 0 and state.pot >= 0
    events = state.score_events()
    for seat in range(n):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat], \
            "the events add up to the scores"
    for number, record in enumerate(state.sheet, 1):
        assert sum(record.trick_points) + record.unplayed_points == PACK_POINTS, "120 card points a deal"
        if record.ending == NO_CLAIM:
            assert not any(record.payments) and record.claimer < 0
        elif record.ending == FALSE_CLAIM:
            assert record.trick_points[record.claimer] < CLAIM_TARGET
            assert -record.payments[record.claimer] <= record.pot
        elif record.ending == "claim":
            assert record.trick_points[record.claimer] >= CLAIM_TARGET
            assert record.payments[record.claimer] == record.pot
    assert state.hands_played == len(state.sheet) <= (options.deals or MAX_DEALS)
    if state.over:
        assert state.pot == 0 and sum(state.final_share) >= 0
        return
    sizes = {len(state.hands[s]) + sum(len(c) for s2, c in state.trick if s2 == s) for s in range(n)}
    assert len(sizes) == 1 and sizes.pop() <= HAND_SIZE, "the hands differ only by the current trick"
    assert sum(state.antes) in (0, n * options.ante)
