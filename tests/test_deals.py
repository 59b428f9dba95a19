"""Reading explicit deals: shape, seats, cards in the pack, each dealt once, the rest."""

import pytest

from solvers.cards import Rng, parse_cards, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError

PACK = standard_pack()


def reader(deal):
    return DealReader(deal, PACK, shape="a deal is an object with 'hands'", pack_name="the 52-card pack")


def test_a_good_deal_reads_back_with_the_rest_in_order_or_shuffled():
    deal = {"dealer": 1, "hands": [["AS", "KS"], "QH JH"]}
    r = reader(deal)
    assert r.seat("dealer", 2) == 1
    assert r.hands(2, 2) == [parse_cards(["AS", "KS"]), parse_cards(["QH", "JH"])]
    rest = r.rest("stock", Rng(1))
    assert len(rest) == 48 and set(rest) == set(PACK) - set(parse_cards("AS KS QH JH".split()))
    given = reader({"hands": [["AS"]], "stock": [str(c) for c in PACK if str(c) != "AS"]})
    given.hands(1, 1)
    assert given.rest("stock", Rng(1))[0] == PACK[0]


@pytest.mark.parametrize("deal, message", [
    ([1, 2], "a deal is an object"),
    ({"dealer": 5, "hands": []}, "deal.dealer must be a seat from 0 to 1"),
    ({"dealer": True, "hands": []}, "deal.dealer must be a seat"),
    ({"hands": [["AS"]]}, "deal.hands must list 2 hands"),
    ({"hands": [["AS", "KS"], ["AS", "QS"]]}, "AS is dealt twice (hand 0 and hand 1)"),
    ({"hands": [["AS", "KS"], ["X1", "QS"]]}, "X1 is not in the 52-card pack"),
    ({"hands": [["AS"], ["KS", "QS"]]}, "hand 0 has 1 cards; it needs 2"),
    ({"hands": [["AS", "KS"], 7]}, "hand 1 must be a list of cards"),
    ({"hands": [["AS", "KS"], [7, "QS"]]}, "must list cards as strings"),
])
def test_bad_deals_are_refused_naming_what_is_wrong(deal, message):
    with pytest.raises(CardsageError) as err:
        r = reader(deal)
        r.seat("dealer", 2)
        r.hands(2, 2)
    assert message in str(err.value)


def test_a_given_stock_must_hold_exactly_the_undealt_cards():
    r = reader({"hands": [["AS"]], "stock": ["KS", "QS"]})
    r.hands(1, 1)
    with pytest.raises(CardsageError, match="must hold the 51 undealt cards; missing"):
        r.rest("stock", Rng(1))


def test_named_parts_one_card_a_seat_and_seat_names():
    r = DealReader({"first": 3, "stocks": [["AS"], "KS"], "palettes": "QH, JH"}, PACK, shape="a deal",
                   example="7H")
    assert r.one_each("palettes", 2, "the palettes") == parse_cards("QH JH")
    assert r.hands(2, 1, key="stocks", what="stock") == [parse_cards(["AS"]), parse_cards(["KS"])]
    with pytest.raises(CardsageError, match=r"deal.first must be a seat from 0 to 1 \(0 West, 1 East\)"):
        r.seat("first", 2, names=("West", "East"))
    with pytest.raises(CardsageError, match="deal.stocks must list 3 stocks") as err:
        DealReader({"stocks": []}, PACK, shape="a deal").hands(3, 1, key="stocks", what="stock")
    assert err.value.field == "deal.stocks"
    with pytest.raises(CardsageError, match="deal.palettes must list 2 cards, one per seat"):
        DealReader({"palettes": 7}, PACK, shape="a deal").one_each("palettes", 2, "the palettes")
    with pytest.raises(CardsageError, match="the palettes has 1 cards; it needs 2"):
        DealReader({"palettes": ["AS"]}, PACK, shape="a deal").one_each("palettes", 2, "the palettes")
    with pytest.raises(CardsageError, match="like '7H', got 5"):
        r.cards([5], "hand 0", "deal.hands.0")


def test_an_unreadable_card_names_its_field():
    with pytest.raises(CardsageError, match="hand 1: unknown card 'ZZ'") as err:
        reader({"hands": [["AS"], ["ZZ"]]}).hands(2, 1)
    assert err.value.field == "deal.hands.1"


def test_unknown_fields_are_refused():
    with pytest.raises(CardsageError, match="unknown deal field.s. pile; a deal") as err:
        DealReader({"hands": [], "pile": []}, PACK, shape="a deal", fields=("hands",))
    assert err.value.field == "deal"


def test_fill_copies_gives_a_card_without_index_its_first_free_copy():
    double = standard_pack(1) + standard_pack(2)
    r = DealReader({"hands": [["7H", "7H#1"]]}, double, shape="a deal", fill_copies=True)
    with pytest.raises(CardsageError, match="7H#1 is dealt twice"):
        r.hands(1, 2)
    r = DealReader({"hands": [["7H", "7H"]], "stock": ["7H"]}, double, shape="a deal", fill_copies=True)
    assert [str(c) for c in r.hands(1, 2)[0]] == ["7H#1", "7H#2"]
    with pytest.raises(CardsageError, match=r"7H is dealt more than twice \(the pack has 2 of each card; last at"):
        r.rest("stock", Rng(1))
    plain = DealReader({"hands": [["7H"]]}, double, shape="a deal", pack_name="the double pack")
    with pytest.raises(CardsageError, match="7H is not in the double pack"):
        plain.hands(1, 1)


def test_a_long_missing_list_is_cut_short():
    r = reader({"hands": [["AS"]], "stock": ["KS"]})
    r.hands(1, 1)
    with pytest.raises(CardsageError, match=r"missing: [^;]* and 38 more$"):
        r.rest("stock", Rng(1))
