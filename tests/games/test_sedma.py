"""Sedma scenarios from the rule text (GAMES.md G11 and its seed), played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers.cards import Rng, parse_cards
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games import get
from solvers.games.sedma import DEAL_POINTS, PACK, card_points, matches, trick_winner
from solvers.sampling import determinize

SEDMA = get("sedma")


def cards(text):
    return tuple(parse_cards(text.split()))


def rest_of_pack(*hands):
    used = {c for h in hands for c in cards(h)}
    return [str(c) for c in PACK if c not in used]


def table(hands, dealer, stock=None, **options):
    """A table with the given hands (seat 0 first); the stock, next card first, defaults to
    the rest of the pack in pack order."""
    n = len(hands)
    deal = {"dealer": dealer, "hands": [h.split() for h in hands],
            "stock": stock if stock is not None else rest_of_pack(*hands)}
    return SEDMA.new(deal=deal, options={"players": n, **options})


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
    return state


def legal(state):
    return [a.notation for a in state.legal_actions(state.turn)]


TWO = ["KS 9S AS TS", "KH 7C 8D QD"]


# ---------------------------------------------------------------- the pack, the deal


def test_the_pack_and_its_ninety_card_points():
    assert len(PACK) == 32 and {c.rank for c in PACK} == set(range(7, 15))
    assert card_points(PACK) == 80 and DEAL_POINTS == 90


def test_four_cards_each_and_the_stock_face_down():
    for players, stock in ((2, 24), (4, 16)):
        state = SEDMA.new(seed=3, options={"players": players})
        assert [len(h) for h in state.hands] == [4] * players and len(state.stock) == stock
        assert state.leader == (state.dealer + 1) % players   # eldest leads
        view = state.view(0)
        assert len(view["zones"]["hand:0"]["cards"]) == 4
        assert "cards" not in view["zones"]["hand:1"] and "cards" not in view["zones"]["stock"]
        assert view["zones"]["stock"]["count"] == stock


def test_an_explicit_deal_is_dealt_as_given():
    state = table(TWO, dealer=1)
    assert state.hands[0] == tuple(sorted(cards(TWO[0]), key=lambda c: (c.rank, c.suit)))
    assert set(state.hands[1]) == set(cards(TWO[1]))
    assert [str(c) for c in state.stock] == rest_of_pack(*TWO)
    assert state.turn == 0


@pytest.mark.parametrize("deal,message", [
    ("nonsense", "a Sedma deal is an object"),
    ({"dealer": 2, "hands": TWO}, "dealer must be a seat from 0 to 1"),
    ({"hands": TWO[:1]}, "must list 2 hands"),
    ({"hands": ["KS 9S AS", "KH 7C 8D QD"]}, "hand 0 has 3 cards"),
    ({"hands": ["KS 9S AS 2S", "KH 7C 8D QD"]}, "2S is not in the 32-card pack"),
    ({"hands": ["KS 9S AS KH", "KH 7C 8D QD"]}, "KH is dealt twice"),
    ({"hands": ["KS 9S AS ZZ", "KH 7C 8D QD"]}, "ZZ"),
    ({"hands": TWO, "stock": ["7S"]}, "the stock must hold the 24 undealt cards"),
    ({"hands": TWO, "stock": ["AS"] + rest_of_pack(*TWO)[1:]}, "AS is dealt twice"),
])
def test_a_malformed_deal_is_refused_with_what_is_wrong(deal, message):
    if isinstance(deal, dict):
        deal = {k: ([h.split() for h in v] if k == "hands" else v) for k, v in deal.items()}
    with pytest.raises(CardsageError, match=message):
        SEDMA.new(deal=deal, options={"players": 2})


def test_without_a_stock_the_undealt_cards_come_from_the_seed():
    a = SEDMA.new(seed=5, deal={"hands": [h.split() for h in TWO]}, options={"players": 2})
    b = SEDMA.new(seed=5, deal={"hands": [h.split() for h in TWO]}, options={"players": 2})
    assert a.stock == b.stock and set(a.stock) == set(cards(" ".join(rest_of_pack(*TWO))))


def test_options_are_checked():
    with pytest.raises(CardsageError, match="players"):
        SEDMA.new(seed=1, options={"players": 3})
    with pytest.raises(CardsageError, match="target"):
        SEDMA.new(seed=1, options={"target": 0})


# ---------------------------------------------------------------- who takes a trick


def test_matching_is_by_rank_or_a_seven():
    k, seven, q = cards("KS 7H QD")
    assert matches(k, k) and matches(seven, k) and not matches(q, k)
    assert matches(seven, seven) and not matches(k, seven)   # a led seven is just a seven
    assert trick_winner([(0, k), (1, q)]) == 0
    assert trick_winner([(0, k), (1, seven), (2, cards("KH")[0]), (3, q)]) == 2   # the last matcher


def test_a_seven_takes_any_led_card_and_its_taker_draws_first_and_leads():
    state = table(TWO, dealer=1)
    stock = state.stock
    state = run(state, "play KS", "play 7C")
    assert state.tricks == (0, 1) and state.leader == 1 and state.turn == 1
    assert set(state.won[1]) == set(cards("KS 7C"))
    assert stock[0] in state.hands[1] and stock[1] in state.hands[0]      # the winner draws first
    assert state.stock == stock[2:] and [len(h) for h in state.hands] == [4, 4]
    assert state.public(None)["last_trick"] == [{"seat": 0, "card": "KS"}, {"seat": 1, "card": "7C"}]


def test_any_card_may_be_played_and_a_card_of_the_led_rank_takes():
    state = table(TWO, dealer=0)          # seat 1 leads
    assert legal(state) == ["play 7C", "play 8D", "play QD", "play KH"]
    state = state.apply("play KH")
    assert sorted(legal(state)) == sorted(f"play {c}" for c in TWO[0].split())   # no duty to follow
    state = state.apply("play KS")
    assert state.leader == 0 and state.tricks == (1, 0)


def test_a_led_seven_is_taken_only_by_a_seven_and_nobody_matching_leaves_it_to_the_leader():
    state = table(TWO, dealer=0)
    state = run(state, "play 7C", "play KS")
    assert state.leader == 1 and state.tricks == (0, 1)
    state = table(TWO, dealer=0)
    state = run(state, "play 8D", "play AS")
    assert state.leader == 1 and state.won[1] and card_points(state.won[1]) == 10


def test_four_players_the_last_matcher_takes_for_the_partnership():
    hands = ["KS 8S 9S JS", "7H 8H 9H JH", "KD 8D 9D JD", "QC 8C 9C JC"]
    state = table(hands, dealer=3)        # seat 0 leads
    state = run(state, "play KS", "play 7H", "play KD", "play QC")
    assert state.leader == 2 and state.tricks == (1, 0)
    assert state.sides() == ((0, 2), (1, 3))
    assert [len(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 12
    state = table(hands, dealer=3)
    state = run(state, "play KS", "play 8H", "play KD", "play QC")
    assert state.leader == 2                # the partner's king is the last matcher
    state = table(hands, dealer=3)
    state = run(state, "play 8S", "play 8H", "play 9D", "play 8C")
    assert state.leader == 3


def test_out_of_turn_and_illegal_plays_change_nothing():
    state = table(TWO, dealer=1)
    before = state.key()
    with pytest.raises(OutOfTurn):
        state.apply("play KH", 1)
    with pytest.raises(IllegalAction):
        state.apply("play KH", 0)
    with pytest.raises(IllegalAction):
        state.apply("stop", 0)              # no continuing without the option
    assert state.key() == before


# ---------------------------------------------------------------- continuing a trick


def test_the_leader_may_continue_with_the_led_rank_or_a_seven_and_the_last_matcher_takes():
    state = table(["KS KD 7S 9S", "KH 8D QD 9D"], dealer=1, continuation=True)
    stock = state.stock
    state = run(state, "play KS", "play KH")
    assert state.deciding and state.turn == 0 and state.winning_seat() == 1
    assert legal(state) == ["play 7S", "play KD", "stop"]
    state = run(state, "play KD")
    assert state.turn == 1 and not state.deciding and state.round == 2
    assert legal(state) == ["play 8D", "play 9D", "play QD"]       # the others play any card
    state = run(state, "play 8D")
    assert state.deciding and legal(state) == ["play 7S", "stop"]
    state = run(state, "stop")
    assert state.leader == 0 and state.tricks == (1, 0) and set(state.won[0]) == set(cards("KS KH KD 8D"))
    # each draws two, one at a time, the winner first
    assert set(stock[0:4:2]) <= set(state.hands[0]) and set(stock[1:4:2]) <= set(state.hands[1])
    assert [len(h) for h in state.hands] == [4, 4]


def test_continuing_can_lose_the_trick_and_a_leader_without_a_match_cannot_continue():
    state = table(["KS KD 9S 8S", "KH 7D QD 9D"], dealer=1, continuation=True)
    state = run(state, "play KS", "play QD")
    assert state.deciding and legal(state) == ["play KD", "stop"]    # even while taking it
    state = run(state, "stop")
    assert state.leader == 0 and state.tricks == (1, 0)
    state = table(["KS KD 9S 8S", "KH 7D QD 9D"], dealer=1, continuation=True)
    state = run(state, "play KS", "play 9D", "play KD", "play 7D")
    # the leader holds no king or seven any more: the trick ends, the seven takes it
    assert not state.deciding and state.leader == 1 and state.tricks == (0, 1)
    assert len(state.won[1]) == 4


def test_four_players_everyone_plays_again_after_a_continuation():
    hands = ["KS 7S 9S JS", "KH 8H 9H JH", "QD 8D 9D JD", "QC 8C 9C JC"]
    state = table(hands, dealer=3, continuation=True)
    state = run(state, "play KS", "play KH", "play QD", "play QC")
    assert state.deciding and state.turn == 0 and state.winning_seat() == 1
    state = run(state, "play 7S")
    assert [state.turn] == [1]
    state = run(state, "play 8H", "play 8D", "play 8C")
    assert not state.deciding                 # no king or seven left: the trick ends
    assert state.leader == 0 and state.tricks == (1, 0) and len(state.won[0]) == 8
    assert [len(h) for h in state.hands] == [4, 4, 4, 4] and len(state.stock) == 8


# ---------------------------------------------------------------- the end of a deal


def endgame(players=2, dealer=1, **options):
    """A deal down to its last trick: seat 0 holds TC, seat 1 holds 9C (four players: the
    others hold 8C and JC); every other card was taken already."""
    base = SEDMA.new(seed=1, options={"players": players, **options})
    last = cards("TC 9C 8C JC")[:players]
    taken = [c for c in PACK if c not in last]
    side0 = [c for c in taken if c.rank == 14] + [c for c in taken if c.rank in (8, 9, 11, 12, 13)]
    side1 = [c for c in taken if c not in side0]
    return replace(base, dealer=dealer, hands=tuple((c,) for c in last), stock=(), leader=0, trick=(),
                   won=(tuple(side0), tuple(side1)), tricks=(10, 5))


def test_the_last_trick_scores_ten_and_fifty_card_points_win_the_deal():
    state = endgame()
    assert state.current_points() == (40, 30)
    state = run(state, "play TC", "play 9C")
    record = state.sheet[0]
    assert record.card_points == (60, 30) and record.last_trick == 0 and record.winner == 0
    assert sum(record.card_points) == DEAL_POINTS
    assert state.games == (1, 0) and state.scores == (1, 0)
    (event,) = state.score_events()
    assert event.seats == (0,) and event.points == 1 and event.detail["card_points"] == 60
    assert event.detail["opponents_card_points"] == 30 and event.detail["last_trick"] is True
    assert [r["score"] for r in state.standings()] == [1, 0]
    assert state.hands_played == 1


def move_to_side_1(state, text):
    """Move taken cards from side 0's pile to side 1's."""
    moved = cards(text)
    return replace(state, won=(tuple(c for c in state.won[0] if c not in moved), state.won[1] + moved))


def test_fifty_card_points_are_enough_and_forty_lose_even_with_the_last_trick():
    state = move_to_side_1(endgame(), "AS")                     # 30 to 40 before the last trick
    state = run(state, "play TC", "play 9C")
    assert state.sheet[0].card_points == (50, 40) and state.sheet[0].winner == 0
    state = move_to_side_1(endgame(), "AS AH")                  # 20 to 50
    state = run(state, "play TC", "play 9C")
    assert state.sheet[0].card_points == (40, 50) and state.sheet[0].winner == 1
    assert state.score_events()[0].seats == (1,) and state.games == (0, 1)


def test_the_loser_deals_the_next_deal_and_a_winner_leads():
    state = run(endgame(dealer=1), "play TC", "play 9C")          # seat 0 won; seat 1 dealt
    assert state.dealer == 1 and state.turn == 0
    state = run(endgame(dealer=0), "play TC", "play 9C")          # the dealer won: the deal passes
    assert state.dealer == 1 and state.turn == 0
    state = run(endgame(dealer=1, loser_deals=False), "play TC", "play 9C")
    assert state.dealer == 0 and state.turn == 1


def test_four_players_the_deal_passes_to_a_loser_left_of_the_dealer():
    # side 0 (seats 0, 2) wins; a dealer of the winning side passes the deal to the left
    state = run(endgame(players=4, dealer=2), "play TC", "play 9C", "play 8C", "play JC")
    assert state.sheet[0].winner == 0 and state.dealer == 3 and state.turn == 0
    # a dealer of the losing side passes it to the partner
    state = run(endgame(players=4, dealer=1), "play TC", "play 9C", "play 8C", "play JC")
    assert state.dealer == 3 and state.turn == 0
    state = run(endgame(players=4, dealer=1, loser_deals=False), "play TC", "play 9C", "play 8C", "play JC")
    assert state.dealer == 2 and state.turn == 3
    assert [len(h) for h in state.hands] == [4] * 4 and len(state.stock) == 16


def test_the_match_ends_when_a_side_reaches_the_target():
    state = replace(endgame(target=3), games=(2, 1))
    state = run(state, "play TC", "play 9C")
    assert state.is_over and state.games == (3, 1) and not state.to_move
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []


def test_a_whole_match_by_the_rules_of_thumb_adds_up():
    for players in (2, 4):
        state = SEDMA.new(seed=11, options={"players": players, "continuation": True})
        bot = SEDMA.bots()["heuristic"]
        while not state.is_over:
            state = state.apply(bot(state, state.turn, Rng(0)), state.turn)
        assert max(state.games) == 5
        assert all(sum(r.card_points) == 90 for r in state.sheet)
        assert len(state.score_events()) == state.hands_played == sum(state.games)


# ---------------------------------------------------------------- what a seat sees


def test_views_hide_other_hands_and_the_stock_and_sampling_keeps_what_is_public():
    state = table(TWO, dealer=1)
    state = run(state, "play KS", "play 7C", "play 8D")
    for seat in (0, 1):
        view = state.view(seat)
        assert "cards" in view["zones"][f"hand:{seat}"] and "cards" not in view["zones"][f"hand:{1 - seat}"]
        assert view["zones"]["trick"]["cards"] == ["8D"]
        sample = determinize(state, seat, Rng(seat))
        assert sample.view(seat) == view and sample.hands[seat] == state.hands[seat]
        assert sample.won == state.won and sample.trick == state.trick
        assert set(sample.hands[1 - seat]) | set(sample.stock) == set(state.hands[1 - seat]) | set(state.stock)
    public = state.view(None)["public"]
    assert public["taking_the_trick"] == 1 and public["led_rank"] == "8" and public["stock"] == 22
    assert public["card_points"] == [0, 0] and public["seat_names"] == ["South", "North"]


def test_the_table_shows_the_current_round_of_a_continued_trick():
    state = table(["KS KD 7S 9S", "KH 8D QD 9D"], dealer=1, continuation=True)
    state = run(state, "play KS", "play KH")
    public = state.view(0)["public"]
    assert [p["card"] for p in public["trick"]] == ["KS", "KH"] and public["trick_round"] == 1
    assert public["leader_deciding"] and public["taking_the_trick"] == 1
    state = run(state, "play KD")
    public = state.view(1)["public"]
    assert [p["card"] for p in public["trick"]] == ["KD"] and public["trick_round"] == 2
    assert [p["card"] for p in public["trick_all_rounds"]] == ["KS", "KH", "KD"]
    assert public["taking_the_trick"] == 0
