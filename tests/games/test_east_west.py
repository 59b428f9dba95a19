"""East–West scenarios from the rule text (GAMES.md G27 and its seed), played action by action."""

from __future__ import annotations

import pytest

from solvers.cards import Rng, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.east_west import PACK
from solvers.sampling import determinize
from tests.conformance.per_game.east_west import check

EW = get("east-west")
BOARD = "AS 7C TD"


def cards(text):
    return [str(c) for c in parse_cards(text.split())]


def table(stock, board=BOARD, dealer=1, **options):
    """A deal whose stock starts with ``stock`` (the rest of the pack follows in pack order).
    East (seat 1) deals by default, so West draws and places first."""
    given = cards(stock)
    used = set(cards(board)) | set(given)
    rest = [str(c) for c in PACK if str(c) not in used]
    return EW.new(deal={"dealer": dealer, "board": cards(board), "stock": given + rest}, options=options)


def run(state, *rows):
    """Place the drawn cards in the given rows, the players alternating."""
    for row in rows:
        state = state.apply(f"place {row}")
        check(state)
    return state


def scripted(west, east, board=BOARD, **options):
    """A game where West and East draw and place exactly the given (card, row) lists."""
    stock = " ".join(c for pair in zip(west, east) for c, _ in pair)
    state = table(stock, board=board, **options)
    rows = [r for pair in zip(west, east) for _, r in pair]
    return state, rows


# ------------------------------------------------------------------ the deal


def test_three_board_cards_a_stock_of_29_and_the_non_dealer_draws_first():
    state = table("KS QS")
    assert [str(c) for c in state.board] == cards(BOARD)
    assert state.drawn == parse_cards("KS")[0] and len(state.stock) == 28
    assert state.to_move == {0} and state.dealer == 1
    assert [a.notation for a in state.legal_actions(0)] == ["place 1", "place 2", "place 3"]
    check(state)


def test_the_drawn_card_is_seen_only_by_the_player_who_drew_it():
    state = table("KS QS")
    assert state.view(0)["zones"]["drawn:0"]["cards"] == ["KS"]
    assert "cards" not in state.view(1)["zones"]["drawn:0"]
    assert "cards" not in state.view(None)["zones"]["stock"]
    assert "KS" not in str(state.public(1))
    # the whole stock's composition is public: only its order is unknown
    other = determinize(state, 1, Rng(3))
    assert sorted(map(str, other.stock + (other.drawn,))) == sorted(map(str, state.stock + (state.drawn,)))


def test_placement_is_compulsory_and_a_full_row_takes_no_more():
    state = table("KS QS JS TS 9S 8S 7S AH KH")
    state = run(state, 1, 2, 1, 2, 1, 2, 1, 2)
    assert [len(r) for r in state.rows[0]] == [4, 0, 0]
    assert [a.notation for a in state.legal_actions(0)] == ["place 2", "place 3"]
    with pytest.raises(IllegalAction):
        state.apply("place 1", 0)
    with pytest.raises(CardsageError):
        state.apply("place 2", 1)


# ------------------------------------------------------------------ the result


def test_rows_compared_and_two_rows_win_the_game():
    # row 1: West's full house beats East's ace high; row 2: three sevens beat two pairs;
    # row 3: East's straight (8 9 10 J Q) beats West's pair of tens
    west = [("AH", 1), ("AD", 1), ("KS", 1), ("KH", 1), ("7H", 2), ("7D", 2), ("8S", 2), ("9S", 2),
            ("TC", 3), ("8C", 3), ("9C", 3), ("JC", 3)]
    east = [("QS", 1), ("JS", 1), ("TS", 1), ("9H", 1), ("KD", 2), ("KC", 2), ("QD", 2), ("QC", 2),
            ("8H", 3), ("JH", 3), ("QH", 3), ("9D", 3)]
    state, rows = scripted(west, east, games=1)
    state = run(state, *rows)
    assert state.over
    record = state.sheet[0]
    assert record.hands[0] == ("full house, aces over kings", "high card, ace")
    assert record.hands[1] == ("three sevens", "two pairs, kings and queens")
    assert record.hands[2] == ("pair of tens", "straight, queen high")
    assert record.row_winners == (0, 0, 1) and record.rows_won == (2, 1) and record.winner == 0
    assert state.scores == (1, 0) and state.match_winner() == 0
    events = state.score_events()
    assert [(e.source, e.seats, e.points) for e in events] == [
        ("rows won", (0,), 2), ("rows won", (1,), 1), ("game won", (0,), 1)]
    assert len(state.stock) == 5, "five stock cards are left unused"


def test_equal_hands_win_a_row_for_nobody_and_equal_rows_draw_the_game():
    # row 1: both make AS + a pair of kings with the same kickers (suits never decide)
    west = [("KS", 1), ("KH", 1), ("QS", 1), ("JS", 1), ("7H", 2), ("7D", 2), ("8S", 2), ("9S", 2),
            ("TC", 3), ("8C", 3), ("9C", 3), ("JC", 3)]
    east = [("KD", 1), ("KC", 1), ("QD", 1), ("JD", 1), ("8D", 2), ("8H", 2), ("9D", 2), ("9H", 2),
            ("TH", 3), ("JH", 3), ("QH", 3), ("AH", 3)]
    state, rows = scripted(west, east, games=1)
    state = run(state, *rows)
    record = state.sheet[0]
    assert record.row_winners[0] is None
    # row 2: West three sevens beats East two pairs; row 3: East's ace-high straight wins
    assert record.row_winners[1:] == (0, 1)
    assert record.rows_won == (1, 1) and record.winner is None
    assert state.scores == (0, 0) and state.match_winner() is None
    assert [e.source for e in state.score_events()] == ["rows won", "rows won"]


