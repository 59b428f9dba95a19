"""Trex: scenarios from the rule text (seed 004, GAMES.md G8), played action by action.

Most deals here give each seat one whole suit or nearly so, so who wins each trick is
plain: only the leader's suit is followed and the leader's card takes the trick.
Seats are numbered clockwise; play runs counter-clockwise (1 -> 0 -> 3 -> 2 -> 1).
"""

import pytest

from solvers.cards import parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games import get
from solvers.games.trex import (CONTRACT_TOTAL, CONTRACTS, KING_OF_HEARTS, kingdom_owners, king_throw_in,
                                next_seat, trex_throw_in, turn_order)
from solvers.sampling import determinize
from solvers.cards import Rng
from tests.conformance.per_game.trex import check

TREX = get("trex")

SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
# seat 0 spades, seat 1 hearts (holds 7H: owns the first kingdom), seat 2 diamonds, seat 3 clubs
ONE_SUIT_EACH = {"dealer": 2, "hands": [SPADES, HEARTS, DIAMONDS, CLUBS]}
# seat 0: the king of hearts alone with twelve spades; seat 1: the other hearts and the ace of spades
KING_ALONE = {"hands": ["KH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
                        "AH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AS", DIAMONDS, CLUBS]}


def start(deal=ONE_SUIT_EACH, **options):
    return TREX.new(seed=7, deal=deal, options=options or None)


def notations(state, seat):
    return [a.notation for a in state.legal_actions(seat)]


def act(state, *actions):
    """Apply each action for the seat to move, checking the invariants each time."""
    for action in actions:
        (seat,) = state.to_move
        state = state.apply(action, seat)
        check(state)
    return state


def answer_all(state, word):
    """Every seat in turn gives the same answer to a claim or double round."""
    for _ in range(4):
        state = act(state, word)
    return state


def play_leader_wins(state, lead_cards):
    """Tricks where the leader leads ``lead_cards`` in turn and everyone else plays their lowest."""
    for card in lead_cards:
        state = act(state, f"play {card}")
        for _ in range(3):
            (seat,) = state.to_move
            state = act(state, state.legal_actions(seat)[0].notation)
    return state


# ---------------------------------------------------------------- seating, kingdoms


def test_play_runs_counter_clockwise_and_the_seven_of_hearts_owns_the_first_kingdom():
    state = start()
    assert next_seat(1) == 0 and turn_order(1) == (1, 0, 3, 2)
    assert state.first_owner == 1 and state.owner == 1 and state.to_move == {1}
    assert state.first_dealer == 2
    assert notations(state, 1) == [f"choose {c}" for c in CONTRACTS]
    public = state.public(0)
    assert public["direction"] == "counter-clockwise" and public["kingdom"] == 1 and public["owner"] == 1


def test_kingdom_orders():
    assert kingdom_owners(1, "right") == (1, 0, 3, 2)
    # alt: to the right, then opposite that seat, then the last seat
    assert kingdom_owners(1, "alt") == (1, 0, 2, 3)
    assert kingdom_owners(0, "alt") == (0, 3, 1, 2)


def test_each_contract_once_a_kingdom_then_the_kingdom_passes_right():
    state = start()
    state = act(state, "choose slaps")
    state = play_leader_wins(state, HEARTS.split())
    assert state.sheet[-1].contract == "slaps" and state.owner == 1
    assert notations(state, 1) == [f"choose {c}" for c in CONTRACTS if c != "slaps"]
    with pytest.raises(IllegalAction):
        state.apply("choose slaps", 1)
    with pytest.raises(OutOfTurn):
        state.apply("choose trex", 0)


def test_a_whole_match_is_four_kingdoms_of_five_deals_summing_to_zero():
    bot = TREX.bots()["heuristic"]
    state = TREX.new(seed=11)
    steps = 0
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(steps)), seat)
        steps += 1
    check(state)
    assert state.hands_played == 20 and sum(state.scores) == 0
    owners = [r.owner for r in state.sheet]
    assert owners == [o for o in kingdom_owners(state.first_owner, "right") for _ in range(5)]
    assert state.public(None)["winners"] == [s for s in range(4) if state.scores[s] == max(state.scores)]
    rows = state.standings()
    assert rows[0]["score"] == max(state.scores)


