"""Whist scenarios taken from the rule text (GAMES.md G1 and its seed)."""

from dataclasses import replace

import pytest

from solvers.cards import Suit, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.sampling import determinize
from solvers.cards import Rng
from solvers.games import get
from solvers.games.whist import WhistOptions

WHIST = get("whist")
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"
CLUBS = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"


def one_suit_each(dealer=0, turned="2S", **options):
    """Seat 0 holds every spade, 1 every heart, 2 every diamond, 3 every club."""
    deal = {"dealer": dealer, "hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "turned": turned}
    return WHIST.new(deal=deal, options=options)


def play(state, *cards):
    """Play cards in turn order, returning the states after each trick."""
    for text in cards:
        state = state.apply(f"play {text}")
    return state


def test_eldest_leads_and_the_turned_card_fixes_trumps():
    state = one_suit_each(dealer=0, turned="2S")
    assert state.trump == Suit.SPADES
    assert state.to_move == {1}                       # the player left of the dealer leads
    view = state.view(2)
    assert view["zones"]["turned"]["cards"] == ["2S"]  # face up for everyone
    assert view["zones"]["hand:0"]["count"] == 12     # the dealer has not picked it up yet


def test_hand_played_card_by_card_with_trick_winners_and_score():
    # dealer 0 turned the 2S: spades are trumps; seat 1 leads hearts
    state = one_suit_each(dealer=0, turned="2S")
    # trick 1: seat 1 leads AH, seats 2 and 3 cannot follow and discard, the dealer
    # ruffs with the turned 2S as his first play (picking up the turned card)
    state = play(state, "AH", "2D", "2C")
    assert "play 2S" in [a.notation for a in state.legal_actions(0)]
    state = play(state, "2S")
    assert state.leader == 0 and state.tricks == (1, 0)
    assert not state.turned_on_table and state.view(1)["zones"]["turned"]["count"] == 0
    # the dealer now leads trumps: nobody else holds one, so the dealer wins every trick
    for spade, heart, diamond, club in zip("AKQJT9876543", "KQJT98765432", "AKQJT9876543", "AKQJT9876543"):
        assert state.to_move == {0}
        state = play(state, f"{spade}S", f"{heart}H", f"{diamond}D", f"{club}C")
        assert state.leader == 0
    record = state.sheet[0]
    assert record.tricks == (13, 0)
    assert record.trick_points == (7, 0)               # one point per trick above six
    assert state.over and state.points == (7, 0)       # game to 5 reached
    assert state.scores == (7, 0, 7, 0)
    assert state.returns == (1, -1, 1, -1)


def test_must_follow_suit_and_the_refusal_changes_nothing():
    state = WHIST.new(seed=4)
    leader = state.turn
    lead = state.legal_actions(leader)[0]
    state = state.apply(lead)
    second = state.turn
    led_suit = parse_card(lead.args[0]).suit
    hand = state.holding(second)
    if any(c.suit == led_suit for c in hand):
        off = next((c for c in hand if c.suit != led_suit), None)
        if off is not None:
            before = state.key()
            with pytest.raises(IllegalAction):
                state.apply(f"play {off}")
            assert state.key() == before
    with pytest.raises(OutOfTurn):
        state.apply(state.legal_actions(second)[0], (second + 1) % 4)
    with pytest.raises(CardsageError):
        state.apply("play 1Z")


def test_others_know_the_dealer_holds_the_picked_up_card():
    state = one_suit_each(dealer=0, turned="2S")
    state = play(state, "AH", "2D", "2C", "AS")  # the dealer keeps the turned 2S
    assert parse_card("2S") in state.hands[0]
    assert state.fixed_cards(1) == {"hand:0": (parse_card("2S"),)}
    for salt in range(20):
        sample = determinize(state, 1, Rng(salt))
        assert parse_card("2S") in sample.hands[0]
        assert sample.view(1) == state.view(1)


def test_shown_voids_are_kept_by_determinize():
    state = one_suit_each(dealer=0, turned="2S")
    state = play(state, "AH", "2D")  # seat 2 shows it has no heart
    for salt in range(20):
        sample = determinize(state, 1, Rng(salt))
        assert not any(c.suit == Suit.HEARTS for c in sample.hands[2])


def test_honours_cap_in_a_played_hand():
    state = one_suit_each(dealer=0, turned="2S", target=9)
    state = replace(state, points=(6, 6))
    state = play(state, "AH", "2D", "2C", "2S")
    for spade, heart, diamond, club in zip("AKQJT9876543", "KQJT98765432", "AKQJT9876543", "AKQJT9876543"):
        state = play(state, f"{spade}S", f"{heart}H", f"{diamond}D", f"{club}C")
    record = state.sheet[0]
    assert record.trick_points == (7, 0)
    # 6 + 7 reaches 9 by tricks alone: the honours add nothing after the game is won
    assert record.totals[0] == 13 and state.over


def test_honours_supply_points_but_not_the_winning_one():
    # side 0 took 7 tricks (1 point) from 6-6 with all four honours: 7 + 1 honour point = 8
    state = one_suit_each(dealer=0, turned="2S", target=9)
    state = replace(state, points=(6, 6), tricks=(7, 6))
    state = state._score_hand()
    record = state.sheet[-1]
    assert record.trick_points == (1, 0) and record.honour_points == (1, 0)
    assert state.points == (8, 6) and not state.over


def test_honours_off_at_five_and_three_honours_score_two():
    assert not WhistOptions().honours_on
    assert WhistOptions(target=7).honours_on and not WhistOptions(target=7, honours="off").honours_on
    deal = {"dealer": 0, "turned": "2S", "hands": [
        "AS KS QS 2S 3S 4S 5S 6S 7S 8S 9S TS AH", "JS KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        DIAMONDS, CLUBS]}
    state = WHIST.new(deal=deal, options={"target": 7})
    assert state.honours == (2, 0)  # A K Q of trumps on side 0, the J on side 1


def test_dealer_rotates_clockwise_and_the_match_continues():
    state = WHIST.new(seed=21)
    first = state.dealer
    bots = WHIST.bots()
    rng = Rng(1)
    while not state.sheet:
        state = state.apply(bots["random"](state, state.turn, rng))
    if not state.over:
        assert state.dealer == (first + 1) % 4
        assert state.to_move == {(state.dealer + 1) % 4}
        assert len(state.hands[state.dealer]) == 12 and state.turned_on_table


def test_rubber_is_best_of_three():
    state = WHIST.new(seed=2, options={"rubber": True})
    bots = WHIST.bots()
    rng = Rng(2)
    while not state.over:
        state = state.apply(bots["heuristic"](state, state.turn, rng))
    assert max(state.games) == 2 and min(state.games) <= 1
    assert state.scores[0] == state.games[0]


@pytest.mark.parametrize("bad,message", [
    ({"hands": [SPADES, HEARTS, DIAMONDS]}, "four hands"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, SPADES]}, "dealt twice"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS[:-3]]}, "13"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS.replace("2C", "ZZ")]}, "unknown card"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "turned": "AH"}, "turned card"),
    ({"hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "dealer": 7}, "dealer"),
    ("nonsense", "object"),
])
def test_malformed_deals_are_refused_with_a_clear_message(bad, message):
    with pytest.raises(CardsageError) as err:
        WHIST.new(deal=bad)
    assert message in str(err.value)


