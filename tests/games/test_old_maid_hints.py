"""Old Maid's odds and hints: exact with two hands, sampled beyond, honest and plain about no skill."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.games.old_maid_bot import search_bot
from solvers.games.old_maid_odds import consistent_deal, loss_chance, offerer_keeps_it, play_out_blind
from solvers.sampling import determinize
from tests.games.old_maid_deals import deal_keeping

GAME = games.get("old-maid")


def test_two_hand_chain_by_hand():
    assert offerer_keeps_it(0, True) == 1.0 and offerer_keeps_it(0, False) == 0.0
    # old maid and one card against its mate: the drawer takes the mate (and the offerer is
    # stuck) or the old maid (and the positions swap): g = 1/2 + 1/2 (1 - g), so g = 2/3
    assert abs(offerer_keeps_it(1, True) - 2 / 3) < 1e-12
    assert abs(offerer_keeps_it(1, False) - 0.0) < 1e-12


def test_exact_chance_matches_blind_play_outs():
    deal = deal_keeping(["QS 5S 9S 7S", "5H 9H 7H"], dealer=1)
    state = GAME.new(deal=deal, options={"players": 2, "hands": 1})
    chance, how, used = loss_chance(state, 1, Rng(1), 10)
    assert how == "exact" and used == 0
    rng = Rng(7)
    runs = 4000
    lost = sum(play_out_blind(state, rng) == 1 for _ in range(runs))
    assert abs(lost / runs - chance) < 0.03
    other, _, _ = loss_chance(state, 0, Rng(1), 10)
    assert abs(chance + other - 1) < 1e-12


def test_draw_hint_says_there_is_no_edge_and_gives_the_exact_chance():
    deal = deal_keeping(["QS 5S 9S", "5H 9H"], dealer=0)
    state = GAME.new(deal=deal, options={"players": 2, "hands": 1})
    hint = GAME.hint(state, 1)
    assert hint.action in state.legal_actions(1)
    assert "no edge" in hint.reason and "(exact)" in hint.reason
    assert hint.method == "exact" and hint.evaluation["kind"] == "no-skill"
    assert abs(hint.evaluation["loss_chance"] - (1 - offerer_keeps_it(2, True))) < 1e-4
    assert all(a["expected_gain"] == 0.0 for a in hint.alternatives)


def test_arranging_hint_recommends_offering_and_explains_why():
    deal = deal_keeping(["QS 5S 9S", "5H 9H"], dealer=0)
    state = GAME.new(deal=deal, options={"players": 2, "offerer_orders": True, "hands": 1})
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "offer"
    assert "makes no difference" in hint.reason and "habit" in hint.reason
    state = state.apply("offer", 0)
    hint = GAME.hint(state, 1)
    assert "arranged" in hint.reason and "no edge" in hint.reason


def test_sampled_hint_with_more_hands_is_reproducible_and_honest():
    state = GAME.new(seed=12, options={"players": 5})
    seat = min(state.to_move)
    first = GAME.hint(state, seat, rng=Rng(3), iterations=40)
    assert first.method == "sampled" and first.evaluation["samples"] == 40
    assert "estimated from 40 deals" in first.reason
    again = GAME.hint(state, seat, rng=Rng(3), iterations=40)
    assert first.to_json() == again.to_json()
    for salt in range(3):
        other = determinize(state, seat, Rng(salt))
        assert GAME.hint(other, seat, rng=Rng(3), iterations=40).to_json() == first.to_json()


def test_a_budget_bounds_the_sampled_hint():
    state = GAME.new(seed=12, options={"players": 8, "pairing": "colour"})
    hint = GAME.hint(state, min(state.to_move), budget=0.05)
    assert 1 <= hint.evaluation["samples"] <= 300


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8), pairing=st.sampled_from(["rank", "colour"]))
def test_consistent_deals_never_put_a_pair_in_one_hand(seed, players, pairing):
    state = GAME.new(seed=seed, options={"players": players, "pairing": pairing,
                                         "odd_card": "remove_random_hidden"})
    rng = Rng(seed)
    for _ in range(3):   # a few blind draws first
        if state.is_over:
            return
        seat = min(state.to_move)
        state = state.apply(state.legal_actions(seat)[0], seat)
    seat = min(state.to_move)
    world = consistent_deal(state, seat, rng)
    assert world.view(seat) == state.view(seat)
    for hand in world.hands:
        assert len(hand) == len({(c.rank, c.is_red if pairing == "colour" else 0, c.kind) for c in hand})


def test_search_bot_plays_a_legal_move():
    state = GAME.new(seed=5, options={"players": 3})
    seat = min(state.to_move)
    assert search_bot(state, seat, Rng(1)) in state.legal_actions(seat)
