"""Old Maid: scenarios from the rule text, played action by action, and explicit deals."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.games.old_maid import deal_sizes, split_pairs
from solvers.games.old_maid_odds import consistent_deal
from solvers.sampling import determinize
from tests.games.old_maid_deals import deal_keeping

GAME = games.get("old-maid")


def cards(text):
    return tuple(parse_cards(text))


def test_initial_discards_two_three_and_four_of_a_kind():
    keep, out = split_pairs(cards("7C 7D KC KD KH 9C 9D 9H 9S 2S"), "rank")
    assert keep == cards("2S KH")            # three kings: one pair out, the highest suit kept
    assert sorted(out) == sorted(cards("7C 7D KC KD 9C 9D 9H 9S"))
    keep, out = split_pairs(cards("7C 7S 7D QH"), "colour")
    assert keep == cards("7D QH")           # by colour only the black sevens pair
    assert sorted(out) == sorted(cards("7C 7S"))


def test_deal_shares_all_cards_one_at_a_time_from_the_dealers_left():
    assert deal_sizes(51, 4, 0) == [12, 13, 13, 13]
    assert deal_sizes(53, 8, 5) == [7, 7, 7, 6, 6, 6, 7, 7]
    state = GAME.new(seed=4, options={"players": 4})
    dealt = [len(state.hands[s]) + len(state.pairs[s]) for s in range(4)]
    assert dealt == deal_sizes(51, 4, state.dealer)


def test_two_player_blind_hand_ends_when_the_last_pair_is_made():
    deal = deal_keeping(["QS 5S", "5H"], dealer=1)
    state = GAME.new(deal=deal, options={"players": 2, "hands": 1})
    assert state.hands == (cards("5S QS"), cards("5H"))
    # the dealer offers first, to the player on the left
    assert (state.offerer, state.drawer) == (1, 0)
    assert state.legal_actions(0) == [state.parse_action("draw 1", 0)]
    state = state.apply("draw 1", 0)
    assert state.pairs[0][-2:] == cards("5H 5S")
    assert state.is_over and state.scores == (1, 0)
    (event,) = state.score_events()
    assert (event.seats, event.points, event.source, event.detail["card"]) == ((0,), 1, "left with the old maid",
                                                                              "QS")
    assert state.standings()[0]["seats"] == [1]


def test_offerer_orders_the_hand_and_the_old_maid_passes():
    deal = deal_keeping(["QS 5S 9S", "5H 9H"], dealer=0)
    state = GAME.new(deal=deal, options={"players": 2, "offerer_orders": True, "hands": 1})
    assert state.to_move == {0} and state.arranging
    state = state.apply("front QS", 0)
    assert state.hands[0] == cards("QS 5S 9S")
    state = state.apply("offer", 0)
    state = state.apply("draw 1", 1)                       # takes the queen: no pair
    assert state.hands == (cards("5S 9S"), cards("5H 9H QS")) and state.quiet == 1
    assert state.public(0)["last_draw"]["card"] == "QS" and "card" not in state.public(None)["last_draw"]
    state = state.apply("offer", 1).apply("draw 1", 0)     # the five pairs
    assert state.hands == (cards("9S"), cards("9H QS")) and state.pairs[0][-2:] == cards("5H 5S")
    assert state.legal_actions(0) == [state.parse_action("offer", 0)]   # one card: nothing to arrange
    state = state.apply("offer", 0).apply("draw 1", 1)
    assert state.is_over and state.scores == (0, 1) and state.sheet[0].old_maid == parse_card("QS")


def test_players_without_cards_are_skipped_as_offerer_and_drawer():
    deal = deal_keeping(["5S", "", "5H 7S 9S", "7H 9H QS"], dealer=1)
    state = GAME.new(deal=deal, options={"players": 4, "offerer_orders": True, "hands": 1})
    # the dealer (1) holds nothing after discarding: the next player on the left offers
    assert (state.offerer, state.drawer) == (2, 3)
    state = state.apply("offer", 2).apply("draw 1", 3)    # 5H: no pair; it joins the end of the hand
    assert state.hands[3] == cards("7H 9H QS 5H")
    assert (state.offerer, state.drawer) == (3, 0)
    state = state.apply("offer", 3).apply("draw 4", 0)    # 5H pairs with 5S: seat 0 is out of cards
    assert not state.hands[0]
    # seat 0 has nothing to offer and seat 1 nothing either: seat 2 offers, to seat 3
    assert (state.offerer, state.drawer) == (2, 3)
    state = state.apply("offer", 2).apply("draw 1", 3)    # 7S pairs with 7H
    # seat 3 offers to the first player on its left with cards: seats 0 and 1 are skipped
    assert (state.offerer, state.drawer) == (3, 2)
    state = state.apply("offer", 3).apply("draw 1", 2)     # 9H pairs with 9S
    assert state.is_over and state.scores == (0, 0, 0, 1)
    assert state.sheet[0].old_maid == parse_card("QS") and state.sheet[0].draws == 4


def test_colour_pairing_makes_one_card_the_old_maid():
    state = GAME.new(seed=8, options={"players": 3, "pairing": "colour"})
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(state.legal_actions(seat)[0], seat)
    assert {str(r.old_maid) for r in state.sheet} == {"QS"}


def test_joker_and_ace_of_clubs_variants():
    state = GAME.new(seed=8, options={"players": 5, "odd_card": "add_joker", "hands": 2})
    assert sum(len(h) + len(p) for h, p in zip(state.hands, state.pairs)) == 53
    while not state.is_over:
        state = state.apply(state.legal_actions(min(state.to_move))[-1], min(state.to_move))
    assert {str(r.old_maid) for r in state.sheet} == {"X1"}
    state = GAME.new(seed=8, options={"players": 2, "odd_card": "remove_AC", "pairing": "colour"})
    assert parse_card("AC") not in {c for h in state.hands for c in h}
    while not state.is_over:
        state = state.apply(state.legal_actions(min(state.to_move))[0], min(state.to_move))
    assert {str(r.old_maid) for r in state.sheet} == {"AS"}


def test_hidden_removed_card_is_never_shown_and_its_rank_leaves_the_old_maid():
    deal = deal_keeping(["7S", "7H 9S 4S", "7C 9H 4H"], dealer=0, odd_card="remove_random_hidden", removed="7D")
    state = GAME.new(deal=deal, options={"players": 3, "odd_card": "remove_random_hidden", "hands": 1})
    assert state.removed == cards("7D")
    view = state.view(0)
    assert "cards" not in view["zones"]["removed"] and view["zones"]["removed"]["count"] == 1
    assert "7D" not in str(view)
    while not state.is_over:
        state = state.apply(state.legal_actions(min(state.to_move))[0], min(state.to_move))
    assert state.sheet[0].old_maid.rank == 7


def test_guard_abandons_a_hand_that_goes_round_without_pairs():
    deal = deal_keeping(["QS 5S 9S", "5H 9H"], dealer=0)
    state = GAME.new(deal=deal, options={"players": 2, "offerer_orders": True, "quiet_draw_limit": 20,
                                         "hands": 1})
    # seat 0 offers the queen in front, seat 1 takes it; and so back and forth
    for _ in range(20):
        offerer, drawer = state.offerer, state.drawer
        queen = parse_card("QS")
        if state.hands[offerer][0] != queen:
            state = state.apply("front QS", offerer)
        state = state.apply("offer", offerer).apply("draw 1", drawer)
    assert state.is_over and state.scores == (0, 0)
    assert state.sheet[0].loser is None and state.score_events() == []


def test_match_of_several_hands_passes_the_deal_left():
    state = GAME.new(seed=3, options={"players": 3, "hands": 4})
    dealers = []
    while not state.is_over:
        state = state.apply(state.legal_actions(min(state.to_move))[0], min(state.to_move))
    dealers = [r.dealer for r in state.sheet]
    assert [(d - dealers[0]) % 3 for d in dealers] == [0, 1, 2, 0]
    assert sum(state.scores) == 4 and state.hands_played == 4


def test_what_a_seat_gave_away_stays_where_it_may_be():
    deal = deal_keeping(["5S QS 4S", "9S", "5H 9H 4H"], dealer=2)
    state = GAME.new(deal=deal, options={"players": 3, "offerer_orders": True, "hands": 1})
    state = state.apply("front 9H", 2).apply("offer", 2).apply("draw 1", 0)    # 9H to seat 0
    assert state.holders_of(2) == {parse_card("9H"): (0,)}
    state = state.apply("front QS", 0).apply("offer", 0).apply("draw 1", 1)    # seat 1 draws one of seat 0's
    assert state.holders_of(2) == {parse_card("9H"): (0, 1)}
    assert state.holders_of(0) == {parse_card("QS"): (1,)}
    for salt in range(20):
        for sampler in (consistent_deal, determinize):
            world = sampler(state, 0, Rng(salt))
            assert parse_card("QS") in world.hands[1]
            world = sampler(state, 2, Rng(salt))
            assert parse_card("9H") in world.hands[0] + world.hands[1]


@pytest.mark.parametrize("deal, message", [
    ("nonsense", "an Old Maid deal is an object"),
    ({"dealer": 5, "hands": []}, "deal.dealer"),
    ({"dealer": 0, "hands": [["AS"]]}, "must list 2 hands"),
    ({"dealer": 0, "hands": [["QC"], []]}, "QC is not in the pack without the queen of clubs"),
    ({"dealer": 0, "hands": [["AS", "AS"], []]}, "AS is dealt twice"),
    ({"dealer": 0, "hands": [["AS"], ["KS"]]}, "has 1 cards; it needs 25"),
    ({"dealer": 0, "hands": [[], []], "removed": "AS"}, "only a face-down removed card"),
    ({"dealer": 0, "hands": [[], []], "stock": []}, "unknown deal field"),
])
def test_malformed_deals_are_refused_with_a_reason(deal, message):
    with pytest.raises(CardsageError, match=message):
        GAME.new(deal=deal, options={"players": 2})


def test_explicit_deal_with_the_hidden_card_left_out():
    deal = deal_keeping(["7S", "7H 9S 4S", "7C 9H 4H"], dealer=0, odd_card="remove_random_hidden", removed="7D")
    del deal["removed"]
    state = GAME.new(deal=deal, options={"players": 3, "odd_card": "remove_random_hidden"})
    assert state.removed == cards("7D")
    with pytest.raises(CardsageError, match="X1 is not in the 52-card pack"):
        GAME.new(deal={"dealer": 0, "hands": [["X1"], [], []]},
                 options={"players": 3, "odd_card": "remove_random_hidden"})
