"""Mao's search: its fast play-out is the engine's play, its candidates and what it infers
from the others' draws."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rank, Rng, Suit, parse_card
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


def _heuristic_rounds(seeds, options=None):
    """(state, seat to move) through the first round of matches played by the rules of thumb."""
    for seed in seeds:
        state = GAME.new(seed=100 + seed, options=options)
        rng = Rng(seed)
        while not state.is_over and state.hands_played == 0:
            yield state, state.turn
            state = state.apply(B.heuristic_bot(state, state.turn, rng), state.turn)


def _held(hand, tables, rules):
    return sum(1 for c in hand if all(R.fits(rules, c, t) is not None for t in tables))


def test_what_the_record_tells_holds_for_the_real_hands():
    draws = plays = 0
    for state, seat in _heuristic_rounds(range(3)):
        for other, seen in S.observations(state, seat).items():
            assert other != seat
            for tables, need in seen.draws:
                assert _held(state.hands[other], tables, state.rules) >= need
                draws += 1
            assert S.disagreements(list(state.hands[other]), seen, state.rules) == 0
            plays += len(seen.plays)
    assert draws and plays


def test_deal_keeps_the_draws_and_the_card_counts():
    checked = 0
    for state, seat in list(_heuristic_rounds([11]))[5::4]:
        known = S.observations(state, seat)
        world = S.deal(state, seat, Rng(5), known)
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.stock) == len(state.stock)
        assert sorted(map(str, world.stock + sum(world.hands, ()))) == sorted(map(str, state.stock + sum(state.hands, ())))
        for other, seen in known.items():
            for tables, need in seen.draws:
                assert _held(world.hands[other], tables, state.rules) >= need
                checked += 1
    assert checked


def test_a_hint_reads_the_record_under_the_rules_its_seat_knows():
    for state, seat in list(_heuristic_rounds([4]))[10::10]:
        known = B.belief(state, seat)
        assert known.rules == frozenset()      # nobody was penalised: the basic rule only
        for other, seen in S.observations(known, seat).items():
            for tables, _ in seen.draws:
                assert all(t.sevens == 0 for t in tables)   # no chain in the basic rule


def test_going_back_through_the_whole_round_the_sure_part_holds_for_the_real_hands(monkeypatch):
    import random
    monkeypatch.setattr(S, "SURE", 1000)
    checked = 0
    for state, seat in _heuristic_rounds(range(2)):
        for other, seen in S.observations(state, seat).items():
            if seen.checked:
                wrong = S.disagreements(list(state.hands[other]), seen, state.rules, random.Random(checked).random)
                assert wrong < S.SURE      # only moves before a guessed draw may disagree
                checked += 1
    assert checked


def test_a_jacks_suit_call_is_read_as_the_suit_its_player_held_most(monkeypatch):
    import random
    monkeypatch.setattr(S, "CALLS", True)
    calls = 0
    for state, seat in _heuristic_rounds(range(6)):
        for other, seen in S.observations(state, seat).items():
            for event in seen.history:
                if event[0] != S.CLEAN or event[4] is None:
                    continue
                calls += 1
                # the real hand agrees with every sure move, the call included ...
                assert S.disagreements(list(state.hands[other]), seen, state.rules, random.Random(1).random) < S.SURE
        if calls:
            break
    assert calls
    # ... and a hand that called another suit than the one it held most does not
    held = [parse_card(c) for c in ("2H", "5H", "9H", "3C")]
    jack = parse_card("JS")
    table = R.Table(parse_card("4D"), None, 0, 5, R.reverse_rank("8"))
    for call, wrong in ((Suit.HEARTS, 0), (Suit.CLUBS, S.SURE)):
        seen = S.Seen(history=[(S.CLEAN, table, jack, False, int(call))], checked=True)
        assert S.disagreements(held, seen, GAME.new(seed=0).rules, random.Random(0).random) == wrong


def test_keeping_the_jacks_the_search_weighs_no_jack_but_the_rules_of_thumbs_own(monkeypatch):
    monkeypatch.setattr(S, "KEEP_JACKS", True)
    weighed = 0
    for state, seat in _heuristic_rounds(range(3)):
        prior = B.heuristic_bot(state, seat, None)
        moves = S.searched(state, seat, prior)
        assert prior in moves
        jacks = [m for m in moves if m.args and parse_card(m.args[0]).rank == Rank.JACK]
        assert jacks in ([], [prior])
        weighed += len(S.candidates(state, seat)) > len(moves)
    assert weighed


def test_by_default_the_search_weighs_every_faultless_move():
    for state, seat in list(_heuristic_rounds([2]))[::5]:
        prior = B.heuristic_bot(state, seat, None)
        assert S.searched(state, seat, prior) == S.candidates(state, seat)


def test_a_cut_play_out_is_worth_its_odds_a_finished_one_its_result(monkeypatch):
    monkeypatch.setattr(S, "VALUE", "odds")
    rows = S.ODDS
    assert len(rows) == 9 and all(len(r) == 9 for r in rows)
    for a in range(9):
        for b in range(9):
            assert -1 < rows[a][b] < 1
            assert b == 0 or rows[a][b] >= rows[a][b - 1]      # a bigger rival hand is no worse
            assert a == 0 or rows[a][b] <= rows[a - 1][b]      # a bigger own hand is no better
    assert S.worth(0, (0,), [0, 3, 4, 5]) == 1.0 and S.worth(1, (0,), [0, 3, 4, 5]) == -1.0
    assert S.worth(0, None, [2, 5, 6, 7]) == rows[1][4]
    assert S.worth(3, None, [2, 5, 6, 14]) == rows[8][1]      # sizes past the table's edge
    # the fast play-out still values as the engine's play does
    for state in list(_states(3, {}))[::10]:
        seat, hand = state.turn, state.hands_played
        played = state
        for _ in range(8):
            if played.is_over or played.hands_played > hand:
                break
            played = played.apply(B.heuristic_bot(played, played.turn, None), played.turn)
        assert S.fast_rollout(state, seat, hand, 8) == S.value(played, seat, hand)


def _choice_with(monkeypatch, first_gain, again_gain):
    """The move ``choose`` plays when, on made-up play-outs, the first sampled deals give one
    other move ``first_gain`` over the rules-of-thumb move and the fresh ones ``again_gain``."""
    monkeypatch.setattr(S, "CONFIRM", 40)
    state, seat = next((s, t) for s, t in _heuristic_rounds(range(5)) if len(S.candidates(s, t)) > 2)
    prior = B.heuristic_bot(state, seat, None)
    other = next(m for m in S.candidates(state, seat) if m != prior)
    calls = []

    def played_out(state_, seat_, moves, policy, rng, first, samples, known, budget, start):
        calls.append((first, samples, list(moves)))
        gain = first_gain if first == 0 else again_gain
        noise = [0.3 * ((i * 7919) % 11 - 5) / 5 for i in range(samples)]
        return [[x + (gain if m == other else 0.0) for x in noise] for m in moves]

    monkeypatch.setattr(S, "played_out", played_out)
    chosen, _ = S.choose(state, seat, B.heuristic_bot, Rng(1), samples=30)
    return chosen, prior, other, calls


def test_a_change_is_played_only_when_fresh_deals_confirm_it(monkeypatch):
    chosen, prior, other, calls = _choice_with(monkeypatch, 0.5, 0.5)
    assert chosen == other
    assert len(calls) == 2 and calls[1][0] >= S.CONFIRM_FIRST > 30 and calls[1][2] == [other, prior]
    chosen, prior, other, calls = _choice_with(monkeypatch, 0.5, 0.0)
    assert chosen == prior and len(calls) == 2            # not confirmed: the rules of thumb
    chosen, prior, other, calls = _choice_with(monkeypatch, 0.0, 0.5)
    assert chosen == prior and len(calls) == 1            # nothing to confirm: no more deals
