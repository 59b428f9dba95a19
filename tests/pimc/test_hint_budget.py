"""Timed hints of Troefcall, Kop, Whist 22 and Mätäpesä weigh deals until their budget,
not to a cap.

A clock that advances a fixed step each time it is read stands in for the real one, so
the number of deals a timed hint weighs does not depend on the machine's load.
"""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng
from solvers.games import kop_bot, matapesa_search, troefcall_bot, whist_22_search


class StepClock:
    """A ``time`` stand-in whose ``perf_counter`` advances ``step`` seconds a reading."""

    def __init__(self, step: float):
        self.step = step
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _late_card_decision(name: str, seed: int, cards_left: int):
    """The first card decision with a choice once hands hold ``cards_left`` cards or fewer."""
    game = games.get(name)
    state = game.new(seed=seed)
    bot = game.bots()["heuristic"]
    rng = Rng(seed)
    for _ in range(500):
        seat = min(state.to_move)
        if (getattr(state, "phase", "play") == "play" and max(len(h) for h in state.hands) <= cards_left
                and len(state.legal_actions(seat)) > 1):
            return game, state, seat
        state = state.apply(bot(state, seat, rng), seat)
    raise AssertionError("no decision reached")


def test_troefcall_timed_card_hint_weighs_deals_until_its_budget(monkeypatch):
    game, state, seat = _late_card_decision("troefcall", 1, 3)
    monkeypatch.setattr(troefcall_bot, "time", StepClock(0.01))
    hint = game.hint(state, seat, 1.0, rng=Rng(0))
    # the clock reads once a deal: the budget's share holds about 93 steps of 10 ms
    # (the count for a hint without a budget is 16, and was capped at 32)
    assert 85 <= hint.evaluation["samples"] <= 95


def test_troefcall_hint_with_a_count_is_unchanged():
    game, state, seat = _late_card_decision("troefcall", 1, 3)
    fixed = game.hint(state, seat, None, rng=Rng(3), iterations=12)
    again = troefcall_bot.card_hint(state, seat, 12, Rng(3), None)
    assert fixed.evaluation["samples"] == 12 and fixed.to_json() == again.to_json()


def test_kop_timed_hint_weighs_deals_until_its_budget(monkeypatch):
    game, state, seat = _late_card_decision("kop", 2, 3)
    monkeypatch.setattr(kop_bot, "time", StepClock(0.001))
    hint = game.hint(state, seat, 0.6, rng=Rng(0))
    # a reading a deal and a few around it: 0.6 * 0.95 - 0.005 is 565 steps (the cap was 400)
    assert 550 <= hint.evaluation["samples"] <= 565


def test_whist_22_timed_hint_weighs_deals_until_its_budget(monkeypatch):
    game, state, seat = _late_card_decision("whist-22", 0, 2)
    monkeypatch.setattr(whist_22_search, "time", StepClock(0.002))
    hint = game.hint(state, seat, 1.0, rng=Rng(0))
    # a reading a deal: 500 steps of 2 ms (the cap was 400)
    assert 490 <= hint.evaluation["samples"] <= 500


def test_matapesa_timed_hint_weighs_deals_until_its_budget(monkeypatch):
    game = games.get("matapesa")
    state = game.new(seed=0)
    seat = min(state.to_move)
    assert not matapesa_search.in_ending(state, seat) and len(matapesa_search.candidates(state, seat)) > 1
    monkeypatch.setattr(matapesa_search, "time", StepClock(0.0002))
    hint = game.hint(state, seat, 1.0, rng=Rng(0))
    # 0.9 of the budget less 2 ms is 4490 steps (the cap was 4000)
    assert 4480 <= hint.evaluation["samples"] <= 4490


def test_troefcall_timed_trump_hint_weighs_deals_until_its_budget(monkeypatch):
    game = games.get("troefcall")
    state = game.new(seed=2)
    seat = min(state.to_move)
    assert state.phase == "call"
    monkeypatch.setattr(troefcall_bot, "time", StepClock(0.05))
    hint = game.hint(state, seat, 2.0, rng=Rng(0))
    # a reading a deal: 0.95 of the budget holds 38 steps, the first the start (the count
    # was 32 at most)
    assert 35 <= hint.evaluation["samples"] <= 38 and str(hint.evaluation["samples"]) in hint.reason


def test_troefcall_trump_hint_with_a_count_is_unchanged():
    game = games.get("troefcall")
    state = game.new(seed=2)
    seat = min(state.to_move)
    fixed = game.hint(state, seat, None, rng=Rng(3), iterations=2)
    again = troefcall_bot.trump_hint(state, seat, 2, Rng(3))
    assert fixed.evaluation["samples"] == 2 and fixed.to_json() == again.to_json()
