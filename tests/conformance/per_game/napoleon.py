"""Napoleon's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.napoleon import HAND, PAID, PAYS, TARGET, pack_of

VARIANTS = [
    {"players": 3, "allow_three": False, "all_pass": "dealer_must_bid_three"},
    {"players": 4, "pack": 28, "old_table": True, "play_all_tricks": True},
    {"players": 6, "deals": 4, "old_table": True},
    {"players": 7, "all_pass": "dealer_must_bid_three", "start_chips": 500, "deals": 5},
]


def check(state) -> None:
    """Card conservation, the chips checksum (every settlement sums to zero) and the sheet."""
    options = state.options
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    pack = pack_of(options)
    assert sum(cards.values()) == len(pack) and set(cards) == set(pack), "every card is in exactly one zone"
    n = state.players
    assert len(state.chips) == n
    # the rule text's checksum: chips balance, every settlement sums to zero
    assert sum(state.chips) == n * options.start_chips, "chips only change hands"
    events = state.score_events()
    for number, record in enumerate(state.sheet, 1):
        assert sum(record.payments) == 0, "a settlement sums to zero"
        hand_events = [e for e in events if e.hand == number]
        assert sum(e.points for e in hand_events) == 0, "the score events of a hand sum to zero"
        if record.bidder < 0:
            assert not hand_events and not any(record.payments), "a thrown-in hand settles nothing"
            assert options.all_pass == "redeal"
            continue
        each = PAID[record.bid] if record.made else -PAYS[record.bid]
        assert record.payments[record.bidder] == each * (n - 1)
        assert all(p == -each for s, p in enumerate(record.payments) if s != record.bidder)
        need = TARGET[record.bid]
        assert record.made == (record.tricks[0] >= need)
        if not options.play_all_tricks:
            assert sum(record.tricks) <= HAND
        else:
            assert sum(record.tricks) == HAND
    for seat in range(n):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat], \
            "the events add up to the scores"
    assert state.hands_played == len(state.sheet) <= options.total_deals
    # hands: the players holding cards differ only by the current trick
    active = state.active()
    if state.sitting_out is not None:
        assert not state.hands[state.sitting_out]
    if not state.over:
        held = [len(state.hands[s]) + sum(1 for s2, _ in state.trick if s2 == s) for s in active]
        assert len(set(held)) == 1 and held[0] == HAND - len(state.history)
        assert len(state.trick) < len(active)
    if state.contract and not state.over and not options.play_all_tricks:
        made, beaten = state.tricks
        assert made < TARGET[state.contract] and beaten <= HAND - TARGET[state.contract], \
            "play stops once the bid is made or beaten"
    if state.over:
        assert len(state.sheet) == options.total_deals or min(state.chips) < options.largest_loss
