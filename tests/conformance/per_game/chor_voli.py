"""Chor Voli's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.chor_voli import PLAYERS, SCORED
from solvers.games.chor_voli_rank import PACK, strength_table, mask_of

# a match runs until someone cannot ante: a few whole matches are plenty
EXAMPLES = 1
VARIANT_EXAMPLES = 2

VARIANTS = [
    {"start_chips": 3, "threes_high": True, "tie_rule": "last_played"},
    {"start_chips": 5, "four_fours_high": True, "fixed_deals": 4},
    {"start_chips": 30, "deal_limit": 3},
]


def check(state) -> None:
    """Card conservation, chips conservation (chips + pool = 4 x start chips), valid kept
    combinations, the number of discards, and the score sheet adding up."""
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and set(cards) == set(PACK), "every card is in exactly one zone"
    # the checksum: chips are only moved between the players and the pool
    assert sum(state.chips) + state.pool == PLAYERS * state.options.start_chips
    assert state.pool >= 0 and min(state.chips) >= 0
    table = strength_table(state.options.threes_high)
    four_deal = bool(state.sheet) and state.phase == SCORED and bool(state.sheet[-1].fours)
    for s in range(PLAYERS):
        assert len(state.combos[s]) <= 4
        for combo in state.combos[s]:
            assert len(combo) == 3 and mask_of(combo) in table, "only combinations are kept"
        if state.done[s] and not four_deal:
            assert not state.hands[s]
            assert len(state.discards[s]) == 13 - 3 * len(state.combos[s]) >= 1
            assert len(state.combos[s]) >= 1
            strengths = [table[mask_of(c)] for c in state.combos[s]]
            assert strengths == sorted(strengths, reverse=True), "shown strongest first"
    assert state.hands_played == len(state.sheet)
    assert tuple(state.chips) == tuple(state.scores)
    if state.phase != SCORED:
        # the antes of the deal under way are in the pool
        before = state.chips_after()[-1] if state.sheet else (state.options.start_chips,) * PLAYERS
        assert tuple(c - 1 for c in before) == tuple(state.chips)
        return
    # a deal was just scored: its score events add up to every player's chips
    events = state.score_events()
    chips = [state.options.start_chips] * PLAYERS
    for number, r in enumerate(state.sheet, 1):
        assert sum(r.won) == r.pool_before - r.pool_after
        assert len(r.rounds) <= 4 and (not r.fours or not r.rounds)
        for s in range(PLAYERS):
            chips[s] += sum(e.points for e in events if e.hand == number and e.seats == (s,))
        assert tuple(chips) == state.chips_after()[number - 1]
    assert tuple(chips) == tuple(state.chips)
    if state.over:
        opts = state.options
        played = len(state.sheet)
        assert min(state.chips) < 1 or played >= opts.deal_limit or (opts.fixed_deals and played >= opts.fixed_deals)
