"""Japanese 51 (Goju Ichi): scenarios from the rule text, played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.japanese_51 import (
    JOKER, MAX_VALUE, MIN_VALUE, MUST_TAKE, PACK, hand_value, hand_winners, joker_value,
)
from solvers.sampling import determinize

GAME = get("japanese-51")
HANDS = ["AS KS 9S 2S 2H", "AH KH QH 3C 4D"]
TABLE = "JS 9H 7C 8D TS"


def value(text: str) -> int:
    return hand_value(tuple(parse_cards(text)))


def deal(hands=HANDS, table=TABLE, dealer=0, **options):
    """A two-player deal (seat 1 on the dealer's left starts); the stock in pack order."""
    used = set(parse_cards(" ".join(hands) + " " + table))
    stock = [str(c) for c in PACK if c not in used]
    return GAME.new(seed=1, deal={"dealer": dealer, "hands": list(hands), "table": table, "stock": stock},
                    options={"players": 2, "match": "single", **options})


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def notations(state):
    return [a.notation for a in state.legal_actions(min(state.to_move))]


# ---------------------------------------------------------------- hand values


def test_the_rule_texts_examples():
    assert value("AH QH 9H 3S 2D") == 11 + 10 + 9 - 3 - 2 == 25
    assert value("QC 7C 9D 5D TH") == 10 + 7 - 9 - 5 - 10 == -7


def test_the_best_and_worst_hands():
    assert value("AS KS QS JS TS") == MAX_VALUE == 51
    assert value("AS AH AD 9C 2C") == MIN_VALUE == -22


def test_the_joker_is_the_best_card_of_the_suit_not_held():
    assert joker_value(tuple(parse_cards("AH KH")), 2) == 10
    assert joker_value(tuple(parse_cards("KH")), 2) == 11
    assert hand_value(tuple(parse_cards("AH KH QH JH")) + (JOKER,)) == 51
    assert hand_value(tuple(parse_cards("AS 2C 3D 4H")) + (JOKER,)) == 11 + 10 - 2 - 3 - 4


def test_a_stopper_loses_a_tie_and_tied_others_all_win():
    assert hand_winners((40, 38, 40), stopper=0) == (2,)
    assert hand_winners((40, 40, 12), stopper=2) == (0, 1)
    assert hand_winners((30, 41, 12), stopper=1) == (1,)
    assert hand_winners((30, 30), stopper=None) == (0, 1)


# ---------------------------------------------------------------- a hand played out


def test_take_put_stop_and_one_more_turn_each():
    state = deal()
    assert state.turn == 1 and "clear" not in notations(state), "no clearing on the first turns"
    state = run(state, "take 9H")
    assert "put 9H" not in notations(state), "the card taken may not be put straight back"
    state = run(state, "put 4D", "continue")
    assert state.value(1) == 11 + 10 + 10 + 9 - 3 == 37
    assert state.turn == 0 and "clear" not in notations(state)
    state = run(state, "take JS", "put 2H", "stop")
    assert state.stopper == 0 and state.value(0) == 42
    assert "clear" in notations(state), "after everyone's first turn the table may be cleared"
    state = run(state, "take TS", "put 3C")
    assert state.is_over and state.hands_played == 1
    record = state.sheet[0]
    assert record.values == (42, 40 - 10) and record.winners == (0,) and record.stopper == 0
    assert state.scores == (1, 0)
    events = state.score_events()
    assert [(e.seats, e.points, e.source) for e in events] == [((0,), 1, "hand won")]
    assert events[0].detail["value"] == 42 and events[0].detail["stopper"]


def test_the_stopper_loses_a_tie_for_the_top():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H", "stop", "take 2H", "put 3C")
    record = state.sheet[0]
    assert record.values == (42, 42) and record.winners == (1,)
    assert state.scores == (0, 1)
    assert state.standings()[0]["seats"] == [1]


def test_a_stop_on_the_first_turn_gives_everyone_else_one_turn():
    state = run(deal(), "take 9H", "put 4D", "stop")
    assert state.turn == 0 and not state.is_over
    state = run(state, "take JS", "put 2H")
    assert state.is_over and state.sheet[0].winners == (0,)


def test_clearing_turns_up_five_new_cards_and_one_must_be_taken():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H", "continue")
    before = state.stock[:5]
    state = run(state, "clear")
    assert state.phase == MUST_TAKE and state.table == before
    assert set(state.aside) == set(parse_cards("7C 8D TS 4D 2H"))
    assert "clear" not in notations(state), "the table is cleared at most once a turn"
    assert all(a.startswith("take ") for a in notations(state))
    state = run(state, f"take {before[0]}", "put 3C", "continue")
    assert len(state.table) == 5 and state.turn == 0


def test_a_short_stock_is_turned_then_the_set_aside_cards_reshuffled():
    state = run(deal(), "take 9H", "put 4D", "continue", "take JS", "put 2H", "continue", "clear",
                "take 2C", "put 3C", "continue")
    # leave two cards in the stock, the rest set aside earlier
    state = replace(state, stock=state.stock[:2], aside=state.aside + state.stock[2:])
    left, aside, table = state.stock, state.aside, state.table
    state = run(state, "clear")
    assert state.table[:2] == left
    assert set(state.table[2:]) | set(state.stock) == set(aside) | set(table)
    assert state.aside == () and state.reshuffled == set(state.stock)
    # a sampled deal keeps the reshuffled stock to the set-aside cards
    other = determinize(state, 1, Rng(3))
    assert set(other.stock) == set(state.stock) and other.stock != ()
    assert set(other.hands[0]) == set(state.hands[0]), "the other unseen cards can only be in the hand"


def test_cards_taken_from_the_table_stay_known_when_dealing_afresh():
    state = run(deal(), "take 9H", "put 4D", "continue")
    for salt in range(5):
        other = determinize(state, 0, Rng(salt))
        assert parse_card("9H") in other.hands[1]
        assert other.hands[0] == state.hands[0] and other.table == state.table


def test_the_round_limit_ends_a_hand_with_no_stopper():
    state = deal(round_limit=2)
    state = run(state, "take 9H", "put 4D", "continue", "take JS", "put 2H", "continue",
                "take 2H", "put 3C", "continue")
    assert not state.is_over
    state = run(state, "take 3C", "put 2S", "continue")
    assert state.is_over and state.sheet[0].stopper is None


def test_a_match_for_wins_rotates_the_deal_and_ends_at_the_target():
    state = GAME.new(seed=4, options={"players": 3, "target": 2})
    bot = GAME.bots()["heuristic"]
    dealers = [state.dealer]
    while not state.is_over:
        seat = min(state.to_move)
        hands = state.hands_played
        state = state.apply(bot(state, seat, Rng(0)), seat)
        if not state.is_over and state.hands_played > hands:
            assert state.dealer == (dealers[-1] + 1) % 3 and state.turn == (state.dealer + 1) % 3
            dealers.append(state.dealer)
    assert max(state.scores) == 2 and sum(state.scores) == sum(len(r.winners) for r in state.sheet)


def test_a_cumulative_match_adds_the_hand_values():
    state = GAME.new(seed=5, options={"players": 2, "match": "cumulative", "hands": 2, "dealer_starts": True})
    assert state.turn == state.dealer
    bot = GAME.bots()["heuristic"]
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(0)), seat)
    assert state.hands_played == 2
    assert list(state.scores) == [sum(r.values[s] for r in state.sheet) for s in (0, 1)]


