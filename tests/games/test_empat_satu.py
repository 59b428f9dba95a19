"""Empat Satu scenarios from the rule text (GAMES.md G23 and its seed), played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from solvers.cards import Rng, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.empat_satu import PACK
from solvers.games.empat_satu_cards import MAX_VALUE, MIN_VALUE, card_value, hand_value, rank_key, winners_and_losers
from solvers.sampling import determinize
from tests.conformance.per_game.empat_satu import check

GAME = get("empat-satu")


def cards(text):
    return tuple(parse_cards(text.split()))


def table(*hands, dealer=0, stock=None, **options):
    """A first deal with these hands; the stock is the rest of the pack in pack order unless given."""
    options.setdefault("players", len(hands))
    used = {c for h in hands for c in cards(h)}
    rest = [str(c) for c in PACK if c not in used]
    if stock is not None:
        named = stock.split()
        rest = named + [c for c in rest if c not in set(str(x) for x in cards(stock))]
    deal = {"dealer": dealer, "hands": [h.split() for h in hands], "stock": rest}
    return GAME.new(deal=deal, options=options)


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
        check(state)
    return state


def notations(state):
    return [a.notation for a in state.legal_actions(min(state.to_move))]


# ------------------------------------------------------------------ values


@pytest.mark.parametrize("hand, value", [
    ("KS 3S 9H 8H", 4),          # 9 + 8 - 10 - 3 for the hearts
    ("AC 2D 3D 5D", 1),          # 11 - 2 - 3 - 5 for the club
    ("7C 9H TS 2S", -4),         # 10 + 2 - 9 - 7 for the spades
    ("AH KH JH TH", 41),         # the perfect hand
    ("KC 6C 5C 4C", 25),
    ("AS QS TS 4D", 27),
    ("AC AD AH AS", -22),        # the lowest hand there is
])
def test_hand_values_from_the_rule_text(hand, value):
    assert hand_value(cards(hand)) == value


def test_worst_cards_order_of_the_rule_text():
    # J-10-7-6 beats A-K-7-5 of another suit: both 33, and the 6 is better than the 5
    assert rank_key(cards("JH TH 7H 6H")) > rank_key(cards("AS KS 7S 5S"))
    # J-10-7 of hearts + 4 of clubs beats A-K-8 of spades + 6 of diamonds: both 23, and -4 > -6
    assert rank_key(cards("JH TH 7H 4C")) > rank_key(cards("AS KS 8S 6D"))
    assert winners_and_losers([cards("AS KS 7S 5S"), cards("JH TH 7H 6H")]) == ((1,), (0,))


# ------------------------------------------------------------------ the deal and the turn


def test_deal_four_each_from_the_dealers_left_and_the_dealer_plays_first_in_deal_one():
    state = GAME.new(seed=4, options={"players": 3})
    assert [len(h) for h in state.hands] == [4, 4, 4] and len(state.stock) == 40
    assert state.turn == state.dealer == state.first
    deck_state = table("2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", dealer=1)
    assert deck_state.turn == 1 and deck_state.hands[0] == cards("2C 3C 4C 5C")


def test_first_turn_draws_from_the_stock_only_and_a_stock_card_may_go_back():
    state = table("KS 3S 9H 8H", "AC 2D 3D 5D", stock="7C 2S")
    assert notations(state) == ["draw"]
    state = run(state, "draw")
    assert cards("7C")[0] in state.hands[0]
    state = run(state, "discard 7C")      # the card just drawn may be discarded at once
    assert notations(state) == ["draw", "take 7C"]


def test_a_taken_discard_may_not_be_discarded_in_the_same_turn():
    state = run(table("KS 3S 9H 8H", "AC 2D 3D 5D", stock="7C 2S"), "draw", "discard 3S", "take 3S")
    assert "discard 3S" not in notations(state)
    with pytest.raises(IllegalAction):
        state.apply("discard 3S")
    state = run(state, "discard 2D")
    # the card taken is known to everyone while it is held
    assert state.public(0)["taken_and_held"] == [[], ["3S"]]
    assert state.fixed_cards(0) == {"hand:1": cards("3S")}
    for salt in range(5):
        assert cards("3S")[0] in determinize(state, 0, Rng(salt)).hands[1]


def test_stop_only_at_the_start_of_a_turn():
    # seat 0 completes four hearts by its discard: no stop until its next turn
    state = run(table("AH KH QH 2C", "AC 2D 3D 5D", stock="JH 9S 8S"), "draw")
    assert "stop" not in notations(state)
    state = run(state, "discard 2C")
    assert state.public(0)["you_may_stop"] is False
    state = run(state, "draw", "discard 9S")
    assert notations(state) == ["draw", "take 9S", "stop"]
    state = run(state, "stop")
    record = state.sheet[0]
    assert record.ended == "stop" and record.stopper == 0
    assert record.values == (41, 1) and record.winners == (0,) and record.losers == (1,)


def test_stopping_on_the_very_first_turn_before_anyone_else_plays():
    state = run(table("KC 6C 5C 4C", "AS QS TS 4D", "2H 3H 4H 5D", dealer=0, match="single"), "stop")
    record = state.sheet[0]
    # the stopper's 25 loses to A-Q-10 of spades and a 4 (27): four of a suit is not needed to win
    assert record.values == (25, 27, 4) and record.winners == (1,) and record.losers == (2,)
    assert state.over and state.scores == (0, 1, 0)
    assert state.zones()["hand:1"].visible_to(0)  # everyone shows at the end


# ------------------------------------------------------------------ ties by the worst cards


def test_tie_of_33_won_by_the_better_worst_card():
    state = run(table("JH TH 7H 6H", "AS KS 7S 5S"), "stop")
    record = state.sheet[0]
    assert record.values == (33, 33) and record.winners == (0,) and record.losers == (1,) and record.tie_broken
    # the loser deals the next hand and the winner plays first
    assert state.dealer == 1 and state.first == 0 and state.turn == 0
    assert state.public(None)["score_sheet"][0]["tie_broken_by_worst_cards"] is True


def test_tie_lost_by_the_stopper_with_the_worse_worst_card():
    state = run(table("AS KS 7S 5S", "JH TH 7H 6H"), "stop")
    assert state.sheet[0].winners == (1,) and state.sheet[0].losers == (0,)
    assert state.dealer == 0 and state.turn == 1


def test_tie_of_23_decided_by_the_minus_cards():
    # seat 2 stops with 14 and loses; seats 0 and 1 both hold 23: -4 beats -6
    state = run(table("JH TH 7H 4C", "AS KS 8S 6D", "2D 3D 4D 5D", dealer=2), "stop")
    record = state.sheet[0]
    assert record.values == (23, 23, 14) and record.winners == (0,) and record.losers == (2,)
    assert state.dealer == 2 and state.turn == 0


def test_hands_equal_in_every_card_share_the_win():
    state = run(table("JH TH 7H 6H", "JS TS 7S 6S", match="wins", wins=1), "stop")
    record = state.sheet[0]
    assert record.winners == (0, 1) and record.losers == (0, 1)
    assert state.over and state.scores == (1, 1)
    assert [row["place"] for row in state.standings()] == [1, 1]


def test_equal_losers_the_first_clockwise_from_the_dealers_left_deals():
    state = run(table("AH KH QH JH", "2C 3D 4S 5H", "2D 3C 4H 5S", dealer=0), "stop")
    record = state.sheet[0]
    assert record.values[1] == record.values[2] == -4 and record.losers == (1, 2)
    assert state.dealer == 1 and state.turn == 0


# ------------------------------------------------------------------ the end of the stock


def _short_stock(state, size):
    """The same table with only ``size`` stock cards; the rest put face up in the discards."""
    moved = state.stock[size:]
    return replace(state, stock=state.stock[:size], discards=tuple((1, c) for c in moved))


def test_stock_empty_and_the_discard_declined_ends_play():
    state = _short_stock(table("AH KH 2C 3D", "AC 2D 3S 5D"), 1)
    state = run(state, "draw", "discard 2C")
    assert not state.stock and state.turns_left == 2
    assert notations(state) == ["end", "take 2C"]
    state = run(state, "end")
    assert state.sheet[0].ended == "stock"


def test_after_the_stock_runs_out_one_more_round_then_play_ends():
    state = _short_stock(table("AH KH 2C 3D", "AC 2D 3S 5D"), 1)
    state = run(state, "draw", "discard 2C", "take 2C", "discard 3S")
    assert state.turns_left == 1 and not state.sheet
    state = run(state, "take 3S", "discard 3D")
    assert state.sheet[0].ended == "last round"


def test_two_rounds_after_the_stock_when_asked():
    state = _short_stock(table("AH KH 2C 3D", "AC 2D 3S 5D", rounds_after_stock=2), 1)
    state = run(state, "draw", "discard 2C", "take 2C", "discard 3S", "take 3S", "discard 3D")
    assert not state.sheet and state.turns_left == 2


# ------------------------------------------------------------------ matches and scores


def test_cumulative_match_adds_hand_values_and_its_score_events():
    state = run(table("JH TH 7H 6H", "AS KS 7S 5S", match="cumulative", deals=1), "stop")
    assert state.over and state.scores == (33, 33)
    events = state.score_events()
    assert [(e.seats, e.points) for e in events] == [((0,), 33), ((1,), 33)]
    assert "plus" in events[0].source


def test_wins_match_ends_at_the_target_and_counts_events_per_hand():
    state = table("JH TH 7H 6H", "AS KS 7S 5S", match="wins", wins=2)
    state = run(state, "stop")
    assert not state.over and state.scores == (1, 0)
    assert [(e.seats, e.points, e.source) for e in state.score_events()] == \
        [((0,), 1, "won the hand"), ((1,), 0, "did not win the hand")]
    rng = Rng(3)
    bot = GAME.bots()["heuristic"]
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
        check(state)
    assert max(state.scores) == 2


def test_default_match_is_five_hand_wins_for_two_players():
    state = GAME.new(seed=1)
    assert state.options.match == "wins" and state.options.wins == 5 and state.players == 2


def test_personal_discard_piles_show_each_players_discards():
    state = run(table("AH KH 2C 3D", "AC 2D 3S 5D", discard_piles="personal"), "draw", "discard 2C", "draw",
                "discard 3S")
    zones = state.zones()
    assert zones["discards:0"].cards == cards("2C") and zones["discards:1"].cards == cards("3S")
    assert "discards" not in zones and zones["discards:1"].group == "discards"


# ------------------------------------------------------------------ explicit deals


@pytest.mark.parametrize("deal, words", [
    ({"dealer": 0, "hands": [["AS", "KS", "QS", "JS"], ["AS", "2D", "3D", "4D"]]}, "dealt twice"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS"], ["AH", "2D", "3D", "4D"]]}, "needs 4"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS", "ZZ"], ["AH", "2D", "3D", "4D"]]}, "unknown card"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS", "JS"]]}, "2 hands"),
    ({"dealer": 5, "hands": [["AS", "KS", "QS", "JS"], ["AH", "2D", "3D", "4D"]]}, "deal.dealer"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS", "JS"], ["AH", "2D", "3D", "4D"]], "pile": []}, "unknown deal"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS", "JS"], ["AH", "2D", "3D", "4D"]], "stock": ["5D"]},
     "must hold the 44 undealt cards"),
    ("AS KS", "an Empat Satu deal"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(deal=deal)
    assert words in str(err.value)


def test_a_deal_without_a_stock_shuffles_the_rest_from_the_seed():
    deal = {"dealer": 1, "hands": [["AS", "KS", "QS", "JS"], ["AH", "2D", "3D", "4D"]]}
    a, b = GAME.new(seed=2, deal=deal), GAME.new(seed=2, deal=deal)
    assert a.key() == b.key() and len(a.stock) == 44 and a.turn == 1


# ------------------------------------------------------------------ information


def test_views_hide_other_hands_and_the_stock_and_the_log_hides_draws():
    state = run(table("AH KH 2C 3D", "AC 2D 3S 5D"), "draw")
    view = state.view(1)
    assert "cards" not in view["zones"]["hand:0"] and "cards" not in view["zones"]["stock"]
    assert view["zones"]["hand:0"]["count"] == 5
    assert "your_value" in view["public"] and "your_value" not in state.view(None)["public"]
    assert state.log_text(state.legal_actions(0)[0], 0, 1).startswith("discard")
    assert GAME.new(seed=1).legal_actions(GAME.new(seed=1).turn)[0].notation == "draw"


# ------------------------------------------------------------------ properties


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PACK), min_size=4, max_size=4, unique=True))
def test_a_hand_counts_its_best_suit_plus_and_lies_within_minus_22_and_41(hand):
    best = max(sum(card_value(c) if c.suit == suit else -card_value(c) for c in hand) for suit in range(4))
    assert hand_value(hand) == best == rank_key(hand)[0]
    assert MIN_VALUE <= best <= MAX_VALUE
