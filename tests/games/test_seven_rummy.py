"""Seven Rummy scenarios from the rule text: deals played action by action, with their scores."""

from __future__ import annotations

import pytest

from solvers.cards import parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.game import decode, encode
from solvers.games import get
from solvers.games.seven_rummy import PACK
from solvers.games.seven_rummy_melds import card_count, meld_kind

GAME = get("seven-rummy")


def deal(cards, upcard, stock_top="", dealer=None, **options):
    """An explicit deal: ``stock_top`` first, then the rest of the pack in pack order."""
    hands = cards
    players = len(hands)
    options.setdefault("players", players)
    taken = set(parse_cards(" ".join(hands).split() + [upcard] + stock_top.split()))
    rest = [str(c) for c in PACK if c not in taken]
    return GAME.new(deal={"dealer": players - 1 if dealer is None else dealer, "hands": list(hands),
                          "upcard": upcard, "stock": stock_top.split() + rest}, options=options)


def run(state, *moves):
    """Apply ``(seat, action)`` pairs, or actions of the single seat to move."""
    for move in moves:
        seat, action = move if isinstance(move, tuple) else (None, move)
        state = state.apply(action, seat)
    return state


def test_card_counts():
    assert [card_count(c) for c in parse_cards("7H KS QD JC TH 9C AS".split())] == [20, 10, 10, 10, 10, 9, 1]


def test_short_melds_with_a_seven():
    kinds = {text: meld_kind(parse_cards(text.split())) for text in
             ("7H", "7H 7S", "6H 7H", "7H 8H", "6H 7S", "8H 9H", "5H 5S", "5H 5S 5D", "QH KH AH", "AH 2H 3H")}
    assert kinds == {"7H": "seven", "7H 7S": "set", "6H 7H": "sequence", "7H 8H": "sequence", "6H 7S": None,
                     "8H 9H": None, "5H 5S": None, "5H 5S 5D": "set", "QH KH AH": None, "AH 2H 3H": "sequence"}


def test_double_for_melding_everything_in_the_going_out_turn():
    # seat 0 holds six cards that meld after the draw and one to discard
    state = deal(["7H 8H 5C 5D 5S 2C 6H", "KS QS 7C 3D 4D 9C AS"], "TC", stock_top="9H", match="hands", hands=1)
    state = run(state, "draw", "meld 6H 7H 8H 9H", "meld 5S 5C 5D", "discard 2C")
    assert state.is_over
    record = state.sheet[0]
    others = 10 + 10 + 20 + 3 + 4 + 9 + 1
    assert record.winner == 0 and record.doubled and record.counts[1] == others
    assert record.points == (2 * others, 0) and state.scores == (2 * others, 0)
    events = state.score_events()
    assert len(events) == 1 and events[0].points == 2 * others and "doubled" in events[0].source


def test_no_double_after_an_earlier_meld_and_with_the_option_off():
    for double in (True, False):
        state = deal(["7H 5C 5D 5S 2H 3H KD", "KS QS 7C 3D 4D 9C AS"], "TC", stock_top="JC 9D 4H",
                     match="hands", hands=1, one_turn_double=double)
        state = run(state, "draw", "meld 7H", "discard KD")        # seat 0 melds a lone 7
        state = run(state, "draw", "discard 9C", "pass")            # seat 0 passes the claim
        state = run(state, "draw", "meld 5S 5C 5D", "meld 2H 3H 4H", "discard JC")
        assert state.is_over and state.sheet[0].winner == 0 and not state.sheet[0].doubled
        assert state.scores == (57, 0)
    state = deal(["7H 8H 5C 5D 5S 2C 6H", "KS QS 7C 3D 4D 9C AS"], "TC", stock_top="9H", match="hands",
                 hands=1, one_turn_double=False)
    state = run(state, "draw", "meld 6H 7H 8H 9H", "meld 5S 5C 5D", "discard 2C")
    assert state.scores == (57, 0)


