"""Napoleon scenarios from the rule text (GAMES.md G4 and its seed), played action by action."""

from __future__ import annotations

import pytest

from solvers.cards import Rng, Suit, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games import get
from solvers.games.napoleon import cut_value, pack_of
from solvers.sampling import determinize

NAP = get("napoleon")

SPADES = "AS KS QS JS TS"
HEARTS = "AH KH QH JH TH"
DIAMONDS = "AD KD QD JD TD"
CLUBS = "AC KC QC JC TC"


def deal4(hands, dealer=3, **options):
    """A four-player table (32 cards, A-7); with dealer 3, seat 0 speaks first."""
    return NAP.new(deal={"dealer": dealer, "hands": hands}, options={"players": 4, **options})


def run(state, *actions):
    """Apply actions in turn order."""
    for text in actions:
        state = state.apply(text)
    return state


def legal(state):
    return [a.notation for a in state.legal_actions(state.turn)]


# ---------------------------------------------------------------- the deal and the first dealer


def test_usual_packs_by_number_of_players():
    sizes = {p: len(pack_of(NAP.options({"players": p}))) for p in range(3, 8)}
    assert sizes == {3: 24, 4: 32, 5: 40, 6: 40, 7: 52}
    assert {c.rank for c in pack_of(NAP.options({"players": 4}))} == set(range(7, 15))
    assert {c.rank for c in pack_of(NAP.options({"players": 4, "pack": 28}))} == set(range(8, 15))
    assert {c.rank for c in pack_of(NAP.options({"players": 5, "pack": 36}))} == set(range(6, 15))
    with pytest.raises(CardsageError, match="cannot give"):
        NAP.new(seed=1, options={"players": 7, "pack": 28})


def test_five_cards_each_and_the_rest_face_down():
    state = NAP.new(seed=3, options={"players": 5})
    assert [len(h) for h in state.hands] == [5] * 5
    assert len(state.stock) == 15
    view = state.view(0)
    assert "cards" not in view["zones"]["stock"] and "cards" not in view["zones"]["hand:1"]
    assert len(view["zones"]["hand:0"]["cards"]) == 5


def test_lowest_cut_deals_with_the_ace_below_the_two():
    assert cut_value(parse_card("AS")) == 1 < cut_value(parse_card("2S"))
    for seed in range(30):
        state = NAP.new(seed=seed, options={"players": 5})
        rounds = state.cuts
        assert rounds and len(rounds[0]) == 5
        last = rounds[-1]
        low = min(cut_value(c) for _, c in last)
        assert [s for s, c in last if cut_value(c) == low] == [state.dealer]
        for earlier, later in zip(rounds, rounds[1:]):   # only those tied for lowest cut again
            low = min(cut_value(c) for _, c in earlier)
            assert [s for s, _ in later] == [s for s, c in earlier if cut_value(c) == low]
        assert state.public(None)["first_dealer_cuts"][0][0]["seat"] == 0


def test_bidding_starts_left_of_the_dealer_and_the_deal_passes_left():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS], dealer=1)
    assert state.turn == 2
    state = run(state, "pass", "pass", "pass", "pass")      # everybody passes: thrown in
    assert state.hands_played == 1 and state.sheet[0].bidder == -1
    assert state.dealer == 2 and state.turn == 3 and state.phase == "bid"
    assert state.scores == (0, 0, 0, 0) and state.score_events() == []


# ---------------------------------------------------------------- bids and settlement


def test_nap_made_collects_ten_from_each_player():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    state = run(state, "bid nap", "pass", "pass", "pass")
    assert state.bidder == 0 and state.contract == "nap" and state.turn == 0
    assert state.trump == -1                                  # the lead fixes trumps
    state = run(state, "play AS")
    assert state.trump == int(Suit.SPADES)
    state = run(state, "play AH", "play AD", "play AC")
    for spade, heart, diamond, club in zip("KQJT", "KQJT", "KQJT", "KQJT"):
        state = run(state, f"play {spade}S", f"play {heart}H", f"play {diamond}D", f"play {club}C")
    record = state.sheet[0]
    assert record.made and record.tricks == (5, 0)
    assert record.payments == (30, -10, -10, -10)
    assert state.scores == (30, -10, -10, -10) and list(state.chips) == [130, 90, 90, 90]
    events = state.score_events()
    assert sum(e.points for e in events) == 0
    assert events[0].source == "Nap made: 10 from each player"


