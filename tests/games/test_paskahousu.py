"""Paskahousu scenarios from the rule text, played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.cards import Rank, Rng, parse_card, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games.paskahousu import PACK, clears, may_play, starter
from solvers.sampling import determinize

GAME = games.get("paskahousu")
C = parse_card


def cards(text):
    return tuple(parse_cards(text.split()))


def deal(hands, dealer=0, stock=None, **options):
    """A match from an explicit deal: ``hands`` as strings, seat 0 first."""
    data = {"dealer": dealer, "hands": [h.split() for h in hands]}
    if stock is not None:  # the cards to draw first; the rest of the pack follows in order
        held = set(" ".join(hands).split()) | set(stock.split())
        data["stock"] = stock.split() + [str(c) for c in PACK if str(c) not in held]
    return GAME.new(seed=5, deal=data, options={"players": len(hands), **options})


def set_up(state, **fields):
    """The same moment with some piles or hands laid out by hand (for a rule's special case)."""
    fields.setdefault("known", ((),) * state.players)
    return replace(state, opening=(), **fields)


HANDS4 = ["3S 3H 8C 9D KS", "4S 5H 6C 7D QS", "3D 4H 5C 6D 2S", "TS TH AC AD JS"]


# --------------------------------------------------------------- rank order and play rules

@pytest.mark.parametrize("rank,top,ok", [
    ("5", "5", True), ("4", "5", False), ("9", "3", True),
    ("J", "6", False), ("J", "7", True), ("K", "Q", True), ("Q", "K", False),   # B: pictures on 7 or higher
    ("A", "9", False), ("A", "J", True), ("A", "A", True),                       # C: aces on pictures
    ("2", "3", True), ("2", "K", True), ("2", "A", False), ("2", "T", False),     # D: twos
    ("5", "2", False), ("2", "2", True),
    ("T", "T", True), ("5", "T", False), ("2", "T", False), ("K", "A", False),   # E
    ("T", "9", True), ("T", "J", False),
])
def test_what_may_go_on_what(rank, top, ok):
    assert may_play(parse_card(rank + "S").rank, C(top + "H")) is ok


def test_anything_on_an_empty_table():
    assert all(may_play(r, None) for r in Rank)


def test_the_three_ways_to_clear():
    assert clears(cards("4S 9H"), cards("TS"))               # tens on a lower card
    assert not clears((), cards("TS"))                       # a ten to the empty table stays
    assert clears(cards("7S QH"), cards("AS"))               # aces on a picture
    assert not clears(cards("AS"), cards("AH"))               # aces on an ace do not clear (until four)
    assert clears(cards("5S 6H 6S"), cards("6C 6D"))          # four of a rank on top, across plays
    assert not clears(cards("6H 7S 6S"), cards("6C 6D"))
    assert clears(cards("TS TH TC"), cards("TD"))             # four tens clear too


# --------------------------------------------------------------- deal and starting player

def test_deal_batches_and_starter_with_most_threes():
    state = deal(HANDS4, dealer=3)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5] and len(state.stock) == 32
    # seat 0 has two threes, seat 2 one: seat 0 starts with both of them
    assert state.turn == 0
    assert [a.notation for a in state.legal_actions(0)] == ["play 3H 3S"]
    assert set(state.public(1)["opening"]) == {"3S", "3H"}


def test_equal_threes_go_to_the_first_from_the_dealers_left():
    hands = [cards("3S 8C"), cards("3H 9D"), cards("3D 4H"), cards("QS KS")]
    assert starter(hands, dealer=0)[0] == 1
    assert starter(hands, dealer=1)[0] == 2
    assert starter(hands, dealer=2)[0] == 0


def test_no_threes_then_most_fours():
    hands = [cards("5S 8C"), cards("4H 9D"), cards("4D 4S"), cards("QS KS")]
    seat, opening = starter(hands, dealer=0)
    assert seat == 2 and set(opening) == set(cards("4S 4D"))


def test_the_deal_is_dealt_two_two_one_from_the_dealers_left():
    state = GAME.new(seed=11, options={"players": 3})
    assert sum(len(h) for h in state.hands) == 15 and len(state.stock) == 37


# --------------------------------------------------------------- turns

def test_playing_refills_to_five_and_passes_the_turn():
    state = deal(HANDS4, stock="KD QD JD TD 9S 9H")
    state = state.apply("play 3S 3H", 0)
    assert set(state.pile) == set(cards("3S 3H")) and state.turn == 1
    assert len(state.hands[0]) == 5 and C("KD") in state.hands[0] and C("QD") in state.hands[0]