# ---------------------------------------------------------------- trick contracts


def test_slaps_cost_fifteen_a_trick():
    state = act(start(), "choose slaps")
    assert state.phase == "play" and state.to_move == {1}      # the owner leads
    state = play_leader_wins(state, HEARTS.split())
    record = state.sheet[-1]
    assert record.points == (0, -195, 0, 0) and record.tricks == (0, 13, 0, 0)
    events = state.score_events()
    assert len(events) == 13 and all(e.points == -15 and e.seats == (1,) for e in events)
    assert state.scores == (0, -195, 0, 0)


def test_diamonds_cost_ten_each_and_stay_face_down():
    state = act(start(), "choose diamonds")
    assert state.phase == "play"
    state = play_leader_wins(state, ["AH"])
    # seat 2 (all diamonds) had to discard a diamond to seat 1's heart
    assert len(state.taken[1]) == 4 and any(c.suit == 1 for c in state.taken[1])
    view = state.view(0)
    assert view["zones"]["penalties:1"]["count"] == 0 and "cards" not in view["zones"]["taken:1"]
    assert view["public"]["hand_points"] is None
    state = play_leader_wins(state, HEARTS.split()[1:])
    assert state.sheet[-1].points == (0, -130, 0, 0)


def test_shown_diamonds_lie_face_up():
    state = act(start(show_taken_diamonds=True), "choose diamonds")
    state = play_leader_wins(state, ["AH"])
    view = state.view(3)
    assert view["zones"]["penalties:1"]["cards"] == ["2D"]
    assert view["public"]["hand_points"] == [0, -10, 0, 0]


def test_king_of_hearts_taken_costs_seventy_five():
    state = act(start(), "choose king-of-hearts")
    assert state.phase == "claim"                    # hearts: 13, no throw-in right
    state = answer_all(state, "keep")
    assert state.phase == "double" and state.to_move == {1}
    assert notations(state, 1) == ["no-double", "double KH"]
    assert notations(TREX.state_from_json(state.to_json()), 1) == ["no-double", "double KH"]
    state = answer_all(state, "no-double")
    state = play_leader_wins(state, ["KH"] + [c for c in HEARTS.split() if c != "KH"])
    assert state.sheet[-1].points == (0, -75, 0, 0)


def test_a_doubled_king_taken_by_another_costs_150_and_pays_the_holder_75():
    state = act(start(KING_ALONE), "choose king-of-hearts")
    # seat 1 (the owner) answers first, then seat 0, whose king is alone: it may claim
    assert state.to_move == {1} and notations(state, 1) == ["keep"]
    state = act(state, "keep")
    assert notations(state, 0) == ["keep", "throw-in"]
    state = act(state, "keep", "keep", "keep")
    state = act(state, "no-double", "double KH", "no-double", "no-double")
    assert state.doubles == ((0, KING_OF_HEARTS),)
    assert state.public(2)["doubled"] == [{"seat": 0, "card": "KH"}]
    # the doubled king is known to stay in seat 0's hand: every re-deal keeps it there
    for viewer in (1, 2, 3):
        assert KING_OF_HEARTS in determinize(state, viewer, Rng(viewer)).hands[0]
    state = play_leader_wins(state, ["AH"])          # seat 0 must follow with the king
    assert state.taken[1][:2] == (parse_card("AH"), KING_OF_HEARTS)
    state = play_leader_wins(state, "QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AS".split())
    record = state.sheet[-1]
    assert record.points == (75, -150, 0, 0) and sum(record.points) == CONTRACT_TOTAL["king-of-hearts"]
    sources = {e.source for e in state.score_events()}
    assert "doubled card taken by another player" in sources


