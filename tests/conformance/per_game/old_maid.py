"""Old Maid's conformance entries: option variants and the invariants after every action."""

from __future__ import annotations

from collections import Counter

from solvers.games.old_maid import pack_for, pair_class

EXAMPLES = 12
VARIANT_EXAMPLES = 4

VARIANTS = [
    {"players": 2, "hands": 2},
    {"players": 3, "odd_card": "remove_AC", "pairing": "colour", "offerer_orders": True, "hands": 1},
    {"players": 5, "odd_card": "add_joker", "quiet_draw_limit": 20, "hands": 2},
    {"players": 8, "odd_card": "remove_random_hidden", "hands": 1},
    {"players": 4, "odd_card": "remove_random_hidden", "pairing": "colour", "hands": 1},
]


def check(state) -> None:
    """Card conservation, no pair inside a hand, one unmatched card, the turn order and the sheet."""
    opts = state.options
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    pack = set(pack_for(opts.odd_card))
    assert set(cards) == pack and sum(cards.values()) == len(pack), "every card is in exactly one zone"
    for s in range(state.players):
        classes = [pair_class(c, opts.pairing) for c in state.hands[s]]
        assert len(set(classes)) == len(classes), "no hand holds two cards that pair"
        pairs = Counter(pair_class(c, opts.pairing) for c in state.pairs[s])
        assert all(n % 2 == 0 for n in pairs.values()), "discards are pairs"
    held = Counter(pair_class(c, opts.pairing) for h in state.hands for c in h)
    # the checksum of the game: exactly one class has an odd number of cards left in the hands
    assert sum(n % 2 for n in held.values()) == 1, "exactly one card will never pair"
    assert sum(state.losses) == sum(1 for r in state.sheet if r.loser is not None)
    assert state.hands_played == len(state.sheet)
    events = state.score_events()
    assert [sum(e.points for e in events if e.seats == (s,)) for s in range(state.players)] == list(state.losses)
    if state.over:
        assert len(state.sheet) == opts.hands
    else:
        assert len(state.sheet) < opts.hands
        assert state.hands[state.offerer] and state.hands[state.drawer] and state.offerer != state.drawer
        assert sum(1 for h in state.hands if h) >= 2
        assert state.quiet < opts.quiet_draw_limit
        # the drawer is the first player on the offerer's left who holds cards
        n = state.players
        between = [(state.offerer + i) % n for i in range(1, (state.drawer - state.offerer) % n)]
        assert all(not state.hands[s] for s in between)
