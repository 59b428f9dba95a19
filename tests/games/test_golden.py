"""Golden playthroughs: recorded seeded matches replay to the same final scores.

Each file in ``tests/games/golden`` (written by ``scripts/golden.py``) holds a game, its
seed and options, every action in order and the final scores of the whole match.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from solvers import games

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_recorded_match_replays_to_its_scores(path):
    data = json.loads(path.read_text())
    game = games.get(data["game"])
    state = game.new(seed=data["seed"], options=data["options"] or None)
    for seat, notation in data["actions"]:
        assert seat in state.to_move, f"seat {seat} is not to move before {notation!r}"
        state = state.apply(notation, seat)
    assert state.is_over, "the recorded actions finish the match"
    assert list(state.scores) == data["scores"]
    assert state.hands_played == data["hands_played"]


def test_every_registered_game_has_two_golden_matches():
    recorded = {}
    for path in FILES:
        name = json.loads(path.read_text())["game"]
        recorded[name] = recorded.get(name, 0) + 1
    missing = [n for n in games.names() if recorded.get(n, 0) < 2]
    assert not missing, f"games with fewer than two golden playthroughs: {missing}"
