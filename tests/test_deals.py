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