def test_three_made_stops_play_and_is_paid_for_the_tricks_declared():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    state = run(state, "bid three", "pass", "pass", "pass",
                "play AS", "play AH", "play AD", "play AC",
                "play KS", "play KH", "play KD", "play KC",
                "play QS", "play QH", "play QD", "play QC")
    record = state.sheet[0]
    assert record.made and record.tricks == (3, 0)
    assert record.payments == (9, -3, -3, -3)                # three, not five: surplus tricks pay nothing
    assert state.dealer == 0 and state.phase == "bid"        # the next deal is under way


def test_play_all_tricks_option_plays_the_hand_out():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS], play_all_tricks=True)
    state = run(state, "bid three", "pass", "pass", "pass")
    for r in "AKQJT":
        state = run(state, f"play {r}S", f"play {r}H", f"play {r}D", f"play {r}C")
    assert state.sheet[0].tricks == (5, 0) and state.sheet[0].payments == (9, -3, -3, -3)


def test_failed_four_pays_four_to_each_player():
    hands = ["AS KS QS 7H 8H", "AH KH 9H 9D 9C", "AD KD QD JD TD", "AC KC QC JC TC"]
    state = deal4(hands)
    state = run(state, "bid four", "pass", "pass", "pass",
                "play AS", "play 9H", "play AD", "play AC",
                "play KS", "play 9D", "play KD", "play KC",
                "play QS", "play 9C", "play QD", "play QC",
                "play 7H", "play AH", "play JD", "play JC")
    assert state.leader == 1 and state.tricks == (3, 1)
    state = run(state, "play KH", "play TD", "play TC", "play 8H")
    record = state.sheet[0]
    assert not record.made and record.tricks == (3, 2)
    assert record.payments == (-12, 4, 4, 4)
    assert state.score_events()[0].source == "Four failed: 4 to each player"


def test_each_bid_must_be_higher_and_each_player_speaks_once():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    assert legal(state) == ["pass", "bid three", "bid four", "bid nap", "bid napoleon", "bid wellington"]
    state = run(state, "bid four")
    assert legal(state) == ["pass", "bid nap", "bid napoleon", "bid wellington"]
    with pytest.raises(IllegalAction):
        state.apply("bid three")
    state = run(state, "bid nap", "pass", "pass")
    assert state.bidder == 1 and state.contract == "nap" and state.turn == 1


def test_without_three_the_lowest_bid_is_four():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS], allow_three=False)
    assert legal(state)[:2] == ["pass", "bid four"]


def test_dealer_must_bid_when_everybody_else_passed():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS], all_pass="dealer_must_bid_three")
    state = run(state, "pass", "pass", "pass")
    assert state.turn == 3
    assert "pass" not in legal(state) and legal(state)[0] == "bid three"
    state = run(state, "bid three")
    assert state.bidder == 3


def test_napoleon_leads_the_lowest_card_of_the_suit_it_makes_trumps():
    hands = ["AS KS QS JS 8H", HEARTS, DIAMONDS, CLUBS]
    state = run(deal4(hands), "bid napoleon", "pass", "pass", "pass")
    assert legal(state) == ["play 8H", "play JS"]
    assert state.public(0)["lead_rule"] == "lead the lowest card of the suit you want as trumps"
    state = run(state, "play JS")
    assert state.trump == int(Suit.SPADES)
    # everybody now knows the bidder holds no spade below the jack
    for salt in range(20):
        sample = determinize(state, 1, Rng(salt))
        assert not any(c.suit == Suit.SPADES and c.rank < 11 for c in sample.hands[0])
    state = run(state, "play AH", "play AD", "play AC",
                "play AS", "play KH", "play KD", "play KC",
                "play KS", "play QH", "play QD", "play QC",
                "play QS", "play JH", "play JD", "play JC",
                "play 8H", "play TH", "play TD", "play TC")
    record = state.sheet[0]
    assert not record.made and record.tricks == (4, 1)
    assert record.payments == (-30, 10, 10, 10)


