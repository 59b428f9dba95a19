"""Paskahousu's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.paskahousu import HAND, PACK, may_play

VARIANTS = [
    {"players": 2, "games": 1},
    {"players": 6, "games": 1, "turn_limit": 60},
    {"players": 3, "games": 2, "refill_before_replay": False},
]
EXAMPLES = 5
VARIANT_EXAMPLES = 2


def check(state) -> None:
    """Card conservation, hand sizes while the stock lasts, the pile's order, one loser a game."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    if not state.over:
        if state.stock and state.options.refill_before_replay:
            assert all(len(h) >= HAND for h in state.hands), "while the stock lasts every hand holds five or more"
        if state.stock:
            assert not state.out
        assert all(not state.hands[s] for s in state.out), "a player out holds no cards"
        assert state.turn not in state.out and state.hands[state.turn], "the player to move holds cards"
        for s in range(n):
            assert set(state.known[s]) <= set(state.hands[s]), "known cards are in the hand"
        for below, above in zip(state.pile, state.pile[1:]):
            assert may_play(above.rank, below), "each card on the pile was legal on the one below"
        assert state.quiet_turns < state.options.turn_limit
    # the rule text's checksum: exactly one paskahousu per game
    events = state.score_events()
    assert state.hands_played == len(state.sheet) == len(events)
    for record in state.sheet:
        playing = [s for s in range(n) if s not in record.out_order]
        if record.by_turn_limit:
            assert record.cards_left[record.loser] == max(record.cards_left)
        else:
            assert playing == [record.loser], "the loser is the one player left holding cards"
            assert record.cards_left[record.loser] > 0
    assert sum(state.losses) == len(state.sheet), "one loss per game"
    assert tuple(sum(e.points for e in events if e.seats == (s,)) for s in range(n)) == state.losses
    assert state.scores == state.losses
    assert state.over == (len(state.sheet) >= state.options.games)