def test_bad_options():
    for bad in [{"target": 6}, {"rubber": "yes"}, {"honours": "maybe"}, {"colour": 1}]:
        with pytest.raises(CardsageError):
            WHIST.new(seed=1, options=bad)


def test_views_hide_other_hands_and_the_log_is_public():
    state = WHIST.new(seed=8)
    view = state.view(0)
    assert "cards" in view["zones"]["hand:0"]
    assert all("cards" not in view["zones"][f"hand:{s}"] for s in (1, 2, 3))
    assert view["zones"]["won:0"].get("cards") is None


def test_last_trick_is_reviewable_only_until_the_next_lead():
    state = one_suit_each(dealer=0, turned="2S")
    state = play(state, "AH", "2D", "2C", "2S")
    assert state.public(1)["last_trick"] is not None
    state = play(state, "AS")
    assert state.public(1)["last_trick"] is None
    full = replace(state, options=replace(state.options, show_full_history=True))
    assert full.public(1)["last_trick"] is not None


def test_heuristic_follows_the_rule_text_tactics():
    from solvers.games.whist_bot import choose
    # second hand low; third hand high; partner winning: play low
    deal = {"dealer": 3, "turned": "2C", "hands": [
        "AS KS 5S 4S AH KH QH AD KD QD AC KC QC",
        "QS 3S 2S JH TH 9H JD TD 9D JC TC 9C 8C",
        "JS TS 9S 8S 8H 7H 6H 8D 7D 6D 7C 6C 5C",
        "7S 6S 5H 4H 3H 2H 5D 4D 3D 2D 4C 3C 2C"]}
    state = WHIST.new(deal=deal)
    card, reason = choose(state, 0)
    assert str(card) == "KS" and "king" in reason      # lead the king from A K
    state = state.apply("play KS")
    card, reason = choose(state, 1)
    assert str(card) == "2S" and "second hand low" in reason
    state = state.apply("play 2S")
    card, reason = choose(state, 2)
    assert str(card) == "8S" and "low" in reason       # cannot beat partner's K: play low


# ---------------------------------------------------------------- score events and review

# dealer 3 turns the 2S (spades trumps); South holds the top eight trumps and all four
# honours, so South-North take eight tricks and West-East five
EIGHT_FIVE = {"dealer": 3, "turned": "2S", "hands": [
    "AS KS QS JS TS 9S 8S 7S 6H 5H 4H 3H 2H",
    "AH KH QH JH TH 9H 8H 7H 6D 5D 4D 3D 2D",
    "AD KD QD JD TD 9D 8D 7D 6C 5C 4C 3C 2C",
    "AC KC QC JC TC 9C 8C 7C 6S 5S 4S 3S 2S"]}
