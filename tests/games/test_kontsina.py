"""Kontsina: scenarios from the rule text, deal validation, views and the score sheet."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.games.kontsina import HAND_POINTS, score_hand

GAME = games.get("kontsina")


def cards(text: str):
    return [parse_card(c) for c in text.split()]


def fixed_stock(*used: str) -> list[str]:
    taken = {parse_card(c) for part in used for c in part.split()}
    return [str(c) for c in standard_pack() if c not in taken]


def new(hands, table, dealer=1, stock=None, **options):
    """A two-player match (unless options say otherwise) from an explicit first deal."""
    deal = {"dealer": dealer, "hands": hands, "table": " ".join(table)}
    if stock is not None:
        deal["stock"] = stock
    return GAME.new(seed=1, deal=deal, options=options or None)


def notations(state, seat=None):
    return [a.notation for a in state.legal_actions(state.turn if seat is None else seat)]


# ------------------------------------------------------------------ captures from the rule text

def test_a_match_takes_one_card_of_the_same_rank_even_when_several_share_it():
    state = new(["JC 2H 3H 4H", "5S 6S 7S 8S"], ["JD JH 9C KS"])
    legal = notations(state, 0)
    assert "capture JC with JD" in legal and "capture JC with JH" in legal
    assert not any("JD+JH" in a for a in legal)
    after = state.apply("capture JC with JH", 0)
    assert set(after.table) == set(cards("JD 9C KS"))
    assert set(after.piles[0]) == set(cards("JC JH"))
    assert after.turn == 1 and after.last_capturer == 0


def test_a_nine_takes_five_and_four_or_two_three_and_four():
    state = new(["9C 2H 3H KH", "5S 6S 7S 8S"], ["5D 4C 2S 3D"])
    legal = notations(state, 0)
    assert "capture 9C with 5D+4C" in legal
    assert "capture 9C with 4C+3D+2S" in legal
    assert "capture 9C with 5D+4C+3D+2S" not in legal          # 14, not 9


def test_aces_count_one_and_face_cards_have_no_value():
    state = new(["3C KH 2H 4H", "5S 6S 7S 8S"], ["AD 2S QC JD"])
    legal = notations(state, 0)
    assert "capture 3C with 2S+AD" in legal
    assert not any(a.startswith("capture KH") for a in legal)    # no king on the table
    assert "lay KH" in legal


def test_a_single_number_card_is_taken_only_by_its_own_rank():
    state = new(["7C 2H 3H 4H", "5S 6S 8S 9S"], ["7D TD QC KD"])
    assert "capture 7C with 7D" in notations(state, 0)


def test_laying_is_always_allowed_unless_captures_are_compulsory():
    hands, table = ["7C 2H 3H 4H", "5S 6S 8S 9S"], ["7D TD QC KD"]
    assert "lay 7C" in notations(new(hands, table), 0)
    forced = new(hands, table, must_capture=True)
    assert notations(forced, 0) == ["capture 7C with 7D"]


def test_one_group_only_by_the_rule_text_several_in_the_variant():
    hands, table = ["8C 2H 3H KH", "5S 6S 7S 9S"], ["5D 3S 6H 2D"]
    one = new(hands, table)
    assert "capture 8C with 5D+3S, 6H+2D" not in notations(one, 0)
    several = new(hands, table, capture_sets="several")
    assert "capture 8C with 6H+2D, 5D+3S" in notations(several, 0)
    after = several.apply("capture 8C with 5D+3S, 6H+2D", 0)   # typed in another order
    assert after.table == () and len(after.piles[0]) == 5


def test_a_capture_typed_in_any_order_is_read():
    state = new(["9C 2H 3H KH", "5S 6S 7S 8S"], ["5D 4C 2S 3D"])
    after = state.apply("capture 9c with 2s+3d+4c", 0)
    assert set(after.table) == set(cards("5D"))


def test_an_impossible_capture_is_refused_and_changes_nothing():
    state = new(["9C 2H 3H KH", "5S 6S 7S 8S"], ["5D 4C 2S 3D"])
    before = state.key()
    for bad in ["capture 9C with 5D+3D", "capture 9C with", "capture KH with 5D", "lay 5D", "capture 9C 5D+4C"]:
        with pytest.raises(CardsageError):
            state.apply(bad, 0)
    assert state.key() == before


# ------------------------------------------------------------------ the flow of a hand

def test_eldest_plays_first_and_play_passes_to_the_left():
    state = new(["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H"], ["KS QS JS 9S"], dealer=2, players=3)
    assert state.turn == 0
    state = state.apply("lay 2C", 0)
    assert state.turn == 1


def test_hands_are_refilled_from_the_stock_four_each():
    state = new(["KC QC JC TC", "KD QD JD TD"], ["9S 8S 7S 6S"])
    assert len(state.stock) == 40
    # the dealer is seat 1, so seat 0 plays first
    for play in ["lay KC", "lay KD", "lay QC", "lay QD", "lay JC", "lay JD", "lay TC", "lay TD"]:
        state = state.apply(play)
    assert all(len(h) == 4 for h in state.hands) and len(state.stock) == 32
    assert state.turn == 0


def test_the_last_capturer_takes_the_table_and_the_hand_is_scored():
    state = GAME.new(seed=4)
    while state.hands_played == 0:
        state = state.apply(state.legal_actions(state.turn)[0])
    record = state.sheet[0]
    assert sum(record.cards) == 52 and record.sweeper >= 0
    assert state.dealer == (record.dealer + 1) % 2      # the deal passes to the left


def test_scoring_most_cards_most_clubs_two_of_clubs_ten_of_diamonds():
    piles = [cards("2C 3C 4C TD 5H 6H"), cards("TC 7D 8D")]
    record = score_hand(0, piles, 0, (0, 0))
    assert record.points == (5, 0) and record.totals == (5, 0)
    assert record.cards == (6, 3) and record.clubs == (3, 1)


def test_ties_for_most_cards_and_most_clubs_score_nothing():
    piles = [cards("2C 3H 4D"), cards("3C TD 5S")]
    record = score_hand(0, piles, 0, (10, 10))
    assert record.points == (1, 1)          # two of clubs to seat 0, ten of diamonds to seat 1
    assert sum(record.points) <= HAND_POINTS


def test_a_whole_match_ends_when_someone_reaches_the_target_alone_in_the_lead():
    state = GAME.new(seed=9, options={"target": 5})
    while not state.is_over:
        state = state.apply(state.legal_actions(state.turn)[0])
    assert max(state.scores) >= 5 and len(state.winners()) == 1
    assert sum(e.points for e in state.score_events()) == sum(state.scores)


def test_a_tie_for_the_lead_plays_on_until_the_guard():
    state = GAME.new(seed=3, options={"target": 1, "max_hands": 1, "players": 4})
    while not state.is_over:
        state = state.apply(state.legal_actions(state.turn)[0])
    assert state.hands_played == 1


# ------------------------------------------------------------------ deals

@pytest.mark.parametrize("deal, words", [
    ({"dealer": 0, "hands": [["2C", "3C", "4C"], ["2D", "3D", "4D", "5D"]], "table": ["KS", "QS", "JS", "9S"]},
     "hand 0 has 3 cards"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C"], ["2C", "3D", "4D", "5D"]], "table": ["KS", "QS", "JS", "9S"]},
     "dealt twice"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "X1"]], "table": ["KS", "QS", "JS", "9S"]},
     "not a card of the 52-card pack"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]], "table": ["KS", "QS"]},
     "the table has 2 cards"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]]}, "deal.table is missing"),
    ({"dealer": 5, "hands": [], "table": []}, "dealer"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]], "table": ["KS", "QS", "JS", "9S"],
      "stock": ["AS"]}, "missing"),
    ({"dealer": 0, "hands": [["ZZ", "3C", "4C", "5C"], ["2D", "3D", "4D", "5D"]], "table": ["KS", "QS", "JS", "9S"]},
     "unknown card"),
    ("four cards", "a Kontsina deal is an object"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, words):
    with pytest.raises(CardsageError) as error:
        GAME.new(seed=1, deal=deal)
    assert words in str(error.value)


def test_an_explicit_deal_with_its_stock_is_replayed_exactly():
    hands, table = ["2C 3C 4C 5C", "2D 3D 4D 5D"], ["KS QS JS 9S"]
    stock = fixed_stock(*hands, *table)
    state = new([h.split() for h in hands], table[0].split(), dealer=1, stock=stock)
    assert state.stock[0] == parse_card(stock[0]) and len(state.stock) == 40
    assert set(state.hands[0]) == set(cards(hands[0])) and set(state.table) == set(cards(table[0]))


# ------------------------------------------------------------------ views

def test_views_show_own_hand_the_table_and_only_pile_counts():
    state = new(["JC 2H 3H 4H", "5S 6S 7S 8S"], ["JD JH 9C KS"]).apply("capture JC with JD", 0)
    view = state.view(1)
    assert "cards" not in view["zones"]["hand:0"] and view["zones"]["hand:1"]["count"] == 4
    assert "cards" not in view["zones"]["pile:0"] and view["zones"]["pile:0"]["count"] == 2
    assert "cards" not in view["zones"]["stock"]
    assert sorted(view["zones"]["table"]["cards"]) == sorted(["JH", "9C", "KS"])
    assert view["public"]["last_play"] == {"seat": 0, "card": "JC", "took": ["JD"]}
    assert view["public"]["pile_counts"] == [2, 0]
    assert "cards" not in state.view(None)["zones"]["hand:1"]
