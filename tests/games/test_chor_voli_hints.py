"""Chor Voli hints: every kind of decision, honest, with a reason."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.game import Action
from solvers.sampling import determinize

from tests.games.test_chor_voli import SUITS, four_of_a_kind_deal, keep_straight_flushes, one_suit_each

GAME = games.get("chor-voli")


def test_partition_hint_names_the_whole_partition_and_its_chips():
    state = GAME.new(seed=1)
    hint = GAME.hint(state, 0, rng=Rng(1), iterations=8)
    assert hint.action in state.legal_actions(0) and hint.action.kind == "keep"
    assert "partition" in hint.reason and "chips" in hint.reason
    assert hint.evaluation["samples"] == 8 and len(hint.evaluation["partition"]) >= 1
    assert hint.alternatives and hint.method == "sampled"
    # the recommended combination is the strongest of the partition: shown first
    assert hint.evaluation["partition"][0] == " ".join(hint.action.args)


def test_hint_follows_its_partition_to_the_discard():
    state = GAME.new(seed=2)
    seen = []
    while not state.done[0]:
        hint = GAME.hint(state, 0, rng=Rng(3), iterations=6)
        assert hint.action in state.legal_actions(0)
        seen.append(hint.action.kind)
        state = state.apply(hint.action, 0)
    assert seen[0] == "keep" and len(state.combos[0]) >= 1


def test_partition_hint_depends_only_on_what_the_seat_knows():
    state = GAME.new(seed=1)
    state = state.apply(state.legal_actions(1)[0], 1)
    for salt in range(3):
        other = determinize(state, 0, Rng(salt))
        a = GAME.hint(state, 0, rng=Rng(4), iterations=5).to_json()
        b = GAME.hint(other, 0, rng=Rng(4), iterations=5).to_json()
        a["evaluation"].pop("elapsed_s"), b["evaluation"].pop("elapsed_s")
        assert a == b


def test_forced_decisions_say_there_is_no_choice():
    state = GAME.new(deal=one_suit_each(dealer=3))
    for seat, letter in enumerate(SUITS):
        state = keep_straight_flushes(state, seat, letter)
    hint = GAME.hint(state, 0)
    assert hint.action == Action("deal") and "no choice" in hint.reason and hint.method == "exact"
    state = GAME.new(deal=four_of_a_kind_deal())
    winner = min(state.to_move)
    assert "no choice" in GAME.hint(state, winner).reason


def test_a_discard_with_no_combination_left_is_forced():
    mixed = {"dealer": 3, "hands": [
        ["AS", "KS", "QS", "2H", "2D", "2C", "3H", "3D", "3C", "4H", "4D", "4C", "5H"],
        ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "JS", "TS", "9S", "8S"],
        ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D", "5D", "7S", "6S", "5S"],
        ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4S", "3S", "2S"]]}
    state = GAME.new(deal=mixed)
    for triple in (("AS", "KS", "QS"), ("2H", "2D", "2C"), ("3H", "3D", "3C")):
        state = state.apply(Action("keep", triple), 0)
    # 4H 4D 4C is a combination too: keep it and the 5H goes at once
    assert state.legal_actions(0) == [Action("keep", ("4H", "4D", "4C")), Action("discard")]
    hint = GAME.hint(state, 0, rng=Rng(1), iterations=4)
    assert hint.action == Action("keep", ("4H", "4D", "4C"))
