"""Score events played action by action: Twenty-Four, Klondike and Forty Thieves.

(Whist's are in tests/games/test_whist.py.) Each scenario checks the events' sources
and points in the rule text's words, and the standings.
"""

from __future__ import annotations

from solvers import games
from solvers.cards import parse_card
from solvers.games.twentyfour import number_pack

TWENTYFOUR = games.get("twentyfour")
KLONDIKE = games.get("klondike")
FORTY = games.get("forty-thieves")


def _events(state):
    return [(e.hand, e.seats, e.points, e.source, dict(e.detail)) for e in state.score_events()]


def _stacks(*tops: str, players: int) -> dict:
    """Explicit stacks: the given top cards first, the rest of the pack shared out after them."""
    named = [[parse_card(c) for c in top.split()] for top in tops]
    used = {c for top in named for c in top}
    rest = [c for c in number_pack() if c not in used]
    stacks = []
    for top in named:
        need = 40 // players - len(top)
        stacks.append([str(c) for c in top] + [str(c) for c in rest[:need]])
        rest = rest[need:]
    return {"stacks": stacks}


def _wrong(values) -> str:
    """An expression over the board's four values that does not make 24."""
    for op in "+*-":
        text = op.join(str(v) for v in sorted(values, reverse=True))
        if eval(text) != 24:  # plain integers: no division
            return text
    raise AssertionError(values)


# ---------------------------------------------------------------- Twenty-Four


def test_twentyfour_two_players_each_set_names_who_took_the_cards_and_the_winner_scores():
    # the seed's example board: 5, 7, 8, 9 -> 8 x 5 - (7 + 9)
    state = TWENTYFOUR.new(deal=_stacks("5S 7S", "8S 9S", players=2))
    assert state.hands_played == 0 and state.score_events() == []
    state = state.apply("slap", 0).apply("answer 8*5-(7+9)", 0)
    assert _events(state) == [
        (1, (1,), 0, "correct solution: the other player takes the four cards", {"cards": 4, "answerer": 0})]
    state = state.apply("slap", 1).apply(f"answer {_wrong(state.values)}", 1)
    assert _events(state)[-1] == (2, (1,), 0, "wrong solution: the slapper takes the four cards",
                                  {"cards": 4, "answerer": 1})
    state = state.apply("slap", 0).apply("pass", 0)
    assert _events(state)[-1] == (3, (0,), 0, "no solution given: the slapper takes the four cards",
                                  {"cards": 4, "answerer": 0})
    assert state.hands_played == 3 and state.scores == (0, 0)
    # seat 1 is left with its last two cards on the table; seat 0 slaps and fails twice
    state = state.with_zones({"stack:0": state.stacks[0] + state.stacks[1], "stack:1": ()})
    state = state.apply("slap", 0).apply("pass", 0)
    assert state.is_over and state.winners == (1,)
    events = _events(state)
    assert events[-2][:4] == (4, (0,), 0, "no solution given: the slapper takes the four cards")
    assert events[-1] == (4, (1,), 1, "first out of cards: the winner", {"cards": 0})
    assert state.standings() == [{"seats": [1], "score": 1, "place": 1}, {"seats": [0], "score": 0, "place": 2}]


def test_twentyfour_four_players_the_odd_one_or_the_bluffer_takes_the_cards():
    state = TWENTYFOUR.new(deal=_stacks("3S", "3H", "8D", "8C", players=4), options={"players": 4})
    state = state.apply("slap", 2).apply("slap", 0).apply("slap", 3)
    right = state.apply("pick 0", 1).apply("answer 8/(3-8/3)", 0)
    assert _events(right) == [(1, (1,), 0, "correct solution: the fourth player takes the four cards",
                               {"cards": 4, "answerer": 0})]
    bluff = state.apply("pick 3", 1).apply("pass", 3)
    assert _events(bluff) == [(1, (3,), 0, "no solution given: the chosen player takes the four cards",
                               {"cards": 4, "answerer": 3})]


