"""Polish Polka scenarios from the rule text: explicit deals played move by move."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.games.polish_polka_deal import pack
from solvers.games.polish_polka_scoring import column_score, layout_score
from solvers.sampling import determinize

GAME = games.get("polish-polka")


def _options(**extra):
    return GAME.options(extra)


def _deal(layouts, discard, stock_top=(), dealer=0):
    """A deal with the given layouts, turned card and stock top; the rest of the pack follows."""
    used = [parse_card(c) for lay in layouts for c in lay.split()] + [parse_card(discard)]
    used += [parse_card(c) for c in stock_top]
    rest = [c for c in pack(4) if c not in used]
    return {"dealer": dealer, "layouts": [lay.split() for lay in layouts], "discard": discard,
            "stock": list(stock_top) + [str(c) for c in rest]}


def _play(state, moves):
    for seat, move in moves:
        state = state.apply(move, seat)
    return state


# two players: seat 1 (the dealer's left) goes first
LAYOUTS = ["AS#1 5H#1 KD#1 AH#1 5C#1 9D#1",      # seat 0
           "2S#1 3S#1 4S#1 2H#1 7S#1 QS#1"]      # seat 1


def _started(**options):
    state = GAME.new(deal=_deal(LAYOUTS, "9S#1", ["X1", "9C#1", "JS#1"], dealer=0),
                     options={"players": 2, **options})
    # setup: each turns two cards, the dealer's left first
    return _play(state, [(1, "flip 11"), (1, "flip 12"), (0, "flip 11"), (0, "flip 21")])


def test_setup_then_turns_alternate_from_the_dealers_left():
    state = _started()
    assert state.phase == "draw" and state.turn == 1
    view = state.view(1)
    assert view["zones"]["layout:1:11"]["cards"] == ["2S#1"]
    assert "cards" not in view["zones"]["layout:1:13"], "a player does not see their own face-down card"
    assert view["zones"]["layout:1:13"]["owner"] == 1 and view["zones"]["layout:1:13"]["grid"] == [0, 2]


def test_a_stock_card_swapped_in_sends_the_old_card_face_up_to_the_discard():
    state = _play(_started(), [(1, "draw")])
    assert state.view(1)["zones"]["drawn:1"]["cards"] == ["X1"]
    assert "cards" not in state.view(0)["zones"]["drawn:1"], "another player's stock card is not shown"
    state = state.apply("swap 23", 1)
    assert state.discard[-1] == parse_card("QS#1") and state.face_up[1][5]
    assert state.turn == 0 and state.phase == "draw"


def test_a_taken_discard_must_be_swapped_in():
    state = _play(_started(), [(1, "take 9S#1")])
    assert all(a.kind == "swap" for a in state.legal_actions(1))
    state = state.apply("swap 13", 1)
    assert state.layouts[1][2] == parse_card("9S#1") and state.discard[-1] == parse_card("4S#1")


def test_discarding_a_stock_card_then_flip_or_pass():
    state = _play(_started(), [(1, "draw"), (1, "discard X1")])
    assert state.phase == "flip"
    assert {a.notation for a in state.legal_actions(1)} == {"flip 13", "flip 21", "flip 22", "flip 23", "pass"}
    flipped = state.apply("flip 21", 1)
    assert flipped.face_up[1][3] and flipped.turn == 0
    passed = state.apply("pass", 1)
    assert passed.face_up[1] == state.face_up[1] and passed.turn == 0


def test_the_hole_ends_after_everyone_else_has_one_more_turn_and_scores_by_column():
    # seat 1 turns up its last cards by swaps; seat 0 then has one more turn
    state = _started()
    moves = [(1, "draw"), (1, "swap 13"),          # X1 at 13
             (0, "draw"), (0, "discard 9C#1"), (0, "pass"),
             (1, "draw"), (1, "swap 21")]          # JS#1 at 21
    state = _play(state, moves)
    stock = [str(c) for c in state.stock[:3]]
    state = _play(state, [(0, "draw"), (0, f"discard {stock[0]}"), (0, "pass"),
                          (1, "draw"), (1, "swap 22"),
                          (0, "draw"), (0, f"discard {stock[2]}"), (0, "pass"),
                          (1, "draw"), (1, "swap 23")])
    assert state.ender == 1 and state.phase == "draw" and state.turn == 0
    layout1 = state.layouts[1]
    state = _play(state, [(0, "draw"), (0, "swap 12")])
    assert state.hands_played == 1
    record = state.sheet[0]
    assert record.ender == 1
    assert record.raw[1] == layout_score(layout1, _options(players=2))
    assert record.scores == record.totals == record.raw


def test_column_scores_pairs_and_values():
    opts = _options()
    c = parse_cards
    assert column_score(*c("X1 X2"), opts) == -4            # pair of jokers
    assert column_score(*c("AS#1 AH#2"), opts) == -2        # pair of aces
    assert column_score(*c("KS#1 KH#2"), opts) == 0         # any other pair
    assert column_score(*c("AS#1 2H#1"), opts) == 3         # ace 1, two 2
    assert column_score(*c("TS#1 QH#1"), opts) == 20        # ten and queen 10 each
    assert column_score(*c("X1 5H#1"), opts) == 3           # a single joker -2
    assert layout_score(c("AS#1 KD#1 X1 AH#2 KC#1 7D#1"), opts) == -2 + 0 + 5


@pytest.mark.parametrize("extra, cards, expected", [
    ({"card_values": "queens-12"}, "QS#1 5H#1", 17),
    ({"card_values": "queens-13"}, "QS#1 5H#1", 18),
    ({"card_values": "queens-20"}, "QS#1 5H#1", 25),
    ({"card_values": "queen-of-spades-40"}, "QS#1 QH#1", 0),
    ({"card_values": "queen-of-spades-40"}, "QS#1 8H#1", 40),
    ({"card_values": "queen-of-spades-40"}, "QH#1 8H#1", 10),
    ({"card_values": "jack-0-queen-12-king-13"}, "JS#1 KH#1", 13),
    ({"card_values": "jack-0-queen-12-king-13"}, "QS#1 KH#1", 25),
    ({"card_values": "jacks-20"}, "JD#1 3H#1", 23),
    ({"twos_minus_two": True}, "2S#1 5H#1", 3),
    ({"twos_minus_two": True}, "2S#1 2H#1", 0),
    ({"joker_value": -5}, "X1 5H#1", 0),
    ({"joker_value": 15}, "X1 5H#1", 20),
    ({"joker_value": 15}, "X1 X3", -5),
    ({"one_eyed_jacks_wild": True}, "JS#1 KH#1", 0),
    ({"one_eyed_jacks_wild": True}, "JH#1 AH#1", -2),
    ({"one_eyed_jacks_wild": True}, "JH#1 X2", -4),
    ({"one_eyed_jacks_wild": True}, "JD#1 KH#1", 20),       # a two-eyed jack is not wild
])
def test_variant_card_values(extra, cards, expected):
    assert column_score(*parse_cards(cards), _options(**extra)) == expected


def test_shoot_the_moon_scores_zero_and_sixty_for_everyone_else():
    layouts = ["KS#1 QS#1 JS#1 TS#1 TH#1 TD#1",        # 60: no pairs
               "2S#1 3S#1 4S#1 2H#1 7S#1 QH#1"]
    state = GAME.new(deal=_deal(layouts, "9S#1", ["5C#1"]),
                     options={"players": 2, "shoot_the_moon": True, "turn_limit": 5})
    state = _play(state, [(1, "flip 11"), (1, "flip 12"), (0, "flip 11"), (0, "flip 12")])
    # nobody turns a card: the guard ends the hole after five rounds
    while state.hands_played == 0:
        seat = state.turn
        state = _play(state, [(seat, "draw"), (seat, f"discard {state.stock[0]}"), (seat, "pass")])
    record = state.sheet[0]
    assert record.ender is None and record.raw[0] == 60
    assert record.moon == (0,) and record.scores == (0, 60)
    events = [e for e in state.score_events() if e.hand == 1]
    assert sum(e.points for e in events if e.seats == (0,)) == 0
    assert any(e.source.startswith("shot the moon") and e.points == -60 for e in events)


def test_a_discarded_jack_skips_the_next_player():
    layouts = ["AS#1 5H#1 KD#1 AH#1 5C#1 9D#1", "2S#1 3S#1 4S#1 2H#1 7S#1 QS#1", "3H#1 3D#1 4D#1 4H#1 6S#1 6H#1"]
    state = GAME.new(deal=_deal(layouts, "9S#1", ["JC#1"]), options={"players": 3, "card_values": "jacks-20"})
    state = _play(state, [(1, "flip 11"), (1, "flip 12"), (2, "flip 11"), (2, "flip 12"),
                          (0, "flip 11"), (0, "flip 12")])
    state = _play(state, [(1, "draw"), (1, "discard JC#1"), (1, "pass")])
    assert state.turn == 0 and state.skipped == 2


def test_the_match_is_nine_holes_with_the_deal_passing_left():
    state = GAME.new(seed=4)
    dealers = [state.dealer]
    bots = GAME.bots()
    rng = Rng(1)
    while not state.is_over:
        seat = state.turn
        state = state.apply(bots["heuristic"](state, seat, rng), seat)
        if not state.is_over and state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert state.hands_played == 9
    assert [d % 4 for d in dealers] == [(dealers[0] + k) % 4 for k in range(9)]
    assert state.standings()[0]["score"] == min(state.scores)


def test_the_stock_is_refilled_from_the_discard_pile_but_its_top_card():
    state = _started()
    state = type(state)(**{**state.__dict__, "stock": (), "discard": tuple(parse_cards("3C#1 4C#1 5D#1"))})
    state = state.apply("draw", 1)
    assert state.discard == (parse_card("5D#1"),) and len(state.stock) == 1
    assert state.drawn[0] in parse_cards("3C#1 4C#1")


def test_determinize_redeals_a_seats_own_face_down_cards_and_keeps_face_up_ones():
    state = _started()
    seen = set()
    for salt in range(6):
        other = determinize(state, 1, Rng(salt))
        assert other.layouts[1][:2] == state.layouts[1][:2]
        assert other.layouts[0][0] == state.layouts[0][0] and other.layouts[0][3] == state.layouts[0][3]
        assert other.view(1) == state.view(1)
        seen.add(other.layouts[1][2])
    assert len(seen) > 1, "a seat's own face-down cards are unknown to it"


@pytest.mark.parametrize("deal, words", [
    ("nonsense", "object"),
    ({"layouts": [["AS"] * 6]}, "2 layouts"),
    ({"layouts": [["AS", "2S", "3S", "4S", "5S"], ["6S"] * 6]}, "needs 6"),
    ({"layouts": [["AS", "AS", "AS", "4S", "5S", "6S"], ["7S", "8S", "9S", "TS", "JS", "QS"]]}, "more than twice"),
    ({"layouts": [["X5", "2S", "3S", "4S", "5S", "6S"], ["7S", "8S", "9S", "TS", "JS", "QS"]]}, "X5"),
    ({"layouts": [["AS", "2S", "3S", "4S", "5S", "6S"], ["7S", "8S", "9S", "TS", "JS", "QS"]], "stock": []},
     "discard"),
    ({"layouts": [["AS", "2S", "3S", "4S", "5S", "6S"], ["7S", "8S", "9S", "TS", "JS", "QS"]],
      "discard": "KS", "stock": ["KH"]}, "the stock must hold the 95 undealt cards; missing"),
    ({"dealer": 5, "layouts": []}, "dealer"),
    ({"layouts": [], "hands": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused_with_a_reason(deal, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=deal, options={"players": 2})


def test_an_explicit_deal_without_a_stock_is_completed_from_the_seed():
    deal = {"dealer": 1, "layouts": [["AS", "2S", "3S", "4S", "5S", "6S"], ["7S", "8S", "9S", "TS", "JS", "QS"]]}
    a = GAME.new(seed=3, deal=deal, options={"players": 2, "jokers": 2})
    assert a.layouts[1][0] == parse_card("7S#1") and a.dealer == 1 and a.turn == 0
    assert len(a.stock) + len(a.discard) == 106 - 12