def test_ten_on_a_lower_card_clears_and_the_player_goes_again_after_refilling():
    state = set_up(deal(HANDS4, stock="KD QD JD TD 9S 9H"), pile=cards("5S 8H"), turn=3)
    state = state.apply("play TS", 3)
    assert state.pile == () and state.cleared == cards("5S 8H TS")
    assert state.turn == 3 and len(state.hands[3]) == 5 and C("KD") in state.hands[3]
    assert state.last.result == "cleared" and state.quiet_turns == 0


def test_ace_on_a_picture_clears():
    state = set_up(deal(HANDS4), pile=cards("7C QH"), turn=3)
    state = state.apply("play AC AD", 3)
    assert state.pile == () and state.turn == 3


def test_four_of_a_kind_across_plays_clears():
    hands = ["6S 6H 8C 9D KS", "4S 5H 7C 7D QS", "3D 6D 5C 6C 2S", "TS TH AC AD JS"]
    state = set_up(deal(hands), pile=cards("5D 6S 6H"), turn=2,
                   hands=(cards("8C 9D KS 3H 4D"), *deal(hands).hands[1:]))
    state = state.apply("play 6D 6C", 2)
    assert state.pile == () and state.turn == 2


def test_a_ten_to_the_empty_table_stays_until_picked_up():
    state = set_up(deal(HANDS4), turn=3)
    state = state.apply("play TS", 3)
    assert state.pile == cards("TS") and state.turn == 0
    moves = {a.notation for a in state.legal_actions(0)}
    assert moves == {"pickup", "gamble"}      # seat 0 holds no ten
    state = state.apply("pickup", 0)
    assert state.pile == () and state.turn == 1 and C("TS") in state.hands[0]
    assert state.known[0] == cards("TS")


def test_only_aces_on_an_ace_and_only_twos_on_a_two():
    state = set_up(deal(HANDS4), pile=cards("AH"), turn=2)
    assert {a.notation for a in state.legal_actions(2)} == {"pickup", "gamble"}
    state = set_up(deal(HANDS4), pile=cards("2H"), turn=3)
    assert {a.notation for a in state.legal_actions(3)} == {"pickup", "gamble"}
    state = set_up(deal(HANDS4), pile=cards("KH"), turn=2)
    assert "play 2S" in {a.notation for a in state.legal_actions(2)}


def test_several_cards_of_one_rank_may_be_played_together():
    state = set_up(deal(HANDS4), pile=cards("4C"), turn=3)
    notes = {a.notation for a in state.legal_actions(3)}
    assert {"play TS", "play TH", "play TH TS"} <= notes
    with pytest.raises(IllegalAction):
        state.apply("play TS AC", 3)


def test_a_gamble_that_fits_is_played():
    state = set_up(deal(HANDS4, stock="9S KD QD JD TD 9H"), pile=cards("4C"), turn=1)
    state = state.apply("gamble", 1)
    assert state.pile == cards("4C 9S") and state.turn == 2 and len(state.hands[1]) == 5
    assert state.last.kind == "gamble" and state.last.result == ""


def test_a_gamble_that_clears_lets_the_player_go_again():
    state = set_up(deal(HANDS4, stock="TD KD QD JD 9S 9H"), pile=cards("4C"), turn=1)
    state = state.apply("gamble", 1)
    assert state.pile == () and state.turn == 1


def test_a_gamble_that_does_not_fit_takes_the_pile_and_passes():
    state = set_up(deal(HANDS4, stock="3C KD QD JD 9S 9H"), pile=cards("4C 8H"), turn=1)
    state = state.apply("gamble", 1)
    assert state.pile == () and state.turn == 2
    assert set(cards("3C 4C 8H")) <= set(state.hands[1]) and len(state.hands[1]) == 8
    assert set(state.known[1]) == set(cards("3C 4C 8H"))


def test_no_gamble_once_the_stock_is_empty():
    state = set_up(deal(HANDS4), pile=cards("4C"), turn=1, stock=())
    assert "gamble" not in {a.notation for a in state.legal_actions(1)}


# --------------------------------------------------------------- going out and the loser

def _endgame(**options):
    base = deal(HANDS4, games=2, **options)
    hands = (cards("9S"), cards("4S 5H"), cards("KH"), cards("AD AH"))
    rest = [c for c in base.hands[0] + base.hands[1] + base.hands[2] + base.hands[3] + base.stock
            if c not in set(hands[0] + hands[1] + hands[2] + hands[3])]
    return set_up(base, hands=hands, stock=(), cleared=tuple(rest), known=((), (), (), ()))


