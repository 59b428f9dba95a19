"""Sam Sip scenarios from the rule text: every way to win, the stakes, going out, a void deal."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.games.sam_sip import DISCARD, DRAW, pack_for
from solvers.games.sam_sip_hands import most_pairs, pair_plan, pairs_with, three_pairs, wild_rank, winning_hand
from solvers.melds import readings
from solvers.games.sam_sip_hands import pair_rules
from solvers.sampling import determinize

GAME = games.get("sam-sip")


def c(text: str):
    return parse_card(text)


def cs(text: str):
    return tuple(parse_cards(text.split()))


def two_player(hand0: str, hand1: str, indicator: str, stock_top: str, **options):
    """A two-player deal, seat 0 dealing, with the stock's first cards given (the rest in pack order)."""
    opts = {"players": 2, **options}
    used = set(cs(hand0) + cs(hand1) + cs(indicator) + cs(stock_top))
    rest = [str(x) for x in pack_for(opts.get("jokers", 3)) if x not in used]
    deal = {"dealer": 0, "hands": [hand0, hand1], "indicator": indicator, "stock": stock_top.split() + rest}
    return GAME.new(seed=1, deal=deal, options=opts)


# ------------------------------------------------------------------ the pair rule

def test_pairs_add_to_ten_or_are_tens_or_equal_courts():
    none = None
    assert pairs_with(c("AS"), c("9H"), none) and pairs_with(c("5S"), c("5D"), none)
    assert pairs_with(c("TS"), c("TD"), none) and pairs_with(c("QS"), c("QD"), none)
    assert not pairs_with(c("JS"), c("QD"), none) and not pairs_with(c("TS"), c("KD"), none)
    assert not pairs_with(c("4S"), c("4D"), none)
    assert pairs_with(c("X1"), c("KD"), none) and pairs_with(c("X1"), c("X2"), none)
    assert pairs_with(c("4S"), c("KD"), 4)            # the indicator's rank is wild


def test_a_joker_indicator_makes_no_rank_wild():
    assert wild_rank(c("X2")) is None
    assert wild_rank(c("7H")) == 7
    assert not three_pairs(cs("2C 3C 4D 8D X1 QS"), None)      # 3+4 is no pair
    assert three_pairs(cs("2C 8C 7D 3D X1 QS"), None)


def test_fast_count_agrees_with_the_meld_solver():
    rng = Rng("pairs")
    pack = list(pack_for(3))
    for i in range(300):
        cards = rng.shuffled(pack)
        hand, wild = tuple(cards[:6]), wild_rank(cards[6])
        found = pair_plan(hand, wild)
        assert (found is not None) == three_pairs(hand, wild), hand
        if found:
            # the solver's pairs are pairs the rule accepts, using each card once
            assert sorted(x for p in found for x in p) == sorted(hand)
            for a, b in found:
                assert pairs_with(a, b, wild)
                assert readings((a, b), pair_rules(wild))


def test_the_meld_solver_refuses_a_non_pair():
    assert not readings(cs("JS QD"), pair_rules(None))
    assert pair_plan(cs("JS QD 3H 7H 4C 6C"), None) is None
    assert most_pairs(cs("JS QD 3H 7H 4C 6C"), None) == 2


def test_special_wins_and_wilds_in_them():
    assert winning_hand(cs("AS AH AD 4C 8D KS"), None, True) == "three aces"
    assert winning_hand(cs("2H 3H 4H 5H JH 9H"), None, True) == "six of one suit"
    assert winning_hand(cs("AS AH 7C 3C 4D KS"), 7, True) == "three aces"
    assert winning_hand(cs("AS AH 7C 3C 4D KS"), 7, False) is None
    assert winning_hand(cs("2H 3H 4H 5H JH X1"), None, True) == "six of one suit"
    assert winning_hand(cs("2H 3H 4H 5H JH X1"), None, False) is None


# ------------------------------------------------------------------ deals played action by action

def test_the_dealer_draws_first_and_wins_three_pairs_collecting_the_stake():
    state = two_player("3H 7D 4S 6C KS", "2D 3C 4D 9S JC", "5C", "KH")
    assert state.turn == 0 and state.legal_actions(0) == [state.legal_actions(0)[0]]
    assert [a.notation for a in state.legal_actions(0)] == [DRAW]
    state = state.apply("draw", 0)
    record = state.sheet[0]
    assert record.winner == 0 and record.how == "three pairs" and record.stake == 5
    assert {frozenset(p.split("+")) for p in record.pairs.split()} == \
        {frozenset(("3H", "7D")), frozenset(("4S", "6C")), frozenset(("KH", "KS"))}
    assert record.paid == (0, 5) and state.chips == (105, 95)
    # the winner deals next, for a stake 5 higher
    assert state.dealer == 0 and state.stake == 10 and state.turn == 0
    events = state.score_events()
    assert [(e.seats, e.points) for e in events] == [((1,), -5), ((0,), 5)]
    assert state.standings()[0]["seats"] == [0]


def test_the_next_player_takes_the_discard_and_wins():
    state = two_player("3H 7D 4S 6C QS", "QD 8H 2S 5C 5D", "JC", "9C")
    state = state.apply("draw", 0)
    assert state.phase == DISCARD and not state.sheet
    state = state.apply("discard QS", 0)
    assert state.turn == 1 and state.offer == c("QS")
    assert {a.notation for a in state.legal_actions(1)} == {"draw", "take QS"}
    state = state.apply("take QS", 1)
    assert state.sheet[0].winner == 1 and state.chips == (95, 105)
    assert state.dealer == 1


