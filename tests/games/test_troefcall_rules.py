"""Troefcall scenarios from the rule text, each deal played action by action."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError
from solvers.games.troefcall import CALL, PLAY, REDEAL, STOP, complete_deal, deck_from_hands
from solvers.sampling import determinize

GAME = games.get("troefcall")

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
# seat 0 all spades but the two, which seat 1 holds in place of its two of hearts
SWAP_A = ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2H", "2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H",
          DIAMONDS, CLUBS]


def new(hands, dealer=3, options=None, **extra):
    return GAME.new(deal={"dealer": dealer, "hands": hands, **extra}, options=options)


def lowest(state):
    seat = min(state.to_move)
    return state.apply(state.legal_actions(seat)[0], seat)


def play_until(state, stop):
    """Play the lowest legal card until ``stop(state)``."""
    for _ in range(60):
        if stop(state):
            return state
        state = lowest(state)
    raise AssertionError("did not get there")


def sweep_to_seven(options=None):
    state = new([SPADES, HEARTS, DIAMONDS, CLUBS], options=options)
    state = state.apply("trump S", 0)
    for _ in range(7):
        state = state.apply(f"play {state.hands[0][-1]}", 0)   # seat 0 leads its top spade
        for _ in range(3):
            state = lowest(state)
    return state


# ------------------------------------------------------------- roles and the deal

def test_first_trump_caller_is_the_first_seat_dealt_a_jack_face_up():
    state = GAME.new(seed=1)
    shown = state.public(None)["first_caller_deal"]
    assert [c["seat"] for c in shown] == [i % 4 for i in range(len(shown))]
    assert parse_card(shown[-1]["card"]).rank == 11
    assert all(parse_card(c["card"]).rank != 11 for c in shown[:-1])
    assert state.caller == shown[-1]["seat"] and state.dealer == (state.caller - 1) % 4
    assert state.phase == CALL and state.to_move == {state.caller}


def test_explicit_first_caller_deal_fixes_the_dealer():
    state = GAME.new(deal={"hands": SWAP_A, "first_caller_deal": ["4C", "9H", "JD"]})
    assert state.caller == 2 and state.dealer == 1
    with pytest.raises(CardsageError, match="first jack"):
        GAME.new(deal={"hands": SWAP_A, "first_caller_deal": ["JC", "9H", "JD"]})
    with pytest.raises(CardsageError, match="seat 1 deals"):
        GAME.new(deal={"hands": SWAP_A, "dealer": 0, "first_caller_deal": ["4C", "9H", "JD"]})


def test_caller_names_trumps_seeing_only_five_cards():
    state = new(SWAP_A)
    assert state.caller == 0
    view = state.view(0)
    assert len(view["zones"]["hand:0"]["cards"]) == 5
    assert set(view["zones"]["hand:0"]["cards"]) == {"AS", "KS", "QS", "JS", "TS"}
    assert view["zones"]["stock"]["count"] == 47 and "cards" not in view["zones"]["stock"]
    for seat in (1, 2, 3):
        assert state.view(seat)["zones"][f"hand:{seat}"]["count"] == 0
    assert [a.notation for a in state.legal_actions(0)] == ["trump S", "trump H", "trump D", "trump C"]
    after = state.apply("trump H", 0)
    assert after.phase == PLAY and after.public(1)["trump"] == "H"
    assert [sorted(map(str, h)) for h in after.hands] == [sorted(h.split()) for h in SWAP_A]


def test_first_five_can_be_named_and_the_deal_order_is_batches_from_the_caller():
    state = new(SWAP_A, first_five=["2H", "3S", "4S", "5S", "6S"])
    assert {str(c) for c in state.hands[0]} == {"2H", "3S", "4S", "5S", "6S"}
    hands = [[parse_card(c) for c in h.split()] for h in SWAP_A]
    deck = deck_from_hands(hands, 2, hands[2][:5])
    assert deck[:5] == hands[2][:5] and deck[5:10] == hands[3][:5] and deck[10:15] == hands[0][:5]
    assert deck[20:24] == hands[2][5:9]
    assert [set(h) for h in complete_deal(deck, 2)] == [set(h) for h in hands]


@pytest.mark.parametrize("deal,words", [
    ("nonsense", "object with 'hands'"),
    ({"hands": [SPADES, HEARTS, DIAMONDS]}, "four hands"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, "AC KC"]}, "hand 3 has 2 cards"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "2S")]}, "2S is dealt twice"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "X1")]}, "not a card of the standard pack"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "dealer": 7}, "seat from 0 to 3"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_five": ["AS"]}, "five different cards"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "dealer": 3, "first_five": ["AS", "KS", "QS", "JS", "AH"]},
     "not there: AH"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_caller_deal": ["4C", "4C", "JD"]}, "distinct"),
])
def test_malformed_deals_are_refused_naming_the_problem(deal, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=deal)


# ------------------------------------------------------------- scoring

def test_seven_tricks_not_the_first_seven_score_two_and_the_dealer_deals_again():
    state = new(SWAP_A).apply("trump S", 0)
    state = state.apply("play 2H", 0).apply("play AH", 1)      # seat 1 wins the first trick
    state = play_until(state, lambda s: s.hands_played == 1)
    record = state.sheet[0]
    assert (record.source, record.side, record.points, record.tricks) == ("seven tricks", 0, 2, (7, 1))
    assert state.points == (2, 0) and state.scores == (2, 0, 2, 0)
    assert state.dealer == 3 and state.caller == 0, "the caller's side scored: same dealer"
    assert state.phase == CALL and len(state.history) == 0


def test_when_the_dealers_side_scores_the_deal_passes_left():
    state = new(SWAP_A).apply("trump H", 0).apply("play AS", 0)   # seat 0 takes the first trick
    state = play_until(state, lambda s: s.hands_played == 1)
    record = state.sheet[0]
    assert (record.source, record.side, record.points) == ("seven tricks", 1, 2)
    assert record.tricks[1] == 7
    assert state.dealer == 0 and state.caller == 1, "old caller deals; old dealer's partner calls"


def test_kap_partij_by_the_winner_of_the_seventh_trick_scores_five():
    state = sweep_to_seven()
    assert state.phase == STOP and state.tricks == (7, 0) and state.seventh == 0
    assert state.to_move == {0}
    assert [a.notation for a in state.legal_actions(0)] == ["stop", "continue"]
    state = state.apply("stop", 0)
    record = state.sheet[0]
    assert (record.source, record.points, record.stopped_by) == ("kap partij", 5, 0)
    assert state.points == (5, 0)


def test_the_partner_may_stop_after_the_winner_continues_for_two():
    state = sweep_to_seven().apply("continue", 0)
    assert state.phase == STOP and state.to_move == {2}
    state = state.apply("stop", 2)
    assert (state.sheet[0].source, state.sheet[0].points, state.sheet[0].stopped_by) == \
        ("kap partij by partner", 2, 2)


def test_partner_first_order_lets_the_partner_speak_first():
    state = sweep_to_seven({"stop_order": "partner_first"})
    assert state.to_move == {2}
    state = state.apply("continue", 2)
    assert state.to_move == {0}
    state = state.apply("stop", 0)
    assert state.sheet[0].points == 5


def test_baunie_made_scores_fifteen():
    state = sweep_to_seven().apply("continue", 0).apply("continue", 2)
    assert state.phase == PLAY and state.baunie == 0 and state.leader == 0
    state = play_until(state, lambda s: s.hands_played == 1)
    assert (state.sheet[0].source, state.sheet[0].points, state.sheet[0].tricks) == ("baunie", 15, (13, 0))
    assert state.points == (15, 0) and state.over, "15 reaches the default target"


def test_failed_baunie_gives_the_opponents_two_and_stops_at_the_lost_trick():
    state = new(SWAP_A).apply("trump S", 0)
    for _ in range(7):
        state = state.apply(f"play {state.hands[0][-1]}", 0)
        for _ in range(3):
            state = lowest(state)
    assert state.phase == STOP
    state = state.apply("continue", 0).apply("continue", 2)
    state = state.apply("play 2H", 0).apply("play AH", 1)
    state = play_until(state, lambda s: s.hands_played == 1)
    record = state.sheet[0]
    assert (record.source, record.side, record.points, record.tricks) == ("failed baunie", 1, 2, (7, 1))
    assert state.points == (0, 2)
    assert state.dealer == 0 and state.caller == 1


def test_without_play_on_a_sweep_is_kap_partij_at_once():
    state = sweep_to_seven({"play_on": False})
    assert state.hands_played == 1 and state.sheet[0].source == "kap partij" and state.points == (5, 0)


def test_fixed_deals_end_the_match_and_equal_points_are_a_draw():
    state = new(SWAP_A, options={"fixed_deals": 1}).apply("trump S", 0)
    state = play_until(state, lambda s: s.is_over)
    assert state.hands_played == 1 and state.returns == (1, -1, 1, -1)
    assert state.standings()[0]["seats"] == [0, 2]


def test_target_ends_the_match():
    state = GAME.new(seed=4, options={"target": 4})
    bot = GAME.bots()["heuristic"]
    rng = Rng(0)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    assert max(state.points) >= 4 and min(state.points) < 4
    assert len(state.score_events()) == state.hands_played


# ------------------------------------------------------------- redeal

NO_PICTURES = ["AS AH AD 2S 3S 4S 5S 6S 7S 8S 9S TS 2H",
               "KS QS JS TH 9H 8H 7H 6H 5H 4H 3H KD QD",
               "KH QH JH JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
               "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"]


def test_caller_without_pictures_may_show_the_hand_and_ask_for_a_redeal():
    state = new(NO_PICTURES).apply("trump S", 0)
    assert state.phase == REDEAL and state.to_move == {0}
    assert state.public(1)["caller_without_pictures"] is True
    again = state.apply("redeal", 0)
    assert again.phase == CALL and again.dealer == 3 and again.caller == 0 and again.trump == -1
    assert again.redeals == 1 and again.public(2)["redeal_shown"] == sorted(
        NO_PICTURES[0].split(), key=lambda c: (parse_card(c).suit, parse_card(c).rank))
    assert again.hands_played == 0 and again.points == (0, 0)


def test_keeping_a_pictureless_hand_is_public_and_sampling_respects_it():
    state = new(NO_PICTURES).apply("trump S", 0).apply("keep", 0)
    assert state.phase == PLAY and state.leader == 0
    for i in range(20):
        sample = determinize(state, 1, Rng(i))
        assert not any(c.rank in (11, 12, 13) for c in sample.hands[0])


def test_a_hand_with_a_picture_gets_no_redeal_and_the_guard_limits_redeals():
    assert new(SWAP_A).apply("trump S", 0).phase == PLAY
    assert new(NO_PICTURES, options={"redeal_claim": False}).apply("trump S", 0).phase == PLAY
    state = new(NO_PICTURES, options={"max_redeals": 1}).apply("trump S", 0).apply("redeal", 0)
    assert state.redeals == 1
    # whatever the new deal, no second claim is offered
    state = state.apply("trump S", 0)
    assert state.phase == PLAY
