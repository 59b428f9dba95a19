"""Kontsina's hints and bots: captures and lays, honest and reproducible."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.sampling import determinize

GAME = games.get("kontsina")


def new(hands, table, dealer=1, **options):
    return GAME.new(seed=1, deal={"dealer": dealer, "hands": hands, "table": table}, options=options or None)


def test_rule_of_thumb_takes_the_ten_of_diamonds_and_the_hint_weighs_every_move():
    state = new(["TC 2H 3H KH", "5S 6S 7S 8S"], "TD 9C QS JS")
    assert GAME.bots()["heuristic"](state, 0, Rng(1)).notation == "capture TC with TD"
    hint = GAME.hint(state, 0, iterations=6)
    assert hint.method == "sampled" and "deals of the cards you cannot see" in hint.reason
    moves = {hint.action.notation} | {a["action"]["notation"] for a in hint.alternatives}
    assert moves == {a.notation for a in state.legal_actions(0)}


def test_hint_for_a_lay_avoids_giving_away_a_point_card():
    state = new(["2C KH 5H 9D", "5S 6S 7S 8S"], "QS JS QD JD")
    action = GAME.bots()["heuristic"](state, 0, Rng(1))
    assert action.kind == "lay" and action.args[0] != "2C"
    hint = GAME.hint(state, 0, iterations=6)
    assert hint.action.kind == "lay" and hint.evaluation["samples"] == 6


def test_forced_move_says_so():
    state = new(["TC 2H 3H KH", "5S 6S 7S 8S"], "TD 9C QS JS", must_capture=True)
    hint = GAME.hint(state, 0, iterations=2)
    assert hint.action.notation == "capture TC with TD" and hint.reason == "the only legal move"


def test_hint_is_reproducible_and_depends_only_on_what_the_seat_knows():
    state = GAME.new(seed=7)
    seat = state.turn
    first = GAME.hint(state, seat, iterations=4, rng=Rng(3))
    other = determinize(state, seat, Rng(11))
    again = GAME.hint(other, seat, iterations=4, rng=Rng(3))
    assert first.action == again.action and first.alternatives == again.alternatives


def test_heuristic_and_search_bots_play_legal_moves():
    state = GAME.new(seed=2, options={"players": 3})
    bots = GAME.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    for name in ("heuristic", "search"):
        action = bots[name](state, state.turn, Rng(1))
        assert action in state.legal_actions(state.turn)
