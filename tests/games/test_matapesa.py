"""Mätäpesä: the rule text played out action by action, deals, match modes and views."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction
from solvers.games.matapesa import hand_size, legal_cards, trick_winner
from solvers.sampling import determinize

GAME = games.get("matapesa")

# eight players, six cards each; the four twos are left over and lie face up
EIGHT = {
    "dealer": 7,
    "hands": [
        "AS KS QS JS TS 9S", "AH KH QH JH TH 9H", "AD KD QD JD TD 9D", "AC KC QC JC TC 9C",
        "8S 7S 6S 5S 4S 3S", "8H 7H 6H 5H 4H 3H", "8D 7D 6D 5D 4D 3D", "8C 7C 6C 5C 4C 3C",
    ],
    "remainder": "2S 2H 2D 2C".split(),
}

# trick by trick, in play order from the leader, and the seat that takes the trick
EIGHT_PLAY = [
    ("9S AH AD 9C 3S 3H 3D 3C", 2),   # the later of two aces wins; seat 3 throws its lowest instead of heading
    ("9D TC 4S 4H 4D 4C TS 9H", 0),   # T♠ after T♣ wins; seat 1 throws its lowest
    ("JS TH KD AC 5S 5H 5D 5C", 3),
    ("JC 6S 6H 6D 6C QS QH TD", 1),   # Q♥ after Q♠
    ("JH JD KC 7S 7H 7D 7C KS", 0),
    ("AS KH QD QC 8S 8H 8D 8C", 0),   # the last trick: seat 0 takes it and loses
]


def cards(text: str):
    return [parse_card(c) for c in text.split()]


def play_tricks(state, tricks):
    for plays, winner in tricks:
        for card in plays.split():
            state = state.apply(f"play {card}", state.turn)
        assert trick_winner(state.last_trick)[0] == winner, plays
    return state


def eight(options=None):
    return GAME.new(seed=1, deal=EIGHT, options={"players": 8, **(options or {})})


# ---------------------------------------------------------------- the rule text


def test_the_dealers_left_leads_any_card():
    state = eight()
    assert state.turn == 0 and state.dealer == 7
    assert [a.notation for a in state.legal_actions(0)] == [f"play {c}" for c in "9S TS JS QS KS AS".split()]
    assert state.legal_actions(1) == []


def test_follow_with_an_equal_or_higher_card_or_the_lowest():
    state = eight().apply("play 9S", 0)
    assert {a.args[0] for a in state.legal_actions(1)} == set("9H TH JH QH KH AH".split())
    state = state.apply("play AH", 1)
    # only an ace heads an ace; otherwise the lowest card
    assert [a.args[0] for a in state.legal_actions(2)] == ["9D", "AD"]
    state = state.apply("play AD", 2)
    assert [a.args[0] for a in state.legal_actions(3)] == ["9C", "AC"]
    with pytest.raises(IllegalAction):
        state.apply("play TC", 3)   # neither heading nor the lowest card
    state = state.apply("play 9C", 3)   # may throw the lowest card even when able to head
    # nothing heads an ace: the lowest card is forced, no other low card
    assert [a.args[0] for a in state.legal_actions(4)] == ["3S"]
    with pytest.raises(IllegalAction):
        state.apply("play 4S", 4)


def test_equal_highest_cards_the_one_played_last_wins():
    plays = ((0, parse_card("9S")), (1, parse_card("AH")), (2, parse_card("AD")), (3, parse_card("9C")))
    assert trick_winner(plays) == (2, parse_card("AD"))
    assert trick_winner(((0, parse_card("5S")), (1, parse_card("5H")))) == (1, parse_card("5H"))
    assert trick_winner(((0, parse_card("KS")), (1, parse_card("5H")))) == (0, parse_card("KS"))


def test_suits_do_not_matter_when_heading():
    assert legal_cards(tuple(cards("3D 7H QS")), ((0, parse_card("7C")),)) == cards("3D 7H QS")
    assert legal_cards(tuple(cards("3D 4D 6H")), ((0, parse_card("7C")),)) == cards("3D")
    assert legal_cards(tuple(cards("3D 3H 6H")), ((0, parse_card("7C")),)) == cards("3D 3H")


def test_a_whole_deal_the_taker_of_the_last_trick_loses():
    state = eight()
    state = play_tricks(state, EIGHT_PLAY[:1])
    assert state.leader == 2 and state.tricks[2] == 1
    state = play_tricks(state, EIGHT_PLAY[1:])
    assert state.is_over and state.scores == (1, 0, 0, 0, 0, 0, 0, 0)
    assert state.winners == (1, 2, 3, 4, 5, 6, 7)
    (event,) = state.score_events()
    assert event.seats == (0,) and event.points == 1 and event.source == "took the last trick: one game lost"
    assert event.detail["card"] == "AS"
    assert state.standings()[-1] == {"seats": [0], "score": 1, "place": 8}
    assert state.hands_played == 1
    assert state.utility(0) == -1 and state.utility(1) == pytest.approx(1 / 7)


def test_a_thrown_card_shows_the_rest_are_at_least_as_high():
    state = play_tricks(eight(), EIGHT_PLAY[:2])
    assert state.floors[3] == 9 and state.floors[1] == 9 and state.floors[4] == 4 and state.floors[0] == 0
    assert state.view(5)["public"]["lowest_shown"]["1"] == "9"


# ---------------------------------------------------------------- the match


def test_count_losses_the_loser_deals_next_and_fewest_losses_win():
    state = play_tricks(eight({"match": "count_losses", "games": 2}), EIGHT_PLAY)
    assert not state.is_over and state.hands_played == 1
    assert state.dealer == 0 and state.turn == 1, "the loser deals, the player on their left leads"
    assert state.points == (1, 0, 0, 0, 0, 0, 0, 0)
    assert [len(h) for h in state.hands] == [6] * 8 and len(state.remainder) == 4
    rng = Rng(4)
    bot = GAME.bots()["heuristic"]
    while not state.is_over:
        state = state.apply(bot(state, state.turn, rng), state.turn)
    assert state.hands_played == 2 and sum(state.points) == 2
    assert state.winners == tuple(s for s in range(8) if state.points[s] == 0)


def test_cucumber_points_the_loser_scores_the_card_and_goes_out():
    state = play_tricks(eight({"match": "cucumber_points", "out_at": 14}), EIGHT_PLAY)
    (event,) = state.score_events()
    assert event.points == 14 and event.source == "took the last trick: the card's value"
    assert state.out() == (0,) and not state.is_over
    assert state.seats == (1, 2, 3, 4, 5, 6, 7)
    assert state.dealer == 1 and state.turn == 2, "the loser is out: the next player in deals"
    assert state.hands[0] == () and all(len(state.hands[s]) == 7 for s in state.seats)
    assert len(state.remainder) == 3
    rng = Rng(2)
    bot = GAME.bots()["heuristic"]
    while not state.is_over:
        assert 0 not in state.to_move
        state = state.apply(bot(state, state.turn, rng), state.turn)
    assert len(state.winners) == 1 and len(state.out()) == 7
    assert state.standings()[0]["seats"] == list(state.winners)
    assert state.standings()[-1]["seats"] == [0], "the first out comes last"


def test_single_deal_by_default_and_first_dealer_from_the_seed():
    dealers = {GAME.new(seed=s).dealer for s in range(30)}
    assert dealers == {0, 1, 2, 3}
    state = GAME.new(seed=8)
    assert state.turn == (state.dealer + 1) % 4
    rng = Rng(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    assert state.hands_played == 1 and sum(state.scores) == 1


@pytest.mark.parametrize("players,size,left", [(3, 17, 1), (4, 13, 0), (5, 10, 2), (6, 8, 4), (7, 7, 3), (8, 6, 4)])
def test_as_many_cards_as_go_round_the_rest_face_up(players, size, left):
    state = GAME.new(seed=players, options={"players": players})
    assert hand_size(players) == size
    assert all(len(h) == size for h in state.hands) and len(state.remainder) == left
    view = state.view(0)
    assert len(view["zones"]["remainder"].get("cards", [])) == left


# ---------------------------------------------------------------- deals


@pytest.mark.parametrize("deal,words", [
    ("AS KS", "is an object"),
    ({"dealer": 8, "hands": EIGHT["hands"]}, "deal.dealer"),
    ({"hands": EIGHT["hands"][:7]}, "the 8 hands"),
    ({"hands": ["AS KS QS JS TS"] + EIGHT["hands"][1:]}, "hand 0 has 5 cards"),
    ({"hands": ["AS KS QS JS TS AH"] + EIGHT["hands"][1:]}, "AH is dealt twice"),
    ({"hands": ["AS KS QS JS TS X1"] + EIGHT["hands"][1:]}, "not a card of the standard"),
    ({"hands": ["AS KS QS JS TS ZZ"] + EIGHT["hands"][1:]}, "ZZ"),
    ({"hands": EIGHT["hands"], "remainder": ["2S", "2H", "2D"]}, "missing 2C"),
    ({"hands": EIGHT["hands"], "remainder": ["2S", "2H", "2D", "9S"]}, "9S is dealt twice"),
    ({"hands": EIGHT["hands"], "stock": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused(deal, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal, options={"players": 8})
    assert words in str(err.value)


def test_a_deal_as_given_is_replayed():
    state = eight()
    assert [sorted(map(str, h)) for h in state.hands] == [sorted(h.split()) for h in EIGHT["hands"]]
    assert sorted(map(str, state.remainder)) == sorted(EIGHT["remainder"])


# ---------------------------------------------------------------- views


def test_views_show_own_hand_played_cards_and_the_remainder_only():
    state = play_tricks(eight(), EIGHT_PLAY[:1]).apply("play 9D", 2)
    view = state.view(4)
    zones = view["zones"]
    assert "cards" in zones["hand:4"] and "cards" not in zones["hand:0"]
    assert zones["hand:0"]["count"] == 5
    assert zones["played:1"]["cards"] == ["AH"] and zones["trick"]["cards"] == ["9D"]
    assert sorted(zones["remainder"]["cards"]) == sorted(EIGHT["remainder"])
    public = view["public"]
    assert public["to_head"] == "9D" and public["rule"] == "play 9 or higher, or your lowest card"
    assert public["trick"] == [{"seat": 2, "card": "9D"}]
    onlooker = state.view(None)
    assert all("cards" not in z for n, z in onlooker["zones"].items() if n.startswith("hand:"))


def test_sampling_keeps_every_thrown_players_cards_at_least_their_lowest():
    for seed in range(40):
        state = GAME.new(seed=seed, options={"players": 5})
        rng = Rng(seed)
        while not state.is_over and not any(state.floors):
            state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
        if state.is_over:
            continue
        viewer = state.turn
        for k in range(5):
            sample = determinize(state, viewer, Rng(k))
            for s in state.seats:
                assert all(c.rank >= state.floors[s] for c in sample.hands[s])
            assert sample.view(viewer) == state.view(viewer)
