"""King scenarios from the rule text (GAMES.md G7 and its seed): the first dealer, the six
negative hands, the positive hands' choices and auction, up and down, the adjusted counts."""

from dataclasses import replace

import pytest

from solvers.cards import Rng, Suit, parse_card
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.king import CHOOSE, HAND_TOTALS, KING_OF_HEARTS, NEGATIVE_TOTAL, OVER, PLAY, penalty_count
from solvers.sampling import determinize

KING = get("king")
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def one_suit_each(draw=("2C", "KH"), **options):
    """Seat 0 holds every spade, 1 every heart, 2 every diamond, 3 every club; the king of
    hearts falls to seat 1 in the face-up deal, so seat 1 deals and seat 2 leads."""
    deal = {"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_dealer_draw": list(draw)}
    return KING.new(deal=deal, options=options)


def at_hand(state, hand):
    """The same deal played as hand ``hand`` of the match."""
    return replace(state, hand=hand, phase=PLAY if hand <= 6 else CHOOSE)


def play_out(state, hands_played=None):
    """Play the first legal action until the hand ends."""
    start = state.hands_played if hands_played is None else hands_played
    while state.hands_played == start and not state.is_over:
        seat = min(state.to_move)
        state = state.apply(state.legal_actions(seat)[0], seat)
    return state


# ---------------------------------------------------------------- the first dealer


def test_the_king_of_hearts_dealt_face_up_names_the_first_dealer():
    state = one_suit_each(draw=("4C", "9S", "KH"))
    assert state.dealer == 2 and state.to_move == {3}          # the player left of the dealer leads
    view = state.view(0)
    assert view["public"]["first_dealer_draw"] == [{"seat": 0, "card": "4C"}, {"seat": 1, "card": "9S"},
                                                   {"seat": 2, "card": "KH"}]
    assert view["public"]["dealer"] == 2 and view["public"]["contract"] == "no tricks"


@pytest.mark.parametrize("seed", range(8))
def test_seeded_first_dealer_is_whoever_received_the_king_of_hearts(seed):
    state = KING.new(seed=seed)
    draw = state.first_draw
    assert draw[-1] == KING_OF_HEARTS and KING_OF_HEARTS not in draw[:-1]
    assert len(set(draw)) == len(draw)
    assert state.dealer == (len(draw) - 1) % 4


def test_the_deal_passes_to_the_left_and_there_are_ten_hands():
    state = KING.new(seed=3)
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        state = play_out(state)
    assert len(dealers) == 10 and state.phase == OVER and state.hands_played == 10
    assert dealers == [(dealers[0] + i) % 4 for i in range(10)]
    assert sorted(dealers[6:]) == [0, 1, 2, 3], "each seat deals one positive hand"
    assert sum(state.scores) == 0


# ---------------------------------------------------------------- the negative hands


@pytest.mark.parametrize("hand", range(1, 7))
def test_the_leader_who_takes_every_trick_takes_the_whole_penalty(hand):
    # nobody can follow diamonds: seat 2 leads and wins all thirteen tricks
    state = play_out(at_hand(one_suit_each(), hand))
    record = state.sheet[-1]
    assert record.hand == hand and record.tricks == (0, 0, 13, 0)
    assert record.points == tuple(HAND_TOTALS[hand] if s == 2 else 0 for s in range(4))
    assert sum(record.points) == (-260, -260, -200, -240, -160, -180)[hand - 1]


def test_hand_two_counts_each_heart_in_the_tricks_taken():
    state = at_hand(one_suit_each(), 2)
    # seat 2 leads diamonds; seat 1 must throw a heart on each; seat 2 takes them all
    for diamond, club, spade, heart in zip("AK", "AK", "AK", "23"):
        state = state.apply(f"play {diamond}D").apply(f"play {club}C").apply(f"play {spade}S") \
            .apply(f"play {heart}H")
    assert state.penalties_so_far() == (0, 0, -40, 0)
    assert state.view(0)["public"]["hand_penalties"] == [0, 0, -40, 0]


def _recount(hand, tricks):
    """Each seat's penalty in negative hand ``hand``, counted afresh from its tricks."""
    each = {1: -20, 2: -20, 3: -50, 4: -30, 5: -160, 6: -90}[hand]
    points = [0] * 4
    for index, plays in enumerate(tricks):
        led = plays[0][1].suit
        winner = max((p for p in plays if p[1].suit == led), key=lambda p: p[1].rank)[0]
        cards = [c for _, c in plays]
        count = {1: 1, 2: sum(c.suit == Suit.HEARTS for c in cards), 3: sum(c.rank == 12 for c in cards),
                 4: sum(c.rank in (11, 13) for c in cards), 5: int(KING_OF_HEARTS in cards),
                 6: int(index >= 11)}[hand]
        points[winner] += each * count
    return tuple(points)


