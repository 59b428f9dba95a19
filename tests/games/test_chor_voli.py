"""Chor Voli scenarios from the rule text: explicit deals played action by action."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Suit, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action

GAME = games.get("chor-voli")
SUITS = "SHDC"


def suit_hand(letter: str) -> list[str]:
    return [f"{r}{letter}" for r in "AKQJT98765432"]


def one_suit_each(dealer: int = 3):
    """Seat 0 all spades, 1 hearts, 2 diamonds, 3 clubs: four equal straight flushes each."""
    return {"dealer": dealer, "hands": [suit_hand(s) for s in SUITS]}


def keep(state, seat, *cards):
    return state.apply(Action("keep", tuple(cards)), seat)


def keep_straight_flushes(state, seat, letter, count=4):
    for top in "AJ85"[:count]:
        ranks = {"A": "AKQ", "J": "JT9", "8": "876", "5": "543"}[top]
        state = keep(state, seat, *(r + letter for r in ranks))
    if count < 4:
        state = state.apply("discard", seat)
    return state


def test_equal_combinations_first_played_wins_every_round():
    state = GAME.new(deal=one_suit_each(dealer=3))
    assert state.to_move == frozenset(range(4))
    for seat, letter in enumerate(SUITS):
        state = keep_straight_flushes(state, seat, letter)
    # four combinations kept: the last card is discarded at once and the showdown is played
    assert state.phase == "scored" and state.hands_played == 1
    record = state.sheet[0]
    assert [r.winner for r in record.rounds] == [0, 0, 0, 0]
    assert record.rounds[0].order == (0, 1, 2, 3)          # the dealer's right (seat 0) shows first
    assert state.chips == (23, 19, 19, 19) and state.pool == 0
    assert state.dealer == 0 and state.to_move == frozenset({0})   # the last round's winner deals
    assert state.legal_actions(0) == [Action("deal")]
    # all combinations lie face up now, strongest first
    view = state.view(1)
    assert view["zones"]["combo1:0"]["cards"] == ["AS", "KS", "QS"]
    assert view["zones"]["combo4:3"]["cards"] == ["5C", "4C", "3C"]
    assert "cards" not in view["zones"]["discard:0"]


def test_equal_combinations_last_played_wins_and_the_winner_leads():
    state = GAME.new(deal=one_suit_each(dealer=3), options={"tie_rule": "last_played"})
    for seat, letter in enumerate(SUITS):
        state = keep_straight_flushes(state, seat, letter)
    rounds = state.sheet[0].rounds
    assert [r.order for r in rounds] == [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    assert [r.winner for r in rounds] == [3, 2, 1, 0]
    assert state.chips == (20, 20, 20, 20) and state.dealer == 0


def test_rounds_nobody_plays_leave_their_chips_in_the_pool():
    state = GAME.new(deal=one_suit_each(dealer=0))
    for seat, letter in enumerate(SUITS):
        state = keep_straight_flushes(state, seat, letter, count=1)
    record = state.sheet[0]
    assert len(record.rounds) == 1 and record.rounds[0].order == (1, 2, 3, 0)
    assert record.rounds[0].winner == 1              # equal A-K-Q straight flushes: first shown
    assert state.pool == 3 and record.pool_after == 3
    assert state.chips == (19, 20, 19, 19)
    state = state.apply("deal", 1)
    assert state.pool == 7 and state.chips == (18, 19, 18, 18) and state.dealer == 1
    events = [e for e in state.score_events() if e.hand == 1]
    assert sum(e.points for e in events if e.seats == (1,)) == 0   # ante -1, round 1 +1


def test_a_lone_player_wins_the_later_rounds_unopposed():
    state = GAME.new(deal=one_suit_each(dealer=3))
    state = keep_straight_flushes(state, 0, "S", count=4)
    for seat, letter in enumerate(SUITS[1:], 1):
        state = keep_straight_flushes(state, seat, letter, count=1)
    rounds = state.sheet[0].rounds
    assert [r.order for r in rounds[1:]] == [(0,), (0,), (0,)]
    assert state.chips == (23, 19, 19, 19)


def test_combinations_are_shown_strongest_first_whatever_the_order_kept():
    hands = [suit_hand(s) for s in SUITS]
    # seat 0: three sevens (7S 7H 7D) beat any straight flush; swap cards to make it
    hands[0] = ["7S", "7H", "7D", "AS", "KS", "QS", "JS", "TS", "9S", "6S", "5S", "4S", "3S"]
    hands[1] = [c for c in suit_hand("H") if c != "7H"] + ["8S"]
    hands[2] = [c for c in suit_hand("D") if c != "7D"] + ["2S"]
    state = GAME.new(deal={"dealer": 3, "hands": hands})
    state = keep(state, 0, "6S", "5S", "4S")
    state = keep(state, 0, "7S", "7H", "7D")
    state = state.apply("discard", 0)
    assert state.combos[0] == (("7S", "7H", "7D"), ("6S", "5S", "4S")) or \
        [tuple(map(str, c)) for c in state.combos[0]] == [("7S", "7H", "7D"), ("6S", "5S", "4S")]
    assert state.public(1)["combinations"][0] == 2 and state.public(1)["discarded"][0] == 7


def test_threes_high_makes_three_threes_the_top_combination():
    hands = [suit_hand(s) for s in SUITS]
    hands[0] = ["3S", "3H", "3D", "AS", "AH", "AD", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]
    hands[1] = [c for c in suit_hand("H") if c not in ("3H", "AH")] + ["6S", "5S"]
    hands[2] = [c for c in suit_hand("D") if c not in ("3D", "AD")] + ["4S", "2S"]
    for threes_high, first in ((False, ("AS", "AH", "AD")), (True, ("3S", "3H", "3D"))):
        state = GAME.new(deal={"dealer": 3, "hands": hands}, options={"threes_high": threes_high})
        state = keep(state, 0, "3S", "3H", "3D")
        state = keep(state, 0, "AS", "AH", "AD")
        state = state.apply("discard", 0)
        assert tuple(map(str, state.combos[0][0])) == first


def four_of_a_kind_deal():
    pack = [str(c) for c in standard_pack()]
    aces = ["AS", "AH", "AD", "AC"]
    fours = ["4S", "4H", "4D", "4C"]
    rest = [c for c in pack if c not in aces + fours]
    return {"dealer": 0, "hands": [rest[0:13], aces + rest[13:22], fours + rest[22:31], rest[31:44]]}


@pytest.mark.parametrize("fours_high, winner", [(False, 1), (True, 2)])
def test_four_of_a_kind_takes_the_whole_pool_without_play(fours_high, winner):
    state = GAME.new(deal=four_of_a_kind_deal(), options={"four_fours_high": fours_high})
    assert state.phase == "scored" and state.hands_played == 1
    assert state.chips[winner] == 23 and sum(state.chips) == 80 and state.pool == 0
    assert state.to_move == frozenset({winner}) and state.dealer == winner
    assert state.public(0)["showdown"]["fours"] == [{"seat": 1, "rank": 14}, {"seat": 2, "rank": 4}]
    # the shown fours stay where they are when the unseen cards are sampled
    assert set(state.fixed_cards(0)["hand:1"]) == {c for c in state.hands[1] if c.rank == 14}
    events = state.score_events()
    assert [e.points for e in events if e.source == "four of a kind takes the pool"] == [4]


def test_the_match_ends_when_someone_cannot_ante():
    state = GAME.new(deal=one_suit_each(dealer=3), options={"start_chips": 1})
    for seat, letter in enumerate(SUITS):
        state = keep_straight_flushes(state, seat, letter)
    assert state.is_over and state.scores == (4, 0, 0, 0)
    assert state.standings()[0] == {"seats": [0], "score": 4, "place": 1, "rounds_won": 4}


def test_fixed_deals_and_the_deal_limit_end_the_match():
    for options in ({"fixed_deals": 1}, {"deal_limit": 1}):
        state = GAME.new(deal=one_suit_each(dealer=3), options={"tie_rule": "last_played", **options})
        for seat, letter in enumerate(SUITS):
            state = keep_straight_flushes(state, seat, letter)
        assert state.is_over and state.scores == (20, 20, 20, 20)


def test_illegal_partitions_are_refused():
    state = GAME.new(deal=one_suit_each(dealer=3))
    with pytest.raises(CardsageError):
        state.apply("discard", 0)                     # at least one combination first
    with pytest.raises(CardsageError):
        keep(state, 0, "AS", "KS", "AH")              # not in hand
    mixed = [["AS", "AH", "2C", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"],
             [c for c in suit_hand("H") if c != "AH"] + ["3S"],
             [c for c in suit_hand("C") if c != "2C"] + ["2S"], suit_hand("D")]
    state = GAME.new(deal={"dealer": 3, "hands": mixed})
    with pytest.raises(CardsageError):
        keep(state, 0, "AS", "AH", "2C")              # a pair is not a combination
    # the cards of a keep may be given in any order
    assert state.apply("keep QS AS KS", 0).combos[0] == keep(state, 0, "AS", "KS", "QS").combos[0]


def test_another_players_keep_is_hidden_in_the_log_and_the_view():
    state = GAME.new(deal=one_suit_each(dealer=3))
    action = Action("keep", ("AS", "KS", "QS"))
    assert state.log_text(action, 0, 1) == "keep" and state.log_text(action, 0, 0) == "keep AS KS QS"
    state = state.apply(action, 0)
    assert "cards" not in state.view(1)["zones"]["combo1:0"]
    assert state.view(0)["zones"]["combo1:0"]["cards"] == ["AS", "KS", "QS"]


@pytest.mark.parametrize("deal, words", [
    ("nope", "object"),
    ({"dealer": 5, "hands": []}, "dealer"),
    ({"dealer": 0, "hands": [suit_hand("S")] * 4}, "twice"),
    ({"dealer": 0, "hands": [suit_hand("S"), suit_hand("H"), suit_hand("D"), suit_hand("C")[:12]]}, "needs 13"),
    ({"dealer": 0, "hands": [suit_hand("S"), suit_hand("H"), suit_hand("D"), suit_hand("C")[:12] + ["X1"]]},
     "not in the 52-card pack"),
    ({"dealer": 0, "hands": [suit_hand("S"), suit_hand("H"), suit_hand("D"), suit_hand("C")[:12] + ["ZZ"]]},
     "unknown card"),
    ({"dealer": 0, "hands": [suit_hand("S")], "stock": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused_with_a_reason(deal, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=deal)


def test_hand_rank_is_exposed_on_the_game():
    assert GAME.HAND_RANK(["AS", "KS", "QS"]).category == "straight-flush"
    assert set(GAME.HAND_OPTIONS) == {"threes_high", "four_fours_high"}
    assert Suit.SPADES.letter == "S"
