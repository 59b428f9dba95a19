"""Quick play on bit masks gives, card for card, what the heuristic on the state gives."""

from __future__ import annotations

from dataclasses import replace

from solvers import games
from solvers.cards import Rank, Rng
from solvers.games import teka_quick, whist_bot, whist_quick
from solvers.games.teka import PLAY, partner_of
from solvers.pimc.adapters import adapter_for
from solvers.sampling import sample_hidden


def _whist_stepped(state, cards_left: int):
    """The reference: ``whist_bot.choose``'s card onto the state, one card at a time."""
    while len(state.history) < 13 - cards_left:
        seat = state.turn
        card, _ = whist_bot.choose(state, seat)
        state = state.play(card, seat)
    return state


def _teka_stepped(state, cards_left: int):
    """The reference: the adapter's quick-play step (the heuristic's card and signal onto
    the state), one card at a time."""
    adapter = adapter_for(state)
    while len(state.history) < 13 - cards_left:
        state = adapter.rollout_step(state, min(state.to_move), Rng(0))
    return state


def _starts(name, seeds):
    """Seeded states at every card play of the first hand, the true deal (hands in suit
    order) and a sampled deal of the seat to play (hands in shuffled order)."""
    game = games.get(name)
    bot = game.bots()["heuristic"]
    for seed in seeds:
        state = game.new(seed=seed)
        rng = Rng(seed)
        while not state.sheet:
            seat = min(state.to_move)
            if getattr(state, "phase", PLAY) == PLAY and seat == state.turn:
                yield state
                yield sample_hidden(state, seat, rng)
            state = state.apply(bot(state, seat, rng), seat)


def test_whist_quick_play_on_masks_is_the_heuristic_card_for_card():
    checked = 0
    for start in _starts("whist", range(4)):
        for cards_left in range(1, 13 - len(start.history)):
            assert whist_quick.play_to(start, cards_left) == _whist_stepped(start, cards_left)
            checked += 1
    assert checked > 1000


def test_whist_quick_play_stops_at_once_at_or_past_the_horizon():
    start = next(s for s in _starts("whist", [3]) if len(s.history) == 8 and not s.trick)
    assert whist_quick.play_to(start, 5) is start
    assert whist_quick.play_to(start, 0) is None


def _teka_variants(state):
    """The counting state quick play runs on, also with no signals, with the declarer's
    partner's hand laid aside (double 13 alone: three cards a trick), and with partner's
    requests (each trick's lead tagged slam or snap, which the heuristic never plays)."""
    counted = adapter_for(state).counting_state(state)
    yield counted
    for tag in ("slam", "snap"):
        history = tuple(((plays[0][0], plays[0][1], tag),) + plays[1:] for plays in counted.history)
        yield replace(counted, history=history)
    yield replace(counted, options=replace(counted.options, signals="none"))
    if not counted.history:
        # the first trick's follows without the trump ace's sequence rule
        yield replace(counted, options=replace(counted.options, ace_sequence_first_trick=False))
    if not counted.trick and state.declarer is not None:
        yield replace(counted, sitting_out=partner_of(counted.declarer))


def test_teka_quick_play_on_masks_is_the_heuristic_card_for_card():
    checked = first_trick = 0
    for start in _starts("teka", range(3)):
        if not start.history and not start.trick:
            assert teka_quick.play_to(start, 6) is None     # the first trick's lead stays on the state
            continue
        first_trick += not start.history
        for counted in _teka_variants(start):
            for cards_left in range(max(1, 7 - len(counted.history)), 13 - len(counted.history)):
                got = teka_quick.play_to(counted, cards_left)
                assert got is not None and got == _teka_stepped(counted, cards_left)
                checked += 1
    assert checked > 500 and first_trick >= 12


def test_teka_quick_play_declines_a_hand_that_could_end_first():
    start = next(s for s in _starts("teka", [1]) if len(s.history) == 2)
    assert teka_quick.play_to(start, 5) is None    # the real bid could be made or beaten by then


def _teka_first_trick_follows(seeds, samples):
    """States of the first trick with a card on it and the seat to follow to play: the
    true deal and sampled deals of that seat."""
    game = games.get("teka")
    bot = game.bots()["heuristic"]
    for seed in seeds:
        state = game.new(seed=seed)
        rng = Rng(seed)
        while not state.history and not state.sheet:
            seat = min(state.to_move)
            if getattr(state, "phase", PLAY) == PLAY and seat == state.turn and state.trick:
                yield state
                for k in range(samples):
                    yield sample_hidden(state, seat, rng.fork(k))
            state = state.apply(bot(state, seat, rng), seat)


def test_teka_quick_play_follows_the_first_trick_on_masks():
    # a trump lead to the first trick is followed from the trump ace's sequence when held
    checked = ace_follows = 0
    for start in _teka_first_trick_follows(range(12), 3):
        led = start.trick[0][1]
        ace_follows += led.suit == start.trump and any(
            c.suit == start.trump and c.rank == Rank.ACE for c in start.hands[start.turn])
        for counted in _teka_variants(start):
            for cards_left in (7, 11):
                assert teka_quick.play_to(counted, cards_left) == _teka_stepped(counted, cards_left)
                checked += 1
    assert checked > 1000 and ace_follows >= 10


def test_whist_quick_play_from_the_shared_masks_of_the_deal_is_the_same():
    # a sampled deal's masks read once, then each candidate card played onto a copy
    adapter = adapter_for(games.get("whist").new(seed=0))
    checked = from_shared = 0
    for start in _starts("whist", range(2)):
        seat = start.turn
        shared = whist_quick.masks_of(start)
        for card in {adapter.card_of(a) for a in start.legal_actions(seat)}:
            after = start.play(card, seat)
            from_shared += whist_quick._after(shared, seat, card) is not None
            for cards_left in (1, 6, 12 - len(start.history)):
                if cards_left >= 1:
                    assert whist_quick.play_to(after, cards_left, (shared, seat, card)) == \
                        whist_quick.play_to(after, cards_left)
                    checked += 1
    assert checked > 1000 and from_shared > 300


def test_teka_quick_play_from_the_shared_masks_of_the_deal_is_the_same():
    # the deal's masks read once; each candidate card (played plain) onto a copy, quick
    # play then running on the counting state of the card's after-state
    checked = from_shared = 0
    for start in _starts("teka", range(2)):
        seat = start.turn
        adapter = adapter_for(start)
        shared = teka_quick.masks_of(start)
        for action in start.legal_actions(seat):
            card = adapter.card_of(action)
            if card is None or (action.args[1:] and action.args[1]):
                continue
            after = adapter.counting_state(adapter.play_card(start, seat, card))
            from_shared += teka_quick._after(shared, seat, card) is not None
            done = len(after.history)
            for cards_left in {max(1, 7 - done), 12 - done}:
                if 1 <= cards_left <= 12 - done:
                    assert teka_quick.play_to(after, cards_left, (shared, seat, card)) == \
                        teka_quick.play_to(after, cards_left)
                    checked += 1
    assert checked > 300 and from_shared > 150
