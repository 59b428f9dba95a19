"""Durak's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.durak import PACK, beats

VARIANTS = [
    {"players": 3, "passing": True},
    {"players": 4, "teams": 2, "throw_in_on_take": True},
    {"players": 5, "throw_in_after_first_cover": True, "max_attack_cards": 4},
    {"players": 6, "teams": 3, "passing": True, "next_deal_from_fool": False, "games": 2},
]
EXAMPLES = 10
VARIANT_EXAMPLES = 3


def check(state) -> None:
    """Card conservation, the table's rules, one durak (or none) per game, the score sheet."""
    zones = state.zones()
    cards = Counter(c for z in zones.values() for c in z.cards)
    held = sum(len(h) for h in state.hands)
    if state.talon:
        assert state.indicator_in_talon, "the turned trump is drawn last"
    assert sum(cards.values()) == 36 and set(cards) == set(PACK), "every card is in exactly one zone"
    assert held + state.talon_size + len(state.discard) + len(state.attacks) + \
        sum(c is not None for c in state.covers) == 36
    # the table: every cover beats its attack; never more uncovered cards than the defender holds
    for (_, attack), cover in zip(state.attacks, state.covers):
        if cover is not None:
            assert beats(cover, attack, state.trump)
    assert len(state.attacks) <= state.options.max_attack_cards
    if state.attacks and not state.taking:
        assert len(state.uncovered()) <= len(state.hands[state.defender]), "no more to beat than the defender holds"
    if not state.over:
        assert state.defender != state.attacker and state.defender == state.next_holder(state.attacker) or \
            state.attacks, "the defender sits left of the attacker"
    for s, known in enumerate(state.known):
        assert set(known) <= set(state.hands[s]), "known cards are in the hand"
    # the rule text's checksum: exactly one durak, or none after a simultaneous finish
    events = state.score_events()
    assert len(events) == sum(1 for r in state.sheet if r.durak is not None)
    totals = [0] * state.players
    for record in state.sheet:
        if record.durak is not None:
            for s in range(state.players):
                totals[s] += state.side_of(s) == state.side_of(record.durak)
        assert tuple(totals) == record.totals
    assert tuple(totals) == tuple(state.scores)
    for side in state.sides():
        assert sum(e.points for e in events if e.seats == side) == state.scores[side[0]]
    assert state.hands_played == len(state.sheet) <= state.options.games
    assert state.over == (len(state.sheet) == state.options.games)
