"""Whist 22: deals, the hook, the Fool, scoring and the end of the match, played action by
action from the rule text (seed 000, GAMES.md G5)."""

import pytest

from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.game import Action
from solvers.games import get
from solvers.games.whist_22 import hand_size_of_deal, most_cards
from solvers.sampling import determinize
from tests.conformance.per_game.whist_22 import check

GAME = get("whist-22")

# the rule text's table: Tom (0), Suzy (1), Billy (2) and Aggie (3), who deals
EXAMPLE = {"dealer": 3, "hands": [["T21", "T20", "T3", "T2", "T1"], ["FOOL", "T19", "T6", "T5", "T4"],
                                  ["T18", "T17", "T9", "T8", "T7"], ["T16", "T15", "T12", "T11", "T10"]],
           "aside": ["T13", "T14"]}
TRICKS = [("T21", "T4", "T7", "T10"),            # Tom leads and wins with the 21
          ("T20", "FOOL 22", "T8", "T11"),       # Suzy's Fool counts 22 and beats the 20
          ("T5", "T18", "T12", "T1"),            # Suzy leads; Billy's 18 wins
          ("T9", "T16", "T2", "T6"),             # Aggie's 16 wins
          ("T15", "T3", "T19", "T17")]           # Suzy's 19 wins


def start(deal=EXAMPLE, **options):
    return GAME.new(seed=1, deal=deal, options=options or None)


def bid(state, *bids):
    for b in bids:
        state = state.apply(f"bid {b}")
        check(state)
    return state


def play(state, *cards):
    for card in cards:
        state = state.apply(f"play {card}")
        check(state)
    return state


def notations(state, seat=None):
    seat = min(state.to_move) if seat is None else seat
    return [a.notation for a in state.legal_actions(seat)]


# ---------------------------------------------------------------- deals and hand sizes


def test_the_most_cards_go_round_evenly_and_the_rest_is_set_aside():
    assert [most_cards(n) for n in range(2, 8)] == [11, 7, 5, 4, 3, 3]
    state = GAME.new(seed=4)
    assert state.players == 4 and state.hand_size == 5
    assert [len(h) for h in state.hands] == [5] * 4 and len(state.aside) == 2
    three = GAME.new(seed=4, options={"players": 3})
    assert three.hand_size == 7 and len(three.aside) == 1
    view = state.view(0)
    assert "cards" not in view["zones"]["aside"] and view["zones"]["aside"]["count"] == 2


def test_hand_sizes_bounce_between_the_most_and_one():
    bounce = [hand_size_of_deal(i, 5, "bounce") for i in range(13)]
    assert bounce == [5, 4, 3, 2, 1, 2, 3, 4, 5, 4, 3, 2, 1]
    assert [hand_size_of_deal(i, 7, "bounce") for i in range(14)] == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 6]
    assert [hand_size_of_deal(i, 5, "restart") for i in range(11)] == [5, 4, 3, 2, 1, 5, 4, 3, 2, 1, 5]


def test_a_whole_match_follows_the_cycle_and_passes_the_deal_left():
    state = GAME.new(seed=12)
    first_dealer = state.dealer
    heuristic = GAME.bots()["heuristic"]
    rng = Rng(3)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(heuristic(state, seat, rng), seat)
        check(state)
    sizes = [r.hand_size for r in state.sheet]
    assert sizes == [hand_size_of_deal(i, 5, "bounce") for i in range(len(sizes))]
    assert [r.dealer for r in state.sheet] == [(first_dealer + i) % 4 for i in range(len(sizes))]
    assert min(state.scores) <= 0 and all(min(r.totals) > 0 for r in state.sheet[:-1])
    assert state.legal_actions(0) == [] and state.to_move == frozenset()


# ---------------------------------------------------------------- bidding and the hook


def test_the_rule_text_example_the_dealer_may_not_make_the_bids_add_up():
    state = start()
    assert state.to_move == {0}, "the player left of the dealer bids first"
    with pytest.raises(OutOfTurn):
        state.apply("bid 1", 1)
    state = bid(state, 2, 1, 1)                   # Tom 2, Suzy 1, Billy 1
    assert state.to_move == {3} and state.hooked_bid() == 1
    assert notations(state) == ["bid 0", "bid 2", "bid 3", "bid 4", "bid 5"], "Aggie cannot bid 1"
    assert state.public(0)["dealer_may_not_bid"] == 1
    with pytest.raises(IllegalAction):
        state.apply("bid 1")
    state = bid(state, 2)
    assert state.phase == "play" and state.bids == (2, 1, 1, 2) and state.to_move == {0}


def test_no_bid_is_barred_when_the_others_already_bid_more_than_the_tricks():
    state = bid(start(), 3, 2, 1)
    assert state.hooked_bid() is None and notations(state) == [f"bid {n}" for n in range(6)]
    assert bid(start(), 0, 0, 0).hooked_bid() == 5


# ---------------------------------------------------------------- play and the Fool