def test_twentyfour_four_players_deadline_answer_names_the_next_non_slapper():
    state = TWENTYFOUR.new(deal=_stacks("3S", "3H", "8D", "8C", players=4),
                           options={"players": 4, "no_solution_after_s": 20})
    state = state.apply("slap", 2)
    for seat in (0, 1, 3):
        state = state.apply("wait 20", seat)
    right = state.apply("answer 8/(3-8/3)", 2)
    assert _events(right)[0][:4] == (1, (3,), 0,
                                     "correct solution: the next player who did not slap takes the four cards")
    wrong = state.apply("answer 8+8+3+3", 2)
    assert _events(wrong)[0][:4] == (1, (2,), 0, "wrong solution: the slapper takes the four cards")


def test_twentyfour_collection_the_right_caller_takes_the_cards_a_wrong_call_scores_nothing():
    state = TWENTYFOUR.new(deal=_stacks("3S 3H 4S 6S", "8D 8C 2S 2H", players=2), options={"mode": "collection"})
    state = state.apply("slap", 0).apply("answer 3+3+8+8", 0)
    assert state.score_events() == [], "a wrong call in the collection game only locks the caller out"
    state = state.apply("slap", 1).apply("answer 8/(3-8/3)", 1)
    assert _events(state) == [(1, (1,), 0, "correct solution: the caller takes the four cards",
                               {"cards": 4, "answerer": 1})]
    # seat 0's last two cards are on the table (4, 6 with 2, 2): seat 1 calls right and holds every card
    assert sorted(state.values) == [2, 2, 4, 6]
    state = state.with_zones({"stack:0": (), "stack:1": state.stacks[1] + state.stacks[0]})
    state = state.apply("slap", 1).apply("answer 4*6*2/2", 1)
    assert state.is_over and state.winners == (1,)
    assert _events(state)[-1] == (2, (1,), 1, "only player with cards: has won the game", {"cards": 40})
    assert state.hands_played == 2 and [e.points for e in state.score_events()] == [0, 0, 1]


# ---------------------------------------------------------------- patience


def test_klondike_the_deal_is_one_line_of_cards_on_the_foundations():
    deal = {"tableau": [{"up": ["3S", "2H"]}, {"up": []}],
            "stock": ["AC", "2C", "3C", "AD", "2D", "3D", "AH", "3H", "AS", "2S"], "ranks": 3}
    state = KLONDIKE.new(deal=deal)
    assert _events(state) == [(1, (0,), 0, "cards moved to the foundations", {"cards": 0, "of": 12})]
    assert state.hands_played == 0
    state = state.apply("draw").apply("w f")              # the AC goes up
    assert _events(state) == [(1, (0,), 1, "cards moved to the foundations", {"cards": 1, "of": 12})]
    state = state.apply("undo")
    assert state.score_events()[0].points == 0, "undo takes the card back off the sheet"
    state = state.apply("resign")
    assert state.hands_played == 1
    assert _events(state) == [(1, (0,), 0, "cards moved to the foundations",
                               {"cards": 0, "of": 12, "result": "resigned"})]


def test_klondike_a_won_deal_scores_every_card():
    deal = {"tableau": [{"up": ["AS"]}], "foundations": [["AC"], ["AD"], ["AH"], []], "ranks": 1}
    state = KLONDIKE.new(deal=deal).apply("t1 f")
    assert _events(state) == [(1, (0,), 4, "cards moved to the foundations",
                               {"cards": 4, "of": 4, "result": "won"})]
    assert state.standings() == [{"seats": [0], "score": 4, "place": 1}]


def test_forty_thieves_foundation_moves_are_the_score():
    state = FORTY.new(seed=2)
    moved = 0
    for _ in range(200):
        to_foundation = [a for a in state.legal_actions(0) if a.notation.endswith(" f")]
        action = to_foundation[0] if to_foundation else next(a for a in state.legal_actions(0)
                                                             if a.notation == "draw")
        state = state.apply(action)
        moved += bool(to_foundation)
        if moved >= 2 or state.is_over:
            break
    assert moved >= 1
    (event,) = state.score_events()
    assert (event.hand, event.seats, event.source) == (1, (0,), "cards moved to the foundations")
    assert event.points == state.foundation_count == moved and event.detail["of"] == 104
