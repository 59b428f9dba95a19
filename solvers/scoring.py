"""The score sheet of any match, built from the state's score events (GAMES.md §3.3).

A paper score sheet has a column per side and a line per hand with what each side
scored and the running totals. :func:`score_sheet` draws that sheet for every game
from the protocol alone — ``state.score_events()``, ``state.sides()``,
``state.standings()`` and ``state.scores`` — so it is derived from the replayed match
and never stored. Each line keeps the events it adds up, with their sources (the rule
that scored), so a reader can check every point.
"""

from __future__ import annotations

from typing import Any, Sequence

from solvers.game import State

__all__ = ["score_sheet", "side_label"]


def side_label(side: Sequence[int], seat_names: Sequence[str] | None = None) -> str:
    """A side's name: its seats' names joined ("South–North"), else "Seat 1"…"""
    def name(seat: int) -> str:
        if seat_names and 0 <= seat < len(seat_names) and seat_names[seat]:
            return str(seat_names[seat])
        return f"Seat {seat + 1}"
    return "–".join(name(s) for s in side)


def _number(value: float) -> float | int:
    """Whole points as integers (3, not 3.0), the rest as they are."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _plain(value: Any) -> Any:
    """JSON-ready copy of an event's detail (tuples and sets become lists)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return value


def score_sheet(state: State, seat_names: Sequence[str] | None = None) -> dict:
    """The match's score sheet as plain JSON.

    * ``sides``: one column per scoring side, ``{"side", "seats", "label"}`` (labels from
      ``seat_names`` where given, e.g. the view's ``seat_names``).
    * ``rows``: one per hand, from the first to the last hand played or scored in:
      ``{"hand", "points": [per side], "totals": [running, per side], "events": [...]}``;
      each event is ``{"sides", "seats", "points", "source", "detail"}``. A hand in which
      nobody scored still has its row (all zeros), so a missing hand shows.
    * ``totals``: the sum of every event per side; ``scores``: ``state.scores`` per side
      (they agree wherever a game's scores are points); ``event_counts`` per side.
    * ``standings``: the sides from first place to last in the game's own direction
      (``low_score_wins``), each ``{"side", "seats", "label", "score", "place"}`` plus
      whatever the game adds.
    """
    sides = [tuple(side) for side in state.sides()]
    side_of = {seat: i for i, side in enumerate(sides) for seat in side}
    width = len(sides)
    events = state.score_events()
    last = max([state.hands_played] + [e.hand for e in events], default=0)
    rows = [{"hand": n, "points": [0] * width, "totals": [0] * width, "events": []}
            for n in range(1, last + 1)]
    counts = [0] * width
    for event in events:
        credited = sorted({side_of[s] for s in event.seats if s in side_of})
        row = rows[event.hand - 1]
        for i in credited:
            row["points"][i] += event.points
            counts[i] += 1
        row["events"].append({"sides": credited, "seats": list(event.seats), "points": _number(event.points),
                              "source": event.source, "detail": _plain(dict(event.detail))})
    running = [0] * width
    for row in rows:
        running = [t + p for t, p in zip(running, row["points"])]
        row["points"] = [_number(p) for p in row["points"]]
        row["totals"] = [_number(t) for t in running]
    scores = state.scores
    index = {side: i for i, side in enumerate(sides)}
    standings = []
    for entry in state.standings():
        seats = tuple(entry["seats"])
        i = index.get(seats, side_of.get(seats[0]) if seats else None)
        standings.append({"side": i, "label": side_label(seats, seat_names), **_plain(entry)})
    return {
        "sides": [{"side": i, "seats": list(side), "label": side_label(side, seat_names)}
                  for i, side in enumerate(sides)],
        "rows": rows,
        "totals": [_number(t) for t in running],
        "scores": [_number(scores[side[0]]) if side else 0 for side in sides],
        "event_counts": counts,
        "hands_played": state.hands_played,
        "low_score_wins": bool(state.game.low_score_wins),
        "standings": standings,
    }
