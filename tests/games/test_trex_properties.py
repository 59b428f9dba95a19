"""Trex properties: whoever takes what and whoever doubles, a contract pays its fixed total."""

from hypothesis import given, strategies as st

from solvers.cards import standard_pack
from solvers.games.trex import CONTRACT_TOTAL, KING_OF_HEARTS, QUEENS, TRICK_CONTRACTS, layout_playable
from solvers.games.trex_scoring import deal_items

PACK = standard_pack()


@given(contract=st.sampled_from(TRICK_CONTRACTS), order=st.permutations(range(52)),
       winners=st.lists(st.integers(0, 3), min_size=13, max_size=13),
       doublers=st.lists(st.integers(-1, 3), min_size=5, max_size=5))
def test_trick_contracts_pay_their_total_whoever_doubles(contract, order, winners, doublers):
    cards = [PACK[i] for i in order]
    taken = [[] for _ in range(4)]
    for trick, winner in enumerate(winners):
        taken[winner].extend(cards[4 * trick:4 * trick + 4])
    doublable = QUEENS + (KING_OF_HEARTS,)
    doubles = tuple((d, c) for d, c in zip(doublers, doublable) if d >= 0)
    if contract == "girls":
        doubles = tuple((d, c) for d, c in doubles if c in QUEENS)
    elif contract == "king-of-hearts":
        doubles = tuple((d, c) for d, c in doubles if c == KING_OF_HEARTS)
    else:
        doubles = ()
    items = deal_items(contract, tuple(tuple(t) for t in taken), doubles, ())
    assert sum(p for _, p, _, _ in items) == CONTRACT_TOTAL[contract]
    for seat, points, _, _ in items:
        assert points != 0 and 0 <= seat < 4


@given(finish=st.permutations(range(4)))
def test_trex_places_pay_500(finish):
    items = deal_items("trex", ((),) * 4, (), tuple(finish))
    assert sorted(p for _, p, _, _ in items) == [50, 100, 150, 200]


@given(rows=st.lists(st.one_of(st.none(), st.tuples(st.integers(2, 11), st.integers(11, 14))), min_size=4,
                     max_size=4))
def test_only_jacks_or_neighbours_of_a_row_may_be_laid(rows):
    row_map = {s: r for s, r in enumerate(rows) if r is not None}
    laid = {c for c in PACK if c.suit in row_map and row_map[c.suit][0] <= c.rank <= row_map[c.suit][1]}
    hand = [c for c in PACK if c not in laid]
    for card in layout_playable(hand, row_map):
        row = row_map.get(card.suit)
        assert (row is None and card.rank == 11) or (row is not None and card.rank in (row[0] - 1, row[1] + 1))
