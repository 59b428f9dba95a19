"""Trash scenarios from the rule text (GAMES.md G35 and its seed), played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.trash import MAX_HANDS, MAX_TURNS, HandRecord, make_pack
from solvers.sampling import determinize
from tests.conformance.per_game.trash import check

TRASH = get("trash")


def cards(text):
    return tuple(parse_cards(text.split()))


def table(layout0, layout1, stock="", dealer=1, **options):
    """Two layouts (slot 1 first) and the stock's first cards; the rest of the pack follows in
    pack order. Seat 1 deals by default, so seat 0 plays first."""
    options.setdefault("start_slots", len(layout0.split()))
    named = list(cards(layout0)) + list(cards(layout1)) + list(cards(stock))
    rest = [str(c) for c in make_pack(options.get("players", 2)) if c not in set(named)]
    deal = {"dealer": dealer, "layouts": [layout0.split(), layout1.split()], "stock": stock.split() + rest}
    return TRASH.new(deal=deal, options=options)


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
        check(state)
    return state


def up(state, seat):
    return [str(c) if u else "--" for c, u in zip(state.slots[seat], state.face_up[seat])]


# ------------------------------------------------------------------ the deal and the chain


def test_deal_layouts_face_down_and_the_dealers_left_plays_first():
    state = TRASH.new(seed=3)
    assert state.sizes == (10, 10) and len(state.stock) == 32 and state.discard == ()
    assert state.turn == (state.dealer + 1) % 2
    view = state.view(state.turn)
    # nobody sees a face-down slot, its owner included
    assert all("cards" not in z for n, z in view["zones"].items() if n.startswith("slot:"))
    assert view["zones"]["slot:0:6"]["grid"] == [1, 0] and view["zones"]["slot:0:6"]["owner"] == 0


def test_one_pack_per_two_players():
    assert len(make_pack(2)) == 52 and len(make_pack(3)) == len(make_pack(4)) == 104
    assert len(make_pack(5)) == 156 and len(make_pack(8)) == 208
    state = TRASH.new(seed=1, options={"players": 4})
    assert len(state.stock) == 104 - 40


def test_a_placed_card_turns_up_the_next_until_one_cannot_be_placed():
    state = table("3C 2D 9H", "4S 5S 6S", stock="AS")
    state = run(state, "draw")
    # AS in slot 1 turns up 3C -> slot 3 turns up 9H: above three, discarded; turn over
    assert up(state, 0) == ["AS", "--", "3C"]
    assert state.discard == cards("9H") and state.turn == 1 and state.phase == "start"


def test_queens_and_kings_end_the_turn_and_the_next_player_may_take_a_fitting_discard():
    state = table("3C 2D 9H", "4S 5S 6S", stock="KH 2S QD")
    state = run(state, "draw")
    assert state.discard == cards("KH") and state.turn == 1
    assert [a.notation for a in state.legal_actions(1)] == ["draw"]   # a king fits nobody
    state = run(state, "draw")                                        # 2S -> slot 2 turns up 5S
    assert up(state, 1) == ["--", "2S", "--"] and state.discard == cards("KH 5S")
    # seat 0's slot 2 is face down: the 5S does not fit (above three); the draw is forced
    assert [a.notation for a in state.legal_actions(0)] == ["draw"]


def test_taking_the_discard_is_optional_unless_the_option_says_so():
    state = table("3C 5D 9H", "4S 2S 6S", stock="7C 2H")
    state = run(state, "draw")             # 7C discarded by seat 0
    state = run(state, "draw")             # seat 1: 2H into slot 2 turns up 2S: already filled, discarded
    assert state.discard[-1] == parse_card("2S")
    assert [a.notation for a in state.legal_actions(0)] == ["take 2S", "draw"]
    taken = run(state, "take 2S")          # 2S into slot 2 turns up 5D: above three
    assert up(taken, 0) == ["--", "2S", "--"] and taken.discard[-1] == parse_card("5D")
    forced = table("3C 5D 9H", "4S 2S 6S", stock="7C 2H", must_take_fitting_discard=True)
    forced = run(forced, "draw", "draw")
    assert [a.notation for a in forced.legal_actions(0)] == ["take 2S"]
    with pytest.raises(IllegalAction):
        forced.apply("draw")


def test_a_slot_filled_naturally_sends_the_card_to_the_discard():
    state = table("AC 5D 9H", "4S 5S 6S", stock="AS")
    state = run(state, "draw")       # AS -> slot 1 turns up AC: slot 1 is filled, AC discarded
    assert up(state, 0) == ["AS", "--", "--"] and state.discard == cards("AC")


# ------------------------------------------------------------------ jacks


def test_a_jack_goes_on_any_face_down_slot_of_the_players_choice():
    state = table("3C 2D 9H", "4S 5S 6S", stock="JS")
    state = run(state, "draw")
    assert state.phase == "place_jack" and state.card == parse_card("JS")
    assert [a.notation for a in state.legal_actions(0)] == ["jack 1", "jack 2", "jack 3"]
    state = run(state, "jack 2")      # JS in slot 2 turns up 2D: slot 2 holds a jack -> swap offered
    assert up(state, 0) == ["--", "JS", "--"] and state.phase == "offer_swap"
    assert [a.notation for a in state.legal_actions(0)] == ["swap", "discard"]
    swapped = run(state, "swap")      # 2D in slot 2, the jack back in hand: two slots to choose from
    assert up(swapped, 0) == ["--", "2D", "--"] and swapped.phase == "place_jack"
    kept = run(state, "discard")      # keep the jack: 2D discarded, the turn ends
    assert up(kept, 0) == ["--", "JS", "--"] and kept.discard == cards("2D") and kept.turn == 1


def test_a_jack_with_one_face_down_slot_left_goes_there_by_itself_and_wins_the_hand():
    state = table("3C 2D 9H", "4S 5S 6S", stock="AS JD")
    state = run(state, "draw")                 # AS -> 1, 3C -> 3, 9H discarded
    state = run(state, "draw")                 # seat 1: JD
    assert state.phase == "place_jack"
    state = run(state, "jack 1")               # JD on slot 1 turns up 4S: above three, discarded
    state = table("3C 2D JH", "4S 5S 6S", stock="AS")
    state = run(state, "draw")                 # AS -> 1, 3C -> 3, JH: only slot 2 face down
    assert state.hands_played == 1 and state.sheet[0].winner == 0
    assert state.sheet[0].face_up == (3, 0) and state.wins == (1, 0)


def test_the_hand_winner_is_dealt_one_slot_fewer_and_the_deal_passes_left():
    state = table("2D AS", "4S 5S", stock="AC", dealer=1)
    state = run(state, "draw")                 # AC -> 1 turns up 2D -> 2 turns up AS: all face up
    assert state.sheet[0] == HandRecord(1, 0, (2, 2), (2, 0), 1, (1, 0))
    assert state.sizes == (1, 2) and state.dealer == 0 and state.turn == 1
    assert len(state.slots[0]) == 1 and not any(state.face_up[0])
    events = state.score_events()
    assert len(events) == 1 and events[0].seats == (0,) and events[0].points == 1
    assert events[0].source == "completed a 2-slot layout"


def test_a_rank_above_the_layout_ends_the_turn():
    state = table("2D AS", "4S 5S", stock="3C")
    state = run(state, "draw")
    assert state.discard == cards("3C") and not any(state.face_up[0])


def test_completing_a_one_slot_layout_wins_the_match():
    state = table("KD", "QS", stock="JC")
    state = run(state, "draw")                 # the jack goes on the only slot: the match is won
    assert state.is_over and state.winners == (0,) and state.scores == (1, 0)
    assert [r["seats"] for r in state.standings()] == [[0], [1]]
    assert state.standings()[0]["winner"] is True
    ace = run(table("KD", "QS", stock="AH"), "draw")
    assert ace.is_over and ace.winners == (0,)


# ------------------------------------------------------------------ the stock and the guards


def test_an_empty_stock_keeps_the_discard_top_and_reshuffles_the_rest():
    state = table("3C 2D 9H", "4S 5S 6S", stock="KH QD KS")
    state = replace(state, stock=(), discard=state.stock)     # every stock card on the discard pile
    top = state.discard[-1]
    after = run(state, "draw")
    assert after.reshuffles == 1 and after.turn == 1
    assert after.discard[0] == top                            # the old top card stays, first of the new pile
    assert set(after.stock) <= set(state.discard[:-1]) and after.recycled == set(after.stock)
    # cards seen in the discard pile can only lie in the stock: every sample keeps them there
    for salt in range(5):
        other = determinize(after, 0, Rng(salt))
        assert set(other.stock) == set(after.stock)


def test_a_stalled_hand_is_void_after_the_turn_limit():
    state = table("3C 2D 9H", "4S 5S 6S", stock="KH")
    state = replace(state, turns=MAX_TURNS - 1)
    after = run(state, "draw")
    assert after.hands_played == 1 and after.sheet[0].winner is None
    assert after.sizes == (3, 3) and after.wins == (0, 0) and after.score_events() == []


def test_the_match_ends_on_the_smallest_layout_after_the_hand_limit():
    state = table("2D 3H AS", "4S 5S 6S", stock="AC")
    filler = HandRecord(0, None, (3, 3), (0, 0), 1, (0, 0))
    state = replace(state, sheet=(filler,) * (MAX_HANDS - 1))
    state = run(state, "draw")           # seat 0 wins the last hand allowed: its layout is the smaller
    assert state.is_over and state.winners == (0,) and state.sizes == (2, 3)


# ------------------------------------------------------------------ explicit deals


@pytest.mark.parametrize("deal, words", [
    ({"dealer": 0, "layouts": [["AS"] * 10, ["2S"] * 10]}, "dealt twice"),
    ({"dealer": 0, "layouts": [["AS", "2S"], ["3S"]]}, "layout 1 has 1 cards"),
    ({"dealer": 0, "layouts": [["AS"]]}, "must list 2 layouts"),
    ({"dealer": 5, "layouts": []}, "deal.dealer"),
    ({"dealer": 0, "layouts": [["AS", "ZZ"], ["3S", "4S"]]}, ""),
    ({"dealer": 0, "layouts": [["AS", "2S"], ["3S", "4S"]], "hands": []}, "unknown deal field"),
    ({"dealer": 0, "layouts": [["AS", "2S"], ["3S", "4S"]], "stock": ["5S"]}, "missing"),
    ("AS 2S", "a Trash deal is an object"),
])
def test_malformed_deals_are_refused_with_a_reason(deal, words):
    with pytest.raises(CardsageError) as err:
        TRASH.new(deal=deal, options={"start_slots": 2})
    assert words in str(err.value)


def test_an_explicit_deal_without_a_stock_shuffles_the_rest_from_the_seed():
    deal = {"dealer": 0, "layouts": [["AS", "2S"], ["3S", "4S"]]}
    a = TRASH.new(deal=deal, seed=1, options={"start_slots": 2})
    b = TRASH.new(deal=deal, seed=1, options={"start_slots": 2})
    assert a.key() == b.key() and a.slots == (cards("AS 2S"), cards("3S 4S")) and len(a.stock) == 48
    two = TRASH.new(deal={"dealer": 2, "layouts": [["AS#1"], ["AS#2"], ["KD#1"]]},
                    options={"players": 3, "start_slots": 1})
    assert two.turn == 0 and len(two.stock) == 101


def test_whole_matches_with_every_player_count_end():
    for players in (2, 4, 7):
        state = TRASH.new(seed=players, options={"players": players, "start_slots": 2})
        bot = TRASH.bots()["heuristic"]
        while not state.is_over:
            seat = min(state.to_move)
            state = state.apply(bot(state, seat, Rng(0)), seat)
            check(state)
        assert max(state.scores) == 2 and len(state.winners) == 1
