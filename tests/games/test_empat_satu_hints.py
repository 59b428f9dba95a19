"""Empat Satu's hints and rules of thumb: every decision, honest, reproducible, with a plan."""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Rng
from solvers.games import get
from solvers.games.empat_satu_play import best_discard, draw_choice, heuristic_choice, take_gain
from solvers.sampling import determinize
from tests.games.test_empat_satu import cards, run, table

GAME = get("empat-satu")


def test_the_first_draw_is_forced_and_says_so():
    state = table("AH KH 2C 3D", "AC 2D 3S 5D")
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "draw" and hint.method == "exact" and "no choice" in hint.reason


def test_discard_hint_names_the_suit_kept_and_why_the_card_goes():
    state = run(table("AH KH 7H 9C", "AC 2D 3S 5D", stock="5H"), "draw")
    hint = GAME.hint(state, 0, iterations=8)
    assert hint.action.notation == "discard 9C" and hint.method == "sampled"
    assert "keep the hearts for 33" in hint.reason and "9♣" in hint.reason
    assert "whichever suit you keep" in hint.reason and hint.evaluation["samples"] == 8
    assert len(hint.alternatives) == 4


def test_draw_or_take_hint_weighs_the_discard():
    state = run(table("AH KH 7H 9C", "QH 2D 3S 5D", stock="4C 8S"), "draw", "discard 4C", "draw", "discard QH")
    hint = GAME.hint(state, 0, iterations=8)
    assert {a.notation for a in state.legal_actions(0)} == {"draw", "take QH"}
    assert hint.action.notation == "take QH" and "keep the hearts for 38" in hint.reason
    assert "won the hand" in hint.reason


def test_stop_hint_with_a_strong_flush():
    state = run(table("AH KH QH 2C", "AC 2D 3D 5D", stock="JH 9S 8S"), "draw", "discard 2C", "draw", "discard 9S")
    hint = GAME.hint(state, 0, iterations=8)
    assert hint.action.notation == "stop" and "four hearts count 41" in hint.reason


def test_end_hint_once_the_stock_is_empty():
    state = table("AH KH QH 2C", "AC 2D 3S 5D")
    state = replace(state, stock=state.stock[:1], discards=tuple((1, c) for c in state.stock[1:]))
    state = run(state, "draw", "discard 2C")
    hint = GAME.hint(state, 1, iterations=8)
    assert hint.action.notation in ("end", "take 2C") and hint.reason
    assert "end" in {a.notation for a in state.legal_actions(1)}


def test_hint_depends_only_on_what_the_seat_knows():
    state = run(table("AH KH 7H 9C", "QH 2D 3S 5D", stock="4C 8S"), "draw", "discard 4C", "draw", "discard QH")
    for salt in range(3):
        other = determinize(state, 0, Rng(salt))
        assert GAME.hint(other, 0, rng=Rng(1), iterations=5).to_json()["reason"] == \
            GAME.hint(state, 0, rng=Rng(1), iterations=5).to_json()["reason"]


def test_rules_of_thumb():
    hand = cards("AH KH 7H 9C")
    assert str(best_discard(hand + cards("5H"))) == "9C"
    assert str(best_discard(hand + cards("2H"), cards("2H")[0])) == "9C"   # a taken card stays
    assert take_gain(hand, cards("QH")[0]) == 38 - 19
    assert draw_choice(cards("2S 3S 4S 5S"), None, 40, 0) == "stop"        # 14 early on is enough
    assert draw_choice(cards("2S 3S 4S 5S"), None, 10, 6) == "draw"        # not late in the hand
    assert draw_choice(cards("AH KH 7H 6H"), cards("2D")[0], 0, 9) == "end"   # 34 is under the late bar
    state = run(table("AH KH 7H 9C", "AC 2D 3D 5D", stock="5H"), "draw")
    action, why = heuristic_choice(state, 0)
    assert action.notation == "discard 9C" and "keep the hearts" in why


def test_search_deals_fit_what_was_seen_and_read_the_discards():
    from solvers.games.empat_satu_cards import hand_value
    from solvers.games.empat_satu_search import deal
    state = GAME.new(seed=5)
    rng = Rng(3)
    while state.turns_done < 8:
        seat = min(state.to_move)
        state = state.apply(GAME.bots()["heuristic"](state, seat, rng), seat)
    seat = state.turn
    unseen = sorted(map(str, state.stock + tuple(c for s in range(2) if s != seat for c in state.hands[s])))
    modelled = uniform = 0.0
    for salt in range(20):
        world = deal(state, seat, Rng(salt))
        assert world.hands[seat] == state.hands[seat] and world.discards == state.discards
        assert sorted(map(str, world.stock + world.hands[1 - seat])) == unseen
        assert len(world.stock) == len(state.stock) and set(state.known[1 - seat]) <= set(world.hands[1 - seat])
        modelled += hand_value(world.hands[1 - seat])
        uniform += hand_value(determinize(state, seat, Rng(salt)).hands[1 - seat])
    assert modelled > uniform     # a player who has been keeping a suit holds better than a random hand