def test_out_of_cards_once_the_stock_is_empty_and_the_last_holder_loses():
    state = _endgame()
    state = state.apply("play 9S", 0)                # seat 0 is out
    assert state.out == (0,) and state.turn == 1
    state = state.apply("pickup", 1)                 # seat 1 takes the 9
    state = state.apply("play KH", 2)                # seat 2 is out
    assert state.out == (0, 2) and state.turn == 3
    state = state.apply("play AD AH", 3)             # aces on a picture clear, seat 3 is out:
    assert state.sheet[0].out_order == (0, 2, 3)     # seat 1 is the paskahousu
    assert state.sheet[0].loser == 1 and state.losses == (0, 1, 0, 0)
    events = state.score_events()
    assert len(events) == 1 and events[0].seats == (1,) and events[0].points == 1
    assert "paskahousu" in events[0].source
    # the loser deals the next game
    assert state.dealer == 1 and not state.over and state.hands_played == 1
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]


def test_going_out_with_a_clear_passes_the_turn_on():
    state = set_up(_endgame(), pile=cards("4C"), turn=0, hands=(cards("TS"), cards("4S 5H"), cards("KH"),
                                                                 cards("8D 8H")))
    state = state.apply("play TS", 0)
    assert state.pile == () and 0 in state.out and state.turn == 1


def test_turn_limit_makes_the_most_cards_lose():
    state = set_up(deal(HANDS4, turn_limit=20), quiet_turns=19, pile=cards("4C"), turn=1)
    state = state.apply("pickup", 1)
    record = state.sheet[0]
    assert record.by_turn_limit and record.loser == 1        # six cards, the most
    assert "turn limit" in state.score_events()[0].source


def test_a_match_of_one_game_ends_with_the_loser():
    state = set_up(_endgame(), options=replace(_endgame().options, games=1))
    for action, seat in (("play 9S", 0), ("pickup", 1), ("play KH", 2), ("play AD AH", 3)):
        state = state.apply(action, seat)
    assert state.over and state.scores == (0, 1, 0, 0)
    assert state.standings()[-1]["seats"] == [1]


# --------------------------------------------------------------- deals, views, samples

@pytest.mark.parametrize("bad,words", [
    ({"hands": [["3S"] * 5] * 4}, "twice"),
    ({"hands": [["3S", "3H", "8C", "9D"], *[h.split() for h in HANDS4[1:]]]}, "needs 5"),
    ({"hands": [["3S", "3H", "8C", "9D", "ZZ"], *[h.split() for h in HANDS4[1:]]]}, ""),
    ({"hands": [h.split() for h in HANDS4[:3]]}, "4 hands"),
    ({"hands": [h.split() for h in HANDS4], "stock": ["KD"]}, "missing"),
    ({"hands": [h.split() for h in HANDS4], "dealer": 7}, "dealer"),
    ("nonsense", "Paskahousu deal"),
])
def test_malformed_deals_are_refused(bad, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=bad)
    assert words in str(err.value)


def test_views_hide_other_hands_but_show_cards_everybody_saw():
    state = set_up(deal(HANDS4), pile=cards("4C 8H"), turn=1)
    state = state.apply("pickup", 1)
    view = state.view(0)
    assert "cards" in view["zones"]["hand:0"] and "cards" not in view["zones"]["hand:1"]
    assert "cards" not in view["zones"]["stock"]
    assert view["public"]["known_cards"][1] == ["4C", "8H"]
    for salt in range(5):
        other = determinize(state, 0, Rng(salt))
        assert set(cards("4C 8H")) <= set(other.hands[1])
        assert other.hands[0] == state.hands[0] and other.view(0) == view


def test_the_starters_shown_cards_stay_with_the_starter_in_samples():
    state = deal(HANDS4)
    for salt in range(5):
        other = determinize(state, 2, Rng(salt))
        assert set(cards("3S 3H")) <= set(other.hands[0])
        assert other.legal_actions(0) == state.legal_actions(0)


def test_replay_is_exact():
    bots = GAME.bots()
    state = GAME.new(seed=3, options={"games": 1})
    log = []
    rng = Rng(3)
    while not state.is_over:
        seat = state.turn
        action = bots["heuristic"](state, seat, rng)
        log.append((action, seat))
        state = state.apply(action, seat)
    again = GAME.new(seed=3, options={"games": 1})
    for action, seat in log:
        again = again.apply(action.notation, seat)
    assert again.key() == state.key()
