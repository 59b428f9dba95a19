"""Empat Satu's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.empat_satu import DISCARD_PHASE, PACK
from solvers.games.empat_satu_cards import MAX_VALUE, MIN_VALUE, hand_value, winners_and_losers

EXAMPLES = 8          # a default match is about nine hands of up to ninety actions
VARIANT_EXAMPLES = 3

VARIANTS = [
    {"players": 3, "match": "single", "discard_piles": "personal"},
    {"players": 4, "match": "cumulative", "deals": 2, "rounds_after_stock": 2},
    {"players": 6, "match": "wins", "wins": 1, "discard_piles": "personal"},
    {"players": 2, "match": "wins", "wins": 2, "rounds_after_stock": 1},
]


def check(state) -> None:
    """Card conservation, hand sizes, every hand value within −22 … 41, and the score sheet."""
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    for s in range(n):
        size = len(state.hands[s])
        extra = 1 if (not state.over and state.phase == DISCARD_PHASE and s == state.turn) else 0
        assert size == 4 + extra, f"seat {s} holds {size} cards"
        assert set(state.known[s]) <= set(state.hands[s]), "cards known taken are still held"
        assert MIN_VALUE <= hand_value(state.hands[s][:4]) <= MAX_VALUE
    assert len(state.stock) + len(state.discards) + 4 * n + (1 if state.phase == DISCARD_PHASE else 0) == 52 \
        or state.over
    if state.turns_left is not None and not state.over:
        assert not state.stock and 0 < state.turns_left <= n * state.options.rounds_after_stock
    wins, totals = [0] * n, [0] * n
    events = state.score_events()
    cumulative = state.options.match == "cumulative"
    for number, r in enumerate(state.sheet, 1):
        assert all(len(h) == 4 for h in r.shown)
        assert sum(len(h) for h in r.shown) == 4 * n
        assert all(MIN_VALUE <= v <= MAX_VALUE for v in r.values), r.values
        assert tuple(hand_value(h) for h in r.shown) == r.values
        assert (r.winners, r.losers) == winners_and_losers(r.shown)
        assert max(r.values) == r.values[r.winners[0]] and min(r.values) == r.values[r.losers[0]]
        for s in range(n):
            wins[s] += s in r.winners
            totals[s] += r.values[s]
            points = sum(e.points for e in events if e.hand == number and e.seats == (s,))
            assert points == (r.values[s] if cumulative else int(s in r.winners))
        assert r.wins == tuple(wins) and r.totals == tuple(totals)
        if r.ended == "stop":
            assert len({c.suit for c in r.shown[r.stopper]}) == 1, "only four of a suit may stop"
    assert state.wins == tuple(wins) and state.totals == tuple(totals)
    assert tuple(state.scores) == (tuple(totals) if cumulative else tuple(wins))
    opts = state.options
    played = len(state.sheet)
    if state.over:
        assert (opts.match == "single" and played == 1) or (opts.match == "wins" and max(wins) >= opts.wins) \
            or (opts.match == "cumulative" and played == opts.deals)
    else:
        assert opts.match != "single" or played == 0
        assert opts.match != "wins" or max(wins) < opts.wins
        assert opts.match != "cumulative" or played < opts.deals