def test_the_low_straight_option():
    # East's row 3 is TD + A 7 8 9: a straight (ten high) by default, ace high without the option
    west = [("AH", 1), ("AD", 1), ("KS", 1), ("KH", 1), ("7H", 2), ("7D", 2), ("8S", 2), ("9S", 2),
            ("9C", 3), ("KC", 3), ("QC", 3), ("JC", 3)]
    east = [("QS", 1), ("JS", 1), ("TS", 1), ("9H", 1), ("KD", 2), ("QH", 2), ("QD", 2), ("JD", 2),
            ("AC", 3), ("7S", 3), ("8H", 3), ("9D", 3)]
    on, rows = scripted(west, east, games=1)
    on = run(on, *rows)
    assert on.sheet[0].hands[2] == ("straight, king high", "straight, ten high")
    off, rows = scripted(west, east, games=1, low_straight_a789t=False)
    off = run(off, *rows)
    assert off.sheet[0].hands[2][1] == "high card, ace"


def test_the_flush_over_full_house_option():
    west = [("AH", 1), ("AD", 1), ("KS", 1), ("KH", 1), ("7H", 2), ("7D", 2), ("8S", 2), ("9S", 2),
            ("TC", 3), ("8C", 3), ("9C", 3), ("JC", 3)]
    east = [("QS", 1), ("JS", 1), ("9S", 1), ("8S", 1), ("KD", 2), ("KC", 2), ("QD", 2), ("QC", 2),
            ("TH", 3), ("JH", 3), ("QH", 3), ("9D", 3)]
    # 9S and 8S cannot be on both sides: East takes 7S and TS instead
    east[2], east[3] = ("TS", 1), ("7S", 1)
    state, rows = scripted(west, east, games=1)
    state = run(state, *rows)
    assert state.sheet[0].hands[0] == ("full house, aces over kings", "flush, ace high")
    assert state.sheet[0].row_winners[0] == 0
    state, rows = scripted(west, east, games=1, flush_beats_full_house=True)
    state = run(state, *rows)
    assert state.sheet[0].row_winners[0] == 1


# ------------------------------------------------------------------ the match


def test_a_match_of_two_games_alternates_the_deal_and_breaks_ties_by_rows():
    state = EW.new(seed=4)
    first_dealer = state.dealer
    rng = Rng(1)
    heuristic = EW.bots()["heuristic"]
    while state.hands_played == 0:
        state = state.apply(heuristic(state, state.turn, rng))
        check(state)
    assert state.dealer == 1 - first_dealer and state.turn == first_dealer and state.placed == 0
    while not state.is_over:
        state = state.apply(heuristic(state, state.turn, rng))
        check(state)
    assert len(state.sheet) == 2 and not state.legal_actions(0) and not state.legal_actions(1)
    games, rows = state.games_won, state.rows_won
    standings = state.standings()
    winner = state.match_winner()
    if winner is not None:
        assert standings[0]["seats"] == [winner] and standings[0]["place"] == 1
        assert (games[winner], rows[winner]) > (games[1 - winner], rows[1 - winner])
    else:
        assert standings[1]["place"] == 1


def test_the_first_dealer_comes_from_the_seed():
    assert {EW.new(seed=s).dealer for s in range(20)} == {0, 1}


# ------------------------------------------------------------------ explicit deals


@pytest.mark.parametrize("deal,words", [
    ([], "an East–West deal is an object"),
    ({"dealer": 2, "board": ["AS", "7C", "TD"]}, "dealer must be a seat from 0 to 1 .0 West, 1 East."),
    ({"board": ["AS", "7C"]}, "the board has 2 cards; it needs 3"),
    ({"board": ["AS", "7C", "6D"]}, "6D is not in the 32-card pack"),
    ({"board": ["AS", "AS", "TD"]}, "AS is dealt twice"),
    ({"board": ["AS", "7C", "ZZ"]}, "unknown card"),
    ({"dealer": 0}, "deal.board is missing"),
    ({"board": ["AS", "7C", "TD"], "stock": ["KS"]}, "the stock must hold the 29 undealt cards; missing"),
    ({"board": ["AS", "7C", "TD"], "hands": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused_naming_the_problem(deal, words):
    with pytest.raises(CardsageError, match=words):
        EW.new(deal=deal)


def test_a_deal_without_a_stock_shuffles_the_rest_from_the_seed():
    a = EW.new(seed=3, deal={"dealer": 0, "board": ["AS", "7C", "TD"]})
    b = EW.new(seed=3, deal={"dealer": 0, "board": ["AS", "7C", "TD"]})
    assert a.key() == b.key() and a.turn == 1
    assert len(set(a.stock) | {a.drawn} | set(a.board)) == 32
