"""Carioca: deals played action by action from the rule text, explicit deals, melds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.game import Action
from solvers.games.carioca import PACK, CariocaState
from solvers.games.carioca_melds import ESCALERA, TRIO, TableMeld, card_value
from solvers.sampling import determinize

GAME = games.get("carioca")


def c(text: str):
    return parse_card(text)


def cs(text: str):
    return tuple(parse_cards(text))


def explicit(hands, upcard, stock_top, *, dealer=0, options=None):
    """A match from an explicit first deal: the stock starts with ``stock_top``."""
    used = set(cs(" ".join(hands))) | {c(upcard)} | set(cs(stock_top))
    rest = [str(x) for x in PACK if x not in used]
    deal = {"dealer": dealer, "hands": [h.split() for h in hands], "upcard": upcard,
            "stock": stock_top.split() + rest}
    return GAME.new(seed=1, deal=deal, options=options or {"players": len(hands), "hands": 1})


def position(hands, *, hand_index=0, melds=(), down=None, turn=0, phase="play", discard="KS#2",
             options=None) -> CariocaState:
    """A position of the given hand number with chosen hands and melds (the rest in the stock)."""
    opts = options or {"players": len(hands), "hands": 7}
    state = GAME.new(seed=3, options=opts)
    held = [cs(h) for h in hands]
    on_table = {x for m in melds for x in m.cards}
    used = {x for h in held for x in h} | on_table | {c(discard)}
    stock = tuple(x for x in PACK if x not in used)
    return replace(state, hand_index=hand_index, hands=tuple(held), melds=tuple(melds), stock=stock,
                   discard=(c(discard),), down=tuple(down or [False] * len(hands)), turn=turn, phase=phase,
                   known=((),) * len(hands))


def play(state, *moves):
    for move in moves:
        seat = min(state.to_move)
        state = state.apply(move, seat)
    return state


SEAT1 = "7H#1 7S#1 7C#1 9D#1 9S#1 9H#1 2C#1 3D#1 KD#1 AS#1 X1"
SEAT0 = "4C#1 5C#1 6C#1 8D#1 TD#1 JH#1 QS#1 2H#1 3S#1 5D#1 6S#1"


# ------------------------------------------------------------------ a whole first hand


def test_two_trios_down_lay_offs_and_going_out_with_the_discard():
    state = explicit([SEAT0, SEAT1], "KS#1", "7D#1 4H#1 9C#1 5H#1 7C#2 6H#1 9H#2")
    assert state.dealer == 0 and state.to_move == {1}, "the player to the dealer's right starts"
    state = play(state, "draw")
    # laying off before the contract is down is not allowed; the contract goes down all at once
    assert not any(a.kind == "layoff" for a in state.legal_actions(1))
    state = play(state, "down 7S#1 7H#1 7C#1 / 9H#1 9S#1 9D#1")
    assert [m.kind for m in state.melds] == [TRIO, TRIO] and state.down == (False, True)
    # no lay-off on the turn the contract went down
    assert not any(a.kind == "layoff" for a in state.legal_actions(1))
    state = play(state, "discard AS#1", "draw", "discard 4H#1", "draw")
    state = play(state, "layoff 7D#1 0", "layoff 9C#1 1", "layoff X1 0", "discard KD#1")
    assert len(state.melds[0].cards) == 5 and len(state.melds[1].cards) == 4
    state = play(state, "draw", "discard 5H#1", "draw", "layoff 7C#2 0", "discard 2C#1",
                 "draw", "discard 6H#1", "draw", "layoff 9H#2 1", "discard 3D#1")
    assert state.is_over
    record = state.sheet[0]
    assert record.out == 1 and record.points == (69, 0) and state.scores == (69, 0)
    events = {(e.seats, e.source): e.points for e in state.score_events()}
    assert events[((0,), "2-10 left in hand (face value)")] == 49
    assert events[((0,), "kings, queens and jacks left in hand (10 each)")] == 20
    assert events[((1,), "went out")] == 0
    assert [row["seats"] for row in state.standings()] == [[1], [0]], "the lowest total wins"


def test_card_values():
    assert [card_value(x) for x in cs("X1 AS#1 KD#2 QC#1 JH#1 TH#1 9S#1 2C#2")] == [50, 20, 10, 10, 10, 10, 9, 2]


def test_play_and_the_deal_go_to_the_right():
    state = GAME.new(seed=5, options={"players": 4, "hands": 2, "round_limit": 5})
    first = state.dealer
    assert state.turn == (first - 1) % 4
    seats = []
    for _ in range(3):
        seats.append(state.turn)
        state = play(state, "draw")
        state = play(state, state.legal_actions(state.turn)[-1])
    assert seats == [(first - 1) % 4, (first - 2) % 4, (first - 3) % 4]
    while state.hands_played == 0:
        state = play(state, state.legal_actions(state.turn)[-1])
    assert state.dealer == (first - 1) % 4, "the deal passes to the right"
    assert all(len(h) == 11 for h in state.hands)


def test_the_seventh_hand_deals_twelve_and_the_match_ends_after_seven():
    state = GAME.new(seed=2, options={"players": 2, "round_limit": 5})
    while state.hand_index < 6:
        state = play(state, state.legal_actions(state.turn)[0])
    assert all(len(h) == 12 for h in state.hands) and state.contract == (0, 3)
    while not state.is_over:
        state = play(state, state.legal_actions(state.turn)[0])
    assert state.hands_played == 7 and list(state.scores) == list(state.sheet[-1].totals)


# ------------------------------------------------------------------ the contract


def test_the_contract_takes_exact_melds_and_one_joker_a_meld():
    hand = "7H#1 7S#1 7C#1 7D#1 X1 X2 9S#1 9H#1 2C#1 3D#1 KD#1 AS#1"
    state = position([hand, SEAT0])
    downs = [a for a in state.legal_actions(0) if a.kind == "down"]
    assert downs
    for action in downs:
        groups = " ".join(action.args).split(" / ")
        assert all(len(g.split()) == 3 for g in groups), "trios of exactly three cards"
        assert all(sum(x.startswith("X") for x in g.split()) <= 1 for g in groups), "one joker a meld"
    with pytest.raises(CardsageError):
        state.apply("down 7H#1 7S#1 7C#1 7D#1 / 9S#1 9H#1 X1", 0)
    loose = position([hand, SEAT0], options={"players": 2, "initial_meld_exact": False})
    assert loose.apply("down 7H#1 7S#1 7C#1 7D#1 / 9S#1 9H#1 X1", 0).melds[0].cards.__len__() == 4


def test_a_down_names_cards_in_any_order_and_either_copy():
    hand = "7H#2 7S#1 7C#1 9D#1 9S#1 9H#1 2C#1 3D#1 KD#1 AS#1 X1 7H#1"
    state = position([hand, SEAT0])
    after = state.apply("down 9H#1 9S#1 9D#1 / 7C#1 7H#2 7S#1", 0)
    assert len(after.hands[0]) == 6 and after.down[0]


def test_escaleras_ace_low_or_high_never_both():
    hand = "AH#1 2H#1 3H#1 4H#1 JS#1 QS#1 KS#1 AS#1 5D#1 6D#1 8C#1 9C#1"
    state = position([hand, SEAT0], hand_index=2)           # two escaleras
    downs = [a.notation for a in state.legal_actions(0) if a.kind == "down"]
    assert "down AH#1 2H#1 3H#1 4H#1 / JS#1 QS#1 KS#1 AS#1" in downs
    wrap = position(["KH#1 AH#1 2H#1 3H#1 " + "5D#1 6D#1 7D#1 8D#1 9C#1 TC#1 2S#1", SEAT0], hand_index=2)
    assert not any(a.kind == "down" for a in wrap.legal_actions(0)), "no K-A-2"


def test_an_escalera_ends_at_an_ace_and_never_holds_both():
    low = TableMeld(1, ESCALERA, cs("AH#1 2H#1 3H#1 4H#1"), suit=c("AH").suit, low=1)
    assert not low.fits(c("KH#1"), "low") and low.fits(c("5H#2"), "high") and low.fits(c("X1"), "high")
    mid = TableMeld(1, ESCALERA, cs("2H#1 3H#1 4H#1 5H#1 6H#1 7H#1 8H#1 9H#1 TH#1 JH#1 QH#1 KH#1"),
                    suit=c("AH").suit, low=2)
    assert mid.fits(c("AH#2"), "low") and mid.fits(c("AH#2"), "high")
    full = mid.grown(c("AH#2"), "low")
    assert not full.fits(c("AH#1"), "high") and not full.fits(c("X1"), "high"), "A-2-…-K-A is not allowed"


# ------------------------------------------------------------------ lay-offs and joker swaps


def _escalera(text, owner=1):
    cards = cs(text)
    first = next(i for i, x in enumerate(cards) if not x.kind.name == "JOKER")
    return TableMeld(owner, ESCALERA, cards, suit=cards[first].suit, low=int(cards[first].rank) - first)


def test_joker_swap_moves_the_joker_to_an_end_and_play_goes_on_from_it():
    run = _escalera("5H#1 6H#1 X1 8H#1")
    trio = TableMeld(1, TRIO, cs("9C#1 9D#1 X2"), rank=9)
    state = position(["7H#2 3H#1 KC#1", "2C#1 2D#1 2S#1"], hand_index=1, melds=[trio, run], down=[True, True])
    legal = [a.notation for a in state.legal_actions(0)]
    assert "swap 7H#2 1 low" in legal and "swap 7H#2 1 high" in legal
    assert not any(a.startswith("swap") and a.split()[2] == "0" for a in legal), "jokers in trios stay"
    state = state.apply("swap 7H#2 1 low", 0)
    assert state.melds[1].cards == cs("X1 5H#1 6H#1 7H#2 8H#1") and state.melds[1].low == 4
    assert state.melds[1].stands_for(0) == c("4H")
    state = state.apply("layoff 3H#1 1 low", 0)         # from the joker on
    assert state.melds[1].low == 3 and len(state.hands[0]) == 1


def test_going_out_by_laying_off_the_last_card():
    trio = TableMeld(1, TRIO, cs("9C#1 9D#1 9S#1"), rank=9)
    state = position(["9H#1", "2C#1 2D#1 2S#1"], melds=[trio], down=[True, True])
    done = state.apply("layoff 9H#1 0", 0)
    assert done.hands_played == 1 and done.sheet[0].out == 0 and done.sheet[0].points == (0, 6)
    strict = position(["9H#1"] + ["2C#1 2D#1 2S#1"], melds=[trio], down=[True, True],
                      options={"players": 2, "go_out_without_discard": False})
    assert [a.notation for a in strict.legal_actions(0)] == ["discard 9H#1"], "a card is kept to discard"


def test_discard_accepts_either_copy():
    state = position(["7H#1 7H#2 KC#1", SEAT0])
    assert [a.notation for a in state.legal_actions(0)].count("discard 7H#1") == 1
    assert "discard 7H#2" not in [a.notation for a in state.legal_actions(0)]
    after = state.apply("discard 7H#2", 0)
    assert after.discard[-1] == c("7H#1")


# ------------------------------------------------------------------ stock, guard, information


def test_the_discard_pile_is_shuffled_into_a_new_stock():
    state = position([SEAT0, SEAT1], phase="draw", turn=0)
    stock = state.stock
    state = replace(state, stock=stock[:1], discard=stock[1:] + state.discard)
    thrown = state.hands[0][0]
    state = play(state, "draw", f"discard {thrown}")
    # the whole pile but the card just thrown becomes the stock
    assert state.reshuffles == 1 and state.discard == (thrown,) and len(state.stock) == len(stock)


def test_the_turn_limit_ends_a_hand_with_everyone_counting():
    state = explicit([SEAT0, SEAT1], "KS#1", "4H#1", options={"players": 2, "hands": 1, "round_limit": 5})
    while not state.is_over:
        state = play(state, "draw")
        state = play(state, state.legal_actions(state.turn)[-1])
    record = state.sheet[0]
    assert record.out is None and all(p > 0 for p in record.points)
    assert record.points == tuple(sum(card_value(x) for x in h) for h in record.left)


def test_taken_cards_stay_in_the_takers_hand_when_sampling_and_draws_are_hidden():
    state = explicit([SEAT0, SEAT1], "KS#1", "4H#1 5H#1")
    state = play(state, "take KS#1", "discard 2C#1")
    assert state.known[1] == (c("KS#1"),)
    for salt in range(5):
        assert c("KS#1") in determinize(state, 0, Rng(salt)).hands[1]
    assert state.log_text(Action("draw"), 1, 0) == "draw"
    view = state.view(0)
    assert "cards" not in view["zones"]["hand:1"] and "cards" not in view["zones"]["stock"]
    assert view["public"]["taken_from_discard"][1] == ["KS#1"]


def test_melds_are_zones_of_the_melds_group():
    trio = TableMeld(1, TRIO, cs("9C#1 9D#1 9S#1"), rank=9)
    zones = position([SEAT0, "2C#1"], melds=[trio], down=[False, True]).zones()
    assert zones["meld:1:0"].group == "melds" and zones["meld:1:0"].owner == 1


# ------------------------------------------------------------------ explicit deals


@pytest.mark.parametrize("deal, words", [
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT0.split()]}, "dealt twice"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.split()[:10]]}, "it needs 11"),
    ({"dealer": 0, "hands": [SEAT0.split()]}, "must list 2 hands"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.replace("X1", "7H").split()]}, "not in the 108-card pack"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.replace("X1", "ZZ").split()]}, "unknown card"),
    ({"dealer": 3, "hands": [SEAT0.split(), SEAT1.split()]}, "deal.dealer"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.split()], "pile": []}, "unknown deal field"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.split()], "stock": ["4H#1"]}, "give the upcard"),
    ({"dealer": 0, "hands": [SEAT0.split(), SEAT1.split()], "upcard": "KS#1", "stock": ["4H#1"]}, "undealt cards"),
    ("nonsense", "a Carioca deal is an object"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal, options={"players": 2})
    assert words in str(err.value)


def test_an_explicit_deal_without_stock_shuffles_the_rest():
    state = GAME.new(seed=4, deal={"dealer": 1, "hands": [SEAT0.split(), SEAT1.split()]}, options={"players": 2})
    assert state.hands[0] == cs(SEAT0) and state.hands[1] == cs(SEAT1) and state.turn == 0
    assert len(state.stock) == 108 - 23 and len(state.discard) == 1