def test_wellington_names_trumps_then_leads_the_lowest_plain_card():
    hands = ["AS KS QS JS AH", "KH QH JH TH 9H", DIAMONDS, CLUBS]
    state = run(deal4(hands), "bid wellington", "pass", "pass", "pass")
    assert state.phase == "trump" and state.turn == 0
    assert legal(state) == ["trump S", "trump H", "trump D", "trump C"]
    state = state.apply("trump s")                         # any case is understood
    assert state.trump == int(Suit.SPADES) and state.phase == "play"
    assert legal(state) == ["play AH"]
    state = run(state, "play AH", "play 9H", "play TD", "play TC")
    for r in "AKQJ":
        state = run(state, f"play {r}S", f"play {'KQJT'['AKQJ'.index(r)]}H",
                    f"play {'AKQJ'['AKQJ'.index(r)]}D", f"play {'AKQJ'['AKQJ'.index(r)]}C")
    record = state.sheet[0]
    assert record.made and record.payments == (90, -30, -30, -30)


def test_wellington_lowest_plain_card_ties_and_a_hand_of_trumps():
    state = run(deal4(["AS KS QS 9H 9D", HEARTS, DIAMONDS, CLUBS]), "bid wellington", "pass", "pass", "pass",
                "trump S")
    assert legal(state) == ["play 9D", "play 9H"]
    state = run(state, "play 9H")
    # the bidder showed it holds no plain card below a nine
    for salt in range(10):
        sample = determinize(state, 2, Rng(salt))
        assert not any(c.suit != Suit.SPADES and c.rank < 9 for c in sample.hands[0])
    alone = run(deal4([SPADES, HEARTS, DIAMONDS, CLUBS]), "bid wellington", "pass", "pass", "pass", "trump S")
    assert legal(alone) == ["play TS"]


def test_wellington_beaten_at_the_first_trick():
    state = run(deal4(["AS KS QS JS 7H", HEARTS, DIAMONDS, CLUBS]), "bid wellington", "pass", "pass", "pass",
                "trump S", "play 7H", "play AH", "play AD", "play AC")
    record = state.sheet[0]
    assert not record.made and record.tricks == (0, 1)
    assert record.payments == (-45, 15, 15, 15)


def test_must_follow_suit():
    state = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]), "bid four", "pass", "pass", "pass",
                "play 7H")
    assert legal(state) == ["play 9H", "play KH", "play AH"]
    with pytest.raises(IllegalAction):
        state.apply("play 9D")
    with pytest.raises(OutOfTurn):
        state.apply("play AD", 2)


# ---------------------------------------------------------------- six and seven players


SIX = ["", SPADES, HEARTS, DIAMONDS, CLUBS, "9S 9H 9D 9C 8S"]


def test_at_six_the_dealer_sits_out_but_pays_like_the_others():
    state = NAP.new(deal={"dealer": 0, "hands": SIX}, options={"players": 6})
    assert state.sitting_out == 0 and state.hands[0] == () and state.turn == 1
    state = run(state, "bid three", "pass", "pass", "pass", "pass")
    assert state.bidder == 1
    state = run(state, "play AS", "play AH", "play AD", "play AC", "play 9S",
                "play KS", "play KH", "play KD", "play KC", "play 8S",
                "play QS", "play QH", "play QD", "play QC", "play 9H")
    record = state.sheet[0]
    assert record.made and record.payments == (-3, 15, -3, -3, -3, -3)
    assert state.dealer == 1 and state.hands[1] == () and state.turn == 2


def test_seven_players_use_the_full_pack_and_the_dealer_sits_out():
    state = NAP.new(seed=4, options={"players": 7})
    assert len(pack_of(state.options)) == 52
    assert sorted(len(h) for h in state.hands) == [0] + [5] * 6
    assert state.hands[state.dealer] == ()
    assert len(state.stock) == 22


# ---------------------------------------------------------------- explicit deals refused


