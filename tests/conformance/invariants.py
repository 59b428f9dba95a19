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


INVARIANTS = {"whist": whist}