def test_any_card_to_any_trick_highest_wins_and_the_fool_value_is_said_when_played():
    state = bid(start(), 2, 1, 1, 2)
    assert notations(state) == ["play T1", "play T2", "play T3", "play T20", "play T21"]
    state = play(state, *TRICKS[0])
    assert state.tricks == (1, 0, 0, 0) and state.leader == 0
    state = play(state, "T20")
    assert notations(state) == ["play FOOL 0", "play FOOL 22", "play T5", "play T6", "play T19"]
    state = state.apply("play fool=22")           # the written forms FOOL=22 and FOOL 22 are one move
    assert state.trick[-1][2] == 22 and state.public(2)["trick"][-1] == {"seat": 1, "card": "FOOL", "value": 22}
    state = play(state, "T8", "T11")
    assert state.tricks == (1, 1, 0, 0) and state.leader == 1, "the Fool as 22 beats the 21's neighbours"
    for trick in TRICKS[2:]:
        state = play(state, *trick)
    record = state.sheet[0]
    assert record.tricks == (1, 2, 1, 1) and record.bids == (2, 1, 1, 2)
    assert record.losses == (1, 1, 0, 1) and state.scores == (13, 13, 14, 13)
    # the next deal: one card fewer, dealt by the player on Aggie's left
    assert state.hand_size == 4 and state.dealer == 0 and state.phase == "bid" and state.to_move == {1}
    assert state.public(0)["last_trick"] == [
        {"seat": 3, "card": "T15", "value": 15}, {"seat": 0, "card": "T3", "value": 3},
        {"seat": 1, "card": "T19", "value": 19}, {"seat": 2, "card": "T17", "value": 17}]


def test_the_fool_counted_zero_loses_even_to_the_one():
    deal = {"dealer": 3, "hands": [["FOOL"], ["T1"], ["T2"], ["T3"]]}
    state = bid(start(deal), 0, 0, 0, 0)
    assert notations(state) == ["play FOOL 0", "play FOOL 22"]
    state = play(state, "FOOL 0", "T1", "T2", "T3")
    assert state.sheet[0].tricks == (0, 0, 0, 1), "the 3 wins; the Fool as 0 is below the 1"
    assert state.sheet[0].losses == (0, 0, 0, 1)


# ---------------------------------------------------------------- scoring and the end


def test_a_miss_costs_a_point_per_trick_over_or_under_and_scores_may_go_below_zero():
    state = bid(start(start_score=2), 0, 3, 0, 0)     # Suzy bids 3 and takes 2; Tom bids 0 and takes 1
    for trick in TRICKS:
        state = play(state, *trick)
    assert state.sheet[0].losses == (1, 1, 1, 1)
    assert state.scores == (1, 1, 1, 1) and not state.is_over
    state = GAME.new(seed=1, deal=EXAMPLE, options={"start_score": 1})
    state = bid(state, 0, 0, 0, 4)                   # Aggie bids 4 and takes 1: 3 under
    for trick in TRICKS:
        state = play(state, *trick)
    assert state.scores == (0, -1, 0, -2), "the last deal may take scores below zero"
    assert state.is_over and state.winners == (0, 2), "equal highest scores share the win"
    assert [r["place"] for r in state.standings()] == [1, 1, 3, 4]


def test_score_events_name_the_rule_and_add_up_to_the_scores():
    state = bid(start(), 2, 1, 1, 2)
    for trick in TRICKS:
        state = play(state, *trick)
    events = state.score_events()
    assert events[0].source == "starting points" and events[0].points == 14 and events[0].seats == (0, 1, 2, 3)
    hand1 = [(e.seats, e.points, e.source, dict(e.detail)) for e in events[1:]]
    assert hand1[0] == ((0,), -1, "missed bid: a point per trick over or under",
                        {"bid": 2, "tricks": 1, "hand_size": 5})
    assert hand1[2] == ((2,), 0, "exact bid: nothing lost", {"bid": 1, "tricks": 1, "hand_size": 5})
    assert state.hands_played == 1
    assert state.public(0)["score_sheet"][0]["losses"] == [1, 1, 0, 1]


# ---------------------------------------------------------------- the blind one-card deal


BLIND = {"dealer": 0, "hands": [["T5"], ["FOOL"], ["T20"], ["T9"]]}


def test_in_a_blind_one_card_deal_each_player_sees_every_card_but_their_own():
    state = start(BLIND, blind_single=True)
    assert state.blind
    view = state.view(1)
    assert all("cards" not in view["zones"][f"hand:{s}"] for s in range(4))
    assert view["public"]["cards_seen"] == {"0": "T5", "2": "T20", "3": "T9"}
    assert state.view(None)["public"]["cards_seen"] == {}
    # the sampler keeps every card the seat sees and redeals only its own among the unseen
    for salt in range(10):
        other = determinize(state, 1, Rng(salt))
        assert [other.hands[s] for s in (0, 2, 3)] == [state.hands[s] for s in (0, 2, 3)]
        assert other.view(1) == view
    state = bid(state, 1, 0, 0, 1)
    assert state.to_move == {1} and notations(state) == ["play"], "the card is played unseen"
    state = state.apply("play")
    assert state.phase == "declare" and state.to_move == {1}
    assert notations(state) == ["fool 0", "fool 22"], "the Fool's owner says its value once it shows"
    assert state.public(3)["trick"] == [{"seat": 1, "card": "FOOL", "value": None}]
    state = state.apply("fool 22")
    check(state)
    state = play(state, "", "", "")
    assert state.sheet[0].tricks == (0, 1, 0, 0) and state.sheet[0].losses == (1, 0, 0, 0)


