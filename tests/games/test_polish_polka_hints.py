"""Polish Polka hints: every decision gets an honest hint with a reason."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.sampling import determinize

from tests.games.test_polish_polka import _started, _play

GAME = games.get("polish-polka")


def _hint(state, seat):
    return GAME.hint(state, seat, rng=Rng(1), iterations=4)


def test_setup_hint_says_plainly_there_is_no_skill():
    state = GAME.new(seed=2)
    hint = GAME.hint(state, state.turn)
    assert hint.action in state.legal_actions(state.turn)
    assert "no skill" in hint.reason and hint.evaluation["kind"] == "no-skill"


def test_every_kind_of_decision_gets_a_sampled_hint_with_a_reason():
    state = _started()
    draw = _hint(state, 1)
    assert draw.action.kind in ("draw", "take") and "where to draw from" in draw.reason
    assert draw.method == "sampled" and len(draw.alternatives) == 1
    placed = _play(state, [(1, "draw")])
    place = _hint(placed, 1)
    assert place.action.kind in ("swap", "discard") and "where the card goes" in place.reason
    assert len(place.alternatives) == 6
    flip = _hint(_play(placed, [(1, "discard X1")]), 1)
    assert flip.action.kind in ("flip", "pass") and "whether to turn a card" in flip.reason


def test_a_hint_depends_only_on_what_the_seat_knows():
    state = _play(_started(), [(1, "draw")])
    first = _hint(state, 1).to_json()
    for salt in (3, 4):
        again = _hint(determinize(state, 1, Rng(salt)), 1).to_json()
        first.get("evaluation", {}).pop("elapsed_s", None)
        again.get("evaluation", {}).pop("elapsed_s", None)
        assert again == first


def test_the_rule_of_thumb_takes_a_discard_that_pairs():
    # seat 1 shows 2S at 11 and 3S at 12; a two on the discard pairs a column
    state = _started()
    state = type(state)(**{**state.__dict__, "discard": state.discard[:-1] + (state.layouts[1][0].__class__.standard(2, 1, 2),)})
    hint = GAME.bots()["heuristic"](state, 1, Rng(0))
    assert hint.kind == "take"


def test_the_search_plays_out_with_exactly_the_rules_of_thumb():
    from solvers.games.polish_polka_search import rollout_bot
    heuristic = GAME.bots()["heuristic"]
    for seed in range(3):
        state = GAME.new(seed=seed)
        while state.hands_played == 0:
            seat = state.turn
            move = heuristic(state, seat, Rng(0))
            assert rollout_bot(state, seat, Rng(0)) == move
            state = state.apply(move, seat)


def test_the_search_always_weighs_the_rule_of_thumb_and_going_out():
    from solvers.games.polish_polka_play import heuristic_choice
    from solvers.games.polish_polka_search import candidates
    state = GAME.new(seed=4)
    while state.hands_played == 0:
        seat = state.turn
        thumb = heuristic_choice(state, seat)[0]
        moves = candidates(state, seat, thumb)
        assert thumb in moves and set(moves) <= set(state.legal_actions(seat))
        down = state.face_down(seat)
        if state.phase == "place" and len(down) == 1:
            assert any(m.kind == "swap" and m.args[0] == ("11", "12", "13", "21", "22", "23")[down[0]]
                       for m in moves)
        state = state.apply(thumb, seat)
