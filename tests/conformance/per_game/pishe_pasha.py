"""Pishe Pasha's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.pishe_pasha import PACK, fits_foundation, neighbours

EXAMPLES = 10
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"stop_calls": True},
    {"games": 2, "wrap_king_ace": True},
    {"guard_turns": 10, "games": 2, "stop_calls": True},
]


def check(state) -> None:
    """Card conservation, foundations built in order, the turn's current card, the guard
    and the score sheet."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    for suit, top in enumerate(state.foundations):
        assert 0 <= top <= 13
        assert len(state.zones()[f"foundation:{('clubs', 'diamonds', 'hearts', 'spades')[suit]}"].cards) == top
    held = state.cards_held(0) + state.cards_held(1)
    assert held + sum(state.foundations) == 52
    if not state.over:
        assert state.current is not None, "the player to move has a turned card"
        assert 0 <= state.quiet_turns < state.options.guard_turns
        if not state.options.stop_calls:
            assert not state.pending
        if state.pending:
            offender, kind, card = state.pending
            assert offender == state.turn and state.foundation_plays(offender), "a call follows a skipped play"
            if kind == "give":
                assert neighbours(card, state.top(1 - offender), state.options.wrap_king_ace)
    founds = [0, 0, 0, 0]
    for card in state.opening:
        assert fits_foundation(card, tuple(founds)), "the opening plays only cards that fit"
        founds[card.suit] += 1
    # one point a game: a win scores 1, a draw half to each
    assert sum(state.scores) == len(state.sheet)
    events = state.score_events()
    assert sum(e.points * len(e.seats) for e in events) == len(state.sheet)
    for s in (0, 1):
        assert sum(e.points for e in events if s in e.seats) == state.scores[s]
    for r in state.sheet:
        if r.winner is not None and not r.by_guard:
            assert r.cards_left[r.winner] == 0
        if r.by_guard:
            a, b = r.cards_left
            assert r.winner == (None if a == b else (0 if a < b else 1))
    if state.over:
        assert len(state.sheet) == state.options.games
    else:
        assert len(state.sheet) < state.options.games
