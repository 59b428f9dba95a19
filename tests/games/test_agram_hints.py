"""Agram hints and bots: every decision is a card; hints are honest, legal and explained."""

from __future__ import annotations

from solvers.cards import Rng, parse_card
from solvers.games import get
from solvers.games.agram_bot import TRICK_ADAPTER
from solvers.games.agram_play import choose
from solvers.sampling import determinize

AGRAM = get("agram")

# two players, seat 0 leads (dealer 1)
TWO = [["AC", "2C", "2D", "4D", "5D", "6D"],
       ["TC", "9C", "AD", "TD", "9D", "8D"]]


def table(hands, dealer, **options):
    return AGRAM.new(deal={"dealer": dealer, "hands": hands}, options={"players": len(hands), **options})


def run(state, *cards):
    for card in cards:
        state = state.apply(f"play {card}")
    return state


def test_a_forced_card_is_hinted_as_forced():
    # after 2C, 2D and 4D are gone, seat 1 holding TC must follow with it
    state = run(table(TWO, dealer=1), "AC", "9C", "2C")
    hint = AGRAM.hint(state, 1)
    assert hint.action.notation == "play TC" and hint.method == "exact"
    assert "only card" in hint.reason


def test_the_last_card_is_hinted_as_forced():
    state = run(table(TWO, dealer=1), "AC", "9C", "2C", "TC", "AD", "2D", "TD", "4D", "9D", "5D")
    assert state.tricks_left == 1
    hint = AGRAM.hint(state, state.turn)
    assert hint.method == "exact" and "last trick" in hint.reason


def test_sampled_hint_keeps_the_master_for_the_last_trick():
    # two cards left, seat 0 to lead with the master AC and the 2D: leading 2D wins
    # whenever leading AC would, and more (if 2D is beaten, a club lead still loses to AC)
    hands = [["AC", "2D", "TH", "9H", "8H", "7H"], ["4C", "5C", "6H", "5H", "4H", "2H"]]
    state = run(table(hands, dealer=1), "TH", "2H", "9H", "4H", "8H", "5H", "7H", "6H")
    assert state.turn == 0 and state.tricks_left == 2
    hint = AGRAM.hint(state, 0, rng=Rng(3), iterations=12)
    assert hint.action.notation == "play 2D" and hint.method == "sampled"
    assert hint.evaluation["samples"] == 12 and "%" in hint.reason
    other = {a["action"]["notation"]: a for a in hint.alternatives}
    assert hint.evaluation["win_probability"] >= other["play AC"]["win_probability"]


def test_hint_on_the_first_lead_is_legal_with_a_reason_and_alternatives():
    state = AGRAM.new(seed=12, options={"players": 4})
    seat = state.turn
    hint = AGRAM.hint(state, seat, rng=Rng(1), iterations=6)
    assert hint.action in state.legal_actions(seat)
    assert hint.reason and hint.method == "sampled"
    assert len(hint.alternatives) == len(state.legal_actions(seat)) - 1


def test_hint_when_following_suit_and_when_void():
    state = run(table(TWO, dealer=1), "AC")
    hint = AGRAM.hint(state, 1, rng=Rng(1), iterations=6)
    assert hint.action.notation in ("play TC", "play 9C")
    hands = [["AC", "TC", "9C", "8C", "7C", "2D"], ["AD", "TD", "9D", "8D", "7D", "6D"]]
    state = run(table(hands, dealer=1), "AC")
    hint = AGRAM.hint(state, 1, rng=Rng(1), iterations=6)
    assert hint.action in state.legal_actions(1) and hint.method == "sampled"


def test_hint_is_honest():
    state = AGRAM.new(seed=30, options={"players": 3})
    for _ in range(4):
        seat = state.turn
        state = state.apply(state.legal_actions(seat)[0], seat)
    seat = state.turn
    first = AGRAM.hint(state, seat, rng=Rng(5), iterations=8)
    for salt in (1, 2):
        again = AGRAM.hint(determinize(state, seat, Rng(salt)), seat, rng=Rng(5), iterations=8)
        first.evaluation.pop("elapsed_s", None)
        again.evaluation.pop("elapsed_s", None)
        assert again.to_json() == first.to_json()


def test_tiny_budget_answers_by_the_rules_of_thumb():
    state = AGRAM.new(seed=12, options={"players": 4})
    hint = AGRAM.hint(state, state.turn, budget=0.001)
    assert hint.method == "heuristic" and hint.reason


def test_rules_of_thumb_lead_low_and_keep_masters():
    state = table(TWO, dealer=1)
    card, reason = choose(state, 0)
    assert card == parse_card("2C") or card.rank == 2
    assert "worth nothing" in reason
    # void: throw the low card and keep the best one
    hands = [["AC", "TC", "9C", "8C", "7C", "2D"], ["AD", "TD", "9D", "8D", "7D", "6D"]]
    state = run(table(hands, dealer=1), "AC")
    card, reason = choose(state, 1)
    assert card == parse_card("6D") and "cannot follow" in reason


def test_rules_of_thumb_take_the_lead_for_a_master_last_card():
    # two cards left: seat 1 wins the trick with 5C and then leads the master AC
    hands = [["4C", "2H", "TH", "9H", "8H", "7H"], ["5C", "AC", "6H", "5H", "4H", "2D"]]
    state = run(table(hands, dealer=1), "TH", "6H", "9H", "5H", "8H", "4H", "7H", "2D")
    assert state.turn == 0 and state.tricks_left == 2
    state = run(state, "4C")
    card, reason = choose(state, 1)
    assert card == parse_card("5C") and "master" in reason


def test_adapter_numbers_seats_in_playing_order_from_the_leader():
    state = AGRAM.new(seed=3, options={"players": 5, "counter_clockwise": True})
    order = TRICK_ADAPTER.order(state)
    assert order[0] == state.leader and order[1] == (state.leader - 1) % 5
    position = TRICK_ADAPTER.position(state)
    assert position.rules.objective == "last_trick" and position.seats == 5
    assert position.hands[0] == tuple(sorted(state.hands[state.leader], key=lambda c: (c.suit, c.rank),
                                             reverse=True))


def test_search_bot_plays_legal_cards_through_a_round():
    state = AGRAM.new(seed=6, options={"players": 3})
    bots = AGRAM.bots()
    rng = Rng(6)
    while not state.hands_played:
        seat = state.turn
        action = bots["search"](state, seat, rng)
        assert action in state.legal_actions(seat)
        state = state.apply(action, seat)