def test_without_the_option_one_card_deals_are_played_open_handed():
    state = start(BLIND)
    assert not state.blind and state.view(1)["zones"]["hand:1"]["cards"] == ["FOOL"]
    assert state.view(1)["public"]["cards_seen"] == {}


# ---------------------------------------------------------------- explicit deals


@pytest.mark.parametrize("deal,message", [
    ({"dealer": 0, "hands": [["T1"], ["T1"], ["T2"], ["T3"]]}, "dealt twice"),
    ({"dealer": 0, "hands": [["AS"], ["T1"], ["T2"], ["T3"]]}, "not one of the 22 Tarot trumps"),
    ({"dealer": 0, "hands": [["T1", "T4"], ["T5"], ["T2"], ["T3"]]}, "hand 1 has 1 cards"),
    ({"dealer": 0, "hands": [["T1"], ["T2"], ["T3"]]}, "the 4 hands"),
    ({"dealer": 4, "hands": [["T1"], ["T2"], ["T3"], ["T4"]]}, "deal.dealer"),
    ({"dealer": 0, "hands": [[f"T{i}" for i in range(1 + 6 * s, 7 + 6 * s)] for s in range(3)] + [["T19", "T20",
      "T21", "FOOL", "T7", "T8"]]}, "dealt twice"),
    ({"dealer": 0, "hands": [[], [], [], []]}, "1 to 5 cards"),
    ({"dealer": 0, "hands": [["T1"], ["T2"], ["T3"], ["T4"]], "aside": ["T5"]}, "aside is missing"),
    ({"dealer": 0, "hands": [["T1"], ["T2"], ["T3"], ["XYZ"]]}, "unknown card"),
    ("T1 T2", "is an object"),
])
def test_a_malformed_deal_is_refused_with_what_is_wrong(deal, message):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal)
    assert message in str(err.value)


def test_a_later_deal_size_can_be_replayed_and_play_goes_on_from_it():
    deal = {"dealer": 2, "hands": [["T1", "T2"], ["T3", "T4"], ["T5", "T6"], ["T7", "FOOL"]]}
    state = start(deal)
    assert state.hand_size == 2 and state.dealer == 2 and len(state.aside) == 14
    state = bid(state, 0, 0, 0, 1)
    state = play(state, "FOOL 0", "T1", "T3", "T5", "T6", "T7", "T2", "T4")
    assert state.sheet[0].tricks == (0, 0, 1, 1)
    assert state.hand_size == 1 and state.dealer == 3, "the cycle runs on downwards"


def test_actions_read_in_any_written_form():
    state = bid(start(), 2, 1, 1, 2)
    assert state.parse_action("play t21", 0) == Action("play", ("T21",))
    assert state.parse_action({"kind": "play", "args": ["fool", "22"]}, 1) == Action("play", ("FOOL", "22"))
    assert state.parse_action("bid 02", 0) == Action("bid", ("2",))
    with pytest.raises(IllegalAction):
        state.apply("play T4")                      # seat 0 does not hold the 4
    assert parse_card("FOOL") in state.hands[1]


def test_options_are_checked():
    with pytest.raises(CardsageError):
        GAME.new(seed=1, options={"players": 8})
    with pytest.raises(CardsageError):
        GAME.new(seed=1, options={"cycle": "zigzag"})
    assert GAME.describe()["players"] == {"min": 2, "max": 7}


# ---------------------------------------------------------------- properties

from hypothesis import given, settings, strategies as st  # noqa: E402


@given(players=st.integers(2, 7), cycle=st.sampled_from(["bounce", "restart"]), index=st.integers(0, 200))
def test_hand_sizes_stay_between_one_and_the_most_and_move_by_one(players, cycle, index):
    most = most_cards(players)
    size, after = hand_size_of_deal(index, most, cycle), hand_size_of_deal(index + 1, most, cycle)
    assert 1 <= size <= most
    if cycle == "bounce" or size > 1:
        assert abs(after - size) == 1, "one card fewer or one more each deal"
    else:
        assert after == most, "restart: the most again after the one-card deal"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 7), picks=st.lists(st.integers(0, 30), min_size=60,
                                                                                  max_size=60))
def test_any_deal_played_at_random_loses_exactly_the_missed_tricks(seed, players, picks):
    state = GAME.new(seed=seed, options={"players": players, "blind_single": seed % 2 == 1})
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions(min(state.to_move))
        state = state.apply(legal[pick % len(legal)])
        check(state)
    for record in state.sheet:
        assert sum(record.losses) == sum(abs(t - b) for t, b in zip(record.tricks, record.bids)) >= 1