@pytest.mark.parametrize("hands,message", [
    ([SPADES, HEARTS, DIAMONDS, "AC KC QC JC"], "hand 3 has 4 cards"),
    ([SPADES, HEARTS, DIAMONDS, "AC KC QC JC AS"], "AS is dealt twice"),
    ([SPADES, HEARTS, DIAMONDS, "AC KC QC JC 2C"], "2C is not in the 32-card pack"),
    ([SPADES, HEARTS, DIAMONDS, "AC KC QC JC ZZ"], "ZZ"),
    ([SPADES, HEARTS, DIAMONDS], "must list 4 hands"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(hands, message):
    with pytest.raises(CardsageError, match=message):
        deal4(hands)


def test_malformed_deal_shapes_and_a_sitting_out_dealer_with_cards():
    with pytest.raises(CardsageError, match="dealer must be a seat"):
        deal4([SPADES, HEARTS, DIAMONDS, CLUBS], dealer=4)
    with pytest.raises(CardsageError, match="Napoleon deal is an object"):
        NAP.new(deal=[SPADES], options={"players": 4})
    hands = [SPADES, HEARTS, DIAMONDS, CLUBS, "9S 9H 9D 9C 8S", "8H 8D 8C 7S 7H"]
    with pytest.raises(CardsageError, match="dealer sits out"):
        NAP.new(deal={"dealer": 0, "hands": hands}, options={"players": 6})
    with pytest.raises(CardsageError, match="stock must hold"):
        NAP.new(deal={"dealer": 3, "hands": [SPADES, HEARTS, DIAMONDS, CLUBS], "stock": ["9S"]},
                options={"players": 4})


# ---------------------------------------------------------------- the old table and the views


def test_old_table_shows_played_cards_before_their_owners_and_hides_the_winners():
    state = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS], old_table=True),
                "bid four", "pass", "pass", "pass", "play AS", "play 9H", "play AD", "play AC")
    view = state.view(2)["zones"]
    assert view["table:1"]["cards"] == ["9H"] and view["table:2"]["cards"] == ["AD"]
    assert "cards" not in view["won:0"] and view["won:0"]["count"] == 1      # the winning AS, face down
    plain = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]),
                "bid four", "pass", "pass", "pass", "play AS", "play 9H", "play AD", "play AC")
    zones = plain.view(2)["zones"]
    assert "table:1" not in zones and zones["won:0"]["count"] == 4          # the trick is gathered


def test_views_hide_other_hands_and_public_facts_read_at_a_table():
    state = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]), "bid four", "pass", "pass", "pass",
                "play AS")
    public = state.view(1)["public"]
    assert public["contract"] == "Four" and public["bidder"] == 0 and public["trump"] == "S"
    assert public["trick"] == [{"seat": 0, "card": "AS"}] and public["tricks_needed"] == 4
    assert public["chips"] == [100] * 4
    for seat in range(4):
        zones = state.view(seat)["zones"]
        assert [n for n, z in zones.items() if "cards" in z and n.startswith("hand")] == [f"hand:{seat}"]


def test_shown_voids_are_kept_when_the_hidden_cards_are_redealt():
    state = run(deal4(["AS KS QS 7H 8H", "AH KH 9H 9D 9C", DIAMONDS, CLUBS]), "bid four", "pass", "pass", "pass",
                "play AS", "play 9H")
    assert Suit.SPADES in state.voids[1]
    for salt in range(20):
        sample = determinize(state, 0, Rng(salt))
        assert not any(c.suit == Suit.SPADES for c in sample.hands[1])
        assert sample.view(0) == state.view(0)


# ---------------------------------------------------------------- the match


def test_match_lasts_twice_the_players_deals_and_thrown_in_deals_count():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS], deals=2)
    state = run(state, "pass", "pass", "pass", "pass")
    assert not state.over and state.dealer == 0
    state = run(state, "pass", "pass", "pass", "pass")
    assert state.over and state.hands_played == 2 and not state.to_move
    assert NAP.options({"players": 5}).total_deals == 10


def test_match_ends_when_a_player_cannot_cover_the_largest_loss():
    assert NAP.options({"players": 4}).largest_loss == 45
    state = run(deal4(["AS KS QS JS 7H", HEARTS, DIAMONDS, CLUBS], start_chips=50), "bid wellington",
                "pass", "pass", "pass", "trump S", "play 7H", "play AH", "play AD", "play AC")
    assert state.over and list(state.chips) == [5, 65, 65, 65]
    assert [r["seats"] for r in state.standings()][-1] == [0]


def test_bid_and_trump_words_are_understood_in_any_case():
    state = deal4([SPADES, HEARTS, DIAMONDS, CLUBS])
    assert state.parse_action("bid NAP", 0).notation == "bid nap"
    assert state.parse_action({"kind": "bid", "args": ["Wellington"]}, 0).notation == "bid wellington"
    with pytest.raises(CardsageError):
        state.apply("bid twelve")
