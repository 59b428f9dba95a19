"""Beggar-My-Neighbor hints: nothing to choose, said plainly; the exact oracle forecast for a typed-in deal."""

from __future__ import annotations

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.games import get
from solvers.sampling import determinize
from tests.games.test_beggar_my_neighbor import CASELLA_2024, NESSLER_2022, published, run, table

BMN = get("beggar-my-neighbor")


def test_the_fair_hint_says_there_is_nothing_to_choose():
    state = BMN.new(seed=2)
    hint = BMN.hint(state, state.turn)
    assert hint.action.notation == "turn" and hint.method == "exact"
    assert "Nothing to choose" in hint.reason and hint.evaluation == {"kind": "forced", "choices": 1}
    assert hint.alternatives == []


def test_the_fair_hint_explains_a_payment_in_progress():
    state = run(table("KS", "2C"), 1)
    hint = BMN.hint(state, 1, mode="fair")
    assert "paying for the K" in hint.reason and "3 more cards" in hint.reason


def test_the_fair_hint_depends_only_on_what_the_seat_knows():
    state = BMN.new(seed=6)
    for _ in range(40):
        state = state.apply("turn")
    seat = state.turn
    first = BMN.hint(state, seat).to_json()
    for salt in range(3):
        other = determinize(state, seat, Rng(salt))
        assert BMN.hint(other, seat).to_json() == first


def test_the_oracle_is_refused_for_a_shuffled_deal():
    state = BMN.new(seed=2)
    with pytest.raises(CardsageError) as error:
        BMN.hint(state, state.turn, mode="oracle")
    assert error.value.status == 403
    with pytest.raises(CardsageError):
        BMN.hint(state, state.turn, mode="crystal-ball")


def test_the_oracle_forecasts_a_typed_in_deal_exactly():
    state = BMN.new(deal=published(*NESSLER_2022))
    hint = BMN.hint(state, 0)  # a typed-in deal gets the oracle by default
    assert hint.method == "oracle" and hint.action.notation == "turn"
    assert hint.evaluation["winner"] == 1 and hint.evaluation["cards_in_deal"] == 8344
    assert sum(hint.evaluation["piles_in_deal"]) == 1164 and hint.evaluation["cards_to_end"] == 8344
    assert "North (your opponent) wins after 8344 more cards" in hint.reason
    later = run(state, 10)
    again = BMN.hint(later, later.turn, mode="oracle")
    assert again.evaluation["cards_to_end"] == 8334 and again.evaluation["cards_in_deal"] == 8344
    fair = BMN.hint(state, 0, mode="fair")
    assert fair.method == "exact"


def test_the_oracle_forecasts_a_draw_for_an_endless_deal():
    state = BMN.new(deal=published(*CASELLA_2024))
    hint = BMN.hint(state, 0, mode="oracle")
    assert hint.evaluation["drawn"] and hint.evaluation["winner"] is None
    assert "never ends" in hint.reason


def test_the_oracle_is_not_offered_once_a_shuffled_deal_follows():
    state = BMN.new(deal={"stacks": published(*NESSLER_2022)["stacks"]}, options={"deals": 2})
    while len(state.sheet) == 0:
        state = state.apply("turn")
    assert not state.deal_owned
    with pytest.raises(CardsageError):
        BMN.hint(state, state.turn, mode="oracle")


def test_a_seat_not_to_move_gets_no_hint():
    state = BMN.new(seed=2)
    with pytest.raises(CardsageError):
        BMN.hint(state, 1 - state.turn)


def test_every_bot_turns():
    state = BMN.new(seed=2)
    for name, policy in BMN.bots().items():
        assert policy(state, state.turn, Rng(1)).notation == "turn", name
