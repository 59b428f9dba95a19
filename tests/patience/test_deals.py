"""Deals by number, our JSON format and the Solvitaire format."""

import json

import pytest

from solvers.cards import parse_card
from solvers.errors import CardsageError
from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.formats import (from_solvitaire, position_from_json, position_to_json,
                                      to_solvitaire)
from solvers.patience.position import hidden_slots, player_view, visible_cards


def test_klondike_deal_shape_and_determinism():
    pos = klondike_deal(42)
    assert [len(c.down) for c in pos.columns] == list(range(7))
    assert all(len(c.up) == 1 for c in pos.columns)
    assert len(pos.stock) == 24
    cards = [c for col in pos.columns for c in col.cards] + list(pos.stock)
    assert len(set(cards)) == 52
    assert klondike_deal(42) == pos
    assert klondike_deal(43) != pos


def test_klondike_deal_order_is_row_by_row():
    from solvers.cards import Rng
    from solvers.patience.position import pack_for
    cards = Rng(7).shuffle(pack_for("klondike"))
    pos = klondike_deal(7)
    assert pos.columns[0].up == (cards[0],)
    assert pos.columns[1].down == (cards[1],)
    assert pos.columns[1].up == (cards[7],)
    assert pos.stock[0] == cards[28]


def test_forty_thieves_deal_shape():
    pos = forty_thieves_deal(3)
    assert len(pos.columns) == 10
    assert all(len(c.up) == 4 and not c.down for c in pos.columns)
    assert len(pos.stock) == 64
    faces = [c.face for col in pos.columns for c in col.up] + [c.face for c in pos.stock]
    assert all(faces.count(f) == 2 for f in set(faces))


@pytest.mark.parametrize("maker", [klondike_deal, forty_thieves_deal])
def test_json_round_trip(maker):
    pos = maker(5)
    text = json.dumps(position_to_json(pos))
    assert position_from_json(text) == pos


def test_solvitaire_round_trip_and_stock_order():
    pos = klondike_deal(9)
    data = to_solvitaire(pos)
    assert data["stock"][-1] == _solv(pos.stock[0])  # the card dealt first is listed last
    assert data["tableau piles"][6][0][-1].islower()  # face-down: lower-case suit
    assert data["tableau piles"][6][-1][-1].isupper()
    assert from_solvitaire(data) == pos
    assert from_solvitaire(json.dumps(data)) == pos


def test_solvitaire_ten_is_written_10():
    pos = klondike_deal(1)
    texts = [t for pile in to_solvitaire(pos)["tableau piles"] for t in pile] + to_solvitaire(pos)["stock"]
    assert any(t.startswith("10") for t in texts)
    assert not any(t.startswith("T") for t in texts)


def test_solvitaire_forty_thieves():
    pos = forty_thieves_deal(2)
    back = from_solvitaire(to_solvitaire(pos), "forty-thieves")
    assert [[c.face for c in col.up] for col in back.columns] == [[c.face for c in col.up] for col in pos.columns]
    assert [c.face for c in back.stock] == [c.face for c in pos.stock]


def _solv(card):
    rank = "10" if card.rank == 10 else str(card)[0]
    return rank + card.suit.letter


def _deal_json():
    return position_to_json(klondike_deal(11))


def test_missing_card_is_named():
    data = _deal_json()
    gone = data["stock"].pop()
    with pytest.raises(CardsageError, match=gone):
        position_from_json(data)


def test_duplicated_card_is_named():
    data = _deal_json()
    data["stock"][0] = data["stock"][1]
    with pytest.raises(CardsageError, match=data["stock"][1]):
        position_from_json(data)


def test_unknown_card_is_named():
    data = _deal_json()
    data["stock"][0] = "ZQ"
    with pytest.raises(CardsageError, match="ZQ"):
        position_from_json(data)
    data["stock"][0] = "X1"
    with pytest.raises(CardsageError, match="X1"):
        position_from_json(data)


def test_bad_face_up_run_is_refused():
    data = _deal_json()
    data["tableau"][0]["up"].append(data["stock"].pop())
    data["tableau"][0]["up"] = ["KS", "KH"]
    with pytest.raises(CardsageError):
        position_from_json(data)


def test_player_view_hides_face_down_and_stock():
    pos = klondike_deal(4)
    view = player_view(pos)
    assert all(c is None for col in view.columns for c in col.down)
    assert all(c is None for c in view.stock)
    assert visible_cards(view) == visible_cards(pos)
    assert len(hidden_slots(pos)) == 21 + 24
    seen = {pos.stock[0]}
    assert player_view(pos, seen).stock[0] == pos.stock[0]
    # a view with unseen cards is still a valid deal
    assert position_from_json(position_to_json(view)) == view


def test_reduced_pack_deal():
    pos = klondike_deal(1, ranks=3, columns=3)
    assert sum(len(c) for c in pos.columns) + len(pos.stock) == 12
    ranks = {c.rank for c in pos.stock + tuple(x for col in pos.columns for x in col.cards)}
    assert ranks == {parse_card("AS").rank, 2, 3}
