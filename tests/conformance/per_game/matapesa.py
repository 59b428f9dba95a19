"""Mätäpesä's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.cards import standard_pack
from solvers.games.matapesa import COUNT_LOSSES, CUCUMBER, SINGLE, hand_size, trick_winner

VARIANTS = [
    {"players": 3},
    {"players": 8, "match": "count_losses", "games": 3},
    {"players": 5, "match": "cucumber_points", "out_at": 12},
    {"players": 7, "match": "cucumber_points", "out_at": 4},
    {"players": 6, "match": "count_losses", "games": 2},
]


def check(state) -> None:
    """Card conservation, hand sizes, the shown lowest cards, and the rule text's checksum:
    exactly one player loses each deal, the taker of its last trick; the score events add
    up to the scores."""
    options = state.options
    n = state.players
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(standard_pack()), "every card is in one zone"
    size = hand_size(len(state.seats))
    assert len(state.remainder) == 52 - size * len(state.seats), "the cards left over lie face up"
    out = set(state.out())
    assert state.over or not out & set(state.seats), "a player who is out is not dealt in"
    for s in range(n):
        if s not in state.seats:
            assert not state.hands[s] and not state.played[s]
            continue
        in_trick = sum(1 for p, _ in state.trick if p == s)
        assert len(state.hands[s]) + len(state.played[s]) + in_trick == size, "every hand started with the deal's size"
        assert all(c.rank >= state.floors[s] for c in state.hands[s]), "a thrown card was the thrower's lowest"
        assert sorted(state.hands[s] + state.played[s] + tuple(c for p, c in state.trick if p == s)) == \
            sorted(state.dealt[s]), "a player only plays the cards dealt to them"
    played = [len(p) for s, p in enumerate(state.played) if s in state.seats]
    assert len(set(played)) == 1 and sum(state.tricks) == played[0], "one trick at a time"
    assert len(state.trick) < len(state.seats), "a full trick is gathered at once"
    totals = [0] * n
    events = state.score_events()
    assert len(events) == len(state.sheet) == state.hands_played
    for number, (record, event) in enumerate(zip(state.sheet, events), 1):
        # the rule text's checksum: exactly one player loses each deal, the taker of the last trick
        assert event.seats == (record.loser,) and event.hand == number
        assert record.loser in record.seats
        assert record.points == (record.last_card.rank if options.match == CUCUMBER else 1) == event.points
        last = sorted(c for h in record.dealt for c in h) + sorted(record.remainder)
        assert sorted(last) == sorted(standard_pack())
        totals[record.loser] += record.points
        assert list(record.totals) == totals
    assert list(state.points) == totals == list(state.scores), "the score events add up to the scores"
    if state.sheet and state.last_trick and not state.trick and not any(state.played[s] for s in state.seats):
        # a deal has just ended: the player who took its last trick is the one who lost
        assert trick_winner(state.last_trick)[0] == state.sheet[-1].loser
    if options.match == SINGLE:
        assert state.over == (len(state.sheet) == 1)
    elif options.match == COUNT_LOSSES:
        assert state.over == (len(state.sheet) == options.games)
        assert sum(state.points) == len(state.sheet), "one game lost a deal"
    else:
        assert state.over == (n - len(out) <= 1)
        assert all(r.totals[r.loser] - r.points < options.out_at for r in state.sheet), "only players in lose"
    if state.over:
        assert state.winners
        assert state.standings()[0]["seats"][0] in state.winners
