"""Manille scenarios from the rule text: deals played action by action with the expected result."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction
from solvers.games.manille import (CHOOSE, PARTNER, PLAY, RETAP, TAP, TOTAL_POINTS, pack, points_of,
                                   trick_winner)
from solvers.sampling import determinize

GAME = games.get("manille")

# every player holds one whole suit: dealer 0 (clubs), 1 (spades, leads), 2 (hearts), 3 (diamonds)
ONE_SUIT_EACH = {"dealer": 0, "hands": [
    "TC AC KC QC JC 9C 8C 7C", "TS AS KS QS JS 9S 8S 7S",
    "TH AH KH QH JH 9H 8H 7H", "TD AD KD QD JD 9D 8D 7D"]}

# a deal that the rules of thumb play to 30 all, after "en face" (seed 359's first deal)
THIRTY_ALL = {"dealer": 1, "hands": [
    "TC 7D 8D JH 8S 9S QS AS", "KC AC QD KD 7H 9H AH JS",
    "8C 9C JC QC 9D AD 8H TS", "7C JD TD QH KH TH 7S KS"]}
THIRTY_ALL_PLAY = [
    (1, "enface"), (3, "trump H"), (2, "pass"), (0, "pass"),
    (2, "play TS"), (3, "play 7S"), (0, "play QS"), (1, "play JS"),
    (2, "play 8C"), (3, "play 7C"), (0, "play TC"), (1, "play KC"),
    (0, "play AS"), (1, "play 7H"), (2, "play 8H"), (3, "play KS"),
    (2, "play 9C"), (3, "play TH"), (0, "play JH"), (1, "play AC"),
    (3, "play TD"), (0, "play 7D"), (1, "play KD"), (2, "play 9D"),
    (3, "play JD"), (0, "play 8D"), (1, "play QD"), (2, "play AD"),
    (2, "play JC"), (3, "play QH"), (0, "play 8S"), (1, "play 9H"),
    (3, "play KH"), (0, "play 9S"), (1, "play AH"), (2, "play QC")]


def new(deal=ONE_SUIT_EACH, **options):
    return GAME.new(seed=1, deal=deal, options=options or None)


def play(state, moves):
    for seat, notation in moves:
        state = state.apply(notation, seat)
    return state


def run_out(state):
    """Play the current deal to its end, each seat its first legal action."""
    hands = state.hands_played
    while not state.is_over and state.hands_played == hands:
        seat = min(state.to_move)
        state = state.apply(state.legal_actions(seat)[0], seat)
    return state


# ---------------------------------------------------------------- cards and points


def test_the_pack_has_32_cards_and_60_points():
    cards = pack()
    assert len(cards) == len(set(cards)) == 32
    assert {c.rank for c in cards} == {14, 13, 12, 11, 10, 9, 8, 7}
    assert sum(points_of(c) for c in cards) == TOTAL_POINTS == 60
    assert [points_of(parse_card(c)) for c in ("TS", "AS", "KS", "QS", "JS", "9S", "8S", "7S")] == [5, 4, 3, 2, 1, 0, 0, 0]


def test_the_ten_is_the_highest_card_of_its_suit():
    plays = [(1, parse_card("AH")), (2, parse_card("TH")), (3, parse_card("KH")), (0, parse_card("7H"))]
    assert trick_winner(plays, None) == 2
    trumped = [(1, parse_card("TH")), (2, parse_card("7S")), (3, parse_card("AH")), (0, parse_card("9H"))]
    assert trick_winner(trumped, 3) == 2          # spades are trumps: the seven beats the manille


# ---------------------------------------------------------------- trumps


def test_the_dealer_chooses_and_the_partner_cannot_see_their_cards_until_then():
    state = new()
    assert state.phase == CHOOSE and state.to_move == {0}
    actions = {a.notation for a in state.legal_actions(0)}
    assert actions == {"trump S", "trump H", "trump D", "trump C", "notrump", "enface"}
    partner_view = state.view(2)
    assert "cards" not in partner_view["zones"]["hand:2"]
    assert partner_view["public"]["hand_face_down"]["seat"] == 2
    assert "cards" in state.view(1)["zones"]["hand:1"]
    state = state.apply("trump C", 0)
    assert "cards" in state.view(2)["zones"]["hand:2"]
    assert state.view(2)["public"]["trumps"] == "clubs"


def test_en_face_lets_the_partner_choose_and_not_pass_it_back():
    state = new().apply("enface", 0)
    assert state.phase == PARTNER and state.to_move == {2}
    assert "cards" in state.view(2)["zones"]["hand:2"], "the partner looks at their cards to choose"
    actions = {a.notation for a in state.legal_actions(2)}
    assert actions == {"trump S", "trump H", "trump D", "trump C", "notrump"}
    with pytest.raises(IllegalAction):
        state.apply("enface", 2)
    state = state.apply("notrump", 2)
    assert state.phase == TAP and state.chooser == 2 and state.multiplier == 2
    assert state.public(None)["trump_calls"] == [{"seat": 0, "call": "en face"}, {"seat": 2, "call": "no trumps"}]


def test_trump_notation_is_read_loosely():
    state = new()
    assert state.parse_action("trump h", 0).notation == "trump H"
    assert state.parse_action("trump nt", 0).notation == "notrump"
    assert state.parse_action({"kind": "trump", "args": ["♠"]}, 0).notation == "trump S"


# ---------------------------------------------------------------- taps


def test_opponents_are_asked_to_tap_in_turn_then_play_starts_left_of_the_dealer():
    state = new().apply("trump C", 0)
    assert state.phase == TAP and state.to_move == {1}
    state = state.apply("pass", 1)
    assert state.to_move == {3}
    state = state.apply("pass", 3)
    assert state.phase == PLAY and state.leader == 1 and state.to_move == {1}
    assert state.multiplier == 1


def test_after_a_tap_the_dealers_side_may_re_tap_partner_first():
    state = new().apply("trump C", 0).apply("pass", 1).apply("tap", 3)
    assert state.phase == RETAP and state.to_move == {2} and state.multiplier == 2
    state = state.apply("pass", 2)
    assert state.to_move == {0}
    state = state.apply("retap", 0)
    assert state.phase == PLAY and state.multiplier == 4
    assert state.tapped_by == 3 and state.retapped_by == 0


def test_one_tap_is_enough():
    state = new().apply("trump C", 0).apply("tap", 1)
    assert state.phase == RETAP and state.to_move == {2}
    state = state.apply("pass", 2).apply("pass", 0)
    assert state.phase == PLAY and state.multiplier == 2


# ---------------------------------------------------------------- play


def test_must_follow_suit():
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:5])   # seat 2 led the ten of spades
    assert {a.notation for a in state.legal_actions(3)} == {"play 7S", "play KS"}


def test_a_player_void_in_the_led_suit_must_trump():
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:13])  # seat 0 leads the ace of spades
    assert state.trick[0][1] == parse_card("AS")
    assert {a.notation for a in state.legal_actions(1)} == {"play 7H", "play 9H", "play AH"}, \
        "void in spades, holding hearts (trumps): any trump, no discard"


def test_a_player_void_in_the_led_suit_and_trumps_discards_anything():
    state = play(new(), [(0, "trump C"), (1, "pass"), (3, "pass"), (1, "play 7S")])
    assert len(state.legal_actions(2)) == 8


OVERTRUMP = {"dealer": 3, "hands": ["TS AS KS QS JS 9S 8S 7S", "TH 9D AC KC QC JC 9C 8C",
                                    "AH KH QH JH 9H 8H 7D 7C", "TD AD KD QD JD 8D TC 7H"]}
# diamonds trumps; the eldest (seat 0) leads the ten of spades and seat 1 trumps with the nine
OVERTRUMP_START = [(3, "trump D"), (0, "pass"), (2, "pass"), (0, "play TS"), (1, "play 9D")]


def test_by_default_any_trump_will_do():
    state = play(new(deal=OVERTRUMP), OVERTRUMP_START)
    assert {a.notation for a in state.legal_actions(2)} == {"play 7D"}
    state = state.apply("play 7D", 2)
    assert len(state.legal_actions(3)) == 6, "every diamond, the eight too"


def test_must_overtrump_option():
    state = play(new(deal=OVERTRUMP, must_overtrump=True), OVERTRUMP_START)
    assert len(state.legal_actions(2)) == 8, "the seven cannot beat the nine: any card"
    state = state.apply("play 7C", 2)
    assert {parse_card(c) for c in ("TD", "AD", "KD", "QD", "JD")} <= state.barred[2]
    assert parse_card("8D") not in state.barred[2], "a discard shows only that no higher trump is held"
    assert {a.notation for a in state.legal_actions(3)} == {"play TD", "play AD", "play KD", "play QD", "play JD"}


def test_partner_winning_exempt_option():
    deal = {"dealer": 3, "hands": ["TS AS KS QS JS 9S 8S 7S", "TH AH KH QH JH 9H 8H 7H",
                                   "TC 7D AC KC QC JC 9C 8C", "TD AD KD QD JD 9D 8D 7C"]}
    moves = [(3, "trump D"), (0, "pass"), (2, "pass"), (0, "play TS"), (1, "play 7H")]
    strict = play(new(deal=deal), moves)
    assert {a.notation for a in strict.legal_actions(2)} == {"play 7D"}, "must trump"
    exempt = play(new(deal=deal, partner_winning_exempt=True), moves)
    assert len(exempt.legal_actions(2)) == 8, "partner (seat 0) is winning: no need to trump"
    after = exempt.apply("play 8C", 2)
    assert parse_card("7D") not in after.barred[2], "a discard under the exemption shows no void in trumps"


def test_a_discard_shows_voids_everyone_can_use():
    state = play(new(), [(0, "trump C"), (1, "pass"), (3, "pass"), (1, "play 7S"), (2, "play 7H")])
    shown = state.barred[2]
    assert all(c in shown for c in pack() if c.suit in (3, 0)), "no spades (led) and no clubs (trumps)"
    for salt in range(20):
        other = determinize(state, 1, Rng(salt))
        assert all(c.suit not in (3, 0) for c in other.hands[2])


# ---------------------------------------------------------------- scoring


def test_sixty_points_to_the_dealers_side():
    state = run_out(play(new(), [(0, "trump C"), (1, "pass"), (3, "pass")]))
    record = state.sheet[-1]
    assert record.card_points == (60, 0) and record.tricks == (8, 0)
    assert record.points == (30, 0) and state.points == (30, 0)
    events = state.score_events()
    assert [(e.source, e.points, e.seats) for e in events] == [("card points over 30", 30, (0, 2))]


def test_no_trumps_doubles_the_score():
    # without trumps the eldest hand leads spades and nobody can follow: every trick is theirs
    state = run_out(play(new(), [(0, "notrump"), (1, "pass"), (3, "pass")]))
    assert state.sheet[-1].card_points == (0, 60)
    assert state.points == (0, 60)
    assert [(e.source, e.points) for e in state.score_events()] == [("card points over 30", 30),
                                                                  ("no trumps doubles", 30)]


def test_tap_and_re_tap_compound_up_to_eight_times():
    state = play(new(), [(0, "notrump"), (1, "tap"), (2, "retap")])
    assert state.multiplier == 8
    state = run_out(state)
    assert state.points == (0, 240)
    events = state.score_events()
    assert [(e.source, e.points) for e in events] == [("card points over 30", 30), ("no trumps doubles", 30),
                                                      ("tap doubles", 60), ("re-tap doubles", 120)]
    assert sum(e.points for e in events) == 240


def test_a_tap_that_fails_pays_the_dealers_side_double():
    state = run_out(play(new(), [(0, "trump C"), (1, "tap"), (2, "pass"), (0, "pass")]))
    assert state.points == (60, 0)


def test_thirty_all_scores_nothing():
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY)
    record = state.sheet[-1]
    assert record.card_points == (30, 30) and record.points == (0, 0)
    assert record.chooser == 3 and record.strain == "H"
    assert state.score_events() == []
    assert state.dealer == 2, "the deal passes to the left"


# ---------------------------------------------------------------- the match


def test_the_match_ends_when_a_side_reaches_the_target():
    state = run_out(play(new(target=30), [(0, "trump C"), (1, "pass"), (3, "pass")]))
    assert state.is_over and state.winner == 0 and state.hands_played == 1
    assert state.standings()[0]["seats"] == [0, 2]


def test_fixed_deals_and_rotation():
    state = new(fixed_deals=2)
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        state = run_out(state)
    assert state.hands_played == 2 and dealers == [0, 1]


def test_the_first_dealer_comes_from_the_seed_and_seeds_replay():
    dealers = {GAME.new(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1, 2, 3}
    assert GAME.new(seed=5).key() == GAME.new(seed=5).key()


# ---------------------------------------------------------------- deals


@pytest.mark.parametrize("deal,words", [
    ([], "an object"),
    ({"dealer": 4, "hands": ONE_SUIT_EACH["hands"]}, "dealer"),
    ({"dealer": 0, "hands": ONE_SUIT_EACH["hands"][:3]}, "four hands"),
    ({"dealer": 0, "hands": ["TC AC KC QC JC 9C 8C", *ONE_SUIT_EACH["hands"][1:]]}, "has 7 cards"),
    ({"dealer": 0, "hands": ["TC AC KC QC JC 9C 8C 2C", *ONE_SUIT_EACH["hands"][1:]]}, "not in the 32-card pack"),
    ({"dealer": 0, "hands": ["TC AC KC QC JC 9C 8C 7S", *ONE_SUIT_EACH["hands"][1:]]}, "dealt twice"),
    ({"dealer": 0, "hands": ["TC AC KC QC JC 9C 8C ZZ", *ONE_SUIT_EACH["hands"][1:]]}, "ZZ"),
    ({"dealer": 0, "hands": ONE_SUIT_EACH["hands"], "stock": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused_with_the_reason(deal, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal)
    assert words in str(err.value)


def test_an_explicit_deal_is_dealt_as_given():
    state = new(deal=THIRTY_ALL)
    assert state.dealer == 1
    for seat, hand in enumerate(THIRTY_ALL["hands"]):
        assert set(state.hands[seat]) == {parse_card(c) for c in hand.split()}


def test_options_are_validated():
    with pytest.raises(CardsageError):
        GAME.new(seed=1, options={"target": 0})
    with pytest.raises(CardsageError):
        GAME.new(seed=1, options={"must_overtrump": "yes"})
