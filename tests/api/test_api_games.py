"""The game registry over HTTP."""

from __future__ import annotations

from solvers import games
from tests.api.helpers import assert_problem


def test_list_games(client):
    response = client.get("/api/v1/games")
    assert response.status_code == 200
    listed = response.get_json()
    assert [g["name"] for g in listed] == games.names()
    assert "whist" in [g["name"] for g in listed]


def test_describe_game(client):
    body = client.get("/api/v1/games/whist").get_json()
    assert body["name"] == "whist"
    assert body["players"] == {"min": 4, "max": 4}
    assert "heuristic" in body["bots"]
    assert body["options"]["properties"]["target"]["enum"] == [5, 7, 9]


def test_unknown_game_is_404(client):
    body = assert_problem(client.get("/api/v1/games/snap"), 404, field="game")
    assert "whist" in body["detail"]
