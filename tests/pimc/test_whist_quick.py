"""Whist quick play on bit masks gives, card for card, what the heuristic on the state gives."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.games import whist_bot, whist_quick
from solvers.sampling import sample_hidden


def _stepped(state, cards_left: int):
    """The reference: ``whist_bot.choose``'s card onto the state, one card at a time."""
    while len(state.history) < 13 - cards_left:
        seat = state.turn
        card, _ = whist_bot.choose(state, seat)
        state = state.play(card, seat)
    return state


def _starts(seeds):
    """Seeded states at every card of the first hand, the true deal (hands in suit order)
    and a sampled deal of the seat to play (hands in shuffled order)."""
    game = games.get("whist")
    bot = game.bots()["heuristic"]
    for seed in seeds:
        state = game.new(seed=seed)
        rng = Rng(seed)
        while not state.sheet:
            seat = state.turn
            yield state
            yield sample_hidden(state, seat, rng)
            state = state.apply(bot(state, seat, rng), seat)


def test_quick_play_on_masks_is_the_heuristic_card_for_card():
    checked = 0
    for start in _starts(range(6)):
        for cards_left in range(1, 13 - len(start.history)):
            expected = _stepped(start, cards_left)
            got = whist_quick.play_to(start, cards_left)
            assert got == expected, (start.history, start.trick, cards_left)
            checked += 1
    assert checked > 1000


def test_quick_play_stops_at_once_at_or_past_the_horizon():
    start = next(s for s in _starts([3]) if len(s.history) == 8 and not s.trick)
    assert whist_quick.play_to(start, 5) is start
    assert whist_quick.play_to(start, 0) is None
