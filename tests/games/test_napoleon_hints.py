"""Napoleon hints for every kind of decision: bid, Wellington's trumps, the opening lead, cards."""

from __future__ import annotations

import json

import pytest

from solvers.cards import Rng
from solvers.games import get
from solvers.games.napoleon_bot import open_play
from solvers.games.napoleon_play import choose_bid, heuristic_bot
from solvers.sampling import determinize

NAP = get("napoleon")
SPADES = "AS KS QS JS TS"
HEARTS = "AH KH QH JH TH"
DIAMONDS = "AD KD QD JD TD"
CLUBS = "AC KC QC JC TC"


def deal4(hands, dealer=3, **options):
    return NAP.new(deal={"dealer": dealer, "hands": hands}, options={"players": 4, **options})


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
    return state


def hint(state, iterations=8):
    return NAP.hint(state, state.turn, rng=Rng(1), iterations=iterations)


def test_bid_hint_goes_for_the_top_bid_with_an_unbeatable_hand():
    h = hint(deal4([SPADES, HEARTS, DIAMONDS, CLUBS]))
    assert h.action.notation == "bid wellington" and h.method == "sampled"
    assert "made in 100%" in h.reason
    assert h.evaluation["made_share"]["Wellington"] == 1.0
    json.dumps(h.to_json())


def test_bid_hint_passes_a_hopeless_hand():
    state = deal4(["7S 8H 7D 8C 9C", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC"])
    h = hint(state)
    assert h.action.notation == "pass" and "pass" in h.reason
    assert any(a["action"]["notation"] == "bid three" for a in h.alternatives)


def test_trump_hint_for_wellington_names_the_strong_suit():
    state = run(deal4(["AS KS QS JS AH", "KH QH JH TH 9H", DIAMONDS, CLUBS]), "bid wellington",
                "pass", "pass", "pass")
    h = hint(state)
    assert h.action.notation == "trump S" and "spades" in h.reason


def test_opening_lead_hint_chooses_trumps_by_the_lead():
    state = run(deal4(["AS KS QS 7H 7D", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]), "bid three",
                "pass", "pass", "pass")
    h = hint(state)
    assert h.action.args[0].endswith("S") and "trumps" in h.reason
    assert h.evaluation["goal_tricks"] == 3


def test_card_hint_by_sampled_double_dummy():
    state = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]), "bid four",
                "pass", "pass", "pass", "play AS")
    h = hint(state)
    assert h.method == "sampled" and h.action in state.legal_actions(state.turn)
    assert "sampled deals" in h.reason


def test_a_forced_move_says_so():
    state = run(deal4(["AS KS QS JS AH", "KH QH JH TH 9H", DIAMONDS, CLUBS]), "bid wellington",
                "pass", "pass", "pass", "trump S")
    h = hint(state)
    assert h.action.notation == "play AH" and h.reason == "the only legal move"


def test_a_tiny_budget_answers_with_the_rules_of_thumb():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    h = NAP.hint(state, 0, budget=0.001)
    assert h.method == "heuristic" and h.action.notation == "bid napoleon"


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_hints_depend_only_on_what_the_seat_knows(seed):
    state = NAP.new(seed=seed, options={"players": 5})
    rng = Rng(seed)
    for _ in range(rng.below(12)):
        if state.is_over:
            break
        state = state.apply(heuristic_bot(state, state.turn, rng), state.turn)
    seat = state.turn
    other = determinize(state, seat, Rng(99))
    first = NAP.hint(state, seat, rng=Rng(3), iterations=5).to_json()
    again = NAP.hint(other, seat, rng=Rng(3), iterations=5).to_json()
    for h in (first, again):
        h["evaluation"].pop("elapsed_s", None)
    assert first == again


def test_rules_of_thumb_bid_with_reasons():
    state = deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS])
    action, reason = choose_bid(state, 0)
    assert action.notation in ("bid three", "bid four") and "tricks" in reason


def test_open_play_in_the_search_plays_legal_moves_to_the_end():
    state = NAP.new(seed=12, options={"players": 5})
    rng = Rng(1)
    while not state.is_over and state.hands_played == 0:
        action = open_play(state, state.turn, rng)
        assert action in state.legal_actions(state.turn)
        state = state.apply(action, state.turn)


def test_a_hint_is_only_for_the_seat_to_move():
    from solvers.errors import CardsageError
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    with pytest.raises(CardsageError, match="not to move"):
        NAP.hint(state, 2, iterations=2)
    with pytest.raises(CardsageError, match="no hint mode"):
        NAP.hint(state, 0, mode="oracle")
