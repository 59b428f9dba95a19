"""Red7's rules, played action by action from explicit deals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.game import Action
from solvers.games import get
from solvers.games.red7 import PACK
from solvers.games.red7_rules import BLUE, GREEN, INDIGO, ORANGE, RED, VIOLET, YELLOW, key, qualifying, strength

RED7 = get("red7")

HAND0 = "R2 Y3 G4 I5 V6 O7 B1"
HAND1 = "R6 Y2 G2 I1 V2 O4 B2"


def follows(rule, text):
    return " ".join(str(c) for c in qualifying(rule, parse_cards(text.split())))


def power(rule, text):
    return strength(rule, [key(c) for c in parse_cards(text.split())])


def deal(**options):
    """Seat 0 holds HAND0 with O3 on its palette, seat 1 HAND1 with B6; the deck is in pack order."""
    dealt = set(parse_cards((HAND0 + " " + HAND1 + " O3 B6").split()))
    deck = [str(c) for c in PACK if c not in dealt]
    return RED7.new(seed=4, options=options or None,
                    deal={"dealer": 1, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3", "B6"],
                          "deck": deck})


def run(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


# ------------------------------------------------------------------ the seven rules

def test_red_is_the_highest_card():
    assert follows(RED, "B6 O3 R5") == "B6"


def test_orange_is_most_of_one_number_best_group_by_its_highest_card():
    assert follows(ORANGE, "R2 Y2 O5 B5 V7") == "O5 B5"


def test_yellow_is_most_of_one_colour():
    assert follows(YELLOW, "R1 R2 G7 G3 B7") == "G7 G3"


def test_green_is_even_cards():
    assert follows(GREEN, "R2 B4 O5") == "B4 R2"


def test_blue_is_different_colours_the_highest_of_each():
    assert follows(BLUE, "R1 R5 O2") == "R5 O2"


def test_indigo_is_the_longest_run_with_the_highest_card():
    assert follows(INDIGO, "R1 O2 Y3 G5 B6 I7") == "I7 B6 G5"
    assert follows(INDIGO, "R5 V5 O6") == "O6 R5"


def test_violet_is_cards_below_four():
    assert follows(VIOLET, "R1 O4 Y3") == "Y3 R1"


def test_no_qualifying_card_is_not_winning():
    assert follows(GREEN, "R1 O3") == "" and power(GREEN, "R1 O3") == 0


def test_a_tie_is_broken_by_the_highest_card_within_the_group():
    # two 2s against two 3s: the 3s win, though the other palette holds a 7 outside its group
    assert power(ORANGE, "V3 I3") > power(ORANGE, "R2 Y2 V7")
    # equal counts: number first, then colour
    assert power(RED, "R6") > power(RED, "O6") > power(RED, "R5")


# ------------------------------------------------------------------ the deal and turns

def test_first_player_is_left_of_the_red_leader():
    state = deal()
    assert state.leader() == 1 and state.turn == 0 and state.rule == RED
    assert state.palettes == ((parse_card("O3"),), (parse_card("B6"),))
    assert len(state.deck) == 49 - 16


def test_only_leader_making_turns_are_offered():
    state = deal()
    legal = {a.notation for a in state.legal_actions(0)}
    assert "palette O7" in legal and "palette R2" not in legal and "concede" in legal
    for action in state.legal_actions(0):
        if action.kind != "concede":
            after = state.apply(action)
            assert after.leader() == 0, action


def test_a_round_played_out_with_advanced_scoring_and_draw():
    state = deal()
    state = run(state, "palette O7")                   # seat 0: highest card O7 under Red
    state = run(state, "canvas G2")                    # seat 1: Green, B6 is the only even card
    assert state.rule == GREEN and state.leader() == 1
    assert parse_card("V1") in state.hands[1] and len(state.hands[1]) == 7   # 2 > palette of 1: draws V1
    state = run(state, "canvas Y3")                    # seat 0: Yellow, two oranges beat one blue
    assert parse_card("V3") in state.hands[0]          # 3 > palette of 2: draws V3
    state = run(state, "concede")                      # seat 1 gives up: seat 0 wins the round
    assert state.scores == (10, 0) and state.hands_played == 1
    record = state.sheet[0]
    assert record.winner == 0 and record.rule == YELLOW and [str(c) for c in record.scored] == ["O7", "O3"]
    assert set(state.piles[0]) == set(parse_cards(["O3", "O7"]))
    # the next round: the deal passed left, the scored cards stay out of play
    assert state.dealer == 0 and state.rule == RED and all(state.active)
    assert len(state.deck) == 49 - 2 - 16
    events = state.score_events()
    assert [(e.seats, e.points) for e in events] == [((0,), 10)] and "Yellow" in events[0].source



def test_advanced_draw_off():
    state = run(deal(advanced_draw=False), "palette O7", "canvas G2")
    assert len(state.hands[1]) == 6 and len(state.deck) == 33


def test_round_scoring_counts_rounds():
    state = run(deal(scoring="rounds", rounds_to_win=1), "palette O7", "concede")
    assert state.is_over and state.scores == (1, 0) and state.sheet[0].points == 1
    assert state.standings()[0]["seats"] == [0] and state.standings()[0]["rounds_won"] == 1


def test_the_match_ends_at_the_target():
    state = run(deal(target=10), "palette O7", "canvas G2", "canvas Y3", "concede")
    assert state.is_over and state.scores == (10, 0) and not state.legal_actions(0)


def test_scored_cards_can_return_to_the_deck():
    state = run(deal(scored_cards_leave=False), "palette O7", "concede")
    assert state.piles == ((), ()) and len(state.deck) == 49 - 16


def test_an_empty_hand_can_only_concede():
    state = deal()
    from dataclasses import replace
    state = replace(state, hands=((), state.hands[1]))
    assert [a.notation for a in state.legal_actions(0)] == ["concede"]


def test_three_players_a_player_out_is_skipped():
    state = RED7.new(seed=3, options={"players": 3})
    first = state.turn
    state = state.apply("concede")
    assert not state.active[first] and state.turn == (first + 1) % 3
    state = state.apply("concede")
    assert state.hands_played == 1 and state.sheet[0].winner == (first + 2) % 3


# ------------------------------------------------------------------ explicit deals refused

@pytest.mark.parametrize("bad, words", [
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3", "O3"]}, "twice"),
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()[:6]], "palettes": ["O3", "B6"]}, "needs 7"),
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()[:6] + ["QS"]], "palettes": ["O3", "B6"]},
     "not in the Red7 pack"),
    ({"dealer": 2, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3", "B6"]}, "dealer"),
    ({"dealer": 0, "hands": [HAND0.split()], "palettes": ["O3", "B6"]}, "2 hands"),
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3"]}, "needs 2"),
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3", "B6"], "deck": ["V1"]},
     "the deck"),
    ({"dealer": 0, "hands": [HAND0.split(), HAND1.split()], "palettes": ["O3", "B6"], "pile": []}, "unknown"),
    ("R7", "object"),
])
def test_malformed_deals_are_refused_with_a_reason(bad, words):
    with pytest.raises(CardsageError) as err:
        RED7.new(seed=1, deal=bad)
    assert words in str(err.value)


# ------------------------------------------------------------------ properties

@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), steps=st.integers(0, 60))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_offered_turn_leaves_the_mover_winning_and_no_other_does(seed, players, steps):
    state = RED7.new(seed=seed, options={"players": players})
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions(state.turn)))
    if state.is_over:
        return
    seat = state.turn
    offered = {a.notation for a in state.legal_actions(seat)}
    hand = [str(c) for c in state.hands[seat]]
    every = [Action("palette", (x,)) for x in hand] + [Action("canvas", (y,)) for y in hand] + \
        [Action("both", (x, y)) for x in hand for y in hand if x != y]
    for action in every:
        after = state._apply(action, seat)
        leads = after.hands_played > state.hands_played or after.leader() == seat
        assert (action.notation in offered) == leads, action


def test_no_draw_when_the_canvas_number_is_not_higher_than_the_palette():
    state = run(deal(), "palette O7", "canvas G2")
    deck = len(state.deck)
    state = run(state, "canvas B1")                    # Blue: O7 beats B6; 1 is not above a palette of 2
    assert state.rule == BLUE and len(state.hands[0]) == 5 and len(state.deck) == deck