EIGHT_FIVE_TRICKS = [
    # South draws trumps: East follows with its five small spades, the others discard
    ("AS", "6D", "6C", "6S"), ("KS", "5D", "5C", "5S"), ("QS", "4D", "4C", "4S"),
    ("JS", "3D", "3C", "3S"), ("TS", "2D", "2C", "2S"),
    # South's last trumps win against discards
    ("9S", "7H", "7D", "7C"), ("8S", "8H", "8D", "8C"), ("7S", "9H", "9D", "9C"),
    # South leads a heart: West wins it and runs the suit (West leads, South plays last)
    ("6H", "TH", "TD", "TC"), ("JH", "JD", "JC", "5H"), ("QH", "QD", "QC", "4H"),
    ("KH", "KD", "KC", "3H"), ("AH", "AD", "AC", "2H")]


def _eight_five_hand(state, check=None):
    for number, trick in enumerate(EIGHT_FIVE_TRICKS, 1):
        assert not state.score_events() or state.hands_played, "nothing scores during the hand"
        for card in trick:
            state = state.apply(f"play {card}")
        if check:
            check(number, state)
    return state


def _events(state):
    return [(e.hand, e.seats, e.points, e.source, dict(e.detail)) for e in state.score_events()]


def test_a_hand_scores_tricks_over_six_then_honours_as_events():
    state = WHIST.new(deal=EIGHT_FIVE, options={"target": 9})
    assert state.sides() == ((0, 2), (1, 3)) and state.hands_played == 0 and state.score_events() == []
    tricks = []
    state = _eight_five_hand(state, lambda n, s: tricks.append(s.tricks))
    assert tricks[7] == (8, 0) and tricks[11] == (8, 4) and state.sheet[0].tricks == (8, 5)
    assert state.hands_played == 1
    assert _events(state) == [
        (1, (0, 2), 2, "tricks over six", {"tricks": 8}),     # 8 tricks: 2 over six
        (1, (0, 2), 4, "honours", {"honours": 4}),            # A K Q J of trumps: 4
    ]
    assert state.points == (6, 0) and state.scores == (6, 0, 6, 0)
    assert state.standings() == [{"seats": [0, 2], "score": 6, "place": 1},
                                 {"seats": [1, 3], "score": 0, "place": 2}]


def test_honours_cannot_score_the_last_point_and_the_event_says_so():
    # the seed's example: game to 9, honours worth 4 but only 1 may count
    state = replace(WHIST.new(deal=EIGHT_FIVE, options={"target": 9}), points=(5, 5))
    state = _eight_five_hand(state)
    assert _events(state) == [
        (1, (0, 2), 2, "tricks over six", {"tricks": 8}),
        (1, (0, 2), 1, "honours", {"honours": 4, "claimed": 4,
                                   "capped": "honours never score the last point of a game"}),
    ]
    assert state.points == (8, 5) and not state.over


def test_at_five_honours_are_off_and_the_game_is_won_by_tricks():
    state = WHIST.new(deal=EIGHT_FIVE)
    state = replace(state, points=(3, 4))
    state = _eight_five_hand(state)
    assert _events(state) == [(1, (0, 2), 2, "tricks over six", {"tricks": 8})]
    assert state.over and state.points == (5, 4)
    assert [r["seats"] for r in state.standings()] == [[0, 2], [1, 3]]


def test_a_rubber_lists_each_game_won_and_ranks_by_games():
    state = WHIST.new(deal=EIGHT_FIVE, options={"rubber": True})
    state = replace(state, points=(4, 2))
    state = _eight_five_hand(state)
    assert _events(state)[-1] == (1, (0, 2), 0, "game won", {"game": 1, "games": 1, "points": [6, 2]})
    assert state.games == (1, 0) and state.points == (0, 0) and not state.over
    assert state.standings()[0] == {"seats": [0, 2], "score": 1, "points": 0, "place": 1}
    # winning a game is worth more to the search than any lead in points
    assert state.utility(0) > 0 > state.utility(1)


def test_review_limit_is_the_current_trick_or_the_last_until_the_next_lead():
    state = one_suit_each(dealer=0, turned="2S")
    assert state.review_limit(1) == 0                   # nothing played yet
    state = play(state, "AH", "2D")
    assert state.review_limit(1) == 2                   # the current trick's plays
    state = play(state, "2C", "2S")
    assert all(state.review_limit(s) == 4 for s in range(4))   # the last trick, before the next lead
    state = play(state, "AS")
    assert state.review_limit(2) == 1                   # the lead turns the last trick down
    state = play(state, "KH", "AD", "AC")
    assert state.review_limit(0) == 4
    full = replace(state, options=replace(state.options, show_full_history=True))
    assert full.review_limit(0) is None                 # the convenience option shows everything


def test_review_limit_carries_the_last_trick_into_the_next_deal_and_ends_with_the_match():
    state = WHIST.new(deal=EIGHT_FIVE, options={"target": 9})
    state = _eight_five_hand(state)
    assert not state.over and state.hands_played == 1 and not state.trick
    assert state.review_limit(0) == 4                  # the last trick of hand 1, until the first lead
    state = state.apply(state.legal_actions(state.turn)[0])
    assert state.review_limit(0) == 1
    over = replace(state, over=True)
    assert over.review_limit(0) is None