def test_the_joker_option_uses_53_cards():
    state = GAME.new(seed=2, options={"joker": True})
    cards = [c for z in state.zones().values() for c in z.cards]
    assert len(cards) == 53 and JOKER in cards


# ---------------------------------------------------------------- explicit deals


@pytest.mark.parametrize("bad, words", [
    ({"dealer": 0, "hands": [HANDS[0]]}, "must list 2 hands"),
    ({"dealer": 2, "hands": HANDS}, "dealer"),
    ({"dealer": 0, "hands": [HANDS[0], "AH KH QH 3C"]}, "needs 5"),
    ({"dealer": 0, "hands": [HANDS[0], "AS KH QH 3C 4D"]}, "dealt twice"),
    ({"dealer": 0, "hands": [HANDS[0], "X1 KH QH 3C 4D"]}, "not in the 52-card pack"),
    ({"dealer": 0, "hands": HANDS, "stock": []}, "give the table"),
    ({"dealer": 0, "hands": HANDS, "table": "JS 9H 7C 8D"}, "needs 5"),
    ({"dealer": 0, "hands": HANDS, "table": TABLE, "stock": ["2D"]}, "the stock must hold the"),
    ({"dealer": 0, "hands": HANDS, "pile": []}, "unknown deal field"),
    ("AS KS", "is an object"),
])
def test_malformed_deals_are_refused_with_the_reason(bad, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(seed=1, deal=bad, options={"players": 2})


def test_a_deal_without_table_and_stock_is_completed_from_the_seed():
    state = GAME.new(seed=8, deal={"dealer": 1, "hands": HANDS}, options={"players": 2})
    assert state.hands[0] == tuple(sorted(parse_cards(HANDS[0]), key=lambda c: (c.suit, c.rank)))
    assert len(state.table) == 5 and len(state.stock) == 52 - 15 and state.turn == 0
