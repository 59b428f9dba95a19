"""Kop (Baska): scenario tests from the rule text, deals played action by action."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import parse_card
from solvers.errors import CardsageError, IllegalAction
from solvers.games.kop_cards import (PACK, TOTAL_POINTS, TRUMP_LADDER, beats, legal_cards, points,
                                     shown_absent)

GAME = games.get("kop")

# seat 0 holds Q♣ and seat 2 Q♠: a partnership hand the queens win with every point
TEAM_DEAL = {"dealer": 3, "hands": [["AH", "TH", "QC", "JD"], ["QH", "QD", "JC", "AC"],
                                    ["QS", "JS", "AD", "TC"], ["JH", "TD", "AS", "TS"]]}
# seat 0 holds both black queens and lacks J♣: a call makes J♣'s holder (seat 1) its partner
CALL_DEAL = {"dealer": 3, "hands": [["QC", "QS", "JS", "AD"], ["JC", "TC", "AS", "JH"],
                                    ["AH", "TH", "QH", "TS"], ["QD", "JD", "TD", "AC"]]}
# seat 0 holds the four top trumps: it takes every trick alone
SOLO_DEAL = {"dealer": 3, "hands": [["AH", "TH", "QC", "QS"], ["QH", "QD", "JC", "AC"],
                                    ["JS", "JH", "AD", "TC"], ["JD", "TD", "AS", "TS"]]}
# seat 0 holds both black queens and little else
WEAK_DEAL = {"dealer": 3, "hands": [["QC", "QS", "AS", "TS"], ["AH", "TH", "QH", "QD"],
                                    ["JC", "JS", "JH", "JD"], ["AD", "TD", "AC", "TC"]]}


def c(text):
    return parse_card(text)


def play(state, *moves):
    """Apply ``seat:action`` moves in order (``0:play AH``, ``1:pass``)."""
    for move in moves:
        seat, _, action = move.partition(":")
        state = state.apply(action, int(seat))
    return state


def passes(state):
    return play(state, "0:pass", "1:pass", "2:pass", "3:pass")


def first_legal_to_end(state):
    hands = state.hands_played
    while state.hands_played == hands and not state.is_over:
        seat = min(state.to_move)
        state = state.apply(state.legal_actions(seat)[0], seat)
    return state


# ----------------------------------------------------------------- the pack and the ladder

def test_pack_ladder_and_points():
    assert len(PACK) == 16 and len(set(PACK)) == 16
    assert sum(points(x) for x in PACK) == TOTAL_POINTS == 104
    assert [str(x) for x in TRUMP_LADDER] == ["AH", "TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD",
                                              "AD", "TD"]
    for high, low in zip(TRUMP_LADDER, TRUMP_LADDER[1:]):
        assert beats(high, low) and not beats(low, high)
    assert beats(c("TD"), c("AS")) and beats(c("AC"), c("TC")) and not beats(c("AS"), c("TC"))


def test_must_follow_then_trump_then_win():
    # trumps led, J♠ winning: Q♥ wins, J♦ would not, so Q♥ is the only card
    assert legal_cards([c("QH"), c("JD"), c("AC")], [c("JS")]) == [c("QH")]
    # following suit comes first, even when a trump would win
    assert legal_cards([c("TC"), c("QH")], [c("AC")]) == [c("TC")]
    # void in spades: must trump; every trump wins, so any of them
    assert legal_cards([c("QH"), c("JD"), c("AC")], [c("AS")]) == [c("QH"), c("JD")]
    # after an over-trump: J♥ still beats J♦ and must be played; 10♦ cannot win but must trump
    assert legal_cards([c("JH"), c("TC")], [c("AS"), c("JD")]) == [c("JH")]
    assert legal_cards([c("TD"), c("TC")], [c("AS"), c("JD")]) == [c("TD")]
    # neither spades nor trumps: any card
    assert legal_cards([c("AC"), c("TC")], [c("AS"), c("JD")]) == [c("AC"), c("TC")]


def test_what_a_card_shows_about_a_hand():
    trumps_above_js = {x for x in TRUMP_LADDER if beats(x, c("JS"))}
    assert shown_absent([c("JS")], c("JD")) == trumps_above_js
    assert shown_absent([c("AS")], c("TC")) == {c("AS"), c("TS")} | set(TRUMP_LADDER)
    assert shown_absent([c("AS")], c("JD")) == {c("AS"), c("TS")}
    assert shown_absent([], c("AH")) == frozenset()


# ----------------------------------------------------------------- deals

def test_deal_is_four_cards_each_and_eldest_speaks_first():
    state = GAME.new(seed=4)
    assert all(len(h) == 4 for h in state.hands)
    assert sorted(x for h in state.hands for x in h) == sorted(PACK)
    assert state.phase == "declare" and state.to_move == {(state.dealer + 1) % 4}
    assert state.vc == (5, 5, 5, 5)


@pytest.mark.parametrize("deal,words", [
    ({"dealer": 0, "hands": [["AH", "TH", "QC"], ["QH", "QD", "JC", "AC"], ["QS", "JS", "AD", "TC"],
                             ["JH", "TD", "AS", "TS"]]}, "hand 0 has 3 cards"),
    ({"dealer": 0, "hands": [["AH", "TH", "QC", "QC"], ["QH", "QD", "JC", "AC"], ["QS", "JS", "AD", "TC"],
                             ["JH", "TD", "AS", "TS"]]}, "QC is dealt twice"),
    ({"dealer": 0, "hands": [["AH", "TH", "QC", "KH"], ["QH", "QD", "JC", "AC"], ["QS", "JS", "AD", "TC"],
                             ["JH", "TD", "AS", "TS"]]}, "KH is not in the Kop pack"),
    ({"dealer": 5, "hands": TEAM_DEAL["hands"]}, "deal.dealer"),
    ({"dealer": 0, "hands": TEAM_DEAL["hands"][:3]}, "four hands"),
    ({"dealer": 0, "hands": TEAM_DEAL["hands"], "stock": []}, "unknown deal field"),
    (["AH"], "a Kop deal is an object"),
])
def test_malformed_deals_are_refused(deal, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=deal)


def test_a_deal_with_an_unknown_card_text_is_refused():
    hands = [list(h) for h in TEAM_DEAL["hands"]]
    hands[0][0] = "ZZ"
    with pytest.raises(CardsageError):
        GAME.new(deal={"dealer": 3, "hands": hands})


# ----------------------------------------------------------------- a partnership hand

def test_partnership_hand_played_out():
    state = passes(GAME.new(deal=TEAM_DEAL))
    assert state.phase == "play" and state.to_move == {0}
    with pytest.raises(CardsageError):
        state.apply("play AC", 1)  # not seat 1's turn
    with pytest.raises(IllegalAction):
        state.apply("play QD", 0)  # not in seat 0's hand
    state = play(state, "0:play AH")
    assert [a.notation for a in state.legal_actions(1)] == ["play QH", "play QD", "play JC"]
    state = play(state, "1:play JC", "2:play JS", "3:play TD")
    assert state.captured() == (25, 0, 0, 0)
    state = play(state, "0:play TH", "1:play QD", "2:play AD", "3:play JH")
    state = play(state, "0:play QC", "1:play QH", "2:play QS", "3:play TS")
    assert state.absent[3] >= set(TRUMP_LADDER), "a plain card on a trump lead shows no trumps"
    assert [a.notation for a in state.legal_actions(0)] == ["play JD"]
    state = play(state, "0:play JD", "1:play AC", "2:play TC", "3:play AS")
    (record,) = state.sheet
    assert record.kind == "team" and record.side == (0, 2)
    assert record.captured == (104, 0, 0, 0) and record.side_points == (104, 0)
    assert record.result == "queens" and record.payments == (2, -2, 2, -2)
    assert state.vc == (7, 3, 7, 3) and state.scores == (2, -2, 2, -2)
    # the deal passes to the left; the new eldest speaks first
    assert state.dealer == 0 and state.phase == "declare" and state.to_move == {1}
    events = [e for e in state.score_events() if e.hand == 1]
    assert [e.points for e in events] == [2, -2, 2, -2]
    assert events[0].source == "won as partners" and events[1].source == "lost as partners"
    assert all(e.detail["card_points"] + e.detail["opponents_points"] == 104 for e in events)


def test_the_match_ends_when_a_player_has_no_victory_cards():
    state = passes(GAME.new(deal=TEAM_DEAL, options={"victory_cards": 2}))
    state = play(state, "0:play AH", "1:play JC", "2:play JS", "3:play TD", "0:play TH", "1:play QD",
                 "2:play AD", "3:play JH", "0:play QC", "1:play QH", "2:play QS", "3:play TS",
                 "0:play JD", "1:play AC", "2:play TC", "3:play AS")
    assert state.is_over and state.vc == (4, 0, 4, 0) and not state.to_move
    assert [row["seats"] for row in state.standings()] == [[0], [2], [1], [3]]
    assert [row["place"] for row in state.standings()] == [1, 1, 3, 3], "ties stay ties"


def test_single_round_option_ends_after_one_hand():
    state = first_legal_to_end(passes(GAME.new(deal=TEAM_DEAL, options={"hands": 1})))
    assert state.is_over and state.hands_played == 1


# ----------------------------------------------------------------- both black queens

def test_only_the_holder_of_both_black_queens_may_call_or_go_solo():
    state = GAME.new(deal=CALL_DEAL)
    assert [a.notation for a in state.legal_actions(0)] == ["call", "pass", "solo"]
    state = play(state, "0:pass")
    assert [a.notation for a in state.legal_actions(1)] == ["pass"]


def test_call_partners_the_holder_of_the_highest_missing_jack():
    state = play(GAME.new(deal=CALL_DEAL), "0:call")
    assert state.phase == "play" and state.called == c("JC") and state.to_move == {0}
    assert state.partnership() == ("call", (0, 1))
    assert "called J♣" in state.public(2)["game"]
    assert state.public(1)["your_side"].startswith("You hold J♣")
    state = play(state, "0:play QC", "1:play JH", "2:play AH", "3:play TD",
                 "2:play TH", "3:play JD", "0:play JS", "1:play JC")
    assert [a.notation for a in state.legal_actions(2)] == ["play QH", "play TS"]
    state = play(state, "2:play QH", "3:play QD")
    assert [a.notation for a in state.legal_actions(0)] == ["play QS"], "Q♠ beats Q♥ and must win"
    state = play(state, "0:play QS", "1:play AS", "0:play AD", "1:play TC", "2:play TS", "3:play AC")
    (record,) = state.sheet
    assert record.kind == "call" and record.side == (0, 1) and record.called == "JC"
    assert record.captured == (62, 0, 42, 0) and record.side_points == (62, 42)
    assert record.payments == (2, 2, -2, -2)
    assert state.score_events()[0].source == "won as partners (called)"


def test_a_call_names_the_next_jack_when_the_caller_holds_jack_of_clubs():
    deal = {"dealer": 3, "hands": [["QC", "QS", "JC", "AD"], ["JS", "TC", "AS", "JH"],
                                   ["AH", "TH", "QH", "TS"], ["QD", "JD", "TD", "AC"]]}
    state = play(GAME.new(deal=deal), "0:call")
    assert state.called == c("JS") and state.partnership() == ("call", (0, 1))
    # everyone now knows the caller holds both black queens and J♣, and not J♠
    assert set(state.fixed_cards(2)["hand:0"]) == {c("QC"), c("QS"), c("JC")}
    assert c("JS") in state.absent[0]


def test_solo_win_pays_two_from_each_opponent():
    state = first_legal_to_end(play(GAME.new(deal=SOLO_DEAL), "0:solo"))
    (record,) = state.sheet
    assert record.kind == "solo" and record.side == (0,)
    assert record.side_points == (104, 0) and record.payments == (6, -2, -2, -2)
    assert state.score_events()[0].source == "won alone (solo)"
    assert state.score_events()[1].source == "lost against a lone player"


def test_silent_solo_settles_like_a_solo_by_default():
    state = first_legal_to_end(passes(GAME.new(deal=SOLO_DEAL)))
    (record,) = state.sheet
    assert record.kind == "silent" and record.side == (0,) and record.payments == (6, -2, -2, -2)
    assert state.score_events()[0].source == "won alone (silent solo)"


def test_silent_solo_can_settle_like_a_partnership_hand():
    state = first_legal_to_end(passes(GAME.new(deal=SOLO_DEAL, options={"silent_stake": "team"})))
    assert state.sheet[0].payments == (3, -1, -1, -1)


def test_solo_stake_option():
    state = first_legal_to_end(play(GAME.new(deal=SOLO_DEAL, options={"solo_stake": 3}), "0:solo"))
    assert state.sheet[0].payments == (9, -3, -3, -3)


def test_a_lone_loser_short_of_victory_cards_pays_from_its_left():
    state = play(GAME.new(deal=WEAK_DEAL, options={"victory_cards": 1}), "0:solo")
    state = first_legal_to_end(state)
    (record,) = state.sheet
    assert record.result == "others" and record.side_points[0] < 53
    assert record.payments == (-1, 1, 0, 0) and record.short == (5, 0, 0, 0)
    assert state.is_over and state.vc == (0, 2, 1, 1)
    assert state.score_events()[0].detail["could_not_pay"] == 5


def test_a_52_52_hand_pays_nothing():
    # Q♠ (seat 0) and Q♣ (seat 2) take 18 + 34 card points, seats 1 and 3 take 52 + 0
    deal = {"dealer": 3, "hands": [["TC", "JH", "QS", "TS"], ["AC", "AH", "TD", "JS"],
                                   ["TH", "QC", "JC", "JD"], ["QH", "AD", "QD", "AS"]]}
    state = passes(GAME.new(deal=deal))
    state = play(state, "0:play TC", "1:play AC", "2:play TH", "3:play QH",
                 "2:play QC", "3:play AD", "0:play JH")
    assert [a.notation for a in state.legal_actions(1)] == ["play AH"], "only A♥ beats Q♣"
    state = play(state, "1:play AH", "1:play TD", "2:play JC", "3:play QD", "0:play QS",
                 "0:play TS", "1:play JS", "2:play JD", "3:play AS")
    (record,) = state.sheet
    assert record.side == (0, 2) and record.captured == (18, 52, 34, 0) and record.side_points == (52, 52)
    assert record.result == "drawn" and record.payments == (0, 0, 0, 0)
    assert state.score_events()[0].source.startswith("drawn hand")


# ----------------------------------------------------------------- what each seat sees

def test_views_show_only_the_seats_own_hand():
    state = GAME.new(deal=TEAM_DEAL)
    view = state.view(1)
    assert view["zones"]["hand:1"]["cards"] and all("cards" not in view["zones"][f"hand:{s}"] for s in (0, 2, 3))
    assert "Q" not in str(view["public"]["black_queens_played_by"].values())
    assert state.view(None)["public"]["your_side"] is None
    assert "Q♠" in state.public(0)["your_side"], "the Q♣ holder is told its partner holds Q♠"


def test_a_silent_solo_looks_like_any_other_deal():
    silent = passes(GAME.new(deal=SOLO_DEAL))
    normal = passes(GAME.new(deal=TEAM_DEAL))
    for seat in (1, 2, 3):
        assert silent.public(seat)["announcements"] == normal.public(seat)["announcements"]
        assert silent.public(seat)["game"] == normal.public(seat)["game"]
    assert "play alone" in silent.public(0)["your_side"]


def test_partnership_revealed_by_play():
    state = passes(GAME.new(deal=TEAM_DEAL))
    state = play(state, "0:play AH", "1:play JC", "2:play JS", "3:play TD", "0:play TH", "1:play QD",
                 "2:play AD", "3:play JH", "0:play QC", "1:play QH", "2:play QS")
    assert "North" in state.public(0)["your_side"]   # Q♠ came from seat 2 (North)
    assert state.public(1)["your_side"].startswith("You play with East")
