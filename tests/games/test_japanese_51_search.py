"""Japanese 51's search: the deals it samples keep what is known and model the cards kept."""

from __future__ import annotations

from collections import Counter
from statistics import fmean

from solvers.cards import Rng
from solvers.games import get
from solvers.games.japanese_51_play import heuristic_bot
from solvers.games.japanese_51_search import kept_deal
from solvers.sampling import determinize

GAME = get("japanese-51")


def played(seed: int, actions: int):
    state, rng = GAME.new(seed=seed), Rng(seed)
    for _ in range(actions):
        seat = min(state.to_move)
        state = state._apply(heuristic_bot(state, seat, rng), seat)
    return state


def test_a_kept_deal_moves_only_unseen_cards():
    for seed in range(6):
        state = played(seed, 13)
        seat = state.turn
        world = kept_deal(state, seat, Rng(seed))
        cards = Counter(c for h in world.hands for c in h) + Counter(world.table + world.stock + world.aside)
        assert len(cards) == 52 and max(cards.values()) == 1
        assert world.hands[seat] == state.hands[seat] and world.table == state.table
        for s in range(state.players):
            assert set(state.known[s]) <= set(world.hands[s]) and len(world.hands[s]) == len(state.hands[s])


def test_players_who_had_turns_hold_better_than_random_cards():
    rng, kept, plain = Rng(3), [], []
    for seed in range(8):
        state = played(seed, 15)
        seat = state.turn
        others = [s for s in range(state.players) if s != seat]
        for _ in range(5):
            kept += [kept_deal(state, seat, rng).value(s) for s in others]
            plain += [determinize(state, seat, rng).value(s) for s in others]
    assert fmean(kept) > fmean(plain) + 5
