"""Bura scenarios from the rule text (GAMES.md G12 and its seed), played action by action."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.bura_cards import (PACK_POINTS, bura_pack, card_beats, card_points, combination_of,
                                      play_beats)
from solvers.sampling import determinize

BURA = get("bura")

# a two-player deal, diamonds trumps; seat 1 deals, so seat 0 leads
HANDS = [["QS", "7S", "AH"], ["9D", "JS", "KC"]]
TURNED = "6D"


def rest_of(hands, turned, first=()):
    """The stock: ``first`` on top, then the other undealt cards in pack order."""
    used = {parse_card(c) for h in hands for c in h} | {parse_card(turned)}
    top = [parse_card(c) for c in first]
    return [str(c) for c in top] + [str(c) for c in bura_pack() if c not in used and c not in top]


def table(hands=HANDS, turned=TURNED, dealer=1, first=(), **options):
    stock = rest_of(hands, turned, first)
    return BURA.new(deal={"dealer": dealer, "hands": hands, "turned": turned, "stock": stock},
                    options={"players": len(hands), **options})


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
    return state


def legal(state):
    return [a.notation for a in state.legal_actions(state.turn)]


# ---------------------------------------------------------------- cards and beating


def test_pack_order_and_120_points():
    pack = bura_pack()
    assert len(pack) == 36 and card_points(pack) == PACK_POINTS == 120
    assert card_points(parse_cards("AS TS KS QS JS 9S 8S 7S 6S")) == 30
    assert card_beats(parse_card("TS"), parse_card("KS"), 1)      # the ten ranks above the king
    assert not card_beats(parse_card("KS"), parse_card("TS"), 1)
    assert card_beats(parse_card("6D"), parse_card("AS"), 1)      # any trump beats a plain card
    assert not card_beats(parse_card("AH"), parse_card("7S"), 1)  # another plain suit never beats


def test_seed_example_beating_a_two_card_lead():
    # diamonds trumps; A leads QS 7S; B plays 9D JS and beats it; C needs both trumps to beat B
    trump = 1
    lead, b_play = parse_cards("QS 7S"), parse_cards("9D JS")
    assert play_beats(b_play, lead, trump)
    assert play_beats(parse_cards("KD 8D"), b_play, trump)
    assert not play_beats(parse_cards("8D 9S"), b_play, trump)
    assert not play_beats(parse_cards("KD 9S"), b_play, trump)


def test_beating_is_a_matching_not_a_sorted_comparison():
    # AS must take KS and the trump KD the AH: pairing the cards by strength (AS with AH) fails
    trump = 1
    assert play_beats(parse_cards("AS KD"), parse_cards("KS AH"), trump)
    assert not play_beats(parse_cards("AS AH"), parse_cards("KS 6D"), trump)


@given(st.lists(st.sampled_from(bura_pack()), min_size=2, max_size=6, unique=True), st.integers(0, 3))
@settings(max_examples=200, deadline=None)
def test_beating_agrees_with_a_bipartite_matching(cards, trump):
    k = len(cards) // 2
    mine, best = cards[:k], cards[k:2 * k]
    graph = nx.Graph()
    graph.add_nodes_from(("m", i) for i in range(k))
    graph.add_nodes_from(("b", j) for j in range(k))
    graph.add_edges_from((("m", i), ("b", j)) for i, c in enumerate(mine) for j, b in enumerate(best)
                         if card_beats(c, b, trump))
    matching = nx.bipartite.maximum_matching(graph, top_nodes=[("m", i) for i in range(k)])
    assert play_beats(mine, best, trump) == (len(matching) // 2 == k)


def test_combinations_of_a_hand():
    assert combination_of(parse_cards("6D AD 9D"), 1) == "bura"
    assert combination_of(parse_cards("AS AH AC"), 1) == "aces"
    assert combination_of(parse_cards("6S KS 9S"), 1) == "molodka"
    assert combination_of(parse_cards("6S KS 9D"), 1) is None


# ---------------------------------------------------------------- the deal


def test_three_cards_each_trump_turned_and_stock_across_it():
    state = table()
    assert [len(h) for h in state.hands] == [3, 3]
    assert state.trump == 1 and state.turned_in_stock and len(state.stock) == 36 - 7
    view = state.view(0)
    assert view["zones"]["trump_card"]["cards"] == ["6D"]
    assert "cards" not in view["zones"]["stock"] and "cards" not in view["zones"]["hand:1"]
    assert view["public"]["pot"] == 2 and view["public"]["chips"] == [29, 29]


def test_non_dealer_leads_with_two_and_dealers_left_with_more():
    assert table().leader == 0
    three = table(hands=[["QS", "7S", "AH"], ["9D", "JS", "KC"], ["8H", "8C", "6S"]], dealer=0)
    assert three.leader == 1 and three.turn == 2  # the announcement round comes first, from the leader's left


def test_dealing_one_card_at_a_time_from_the_dealers_left():
    state = BURA.new(seed=5)
    # a seeded deal: every card in one place, three in each hand
    cards = [c for z in state.zones().values() for c in z.cards]
    assert sorted(cards) == sorted(bura_pack())


@pytest.mark.parametrize("deal,message", [
    ({"dealer": 0, "hands": [["QS", "7S"], ["9D", "JS", "KC"]], "turned": "6D"}, "hand 0 has 2 cards"),
    ({"dealer": 0, "hands": [["QS", "7S", "QS"], ["9D", "JS", "KC"]], "turned": "6D"}, "QS is dealt twice"),
    ({"dealer": 0, "hands": [["QS", "7S", "2S"], ["9D", "JS", "KC"]], "turned": "6D"}, "2S is not in"),
    ({"dealer": 0, "hands": [["QS", "7S", "AH"], ["9D", "JS", "KC"]], "turned": "XX"}, "XX"),
    ({"dealer": 0, "hands": [["QS", "7S", "AH"], ["9D", "JS", "KC"]]}, "turned"),
    ({"dealer": 0, "hands": [["QS", "7S", "AH"], ["9D", "JS", "KC"]], "turned": "6D", "stock": ["AS"]},
     "missing"),
    ({"dealer": 5, "hands": [["QS", "7S", "AH"], ["9D", "JS", "KC"]], "turned": "6D"}, "dealer"),
    ({"dealer": 0, "hands": [["QS", "7S", "AH"]], "turned": "6D"}, "2 hands"),
    ("not a deal", "a Bura deal is an object"),
])
def test_malformed_deals_are_refused(deal, message):
    with pytest.raises(CardsageError, match=message):
        BURA.new(deal=deal, options={"players": 2})


# ---------------------------------------------------------------- leads, answers and tricks


def test_leads_are_one_card_or_cards_of_one_suit():
    state = run(table(), "pass")           # seat 1 has no combination to announce
    assert set(legal(state)) == {"lead QS", "lead 7S", "lead AH", "lead QS 7S", "claim"}


def test_the_answer_plays_as_many_cards_as_led_any_cards():
    state = run(table(), "pass", "lead QS 7S")
    assert set(legal(state)) == {"play JS 9D", "play JS KC", "play 9D KC", "claim"}
    with pytest.raises(IllegalAction):
        state.apply("play JS")


def test_a_beating_answer_takes_the_trick_and_draws_first():
    state = run(table(first=["AS", "TS", "KS", "QH"]), "pass", "lead QS 7S", "play 9D JS")
    assert state.won[1] == tuple(parse_cards("QS 7S JS 9D"))
    assert state.points_of(1) == 3 + 2
    # the winner draws first: seat 1 takes AS, seat 0 TS, then seat 1 KS, seat 0 QH
    assert parse_card("AS") in state.hands[1] and parse_card("KS") in state.hands[1]
    assert parse_card("TS") in state.hands[0] and parse_card("QH") in state.hands[0]
    assert state.leader == 1


def test_an_answer_that_does_not_beat_leaves_the_trick_to_the_leader():
    state = run(table(), "pass", "lead QS 7S", "play 9D KC")  # KC cannot beat 7S
    assert len(state.won[0]) == 4 and state.leader == 0


def test_order_of_cards_in_an_action_does_not_matter():
    state = run(table(), "pass")
    assert state.apply("lead 7s qs").trick == state.apply("lead QS 7S").trick


def test_drawing_stops_when_a_round_cannot_go_round_and_the_turned_card_comes_last():
    # five players: 15 dealt, one turned, 20 in the stock above it: 21 cards for rounds of five
    hands = [["AS", "KS", "QS"], ["AH", "KH", "QH"], ["AC", "KC", "QC"], ["JS", "TS", "9S"], ["JH", "TH", "9H"]]
    state = table(hands=hands, turned="6D", dealer=4, combinations=False)
    assert len(state.stock) + 1 == 21
    rng = Rng(3)
    while state.phase != "last":
        seat = state.turn
        actions = [a for a in state.legal_actions(seat) if a.kind != "claim"]
        state = state.apply(rng.choice(actions), seat)
    assert not state.stock and state.turned_in_stock     # the turned card could not go round
    assert sum(len(w) for w in state.won) == 35
    state = state.apply("pass")
    assert state.sheet[-1].ending == "no claim"
    assert state.sheet[-1].unplayed_points + sum(state.sheet[-1].trick_points) == 120


# ---------------------------------------------------------------- claims and stakes


def test_a_true_claim_takes_the_pot_and_the_claimer_deals_next():
    hands = [["AS", "TS", "KS"], ["6S", "7S", "8S"]]   # seat 0: 25 points in spades
    state = table(hands=hands, turned="6D", first=["AH", "7H", "9C", "8C", "TC", "AC"])
    state = run(state, "pass", "lead AS TS KS", "play 8S 7S 6S")
    assert state.points_of(0) == 25
    # seat 0 drew AH 9C TC; seat 1 7H 8C AC; no combination: lead AH, seat 1 throws
    state = run(state, "pass", "lead AH", "play 7H")
    assert state.points_of(0) == 36
    state = run(state, "pass", "claim")
    record = state.sheet[-1]
    assert record.ending == "claim" and record.claimer == 0 and record.payments == (2, 0)
    assert state.dealer == 0 and state.pot == 2 and state.chips == (30, 28)   # after the next antes
    assert state.scores == (0, -2)
    assert [(e.seats, e.points, e.source) for e in state.score_events() if e.hand == 1] == [
        ((0,), -1, "ante into the pot"), ((1,), -1, "ante into the pot"),
        ((0,), 2, "took the pot with a true claim of 31")]


def test_a_false_claim_doubles_the_pot_which_carries_over_without_antes():
    state = table()
    state = state.apply("claim", 1)          # seat 1 claims in the announcement round with nothing
    record = state.sheet[-1]
    assert record.ending == "false claim" and record.payments == (0, -2)
    assert state.pot == 4 and state.chips == (29, 27) and state.antes == (0, 0)
    assert state.dealer == 1                  # the claimer deals next
    assert [e.source for e in state.score_events() if e.hand == 2] == []


def test_no_claim_throws_in_and_the_same_dealer_deals_again_with_new_antes():
    state = table(combinations=False)
    rng = Rng(1)
    while state.hands_played == 0:
        actions = [a for a in state.legal_actions(state.turn) if a.kind != "claim"]
        state = state.apply(rng.choice(actions), state.turn) if actions else state.apply("pass")
    record = state.sheet[-1]
    assert record.ending == "no claim" and record.payments == (0, 0)
    assert state.dealer == 1 and state.pot == 4 and state.chips == (28, 28)


def test_after_the_last_trick_its_winner_may_still_claim():
    state = table(combinations=False)
    rng = Rng(2)
    while not (state.phase == "last"):
        actions = [a for a in state.legal_actions(state.turn) if a.kind != "claim"]
        state = state.apply(rng.choice(actions), state.turn)
    assert state.turn == state.last_winner and legal(state) == ["claim", "pass"]
    after = state.apply("claim")
    points = state.points_of(state.last_winner)
    assert after.sheet[-1].ending == ("claim" if points >= 31 else "false claim")


def test_the_match_ends_when_a_player_cannot_ante_and_the_pot_is_shared():
    state = table(start_chips=2)              # each antes 1 and keeps 1
    state = state.apply("claim", 1)           # false: seat 1 puts its last chip in (pot 3)
    assert state.is_over and state.final_share == (2, 1)
    assert state.chips == (3, 1) and sum(state.chips) == 4
    assert sum(e.points for e in state.score_events() if e.seats == (0,)) == state.scores[0] == 1


def test_a_fixed_number_of_deals():
    state = table(deals=1)
    state = state.apply("claim", 1)
    assert state.is_over and state.hands_played == 1


# ---------------------------------------------------------------- special combinations


def test_molodka_takes_the_lead_from_the_leader():
    hands = [["QS", "7S", "AH"], ["KC", "9C", "6C"]]
    state = table(hands=hands)
    assert "announce molodka" in legal(state)
    state = state.apply("announce molodka")
    # the leader cannot outrank it and lets seat 1 lead its clubs
    assert legal(state) == ["pass", "claim"]
    assert state.view(0)["public"]["known_cards"] == {"1": ["KC", "9C", "6C"]}
    state = state.apply("pass")
    assert state.trick == ((1, tuple(parse_cards("KC 9C 6C"))),) and state.turn == 0


def test_the_leader_keeps_the_lead_with_an_equal_combination():
    hands = [["QS", "7S", "8S"], ["KC", "9C", "6C"]]
    state = run(table(hands=hands), "announce molodka")
    assert "lead QS 8S 7S" in legal(state)
    state = state.apply("lead QS 8S 7S")
    assert state.trick_leader == 0 and state.turn == 1


def test_three_aces_outrank_molodka_and_lead_together():
    hands = [["AS", "AH", "AC"], ["KC", "9C", "6C"], ["8H", "7H", "6H"]]
    state = table(hands=hands, dealer=2)      # seat 0 leads; seats 1 and 2 are asked first
    state = state.apply("announce molodka")
    assert "announce molodka" not in legal(state)   # a later equal announcement cannot take the lead
    state = state.apply("pass")
    assert "lead AS AH AC" in legal(state)
    state = state.apply("lead AS AH AC")
    assert state.led_count == 3


def test_a_bura_wins_the_pot_at_once():
    hands = [["QS", "7S", "AH"], ["9D", "AD", "KD"]]
    state = run(table(hands=hands), "announce bura", "pass")
    record = state.sheet[-1]
    assert record.ending == "bura" and record.claimer == 1 and record.payments == (0, 2)
    assert state.dealer == 1
    assert any(e.source == "took the pot with a Bura" for e in state.score_events())


def test_several_buras_are_played_as_one_trick():
    hands = [["AD", "TD", "6D"], ["9D", "QD", "KD"]]
    state = table(hands=hands, turned="7D")
    state = state.apply("announce bura")      # seat 1
    assert "announce bura" in legal(state)    # the leader holds one too
    state = state.apply("announce bura")
    # the leader's A 10 6 come first; K Q 9 cannot beat the ace and the ten, so the leader takes the pot
    assert state.sheet[-1].ending == "bura" and state.sheet[-1].claimer == 0


# ---------------------------------------------------------------- what the card sampling keeps


def test_sampling_keeps_announced_cards_and_the_drawn_trump_card_in_place():
    state = table(hands=[["QS", "7S", "AH"], ["KC", "9C", "6C"]]).apply("announce molodka")
    for salt in range(5):
        other = determinize(state, 0, Rng(salt))
        assert set(other.hands[1]) == set(parse_cards("KC 9C 6C"))
    state = table(combinations=False)
    rng = Rng(7)
    while state.turned_in_stock:
        actions = [a for a in state.legal_actions(state.turn) if a.kind != "claim"]
        state = state.apply(rng.choice(actions), state.turn)
    holder = state.turned_to
    if state.turned in state.hands[holder]:
        watcher = 1 - holder
        for salt in range(5):
            assert state.turned in determinize(state, watcher, Rng(salt)).hands[holder]
    assert state.view(0)["public"]["turned_card_drawn_by"] == holder