def test_a_doubler_who_takes_the_king_loses_only_seventy_five():
    state = act(start(KING_ALONE), "choose king-of-hearts")
    state = act(state, "keep", "keep", "keep", "keep")
    state = act(state, "no-double", "double KH", "no-double", "no-double")
    state = play_leader_wins(state, ["2H"])          # seat 0's king beats the two
    assert KING_OF_HEARTS in state.taken[0]
    state = play_leader_wins(state, ["KS"])         # seat 0 leads now; seat 1 must follow with AS
    assert state.leader == 1 and len(state.taken[1]) == 4
    while state.sheet == ():
        (seat,) = state.to_move
        state = act(state, notations(state, seat)[0])
    assert state.sheet[-1].points[0] == -75 and sum(state.sheet[-1].points) == -75


def test_stop_when_settled_ends_the_king_of_hearts_once_the_king_falls():
    state = act(start(KING_ALONE, stop_when_settled=True), "choose king-of-hearts")
    state = act(state, "keep", "keep", "keep", "keep")
    state = answer_all(state, "no-double")
    state = play_leader_wins(state, ["AH"])
    assert len(state.sheet) == 1 and state.sheet[-1].points == (0, -75, 0, 0)
    assert state.phase == "choose"


def test_girls_queens_lie_face_up_and_doubled_queens_pay_their_doubler():
    state = act(start(), "choose girls")
    assert state.phase == "double" and state.to_move == {1}
    assert notations(state, 1) == ["no-double", "double QH"]
    state = act(state, "double QH", "double QS", "no-double", "double QD")
    assert state.public(3)["doubled"] == [{"seat": 1, "card": "QH"}, {"seat": 0, "card": "QS"},
                                          {"seat": 2, "card": "QD"}]
    # trick 1: seat 1 leads its own doubled queen and takes it; seat 0 throws the doubled QS,
    # seat 2 the doubled QD and seat 3 the plain QC
    state = act(state, "play QH", "play QS", "play QC", "play QD")
    view = state.view(2)
    assert sorted(view["zones"]["penalties:1"]["cards"]) == ["QC", "QD", "QH", "QS"]
    assert view["public"]["hand_points"] == [25, -25 - 50 - 25 - 50, 25, 0]
    state = play_leader_wins(state, [c for c in HEARTS.split() if c != "QH"])
    record = state.sheet[-1]
    assert record.points == (25, -150, 25, 0) and sum(record.points) == CONTRACT_TOTAL["girls"]


def test_girls_without_doubling_skip_the_round():
    state = act(start(doubling=False), "choose girls")
    assert state.phase == "play"
    state = play_leader_wins(state, HEARTS.split())
    assert state.sheet[-1].points == (0, -100, 0, 0)


def test_follow_suit_and_shown_voids():
    state = act(start(KING_ALONE), "choose slaps")
    state = act(state, "play 2H")
    assert notations(state, 0) == ["play KH"]        # seat 0 must follow with its only heart
    state = act(state, "play KH")
    assert all(a.startswith("play") for a in notations(state, 3))
    state = act(state, "play 5C")
    assert state.voids[3] == frozenset({2})          # seat 3 showed it has no hearts
    for viewer in (0, 1, 2):
        sample = determinize(state, viewer, Rng(5))
        assert not any(c.suit == 2 for c in sample.hands[3])


# ---------------------------------------------------------------- throw-ins


def test_throw_in_hands():
    assert king_throw_in([parse_card(c) for c in "KH 2S 3S".split()])
    assert king_throw_in([parse_card(c) for c in "KH AH 2S".split()])
    assert not king_throw_in([parse_card(c) for c in "KH QH 2S".split()])
    assert not king_throw_in([parse_card(c) for c in "AH 2S".split()])
    assert trex_throw_in([parse_card(c) for c in "2S 2H 2D 2C".split()])
    assert trex_throw_in([parse_card(c) for c in "2S 2H 2D 3C".split()])
    assert not trex_throw_in([parse_card(c) for c in "2S 2H 2D 3D".split()])
    assert not trex_throw_in([parse_card(c) for c in "2S 2H 3D 3C".split()])


