"""The generic score sheet (solvers.scoring): its shape, its direction, and the property
that its totals are the match's scores for random playouts of every game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.game import ScoreEvent, State
from solvers.scoring import score_sheet, side_label
from tests.games.test_whist import EIGHT_FIVE, _eight_five_hand

WHIST = games.get("whist")
NAMES = ["South", "West", "North", "East"]


def test_a_whist_hand_is_one_row_with_its_events_and_the_running_totals():
    state = WHIST.new(deal=EIGHT_FIVE, options={"target": 9})
    empty = score_sheet(state, NAMES)
    assert empty["rows"] == [] and empty["totals"] == [0, 0] and empty["hands_played"] == 0
    state = _eight_five_hand(state)
    sheet = score_sheet(state, NAMES)
    json.dumps(sheet)
    assert sheet["sides"] == [{"side": 0, "seats": [0, 2], "label": "South–North"},
                              {"side": 1, "seats": [1, 3], "label": "West–East"}]
    assert sheet["rows"] == [{"hand": 1, "points": [6, 0], "totals": [6, 0], "events": [
        {"sides": [0], "seats": [0, 2], "points": 2, "source": "tricks over six", "detail": {"tricks": 8}},
        {"sides": [0], "seats": [0, 2], "points": 4, "source": "honours", "detail": {"honours": 4}}]}]
    assert sheet["totals"] == sheet["scores"] == [6, 0] and sheet["event_counts"] == [2, 0]
    assert sheet["low_score_wins"] is False
    assert sheet["standings"] == [
        {"side": 0, "label": "South–North", "seats": [0, 2], "score": 6, "place": 1},
        {"side": 1, "label": "West–East", "seats": [1, 3], "score": 0, "place": 2}]
    # the second hand adds a row whose totals run on from the first
    state = _second_hand(state)
    rows = score_sheet(state, NAMES)["rows"]
    assert [r["hand"] for r in rows] == [1, 2]
    assert rows[1]["totals"] == [rows[0]["totals"][i] + rows[1]["points"][i] for i in range(2)]


def _second_hand(state):
    rng = Rng(4)
    while state.hands_played < 2 and not state.over:
        state = state.apply(WHIST.bots()["random"](state, state.turn, rng))
    return state


def test_labels_fall_back_to_seat_numbers():
    assert side_label((0, 2)) == "Seat 1–Seat 3"
    assert side_label((1,), ["A", "B"]) == "B"
    assert side_label((3,), ["A", "B"]) == "Seat 4"


@dataclass(frozen=True)
class _Sheet(State):
    """A stand-in state with hand-made events (a penalty game where low scores win)."""

    events: tuple = ()
    played: int = 0
    totals: tuple = (0, 0, 0)
    game = SimpleNamespace(low_score_wins=True)

    players = 3
    to_move = frozenset()

    def legal_actions(self, seat):
        return []

    def _apply(self, action, seat):
        return self

    @property
    def scores(self):
        return self.totals

    def zones(self):
        return {}

    def with_zones(self, zones):
        return self

    def public(self, seat):
        return {}

    @property
    def hands_played(self):
        return self.played

    def score_events(self):
        return list(self.events)


def test_rows_for_hands_without_events_and_the_low_score_direction():
    state = _Sheet(events=(ScoreEvent(1, (0,), 2.0, "penalty", {"cards": (1, 2)}),
                           ScoreEvent(3, (1, 2), 1.5, "shared penalty")),
                   played=3, totals=(2, 1.5, 1.5))
    sheet = score_sheet(state)
    assert [r["hand"] for r in sheet["rows"]] == [1, 2, 3]
    assert sheet["rows"][1] == {"hand": 2, "points": [0, 0, 0], "totals": [2, 0, 0], "events": []}
    assert sheet["rows"][0]["events"][0]["points"] == 2 and isinstance(sheet["rows"][0]["events"][0]["points"], int)
    assert sheet["rows"][0]["events"][0]["detail"] == {"cards": [1, 2]}
    assert sheet["rows"][2]["events"][0]["sides"] == [1, 2], "an event to two seats credits both columns"
    assert sheet["totals"] == [2, 1.5, 1.5] == sheet["scores"]
    assert sheet["low_score_wins"] is True
    assert [(s["seats"], s["place"]) for s in sheet["standings"]] == [([1], 1), ([2], 1), ([0], 3)]


# ---------------------------------------------------------------- the property

# (game, options): scores are points, so the sheet's totals are the scores at every moment
POINT_GAMES = [("whist", {}), ("whist", {"target": 9}), ("whist", {"target": 7, "honours": "on"}),
               ("twentyfour", {}), ("twentyfour", {"players": 4}),
               ("twentyfour", {"mode": "collection", "players": 3}),
               ("klondike", {}), ("klondike", {"draw": 3}), ("forty-thieves", {})]
STEPS = 1500


def _check(state):
    sheet = score_sheet(state, state.public(None).get("seat_names"))
    json.dumps(sheet)
    sides = [tuple(s["seats"]) for s in sheet["sides"]]
    assert sides == [tuple(s) for s in state.sides()]
    rows = sheet["rows"]
    assert [r["hand"] for r in rows] == list(range(1, len(rows) + 1))
    assert len(rows) >= state.hands_played
    running = [0] * len(sides)
    for row in rows:
        assert row["points"] == [sum(e["points"] for e in row["events"] if i in e["sides"])
                                 for i in range(len(sides))]
        running = [t + p for t, p in zip(running, row["points"])]
        assert row["totals"] == running
    assert sheet["totals"] == running == [state.scores[side[0]] for side in sides] == sheet["scores"], \
        "the sheet's totals are the scores"
    assert sorted(s["side"] for s in sheet["standings"]) == list(range(len(sides)))
    scores = [s["score"] for s in sheet["standings"]]
    assert scores == sorted(scores, reverse=not state.game.low_score_wins)
    return sheet


@given(which=st.sampled_from(POINT_GAMES), seed=st.integers(0, 2 ** 31), data=st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_sheet_totals_equal_the_scores_in_random_playouts(which, seed, data):
    name, options = which
    game = games.get(name)
    state = game.new(seed=seed, options=options)
    rng = Rng(seed)
    check_every = data.draw(st.integers(1, 40), label="check every")
    for step in range(STEPS):
        if state.is_over:
            break
        seat = min(state.to_move)
        # patience: no resigning, so the playout goes somewhere
        legal = [a for a in state.legal_actions(seat) if a.kind not in ("resign", "undo")] or \
            state.legal_actions(seat)
        state = state.apply(legal[rng.below(len(legal))], seat)
        if step % check_every == 0:
            _check(state)
    _check(state)


@given(seed=st.integers(0, 2 ** 31))
@settings(max_examples=6, deadline=None)
def test_a_rubber_sheet_adds_points_across_games_and_ranks_by_games(seed):
    state = WHIST.new(seed=seed, options={"rubber": True})
    rng = Rng(seed)
    while not state.over:
        state = state.apply(WHIST.bots()["random"](state, state.turn, rng))
    sheet = score_sheet(state)
    won = [e for row in sheet["rows"] for e in row["events"] if e["source"] == "game won"]
    assert [sum(1 for e in won if e["sides"] == [i]) for i in range(2)] == list(state.games)
    assert sheet["scores"] == list(state.games)
    assert sheet["standings"][0]["score"] == 2 and sheet["standings"][0]["place"] == 1
    assert sheet["totals"] == [sum(r["points"][i] for r in sheet["rows"]) for i in range(2)]