@pytest.mark.parametrize("seed", [12, 13])
def test_penalties_go_to_whoever_wins_each_trick(seed):
    # seeded hands played by the rules of thumb, recounted trick by trick
    bot = KING.bots()["heuristic"]
    state = KING.new(seed=seed)
    for hand in range(1, 7):
        assert state.hand == hand
        while True:
            seat = min(state.to_move)
            action = bot(state, seat, Rng(hand))
            after = state.apply(action, seat)
            if after.hands_played == hand:
                tricks = state.history + (state.trick + ((seat, parse_card(action.args[0])),),)
                break
            state = after
        assert after.sheet[-1].points == _recount(hand, tricks)
        state = after
    assert sum(sum(r.points) for r in state.sheet) == NEGATIVE_TOTAL


def test_sixth_hand_charges_only_the_last_two_tricks():
    plays = tuple((s, parse_card(c)) for s, c in enumerate(("2S", "3S", "4S", "5S")))
    assert [penalty_count(6, plays, i) for i in range(13)] == [0] * 11 + [1, 1]


def test_fifth_hand_ends_at_once_when_settled():
    state = at_hand(one_suit_each(stop_when_settled=True), 5)
    state = state.apply("play AD").apply("play 2C").apply("play 2S")
    assert [a.notation for a in state.legal_actions(1)][0] == "play 2H"
    state = state.apply("play KH")
    assert state.hands_played == 1 and state.sheet[-1].points == (0, 0, -160, 0)
    assert state.hand == 6 and state.dealer == 2, "the next hand is dealt at once"
    # without the option the hand is played to the end with the same score
    full = at_hand(one_suit_each(), 5).apply("play AD").apply("play 2C").apply("play 2S").apply("play KH")
    assert full.hands_played == 0 and len(full.history) == 1
    assert play_out(full).sheet[-1].points == (0, 0, -160, 0)


def test_no_trumps_in_negative_hands_and_suit_must_be_followed():
    state = KING.new(seed=4)
    leader = min(state.to_move)
    lead = state.legal_actions(leader)[0]
    state = state.apply(lead)
    second = min(state.to_move)
    led_suit = parse_card(lead.args[0]).suit
    hand = state.hands[second]
    if any(c.suit == led_suit for c in hand):
        off = next((c for c in hand if c.suit != led_suit), None)
        if off is not None:
            with pytest.raises(IllegalAction):
                state.apply(f"play {off}")
        assert all(parse_card(a.args[0]).suit == led_suit for a in state.legal_actions(second))
    assert state.trump is None


# ---------------------------------------------------------------- the positive hands


def test_the_dealer_chooses_trumps_then_up_or_down():
    state = at_hand(one_suit_each(), 7)
    assert state.to_move == {1}
    assert {a.notation for a in state.legal_actions(1)} == {"trump S", "trump H", "trump D", "trump C",
                                                              "notrump", "auction"}
    state = state.apply("trump S")
    assert state.to_move == {1} and [a.notation for a in state.legal_actions(1)] == ["up", "down"]
    state = state.apply("up")
    assert state.to_move == {2} and state.trump == Suit.SPADES
    assert state.view(3)["public"]["contract"] == "spades trumps, playing up"
    # seat 0 ruffs the first diamond with a spade, then draws every trick with spades
    state = play_out(state)
    record = state.sheet[-1]
    assert record.tricks == (13, 0, 0, 0) and record.points == (325, 0, 0, 0)


def test_playing_down_scores_325_less_75_a_trick():
    state = play_out(at_hand(one_suit_each(), 8).apply("notrump").apply("down"))
    record = state.sheet[-1]
    assert record.tricks == (0, 0, 13, 0)
    assert record.points == (325, 325, 325 - 75 * 13, 325)
    assert sum(record.points) == 325


def test_auction_skips_the_dealer_and_the_bid_moves_tricks_to_the_dealer():
    state = at_hand(one_suit_each(), 9).apply("auction")
    assert state.to_move == {2}
    legal = [a.notation for a in state.legal_actions(2)]
    assert "pass" not in legal and legal[0] == "bid 1" and legal[-1] == "bid 13", "the first bidder must open"
    state = state.apply("bid 2")
    assert state.to_move == {3}
    state = state.apply("bid 3")
    assert state.to_move == {0}
    state = state.apply("pass")
    assert state.to_move == {2}, "the dealer (seat 1) is skipped"
    assert "bid 3" not in [a.notation for a in state.legal_actions(2)]
    state = state.apply("pass")                      # two passes in a row end the auction
    assert state.to_move == {3}, "the high bidder names trumps"
    assert "auction" not in [a.notation for a in state.legal_actions(3)]
    state = state.apply("notrump")
    assert state.to_move == {1}, "the dealer, not the bidder, chooses up or down"
    up = play_out(state.apply("up")).sheet[-1]
    assert up.tricks == (0, 0, 13, 0) and up.counts == (0, 3, 13, -3)
    assert up.points == (0, 75, 325, -75) and sum(up.points) == 325
    down = play_out(state.apply("down")).sheet[-1]
    assert down.points == (325, 100, 325 - 975, 550) and sum(down.points) == 325
    events = [e for e in play_out(state.apply("down")).score_events() if e.hand == 9]
    bidder = next(e for e in events if e.seats == (3,))
    assert bidder.source == "playing down" and bidder.detail == {"tricks": 0, "adjusted_tricks": -3, "bid": -3}