def test_a_throw_in_shows_the_hand_and_the_owner_names_any_unplayed_contract():
    state = act(start(KING_ALONE), "choose king-of-hearts")
    state = act(state, "keep", "throw-in")
    assert state.phase == "choose" and state.owner == 1 and state.throw_ins == 1
    assert state.sheet == () and state.hands_played == 0
    shown = state.public(3)["shown_hand"]
    assert shown["seat"] == 0 and shown["contract"] == "king-of-hearts" and "KH" in shown["cards"]
    # a fresh deal, and King of Hearts is still available
    assert "choose king-of-hearts" in notations(state, 1)
    assert sum(len(h) for h in state.hands) == 52 and state.hands != start(KING_ALONE).hands


def test_trex_throw_in_for_four_twos():
    hands = ["2S 2H 2D 2C AS KS QS JS TS 9S 8S 7S 6S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 5S",
             "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 4S", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 3S"]
    state = act(start({"hands": hands}), "choose trex")
    assert state.phase == "claim"
    state = act(state, "keep")
    assert notations(state, 0) == ["keep", "throw-in"]
    assert act(state, "throw-in").phase == "choose"


def test_the_throw_in_limit_stops_endless_redeals():
    state = act(start(KING_ALONE, throw_in_limit=0), "choose king-of-hearts")
    assert state.phase == "double"                   # no claim round at all
    state = act(start(KING_ALONE, throw_in_rights=False), "choose king-of-hearts")
    assert state.phase == "double"


# ---------------------------------------------------------------- the Trex layout


def test_trex_finishing_order_scores_200_150_100_50():
    state = act(start(), "choose trex")
    assert state.phase == "claim"
    state = answer_all(state, "keep")
    assert state.phase == "layout" and state.to_move == {1}
    assert notations(state, 1) == ["play JH"]       # only a jack can start
    state = act(state, "play JH")
    assert notations(state, 0) == ["play JS"]
    state = act(state, "play JS", "play JC", "play JD")
    assert sorted(notations(state, 1)) == ["play QH", "play TH"]
    while len(state.sheet) == 0:
        (seat,) = state.to_move
        state = act(state, notations(state, seat)[0])
    record = state.sheet[-1]
    assert record.finish == (1, 0, 3, 2) and record.points == (150, 200, 50, 100)
    assert sum(record.points) == CONTRACT_TOTAL["trex"]


def test_a_player_unable_to_lay_must_pass_and_is_known_to_lack_the_playable_cards():
    # seat 1 holds every jack: the others cannot start a row
    hands = ["AS KS QS TS 9S 8S 7S 6S 5S 4S 3S 2S AH", "JS JH JD JC KH QH 7H 6H 5H 4H 3H 2H AD",
             "KD QD TD 9D 8D 7D 6D 5D 4D 3D 2D TH 9H", "AC KC QC TC 9C 8C 7C 6C 5C 4C 3C 2C 8H"]
    state = act(start({"hands": hands}, throw_in_rights=False), "choose trex")
    state = act(state, "play JC")
    assert notations(state, 0) == ["pass"]
    state = act(state, "pass")
    assert parse_card("JS") in state.lacks[0] and parse_card("TC") in state.lacks[0]
    for viewer in (2, 3):
        sample = determinize(state, viewer, Rng(viewer))
        assert not any(c in state.lacks[0] for c in sample.hands[0])
    assert notations(state, 3) == ["play TC", "play QC"]


# ---------------------------------------------------------------- explicit deals


@pytest.mark.parametrize("deal,words", [
    ({"hands": [SPADES, HEARTS, DIAMONDS]}, "four hands"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, "AC KC"]}, "has 2 cards"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "AS")]}, "dealt twice"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "ZZ")]}, "ZZ"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "dealer": 7}, "dealer"),
    ("not a deal", "Trex deal"),
])
def test_malformed_deals_are_refused(deal, words):
    with pytest.raises(CardsageError) as err:
        TREX.new(deal=deal)
    assert words in str(err.value)


def test_views_show_only_the_own_hand():
    state = start()
    view = state.view(0)
    assert view["zones"]["hand:0"]["cards"] and "cards" not in view["zones"]["hand:1"]
    assert "cards" not in state.view(None)["zones"]["hand:0"]


def test_every_contract_total_is_fixed():
    assert sum(CONTRACT_TOTAL.values()) == 0