def test_play_goes_counter_clockwise():
    state = GAME.new(seed=4, options={"players": 4})
    dealer = state.dealer
    state = state.apply("draw", dealer)
    if state.sheet:
        return
    state = state.apply(state.legal_actions(dealer)[0], dealer)
    assert state.turn == (dealer - 1) % 4


def test_three_aces_wins_with_a_wild_only_when_the_option_allows():
    on = two_player("AS AH 3C 4D KS", "2D 3D 4C 9S JC", "7C", "7H")
    on = on.apply("draw", 0)
    assert on.sheet[0].how == "three aces"
    off = two_player("AS AH 3C 4D KS", "2D 3D 4C 9S JC", "7C", "7H", wilds_in_specials=False)
    off = off.apply("draw", 0)
    assert not off.sheet and off.phase == DISCARD


def test_six_of_one_suit_wins():
    state = two_player("2H 3H 4H 5H JH", "2D 3D 4C 9S JC", "7C", "9H").apply("draw", 0)
    assert state.sheet[0].how == "six of one suit"


def test_a_loser_who_cannot_pay_in_full_pays_what_they_have_and_goes_out():
    state = GAME.new(seed=1, options={"players": 3}, deal={
        "dealer": 0, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC", "2C 3S 4C 9D JD"], "indicator": "5C",
        "stock": ["KH"] + [str(x) for x in pack_for(3) if x not in set(cs(
            "3H 7D 4S 6C KS 2D 3C 4D 9S JC 2C 3S 4C 9D JD 5C KH"))]})
    state = replace(state, chips=(10, 3, 20), stake=15)
    state = state.apply("draw", 0)
    record = state.sheet[0]
    assert record.paid == (0, 3, 15) and record.out == (1,)
    assert state.chips == (28, 0, 5) and state.active == (True, False, True)
    assert state.stake == 5, "after someone goes out the stake drops back to 5"
    assert state.hands[1] == () and not state.is_over


def test_the_last_player_left_wins_the_match():
    state = two_player("3H 7D 4S 6C KS", "2D 3C 4D 9S JC", "5C", "KH", start_chips=5).apply("draw", 0)
    assert state.is_over and state.chips == (10, 0)
    assert [r["seats"] for r in state.standings()] == [[0], [1]]


def test_an_empty_stock_forces_taking_and_a_round_without_a_win_voids_the_deal():
    state = two_player("2C 3D 4H JS QS", "6C 9C JH QH 8D", "5S", "KD")
    state = replace(state, stock=state.stock[:1])
    state = state.apply("draw", 0).apply("discard KD", 0)
    assert [a.notation for a in state.legal_actions(1)] == ["take KD"]
    state = state.apply("take KD", 1).apply("discard KD", 1)
    assert [a.notation for a in state.legal_actions(0)] == ["take KD"]
    state = state.apply("take KD", 0)
    record = state.sheet[0]
    assert record.winner is None and record.how == "void" and record.paid == (0, 0)
    assert state.chips == (100, 100) and state.stake == 5 and state.dealer == 0


def test_the_match_guard_ends_it_after_max_deals():
    state = two_player("3H 7D 4S 6C KS", "2D 3C 4D 9S JC", "5C", "KH", max_deals=1).apply("draw", 0)
    assert state.is_over and state.chips == (105, 95)


# ------------------------------------------------------------------ information

def test_a_card_taken_openly_stays_in_the_takers_hand_when_sampled():
    state = two_player("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C")
    state = state.apply("draw", 0).apply("discard QS", 0).apply("take QS", 1)
    assert not state.sheet
    for salt in range(10):
        assert c("QS") in determinize(state, 0, Rng(salt)).hands[1]


def test_another_players_draw_does_not_show_the_card():
    state = two_player("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0)
    assert "cards" not in state.view(1)["zones"]["hand:0"]
    assert "9C" not in str(state.public(1))


# ------------------------------------------------------------------ explicit deals refused

@pytest.mark.parametrize("deal, words", [
    ({"dealer": 0, "hands": ["3H 7D 4S 6C KS", "3H 3C 4D 9S JC"]}, "twice"),
    ({"dealer": 0, "hands": ["3H 7D 4S 6C", "2D 3C 4D 9S JC"]}, "needs 5"),
    ({"dealer": 2, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC"]}, "dealer"),
    ({"dealer": 0, "hands": ["3H 7D 4S 6C X3", "2D 3C 4D 9S JC"]}, "not in"),
    ({"dealer": 0, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC"], "stock": ["KH"]}, "indicator"),
    ({"dealer": 0, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC"], "indicator": "5C", "stock": ["KH"]}, "undealt"),
    ({"dealer": 0, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC"], "cut": 3}, "unknown"),
    ("3H 7D", "Sam Sip deal"),
])
def test_malformed_deals_are_refused_with_the_reason(deal, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal, options={"players": 2, "jokers": 2})
    assert words in str(err.value)


def test_a_deal_without_indicator_or_stock_takes_them_from_the_seed():
    deal = {"dealer": 1, "hands": ["3H 7D 4S 6C KS", "2D 3C 4D 9S JC"]}
    a = GAME.new(seed=3, deal=deal, options={"players": 2})
    b = GAME.new(seed=3, deal=deal, options={"players": 2})
    assert a.key() == b.key() and a.dealer == 1
    assert set(a.hands[0]) == set(cs("3H 7D 4S 6C KS")) and len(a.stock) == 55 - 11
