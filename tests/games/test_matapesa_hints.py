"""Mätäpesä hints and bots: legal, honest, explained, reproducible with a fixed effort."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError
from solvers.games.matapesa_search import candidates, playout
from solvers.sampling import determinize

from tests.games.test_matapesa import EIGHT, EIGHT_PLAY, eight, play_tricks

GAME = games.get("matapesa")


def test_a_card_hint_is_sampled_legal_and_explained():
    state = GAME.new(seed=5)
    seat = state.turn
    hint = GAME.hint(state, seat, rng=Rng(1), iterations=40)
    assert hint.action in state.legal_actions(seat)
    assert hint.method == "sampled" and hint.evaluation["samples"] == 40
    assert "sampled deals" in hint.reason and "last trick" in hint.reason
    ranks = {a["action"]["args"][0][0] for a in hint.alternatives} | {hint.action.args[0][0]}
    assert len(ranks) == len(candidates(state, seat)), "one card of each rank is weighed"
    again = GAME.hint(state, seat, rng=Rng(1), iterations=40)
    assert again.to_json()["action"] == hint.to_json()["action"] and again.reason == hint.reason


def test_a_following_hint_names_heading_or_throwing():
    state = eight().apply("play 9S", 0)
    hint = GAME.hint(state, 1, rng=Rng(3), iterations=30)
    assert hint.reason.startswith(("Head the trick", "Throw your lowest"))


def test_a_forced_card_says_why():
    state = eight().apply("play 9S", 0).apply("play AH", 1).apply("play AD", 2).apply("play 9C", 3)
    hint = GAME.hint(state, 4)
    assert hint.action.notation == "play 3S" and hint.method == "exact"
    assert "must throw your lowest card" in hint.reason


def test_cards_of_one_rank_are_all_the_same():
    state = play_tricks(eight(), EIGHT_PLAY[:5])
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "play AS" and "last card" in hint.reason


def test_a_tiny_budget_answers_with_the_rules_of_thumb():
    state = GAME.new(seed=5)
    hint = GAME.hint(state, state.turn, 0.001)
    assert hint.method == "heuristic" and "highest card" in hint.reason


def test_hint_refuses_a_seat_not_to_move_and_unknown_modes():
    state = GAME.new(seed=5)
    other = (state.turn + 1) % 4
    with pytest.raises(CardsageError):
        GAME.hint(state, other)
    with pytest.raises(CardsageError):
        GAME.hint(state, state.turn, mode="exact")


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), salt=st.integers(0, 1000))
@settings(max_examples=15, deadline=None)
def test_hint_depends_only_on_what_the_seat_knows(seed, steps, salt):
    state = GAME.new(seed=seed, options={"players": 3 + seed % 6})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    if state.is_over:
        return
    seat = state.turn
    other = determinize(state, seat, Rng(salt))
    a = GAME.hint(state, seat, rng=Rng(7), iterations=12).to_json()
    b = GAME.hint(other, seat, rng=Rng(7), iterations=12).to_json()
    a["evaluation"].pop("elapsed_s", None)
    b["evaluation"].pop("elapsed_s", None)
    assert a == b


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
@settings(max_examples=25, deadline=None)
def test_a_playout_follows_the_rules_of_thumb(seed, steps):
    # the fast rank-only playout ends as the real game does with everyone on the rules of thumb
    state = GAME.new(seed=seed, options={"players": 3 + seed % 6})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    if state.is_over:
        return
    bot = GAME.bots()["heuristic"]
    first = bot(state, state.turn, rng)
    hands = {s: sorted(c.rank for c in state.hands[s]) for s in state.seats}
    loser, rank = playout(state, hands, parse_card(first.args[0]).rank)
    real = state.apply(first, state.turn)
    while not real.is_over:
        real = real.apply(bot(real, real.turn, rng), real.turn)
    assert real.sheet[-1].loser == loser and real.sheet[-1].last_card.rank == rank


def test_bots_play_legal_cards():
    state = GAME.new(seed=2, options={"players": 6})
    rng = Rng(2)
    bots = GAME.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    turn = 0
    while not state.is_over:
        name = ("search" if turn < 6 else "heuristic", "heuristic", "random")[turn % 3]
        action = bots[name](state, state.turn, rng)
        assert action in state.legal_actions(state.turn)
        state = state.apply(action, state.turn)
        turn += 1
    assert state.hands_played == 1


def test_the_deal_used_by_the_scenarios_is_whole():
    assert sum(len(h.split()) for h in EIGHT["hands"]) + len(EIGHT["remainder"]) == 52


def test_sampled_ranks_respect_the_lowest_cards_shown():
    from solvers.games.matapesa_search import sample_ranks
    for seed in range(30):
        state = GAME.new(seed=seed, options={"players": 8})
        rng = Rng(seed)
        while not state.is_over and sum(1 for f in state.floors if f) < 3:
            state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
        if state.is_over:
            continue
        seat = state.turn
        unseen = sorted(c.rank for s in state.seats if s != seat for c in state.hands[s])
        for k in range(10):
            ranks = sample_ranks(state, seat, Rng(k))
            assert ranks[seat] == sorted(c.rank for c in state.hands[seat])
            assert sorted(r for s, h in ranks.items() if s != seat for r in h) == unseen
            for s in state.seats:
                assert len(ranks[s]) == len(state.hands[s])
                assert all(r >= state.floors[s] for r in ranks[s])


def test_several_cards_of_one_rank_any_will_do():
    for seed in range(200):
        state = GAME.new(seed=seed, options={"players": 3})
        rng = Rng(seed)
        while not state.is_over:
            if len(candidates(state, state.turn)) == 1 and len(state.legal_actions(state.turn)) > 1:
                hint = GAME.hint(state, state.turn)
                assert hint.method == "exact" and "any of them will do" in hint.reason
                assert hint.action in state.legal_actions(state.turn)
                return
            state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    pytest.fail("no position with several cards of one rank to play")


def heuristic_ending(seed: int, players: int, cards: int):
    """A deal played by the rules of thumb until the seat to move holds ``cards`` cards."""
    state = GAME.new(seed=seed, options={"players": players})
    bot = GAME.bots()["heuristic"]
    while len(state.hands[state.turn]) > cards:
        state = state.apply(bot(state, state.turn, Rng(0)), state.turn)
    return state


def test_in_the_ending_the_hint_solves_sampled_deals_exactly():
    from solvers.games.matapesa_search import in_ending
    state = heuristic_ending(0, 4, 3)
    seat = state.turn
    assert seat == 2 and in_ending(state, seat)
    hint = GAME.hint(state, seat, rng=Rng(1), iterations=40)
    assert hint.action in state.legal_actions(seat)
    assert hint.evaluation["kind"] == "sampled exact" and hint.evaluation["samples"] == 40
    assert "with 3 cards in your hand" in hint.reason and "solved exactly" in hint.reason
    assert " of 40" in hint.reason
    # leading the 8 (the rules of thumb's card) leaves seat 2 the last trick; the 7 does not
    assert hint.action.args[0][0] == "7"
    assert any(a["action"]["args"][0][0] == "8" and a["losing_deals"] > 0 for a in hint.alternatives)


def test_in_the_ending_the_search_bot_leaves_the_rules_of_thumb_only_when_clearly_better():
    from solvers.games.matapesa_play import heuristic_card
    state = heuristic_ending(0, 4, 3)
    assert heuristic_card(state, 2).rank == 8
    assert GAME.bots()["search"](state, 2, Rng(5)).args[0][0] == "7"
    # early in the deal nothing is clearly better than the highest card in most positions
    kept = 0
    for seed in range(6):
        state = heuristic_ending(seed, 5, 6)
        seat = state.turn
        kept += GAME.bots()["search"](state, seat, Rng(seed)).args[0][0] == str(heuristic_card(state, seat))[0]
    assert kept >= 3


def test_a_timed_hint_in_the_ending_stops_at_its_budget_share():
    state = heuristic_ending(3, 6, 6)
    hint = GAME.hint(state, state.turn, 0.05)
    assert hint.action in state.legal_actions(state.turn)
    assert hint.method in ("sampled", "heuristic")
