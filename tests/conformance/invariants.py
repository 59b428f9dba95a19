"""Per-game invariants checked by the conformance suite after every action.

Each entry maps a game name to a function ``check(state)`` that raises AssertionError
when the state breaks one of the game's own rules (card conservation, score balance…).
A game without an entry is still covered by the generic checks.
"""

from collections import Counter


def whist(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.tricks) == len(state.history) <= 13
    assert max(state.points) <= state.options.target - 1 + 7, "a hand scores at most 7 points"
    hand_sizes = [len(state.holding(s)) for s in range(4)]
    played = [sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
    assert len({h + p for h, p in zip(hand_sizes, played)}) == 1, "hand sizes differ only by the current trick"
    if state.over:
        key = state.games if state.options.rubber else state.points
        assert max(key) >= (2 if state.options.rubber else state.options.target)


def teka(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.tricks) == len(state.history) <= 13
    assert len(state.trick) < state.trick_size, "a full trick is gathered at once"
    totals = (0, 0)
    for record in state.sheet:
        assert 0 in record.points, "only one side scores in a hand"
        assert all(p >= 0 for p in record.points), "scores never decrease"
        totals = (totals[0] + record.points[0], totals[1] + record.points[1])
        assert record.totals == totals
    assert state.points == totals
    playing = [s for s in range(4) if s != state.sitting_out]
    held = [len(state.hands[s]) + sum(1 for s2, _, _ in state.trick if s2 == s) for s in playing]
    assert len(set(held)) == 1, "the playing hands differ only by the current trick"
    if state.declarer is not None and state.phase in ("play", "answer"):
        side = state.declaring_side
        assert state.tricks[side] < state.bid and state.tricks[1 - side] <= 13 - state.bid, \
            "play stops as soon as the contract is made or beaten"
    if state.is_over:
        assert max(state.points) >= state.options.target and min(state.points) < state.options.target


INVARIANTS = {"whist": whist, "teka": teka}