def test_lone_seven_grows_into_a_set_or_a_sequence_and_nothing_else():
    state = deal(["7H 5C 5D 5S 2C 3H KD", "KS QS 7C 3D 4D 6H AS"], "TC", stock_top="JC 9D")
    state = run(state, "draw", "meld 7H", "discard KD", "draw")
    legal = {a.notation for a in state.legal_actions(1)}
    assert "layoff 7C 0 0" in legal and "layoff 6H 0 0" in legal and "layoff AS 0 0" not in legal
    grown = run(state, "layoff 6H 0 0")
    assert grown.melds[0][0] == tuple(parse_cards("6H 7H".split()))
    # a sequence 6-7 no longer takes a 7 of another suit
    assert "layoff 7C 0 0" not in {a.notation for a in grown.legal_actions(1)}
    with pytest.raises(IllegalAction):
        grown.apply("layoff AS 0 0", 1)


def test_set_claim_out_of_turn_skips_players():
    # three players; seat 0 discards 9C, seat 2 claims it for 9S 9D 9C: seat 1 loses its turn
    state = deal(["2H 3H 9C KD QC 4S 5S", "KS QS 7C 3D 4D 6H AS", "9S 9D JH JS 2D 3C 4C"], "TC",
                 stock_top="8C 8S 8D 2S 3S")
    state = run(state, "draw", "discard 8C")                 # nobody else has drawn: no window
    assert state.phase == "draw" and state.turn == 1
    state = run(state, "draw", "discard 8S", "pass")         # seat 0 answers; seat 2 has not drawn
    state = run(state, "draw", "discard 8D")                 # seat 2
    state = run(state, (0, "pass"), (1, "pass"))
    assert state.turn == 0
    state = run(state, "draw", "discard 9C")
    assert state.to_move == frozenset({1, 2})
    assert {a.notation for a in state.legal_actions(2)} == {"pass", "pon 9D 9S"}
    state = run(state, (2, "pon 9S 9D"), (1, "pass"))
    assert state.turn == 2 and state.phase == "meld" and state.melds[2] == (tuple(parse_cards("9C 9D 9S".split())),)
    state = run(state, "discard JH")
    assert state.to_move == frozenset({0, 1})
    state = run(state, (0, "pass"), (1, "pass"))
    assert state.turn == 0, "play goes on to the claimer's left: seat 1 was skipped"


def test_nearest_set_claimer_wins_and_a_set_claim_beats_the_sequence_claim():
    # seat 0 discards 7D: seat 1 (next) could take it for 6D-7D, seat 2 for a pair of 7s
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 9S 9H 2S 3S 4H 5H", "7C 8C 9C JH JS JD 2D"], "TC",
                 stock_top="AS AH AD TS TD TH")
    state = run(state, "draw", "discard AS", "draw", "discard AH", "pass", "draw", "discard AD", (0, "pass"),
                (1, "pass"))
    state = run(state, "draw", "discard 7D")
    assert {a.notation for a in state.legal_actions(2)} == {"pass", "pon 7C"}
    state = run(state, (1, "pass"), (2, "pon 7C"))
    assert state.turn == 2 and state.melds[2] == (tuple(parse_cards("7C 7D".split())),)
    # without the pair-of-sevens claim only seat 1 could take it, by sequence on its turn
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 9S 9H 2S 3S 4H 5H", "7C 8C 9C JH JS JD 2D"], "TC",
                 stock_top="AS AH AD TS TD TH", pair_of_sevens_claim=False)
    state = run(state, "draw", "discard AS", "draw", "discard AH", "pass", "draw", "discard AD", (0, "pass"),
                (1, "pass"))
    state = run(state, "draw", "discard 7D", (1, "pass"), (2, "pass"))
    assert state.turn == 1 and "chi 6D" in {a.notation for a in state.legal_actions(1)}
    state = run(state, "chi 6D")
    assert state.melds[1] == (tuple(parse_cards("6D 7D".split())),) and state.phase == "meld"


