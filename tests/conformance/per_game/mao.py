"""Mao's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games import mao_rules as R
from solvers.games.mao import STOPPED, pack

# a random match runs to the turn limit (random cards earn penalties): keep the runs few
EXAMPLES = 5
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"players": 3, "hand_size": 3, "rounds": 2, "winner_adds_rule": True, "turn_limit": 120},
    {"players": 5, "reverse_rank": "2", "say_mao_last_card": True, "no_draw_when_able": True,
     "all_hail_the_king": True, "turn_limit": 150},
    {"realtime_out_of_turn": True, "secret_library_rules": 2, "turn_limit": 100},
]

RULE_WORDS = ("eight", "ace", "jack", "spade", "seven", "nice", "mao", "king", "revers", "skip", "wild")


def check(state) -> None:
    """Card conservation; penalties only ever name offences; the score sheet adds up."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    full = pack(state.options)
    assert sum(cards.values()) == len(full) and set(cards) == set(full), "every card is in exactly one zone"
    # the rule text's checksum: a penalty names the offence, never the rule
    for p in state.penalties:
        assert p.offence in R.OFFENCES
        assert not any(word in p.offence for word in RULE_WORDS)
    assert state.rules <= set(R.LIBRARY)
    for seat in range(state.players):
        for card in state.exposed[seat]:
            assert card in state.hands[seat], "a card seen going back into a hand is still there"
        view = str(state.view(seat))
        assert "rules_in_force" not in view
    # the public record of the round: offences as announced, one per penalty card this round
    number = len(state.sheet) + (0 if state.over else 1)
    assert sum(len(m.offences) for m in state.moves) == sum(1 for p in state.penalties if p.round == number)
    for move in state.moves:
        assert all(offence in R.OFFENCES for offence in move.offences)
        assert move.kind != "drew" or move.card is None
    events = state.score_events()
    assert state.hands_played == len(state.sheet)
    for seat in range(state.players):
        assert sum(e.points for e in events if e.seats == (seat,)) == state.scores[seat]
    for record in state.sheet:
        if record.how != STOPPED:
            assert all(record.cards_left[w] == 0 for w in record.winners)
    assert state.actions <= state.options.turn_limit
