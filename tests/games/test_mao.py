"""Mao scenarios from the rule text: each secret rule, each offence, the round's end and the deal."""

from __future__ import annotations

import json

import pytest

from solvers import games
from solvers.cards import parse_card
from solvers.errors import CardsageError
from solvers.games import mao_rules as R

GAME = games.get("mao")
OPTS = {"players": 3, "hand_size": 3}
# seat 2 deals, so seat 0 (its left) plays first onto the turned 5H
DEAL = {"dealer": 2, "up": "5H",
        "hands": [["7H", "7S", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}


def start(options=None, deal=DEAL, seed=1):
    return GAME.new(seed=seed, deal=deal, options={**OPTS, **(options or {})})


def hand(state, seat):
    return sorted(str(c) for c in state.hands[seat])


def offences(state):
    return [(p.seat, p.offence) for p in state.penalties]


def test_first_player_is_left_of_dealer_and_the_turned_card_starts_the_pile():
    s = start()
    assert s.turn == 0 and str(s.top) == "5H" and len(s.stock) == 52 - 10


def test_a_fitting_card_with_its_words_passes_without_penalty():
    s = start().apply("play 7H say:have-a-nice-day", 0)
    assert offences(s) == [] and str(s.top) == "7H" and s.turn == 1 and s.sevens == 1


def test_seven_chain_grows_and_the_first_who_does_not_continue_draws_one_per_seven():
    s = start().apply("play 7H say:have-a-nice-day", 0)
    s = s.apply("play 7D say:have-a-very-nice-day", 1)
    assert offences(s) == [] and s.sevens == 2 and s.turn == 2
    s = s.apply("draw", 2)
    assert len(s.hands[2]) == 5 and s.sevens == 0 and s.turn == 0 and offences(s) == []


def test_too_few_verys_is_a_wrong_announcement_and_the_play_stands():
    s = start().apply("play 7H say:have-a-nice-day", 0).apply("play 7D say:have-a-nice-day", 1)
    assert offences(s) == [(1, R.WRONG_ANNOUNCEMENT)] and str(s.top) == "7D"
    assert len(s.hands[1]) == 3   # 2 left + 1 penalty


def test_a_missing_word_costs_a_card_but_the_play_stands():
    s = start().apply("play 7H", 0)
    assert offences(s) == [(0, R.FAILURE_TO_SAY)] and str(s.top) == "7H" and len(s.hands[0]) == 3


def test_a_bad_card_goes_back_face_up_with_a_penalty_and_the_turn_ends():
    s = start().apply("play 7S say:seven-of-spades say:have-a-nice-day", 0)
    assert offences(s) == [(0, R.BAD_CARD)] and str(s.top) == "5H" and s.turn == 1
    assert "7S" in hand(s, 0) and len(s.hands[0]) == 4
    assert s.view(1)["public"]["cards_seen_in_hands"][0] == ["7S"]
    assert s.fixed_cards(1) == {"hand:0": (parse_card("7S"),)}


def test_ace_skips_the_next_player():
    s = start().apply("play AH", 0)
    assert offences(s) == [] and s.turn == 2


def test_eight_reverses_the_direction():
    s = start({"ace_skips": False}).apply("play AH", 0).apply("play 8H", 1)
    assert s.direction == -1 and s.turn == 0 and offences(s) == []


def test_two_reverses_by_option_and_eight_then_does_nothing():
    s = start({"reverse_rank": "2"}).apply("play 7H say:have-a-nice-day", 0).apply("play 7D say:have-a-very-nice-day", 1)
    s = s.apply("draw", 2)
    assert s.direction == 1


def test_spades_must_be_named():
    deal = {"dealer": 2, "up": "5S", "hands": [["7H", "9S", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}
    s = start(deal=deal).apply("play 9S", 0)
    assert offences(s) == [(0, R.FAILURE_TO_SAY)]
    s = start(deal=deal).apply("play 9S say:nine-of-spades", 0)
    assert offences(s) == []
    s = start({"name_spades": False}, deal=deal).apply("play 9S say:nine-of-spades", 0)
    assert offences(s) == [(0, R.WRONG_ANNOUNCEMENT)]


def test_jack_is_wild_and_the_called_suit_must_follow():
    deal = {"dealer": 2, "up": "5S", "hands": [["JH", "9D", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}
    s = start(deal=deal).apply("play JH suit:C", 0)
    assert offences(s) == [] and s.called_suit is not None
    bad = s.apply("play 8H", 1)           # matches the jack's suit, not the call
    assert offences(bad) == [(1, R.BAD_CARD)]
    good = s.apply("play 3C", 1)
    assert offences(good) == []
    silent = start(deal=deal).apply("play JH", 0)
    assert offences(silent) == [(0, R.FAILURE_TO_SAY)]
    plain = start({"jack_wild": False}, deal=deal).apply("play JH", 0)
    assert offences(plain) == [(0, R.BAD_CARD)]


def test_a_non_seven_under_a_chain_is_a_bad_card_and_the_chain_is_paid():
    s = start().apply("play 7H say:have-a-nice-day", 0).apply("play 8H", 1)
    assert offences(s) == [(1, R.BAD_CARD)] and s.sevens == 0 and len(s.hands[1]) == 5


def test_library_extras_mao_hail_and_no_draw():
    deal = {"dealer": 2, "up": "5H", "hands": [["KH", "9H", "2C"], ["7D", "3C", "4C"], ["KD", "9C", "2S"]]}
    opts = {"say_mao_last_card": True, "all_hail_the_king": True, "no_draw_when_able": True}
    s = start(opts, deal=deal).apply("play 9H", 0).apply("draw", 1).apply("draw", 2)
    # seat 1 holds nothing that fits 9H; seat 2 could have played 9C
    assert offences(s) == [(2, R.FAILURE_TO_PLAY)]
    good = s.apply("play KH say:all-hail-the-king say:mao", 0)
    assert offences(good)[1:] == []
    silent = s.apply("play KH", 0)
    assert [o for _, o in offences(silent)[1:]] == [R.FAILURE_TO_SAY, R.FAILURE_TO_SAY]
    drew = start(opts, deal=deal).apply("draw", 0)
    assert offences(drew) == [(0, R.FAILURE_TO_PLAY)] and len(drew.hands[0]) == 5


def test_emptying_the_hand_wins_the_round_and_the_match():
    deal = {"dealer": 2, "up": "5H", "hands": [["6H"], ["7D"], ["KD"]]}
    with pytest.raises(CardsageError):
        start({"hand_size": 1}, deal=deal)   # hands are at least three cards
    deal = {"dealer": 2, "up": "5H", "hands": [["6H", "6C", "6D"], ["7D", "3C", "8C"], ["KD", "9C", "2S"]]}
    s = start({"rounds": 2}, deal=deal)
    s = s.apply("play 6H", 0).apply("draw", 1).apply("draw", 2).apply("play 6C", 0)
    s = s.apply("draw", 1).apply("draw", 2)
    last = s.apply("play 6D", 0)
    assert last.sheet[0].winners == (0,) and last.sheet[0].how == "emptied their hand"
    assert last.scores == (1, 0, 0) and not last.over and last.dealer == 0 and last.turn == 1
    events = last.score_events()
    assert len(events) == 1 and events[0].seats == (0,) and events[0].points == 1


def test_turn_limit_stops_the_round_for_the_fewest_cards():
    s = start({"turn_limit": 50})
    while not s.is_over:
        s = s.apply("draw", s.turn)
    assert s.sheet[0].how == "fewest cards when the round was stopped" and s.actions == 50


def test_out_of_turn_tries_are_penalised_in_realtime_mode():
    s = start({"realtime_out_of_turn": True})
    assert s.to_move == frozenset({0, 1, 2})
    s2 = s.apply("play 3C", 1)
    assert offences(s2) == [(1, R.OUT_OF_TURN)] and s2.turn == 0
    assert s.apply("wait", 2).turn == 0


@pytest.mark.parametrize("deal, words", [
    ({"dealer": 2, "hands": [["7H", "7H", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}, "twice"),
    ({"dealer": 2, "hands": [["7H", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}, "needs 3"),
    ({"dealer": 2, "hands": [["7H", "ZZ", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}, "unknown card"),
    ({"dealer": 5, "hands": []}, "dealer"),
    ({"dealer": 2, "hands": [["7H", "7S", "AH"]]}, "3 hands"),
    ({"dealer": 2, "up": "5H", "stock": ["2C"], "hands": DEAL["hands"]}, "missing"),
    ("nonsense", "object"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, words):
    with pytest.raises(CardsageError) as error:
        start(deal=deal)
    assert words in str(error.value)


def test_pack_too_small_is_refused():
    with pytest.raises(CardsageError):
        GAME.new(seed=1, options={"players": 8, "hand_size": 10, "decks": 1})


def test_the_round_keeps_a_public_record_of_its_moves():
    s = start().apply("play 7H say:have-a-nice-day", 0).apply("play 7D say:have-a-nice-day", 1)
    s = s.apply("play 9C", 2)                       # a bad card under the chain: handed back, chain paid
    s = s.apply("draw", 0)
    kinds = [(m.seat, m.kind, str(m.card) if m.card else None, m.taken, m.offences) for m in s.moves]
    assert kinds == [(0, "played", "7H", 0, ()), (1, "played", "7D", 1, (R.WRONG_ANNOUNCEMENT,)),
                     (2, "handed back", "9C", 3, (R.BAD_CARD,)), (0, "drew", None, 1, ())]
    assert str(s.moves[1].on) == "7H"
    record = s.view(1)["public"]["moves_this_round"]
    assert record[2] == {"seat": 2, "move": "handed back", "card": "9C", "cards_taken": 3,
                         "offences": [R.BAD_CARD], "on": "7D", "suit_called": None}
    text = json.dumps(record)
    assert not any(rule in text for rule in R.LIBRARY)     # offences only, never the rule
    assert GAME.state_from_json(json.loads(json.dumps(s.to_json()))) == s


def test_the_record_starts_afresh_each_round():
    deal = {"dealer": 2, "up": "5H", "hands": [["6H", "6C", "6D"], ["7D", "3C", "8C"], ["KD", "9C", "2S"]]}
    s = start({"rounds": 2}, deal=deal)
    for seat, move in [(0, "play 6H"), (1, "draw"), (2, "draw"), (0, "play 6C"), (1, "draw"), (2, "draw")]:
        s = s.apply(move, seat)
    assert len(s.moves) == 6
    assert s.apply("play 6D", 0).moves == ()