def test_the_public_record_of_who_discarded_passed_drew_past_and_took_each_card():
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 9S 9H 2S 3S 4H 5H", "7C 8C 9C JH JS JD 2D"], "TC",
                 stock_top="AS AH AD TS TD TH 5C", pair_of_sevens_claim=False)
    state = run(state, "draw", "discard AS", "draw", "discard AH", "pass", "draw", "discard AD", (0, "pass"),
                (1, "pass"))
    state = run(state, "draw", "discard 7D", (1, "pass"), (2, "pass"), "chi 6D", "discard 9S", (2, "pass"))
    state = run(state, (0, "pass"), "draw", "discard JH", (0, "pass"), (1, "pass"))
    seen = [(d.seat, str(d.card), d.passed, d.drew_instead, d.taken_by) for d in state.discards_seen]
    assert seen == [(0, "AS", (), None, None), (1, "AH", (0,), None, None), (2, "AD", (0, 1), 0, None),
                    (0, "7D", (1, 2), None, 1), (1, "9S", (2, 0), 2, None), (2, "JH", (0, 1), None, None)]
    public = state.view(1)["public"]["discards_seen"]
    assert public[3] == {"seat": 0, "card": "7D", "passed": [1, 2], "drew_instead": None, "taken_by": 1}
    assert decode(encode(state)) == state


def test_sequence_claim_needs_an_earlier_stock_draw():
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 8D 9H 2S 3S 4H 5H"], "TC", stock_top="AS AH")
    state = run(state, "discard 7D" if False else "draw", "discard 7D")
    assert state.turn == 1 and [a.notation for a in state.legal_actions(1)] == ["draw"]


def test_stock_runs_out_reshuffle_then_the_hand_ends_without_a_winner():
    state = deal(["2H 3H 4S KD QC JC 9D", "6D 8D 9H 2S 3S 4H 5H"], "TC", match="hands", hands=1, reshuffles=1)
    state = state.__class__(**{**state.__dict__, "stock": state.stock[:1]})
    state = run(state, "draw", "discard 9D")
    assert not state.stock
    state = run(state, "draw")                  # the discards but the top make the new stock
    assert state.reshuffled == 1 and state.discard == tuple(parse_cards(["9D"])) and not state.stock
    assert "TC" in {str(c) for c in state.hands[1]}
    state = run(state, "discard 9H", "pass", "draw")
    assert state.is_over and state.sheet[0].winner is None and state.scores == (0, 0)
    assert state.score_events() == []


def test_match_to_a_target_rotates_the_deal():
    state = GAME.new(seed=4, options={"players": 3, "target": 30})
    first = state.dealer
    assert state.turn == (first + 1) % 3
    bots = GAME.bots()
    from solvers.cards import Rng
    rng = Rng(1)
    dealers = [first]
    while not state.is_over:
        seat = min(state.to_move)
        before = state.hands_played
        state = state.apply(bots["heuristic"](state, seat, rng), seat)
        if state.hands_played > before and not state.is_over:
            dealers.append(state.dealer)
    assert dealers == [(first + i) % 3 for i in range(len(dealers))]
    assert max(state.scores) >= 30 or len(state.sheet) == 50
    assert state.standings()[0]["score"] == max(state.scores)


@pytest.mark.parametrize("bad, words", [
    ({"dealer": 0, "hands": ["7H 8H", "KS"]}, "hand 0 has 2 cards"),
    ({"dealer": 0, "hands": ["7H 8H 9H 5C 5D KS 2C", "7H AS AD AH 3C 4C JD"]}, "dealt twice"),
    ({"dealer": 5, "hands": []}, "deal.dealer"),
    ({"dealer": 0, "hands": ["7H 8H 9H 5C 5D KS 2C", "6H AS AD AH 3C 4C JD"], "stock": ["2D"]}, "upcard"),
    ({"dealer": 0, "hands": ["7H 8H 9H 5C 5D KS 2C", "6H AS AD AH 3C 4C JD"], "upcard": "5S",
      "stock": ["2D"]}, "missing"),
    ({"dealer": 0, "hands": ["7H 8H 9H 5C 5D KS X1", "6H AS AD AH 3C 4C JD"]}, "not in the 52-card pack"),
    ({"dealer": 0, "hands": ["7H 8H 9H 5C 5D KS 2C", "6H AS AD AH 3C 4C JD"], "extra": 1}, "unknown deal field"),
    ("7H", "a Seven Rummy deal"),
])
def test_malformed_deals_are_refused_with_the_reason(bad, words):
    with pytest.raises(CardsageError) as err:
        GAME.new(deal=bad, options={"players": 2})
    assert words in str(err.value)
