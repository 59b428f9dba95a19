"""James Bond hints: every kind of decision, honest, with a reason."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.game import Action
from solvers.sampling import determinize
from tests.games.test_james_bond import near_finished_deal

GAME = games.get("james-bond")


def hint(state, seat):
    return GAME.hint(state, seat, rng=Rng(1), iterations=4)


def test_hint_takes_the_card_the_pile_collects():
    state = GAME.new(seed=1, deal=near_finished_deal(), options={"mode": "turns"})
    state = state.apply("pick 6", 0).apply("pass", 1)
    h = hint(state, 0)
    assert h.action == Action("swap", ("KS", "7C"))
    assert "deals of the cards you have not seen" in h.reason and h.method == "sampled"
    assert h.alternatives


def test_hint_says_which_pile_to_pick_up():
    state = GAME.new(seed=3, options={"mode": "turns"})
    seat = min(state.to_move)
    h = hint(state, seat)
    assert h.action.kind in ("pick", "claim", "pass")
    assert h.reason


def test_hint_claims_when_every_pile_is_known_to_be_done():
    state = GAME.new(seed=1, deal=near_finished_deal(), options={"mode": "turns", "memory_aid": True})
    state = state.apply("pick 6", 0).apply("pass", 1).apply("swap KS 7C", 0).apply("pass", 1)
    for i in range(1, 6):
        state = state.apply(f"pick {i}", 0).apply("pass", 1)
    h = hint(state, 0)
    assert h.action == Action("claim") and "James Bond" in h.reason


def test_hint_in_the_race_puts_down_or_waits_when_nothing_helps():
    state = GAME.new(seed=1, deal=near_finished_deal()).apply("pick 1", 0)
    h = hint(state, 0)
    assert h.action.kind in ("put_down", "wait", "swap")
    assert h.reason


def test_hint_depends_only_on_what_the_seat_knows():
    state = GAME.new(seed=8)
    rng = Rng(2)
    for _ in range(40):
        seat = min(state.to_move)
        state = state.apply(GAME.bots()["heuristic"](state, seat, rng), seat)
    seat = min(state.to_move)
    other = determinize(state, seat, Rng(5))
    a, b = hint(state, seat), hint(other, seat)
    assert a.action == b.action and a.reason == b.reason and a.alternatives == b.alternatives