def test_a_player_who_passed_may_bid_again_and_thirteen_cannot_be_overbid():
    state = at_hand(one_suit_each(), 7).apply("auction").apply("bid 1").apply("pass").apply("bid 2")
    state = state.apply("bid 3")                     # seat 2 again
    state = state.apply("bid 4")                     # seat 3, who passed before, bids again
    assert state.bidder == 3 and state.bid == 4
    state = state.apply("bid 13")
    assert [a.notation for a in state.legal_actions(2)] == ["pass"]
    state = state.apply("pass").apply("pass")
    assert state.to_move == {0} and state.bidder == 0


def test_opening_bid_minimum_option():
    state = at_hand(one_suit_each(opening_bid_minimum=5), 7).apply("auction")
    assert [a.notation for a in state.legal_actions(2)][0] == "bid 5"
    state = state.apply("bid 5")
    assert [a.notation for a in state.legal_actions(3)][:2] == ["pass", "bid 6"]


# ---------------------------------------------------------------- the whole match


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_match_checksums(seed):
    bot = KING.bots()["heuristic"]
    state = KING.new(seed=seed)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(seed)), seat)
        if state.hands_played == 6 and state.hand == 7:
            assert sum(state.scores) == NEGATIVE_TOTAL
    assert sum(state.scores) == 0 and len(state.sheet) == 10
    events = state.score_events()
    assert [sum(e.points for e in events if e.seats == (s,)) for s in range(4)] == list(state.scores)
    standings = state.standings()
    assert standings[0]["score"] == max(state.scores) and standings[0]["place"] == 1


# ---------------------------------------------------------------- explicit deals


@pytest.mark.parametrize("deal,words", [
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "2S")]}, "dealt twice"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS[:-3]]}, "has 12 cards"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "ZZ")]}, "ZZ"),
    ({"hands": [SPADES, HEARTS, DIAMONDS]}, "four hands"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_dealer_draw": ["2C", "3C"]}, "king of hearts"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_dealer_draw": ["2C", "2C", "KH"]}, "distinct"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_dealer_draw": ["KH"], "dealer": 3}, "seat 0"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "first_dealer_draw": 7}, "list of cards"),
    ("not a deal", "King deal"),
])
def test_malformed_deals_are_refused_with_the_reason(deal, words):
    with pytest.raises(CardsageError) as error:
        KING.new(deal=deal)
    assert words in str(error.value)


def test_a_deal_without_the_draw_takes_the_given_dealer():
    state = KING.new(deal={"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "dealer": 3})
    assert state.dealer == 3 and state.to_move == {0} and state.first_draw == ()


# ---------------------------------------------------------------- what each seat sees


def test_views_show_own_hand_only_and_tricks_taken_face_down():
    state = at_hand(one_suit_each(), 1)
    state = state.apply("play AD").apply("play 2C").apply("play 2S").apply("play 2H")
    view = state.view(0)
    assert view["zones"]["hand:0"]["cards"] and "cards" not in view["zones"]["hand:1"]
    assert view["zones"]["won:2"]["count"] == 4 and "cards" not in view["zones"]["won:2"]
    assert view["public"]["last_trick"][0] == {"seat": 2, "card": "AD"}
    assert view["public"]["tricks_taken"] == [0, 0, 1, 0]
    # shown voids hold in every re-deal of the unseen cards
    for salt in range(5):
        other = determinize(state, 0, Rng(salt))
        assert all(c.suit == Suit.DIAMONDS for c in other.hands[2])
        assert other.view(0) == view


def test_review_limit_shows_the_current_or_last_trick_only():
    state = at_hand(one_suit_each(), 1).apply("play AD").apply("play 2C")
    assert state.review_limit(0) == 2
    state = state.apply("play 2S").apply("play 2H")
    assert state.review_limit(0) == 4
    assert replace(state, options=replace(state.options, show_full_history=True)).review_limit(0) is None
    choosing = at_hand(one_suit_each(), 7).apply("auction").apply("bid 2")
    assert choosing.review_limit(1) == 2


def test_state_json_round_trip_mid_auction():
    state = at_hand(one_suit_each(), 7).apply("auction").apply("bid 2")
    again = KING.state_from_json(state.to_json())
    assert again == state and again.legal_actions(3) == state.legal_actions(3)


def test_suits_may_be_written_in_any_case_or_as_symbols():
    state = at_hand(one_suit_each(), 7)
    assert state.parse_action("trump h", 1) == state.parse_action("trump ♥", 1) == state.parse_action("trump H", 1)
    assert state.apply("trump h").trump == Suit.HEARTS
