"""Agram scenarios from the rule text (GAMES.md G14 and its seed), played action by action."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games import get
from solvers.games.agram import pack_of
from solvers.sampling import determinize

AGRAM = get("agram")

# seat 0 leads (dealer 3); seat 3 holds only hearts, the others clubs and diamonds
FOUR = [["AC", "TC", "9C", "AD", "TD", "9D"],
        ["8C", "7C", "6C", "8D", "7D", "6D"],
        ["5C", "4C", "2C", "5D", "4D", "2D"],
        ["AH", "TH", "9H", "8H", "7H", "6H"]]
# two players, seat 0 leads (dealer 1)
TWO = [["AC", "2C", "2D", "4D", "5D", "6D"],
       ["TC", "9C", "AD", "TD", "9D", "8D"]]


def table(hands, dealer, **options):
    """A table with an explicit first deal."""
    return AGRAM.new(deal={"dealer": dealer, "hands": hands}, options={"players": len(hands), **options})


def run(state, *cards):
    """Play the cards in turn order."""
    for card in cards:
        state = state.apply(f"play {card}")
    return state


def legal(state):
    return [a.notation for a in state.legal_actions(state.turn)]


# ---------------------------------------------------------------- the pack and the deal


def test_thirty_five_cards_without_the_chief():
    pack = pack_of(AGRAM.options())
    assert len(pack) == 35 and parse_card("AS") not in pack
    assert {c.rank for c in pack} == {14, 10, 9, 8, 7, 6, 5, 4, 2}
    low3 = pack_of(AGRAM.options({"low_card": 3}))
    assert len(low3) == 35 and {c.rank for c in low3} == {14, 10, 9, 8, 7, 6, 5, 4, 3}


@pytest.mark.parametrize("players,each,stock", [(2, 6, 23), (3, 6, 17), (4, 6, 11), (5, 6, 5), (6, 5, 5), (7, 5, 0)])
def test_six_cards_each_and_five_at_six_or_seven_players(players, each, stock):
    state = AGRAM.new(seed=players, options={"players": players})
    assert [len(h) for h in state.hands] == [each] * players
    assert len(state.stock) == stock
    assert state.tricks_in_round == each


def test_five_card_hands_may_be_chosen_and_six_refused_at_seven():
    state = AGRAM.new(seed=1, options={"players": 4, "hand_size": 5})
    assert [len(h) for h in state.hands] == [5] * 4
    with pytest.raises(CardsageError, match="cannot give 6 players 6 cards"):
        AGRAM.new(seed=1, options={"players": 6, "hand_size": 6})


def test_dealt_in_two_rounds_from_the_dealers_left():
    # a seeded deck is dealt three at a time, then three (or two) more, eldest first
    state = AGRAM.new(seed=8, options={"players": 3})
    again = AGRAM.new(deal={"dealer": state.dealer, "hands": [[str(c) for c in h] for h in state.hands],
                            "stock": [str(c) for c in state.stock]}, options={"players": 3})
    assert again.hands == state.hands and set(again.stock) == set(state.stock)
    assert state.leader == (state.dealer + 1) % 3


def test_eldest_is_to_the_right_when_playing_counter_clockwise():
    state = AGRAM.new(seed=2, options={"players": 3, "counter_clockwise": True})
    assert state.leader == (state.dealer - 1) % 3
    seat = state.turn
    state = state.apply(state.legal_actions(seat)[0], seat)
    assert state.turn == (seat - 1) % 3


# ---------------------------------------------------------------- deal validation


@pytest.mark.parametrize("hands,message", [
    ([["AS", "2C", "2D", "4D", "5D", "6D"], TWO[1]], "Chief"),
    ([["3C", "2C", "2D", "4D", "5D", "6D"], TWO[1]], "not in the Agram pack"),
    ([["KC", "2C", "2D", "4D", "5D", "6D"], TWO[1]], "not in the Agram pack"),
    ([["TC", "2C", "2D", "4D", "5D", "6D"], TWO[1]], "dealt twice"),
    ([TWO[0][:5], TWO[1]], "hand 0 has 5 cards; each hand needs 6"),
    ([TWO[0]], "must list 2 hands"),
])
def test_malformed_deals_are_refused_with_the_reason(hands, message):
    with pytest.raises(CardsageError, match=message):
        AGRAM.new(deal={"dealer": 1, "hands": hands}, options={"players": 2})


def test_malformed_dealer_stock_and_shape():
    with pytest.raises(CardsageError, match="dealer must be a seat from 0 to 1"):
        AGRAM.new(deal={"dealer": 2, "hands": TWO}, options={"players": 2})
    with pytest.raises(CardsageError, match="the stock must hold the 23 undealt cards"):
        AGRAM.new(deal={"dealer": 1, "hands": TWO, "stock": ["AH"]}, options={"players": 2})
    with pytest.raises(CardsageError, match="an Agram deal is an object"):
        AGRAM.new(deal=["AC"], options={"players": 2})
    # the 3 is a card only when the table plays with the 3 as its low card
    with pytest.raises(CardsageError, match="not in the Agram pack"):
        AGRAM.new(deal={"dealer": 1, "hands": TWO}, options={"players": 2, "low_card": 3})


# ---------------------------------------------------------------- play


def test_follow_suit_an_off_suit_card_has_no_value_and_the_last_trick_wins():
    state = table(FOUR, dealer=3)
    assert state.turn == 0
    state = run(state, "AC")
    assert legal(state) == ["play 6C", "play 7C", "play 8C"], "must follow suit"
    state = run(state, "8C", "5C")
    assert len(legal(state)) == 6, "void in clubs: any card"
    state = run(state, "AH")   # the ace of hearts does not belong to the suit led: no value
    assert state.leader == 0 and state.last_trick[3] == (3, parse_card("AH"))
    assert state.voids[3] == frozenset({0}), "seat 3 showed it has no clubs"
    with pytest.raises(OutOfTurn):
        state.apply("play 7C", 1)
    with pytest.raises(IllegalAction):
        state.apply("play AH", 0)
    state = run(state, "TC", "7C", "4C", "TH", "9C", "6C", "2C", "9H", "AD", "8D", "5D", "8H",
                "TD", "7D", "4D", "7H", "9D", "6D", "2D", "6H")
    assert state.wins == (1, 0, 0, 0)
    (event,) = state.score_events()
    assert event.seats == (0,) and event.points == 1 and event.source == "won the last trick"
    assert event.detail == {"trick": 6, "card": "9D", "led": "9D"}
    assert state.sheet[0].tricks_won == (6, 0, 0, 0)


def test_only_the_last_trick_counts_and_its_winner_deals_next():
    state = table(TWO, dealer=1)
    state = run(state, "AC", "9C")          # seat 0 takes the first trick
    state = run(state, "2C", "TC")          # seat 1 takes the rest, the last one included
    state = run(state, "AD", "2D", "TD", "4D", "9D", "5D", "8D", "6D")
    assert state.wins == (0, 1) and state.scores == (0, 1)
    assert state.sheet[0].tricks_won == (1, 5)
    assert state.dealer == 1 and state.leader == 0, "the winner deals; the player at their left leads"
    assert len(state.history) == 0 and [len(h) for h in state.hands] == [6, 6]
    assert state.view(0)["public"]["last_round"]["winner"] == 1


def test_the_deal_can_pass_to_the_left_instead():
    state = table(TWO, dealer=1, next_dealer="left")
    state = run(state, "AC", "9C", "2C", "TC", "AD", "2D", "TD", "4D", "9D", "5D", "8D", "6D")
    assert state.dealer == 0 and state.leader == 1


def test_many_tricks_do_not_help_if_the_last_is_lost():
    hands = [["AC", "TC", "9C", "8C", "7C", "2D"], ["6C", "5C", "4C", "2C", "AD", "4D"]]
    state = table(hands, dealer=1)
    state = run(state, "AC", "2C", "TC", "4C", "9C", "5C", "8C", "6C", "7C", "4D", "2D", "AD")
    assert state.sheet[0].tricks_won == (5, 1)
    assert state.wins == (0, 1)


def test_the_first_to_the_target_wins_the_match():
    state = table(TWO, dealer=1, target=1)
    state = run(state, "AC", "9C", "2C", "TC", "AD", "2D", "TD", "4D", "9D", "5D", "8D", "6D")
    assert state.is_over and not state.to_move and state.winners == (1,)
    assert state.standings()[0] == {"seats": [1], "score": 1, "place": 1}
    assert state.utility(1) > 0 > state.utility(0)


def test_a_whole_match_ends_within_the_bound():
    state = AGRAM.new(seed=4, options={"players": 3, "target": 3})
    bots = AGRAM.bots()
    rng = Rng(4)
    while not state.is_over:
        seat = state.turn
        state = state.apply(bots["heuristic"](state, seat, rng), seat)
    assert max(state.wins) == 3 and len(state.sheet) <= 3 * 2 + 1
    assert sum(e.points for e in state.score_events()) == sum(state.scores)


# ---------------------------------------------------------------- views and sampling


def test_views_show_only_the_seats_own_cards():
    state = run(table(FOUR, dealer=3), "AC", "8C", "5C", "AH")
    view = state.view(1)
    assert sorted(view["zones"]["hand:1"]["cards"]) == sorted(["7C", "6C", "8D", "7D", "6D"])
    for name in ("hand:0", "hand:2", "hand:3", "stock", "played"):
        assert "cards" not in view["zones"][name]
    assert view["zones"]["played"]["count"] == 4 and view["zones"]["stock"]["count"] == 11
    assert view["public"]["last_trick"][3] == {"seat": 3, "card": "AH"}
    assert view["public"]["shown_voids"][3] == ["C"]
    onlooker = state.view(None)
    assert all("cards" not in z for n, z in onlooker["zones"].items() if n != "trick")


def test_determinize_respects_shown_voids_and_played_cards():
    state = run(table(FOUR, dealer=3), "AC", "8C", "5C", "AH")
    for salt in range(30):
        sample = determinize(state, 0, Rng(salt))
        assert not any(c.suit == 0 for c in sample.hands[3]), "seat 3 showed it has no clubs"
        assert sample.hands[0] == state.hands[0]
        assert set(sample.zones()["played"].cards) == set(state.zones()["played"].cards)
        assert sample.view(0) == state.view(0)


@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), steps=st.integers(0, 30))
@settings(max_examples=25, deadline=None)
def test_a_seat_must_follow_suit_when_it_can(seed, players, steps):
    state = AGRAM.new(seed=seed, options={"players": players})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.turn
        cards = [parse_card(a.args[0]) for a in state.legal_actions(seat)]
        if state.trick:
            led = state.trick[0][1].suit
            held = [c for c in state.hands[seat] if c.suit == led]
            assert set(cards) == set(held or state.hands[seat])
        else:
            assert set(cards) == set(state.hands[seat])
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
