"""Mao's search: its fast play-out is the engine's play, its candidates and what it infers
from the others' draws."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.games import mao_bot as B
from solvers.games import mao_rules as R
from solvers.games import mao_search as S

GAME = games.get("mao")
OPTIONS = [{}, {"players": 3}, {"players": 5, "say_mao_last_card": True, "no_draw_when_able": True,
                                "all_hail_the_king": True, "reverse_rank": "2"},
           {"players": 6, "jack_wild": False, "turn_limit": 50}, {"hand_size": 3, "rounds": 2}]


def _states(seed, options, moves=60):
    """States of a match played mostly by the rules of thumb, with some random moves."""
    state = GAME.new(seed=seed, options=options)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over:
            return
        yield state
        seat = state.turn
        action = rng.choice(state.legal_actions(seat)) if rng.below(4) == 0 else B.heuristic_bot(state, seat, rng)
        state = state.apply(action, seat)


def test_fast_rollout_plays_as_the_rules_of_thumb_on_the_engine():
    for seed, options in enumerate(OPTIONS):
        for state in list(_states(seed, options))[::3]:
            seat, hand = state.turn, state.hands_played
            for steps in (8, 400):
                played = state
                for _ in range(steps):
                    if played.is_over or played.hands_played > hand:
                        break
                    played = played.apply(B.heuristic_bot(played, played.turn, None), played.turn)
                assert S.fast_rollout(state, seat, hand, steps) == S.value(played, seat, hand)


def test_thumb_action_is_the_heuristic_move_with_its_reason():
    for state in _states(7, {}):
        action, reason = B.best_action(state, state.turn, state.rules)
        assert action == B.thumb_action(state, state.turn, state.rules) and reason


def test_two_copies_of_a_card_are_one_candidate():
    for state in _states(3, {}):
        moves = [(m.args[0].split("#")[0],) + m.args[1:] for m in S.candidates(state, state.turn) if m.args]
        assert len(moves) == len(set(moves))


def test_what_the_draws_tell_holds_for_the_real_hands():
    told = 0
    for seed in range(3):
        state = GAME.new(seed=100 + seed)
        rng = Rng(seed)
        while not state.is_over and state.hands_played == 0:
            seat = state.turn
            for other, (table, fresh) in S.refusals(state, seat).items():
                fitting = sum(1 for c in state.hands[other] if R.fits(state.rules, c, table) is None)
                assert fitting <= fresh
                told += 1
            state = state.apply(B.heuristic_bot(state, seat, rng), seat)
    assert told


def test_deal_keeps_the_refusals_and_the_card_counts():
    for state in list(_states(11, {}, 40))[5::5]:
        seat = state.turn
        known = S.refusals(state, seat)
        world = S.deal(state, seat, Rng(5), known)
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.stock) == len(state.stock)
        assert sorted(map(str, world.stock + sum(world.hands, ()))) == sorted(map(str, state.stock + sum(state.hands, ())))
        for other, (table, fresh) in known.items():
            assert sum(1 for c in world.hands[other] if R.fits(state.rules, c, table) is None) <= fresh
