"""The plain rules engine: moves, draws, turn-overs, the switch, errors."""

import pytest

from solvers.cards import parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.moves import canonical, parse_move
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import Column, Position
from solvers.patience.rules import apply_move, legal_moves, replay


def _pos(cols, stock="", waste="", found=((),) * 4, **kw):
    columns = tuple(Column(tuple(parse_cards(d)), tuple(parse_cards(u))) for d, u in cols)
    return Position("klondike", columns, found, tuple(parse_cards(stock)), tuple(parse_cards(waste)), **kw)


def test_notation_round_trip():
    for text in ["t3 f", "w t5", "t2 t6 3", "fH t4", "draw", "redeal", "switch"]:
        assert str(parse_move(text)) == text
    assert canonical("  T3   F ") == "t3 f"
    assert canonical("fh t2") == "fH t2"
    for bad in ["t3", "x t1", "w t2 3", "fish"]:
        with pytest.raises(CardsageError):
            parse_move(bad)


def test_draw_three_order_and_redeal():
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    pos = klondike_deal(1)
    after = apply_move(pos, "draw", rules)
    assert after.waste == pos.stock[:3]          # the third card turned is on top
    assert after.stock == pos.stock[3:]
    for _ in range(7):
        after = apply_move(after, "draw", rules)
    assert not after.stock and "redeal" in legal_moves(after, rules)
    again = apply_move(after, "redeal", rules)
    assert again.stock == pos.stock and again.redeals_used == 1


def test_pass_limit():
    rules = KlondikeRules(draw=1, passes=1)
    pos = klondike_deal(2)
    pos = replay(pos, ["draw"] * 24, rules)
    assert "redeal" not in legal_moves(pos, rules)
    with pytest.raises(IllegalAction):
        apply_move(pos, "redeal", rules)


def test_single_pass_switch():
    rules = KlondikeRules(draw=3)
    assert rules.switch
    pos = klondike_deal(3)
    assert "switch" in legal_moves(pos, rules)          # at the start
    pos = apply_move(pos, "draw", rules)
    assert "switch" not in legal_moves(pos, rules)      # mid-pass
    pos = replay(pos, ["draw"] * 7, rules)
    pos = apply_move(pos, "switch", rules)              # stock empty: instead of a redeal
    assert pos.single_pass and pos.waste == ()
    pos = apply_move(pos, "draw", rules)
    assert len(pos.waste) == 1                          # one card at a time now
    pos = replay(pos, ["draw"] * 23, rules)
    assert "redeal" not in legal_moves(pos, rules) and "switch" not in legal_moves(pos, rules)


def test_runs_kings_and_foundation_back():
    pos = _pos([("", "KS QH JC"), ("5D", "QD"), ("", "")], found=(tuple(parse_cards("AC 2C")), (), (), ()))
    rules = KlondikeRules()
    moves = legal_moves(pos, rules)
    assert "t1 t3 3" in moves                      # a king-headed run to the empty column
    assert "t1 t3 2" not in moves                  # only kings go to an empty column
    assert "fC t1" not in moves                    # 2C cannot lie on JC
    after = apply_move(pos, "t1 t3 3", rules)
    assert after.columns[0] == Column((), ())
    pos2 = _pos([("", "3H")], found=(tuple(parse_cards("AC 2C")), (), (), ()))
    assert "fC t1" in legal_moves(pos2, rules)
    assert "fC t1" not in legal_moves(pos2, KlondikeRules(foundation_to_tableau=False))


def test_face_down_card_turns_up():
    pos = _pos([("5D", "AS")])
    after = apply_move(pos, "t1 f", KlondikeRules())
    assert after.columns[0] == Column((), tuple(parse_cards("5D")))


def test_unseen_card_cannot_be_turned():
    pos = Position(
        "klondike", (Column((None,), tuple(parse_cards("AS"))),), ((),) * 4)
    with pytest.raises(CardsageError):
        apply_move(pos, "t1 f", KlondikeRules())


def test_forty_thieves_moves():
    rules = FortyThievesRules(redeals=0)
    cols = (Column((), tuple(parse_cards("9H 5S"))), Column((), tuple(parse_cards("6S"))),
            Column((), tuple(parse_cards("AD"))), Column((), ()))
    pos = Position("forty-thieves", cols, ((),) * 8, tuple(parse_cards("2D")), ())
    moves = legal_moves(pos, rules)
    assert {"t1 t2", "t3 f", "t1 t4", "draw"} <= set(moves)
    assert "t2 t1" not in moves                    # same suit one lower only
    pos = apply_move(pos, "draw", rules)
    assert "redeal" not in legal_moves(pos, rules)
    assert "redeal" in legal_moves(pos, FortyThievesRules(redeals=1))


def test_wrong_rules_for_game():
    with pytest.raises(CardsageError):
        legal_moves(forty_thieves_deal(1), KlondikeRules())
