"""Troefcall hints for every kind of decision, honest and with a reason; the bots."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.games.troefcall_bot import heuristic_bot, search_bot, sure_winners, trump_by_thumb
from solvers.sampling import determinize

from tests.games.test_troefcall_rules import (CLUBS, DIAMONDS, HEARTS, NO_PICTURES, SPADES, SWAP_A, new,
                                              sweep_to_seven)

GAME = games.get("troefcall")


def _honest(state, seat, iterations=3):
    hint = GAME.hint(state, seat, rng=Rng(1), iterations=iterations)
    other = GAME.hint(determinize(state, seat, Rng(7)), seat, rng=Rng(1), iterations=iterations)
    assert hint.action in state.legal_actions(seat) and hint.reason
    assert hint.action == other.action and hint.reason == other.reason
    return hint


def test_trump_hint_values_suits_on_completions_of_the_five_cards():
    state = new(SWAP_A)
    hint = _honest(state, 0, iterations=4)
    assert hint.action.notation == "trump S" and hint.method == "sampled"
    assert "spades" in hint.reason and len(hint.alternatives) == 3
    assert trump_by_thumb(state.hands[0])[0] == 3


def test_redeal_hint_keeps_a_hand_that_makes_seven_and_the_thumb_asks_for_a_new_deal():
    state = new(NO_PICTURES).apply("trump S", 0)
    hint = _honest(state, 0, iterations=4)
    assert hint.action.notation in ("keep", "redeal") and "sampled deals" in hint.reason
    low = "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C".split()
    rest = [c for c in " ".join([SPADES, HEARTS, DIAMONDS, CLUBS]).split() if c not in low]
    weak = new([low, rest[0:13], rest[13:26], rest[26:39]])
    weak = weak.apply("trump S", 0)
    assert GAME.hint(weak, 0, rng=Rng(1), iterations=4).action.notation == "redeal"
    assert heuristic_bot(weak, 0, Rng(0)).notation == "redeal"


def test_stop_hints_weigh_baunie_against_kap_partij():
    state = sweep_to_seven()
    hint = _honest(state, 0)
    # every remaining spade is a sure winner: baunie is certain
    assert hint.action.notation == "continue" and hint.evaluation["baunie_probability"] > 0.5
    assert sure_winners(state, 0) == 6 and heuristic_bot(state, 0, Rng(0)).notation == "continue"
    partner = state.apply("continue", 0)
    assert _honest(partner, 2).action.notation == "continue"
    first = sweep_to_seven({"stop_order": "partner_first"})
    hint = _honest(first, 2)
    assert hint.action.notation == "continue" and "your partner" in hint.reason


def test_card_hint_is_sampled_double_dummy():
    state = new(SWAP_A).apply("trump H", 0)
    hint = _honest(state, 0, iterations=2)
    assert hint.method == "sampled" and "tricks" in hint.reason


def test_small_budget_falls_back_to_the_rules_of_thumb():
    state = new(SWAP_A)
    hint = GAME.hint(state, 0, budget=0.001)
    assert hint.method == "heuristic" and hint.action.notation == "trump S"


def test_bots_play_every_kind_of_decision():
    bots = GAME.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    state = sweep_to_seven()
    assert search_bot(state, 0, Rng(3)).notation == "continue"
    assert search_bot(new(SWAP_A), 0, Rng(3)).notation == "trump S"
    state = new(NO_PICTURES).apply("trump S", 0)
    assert search_bot(state, 0, Rng(3)).notation in ("keep", "redeal")
    state = new(SWAP_A).apply("trump S", 0)
    assert search_bot(state, 0, Rng(3)) in state.legal_actions(0)


def test_exact_card_points_agree_with_playing_each_card_and_solving_the_rest():
    from solvers.doubledummy import Solver
    from solvers.game import Action
    from solvers.games.troefcall import PLAY, side_of
    from solvers.games.troefcall_values import dd_tricks, exact_card_points
    solver = Solver()
    checked = 0
    for seed in range(3):
        state = games.get("troefcall").new(seed=seed)
        rng = Rng(seed)
        while state.hands_played == 0:
            seat = min(state.to_move)
            if state.phase == PLAY and max(len(h) for h in state.hands) <= 8 and min(state.tricks) > 0:
                cards = [a.args[0] for a in state.legal_actions(seat)]
                from solvers.cards import parse_card
                values = exact_card_points(solver, state, seat, [[parse_card(c)] for c in cards])
                for c in cards:
                    after = state._apply(Action("play", (c,)), seat)
                    if after.hands_played:
                        record = after.sheet[-1]
                        want = record.points if record.side == side_of(seat) else -record.points
                    else:
                        want = 2 if dd_tricks(solver, after, side_of(seat)) >= 7 else -2
                    assert values[parse_card(c)] == want
                    checked += 1
            state = state._apply(heuristic_bot(state, seat, rng), seat)
    assert checked > 0
