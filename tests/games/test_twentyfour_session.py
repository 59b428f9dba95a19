"""Twenty-Four's judging and shuffling through the session API, as the web page uses it."""

from __future__ import annotations

import pytest

from api import create_app
from tests.games.test_twentyfour_game import _stacks


@pytest.fixture
def client(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'cardsage.sqlite3'}", "TESTING": True})
    yield app.test_client()
    app.extensions["cardsage.storage"].close()


def _act(client, session_id, token, action, version):
    response = client.post(f"/api/v1/sessions/{session_id}/actions",
                           headers={"Authorization": f"Bearer {token}"},
                           json={"action": action, "version": version})
    return response.status_code, response.get_json()


def test_two_humans_judge_and_shuffle_through_the_api(client):
    created = client.post("/api/v1/sessions", json={
        "game": "twentyfour", "seats": ["human", "human"], "seed": 1,
        "deal": _stacks("3S 3H", "8D 8C", players=2),
        "options": {"judge": "players"}}).get_json()
    sid, tokens = created["id"], created["tokens"]
    status, body = _act(client, sid, tokens["0"], "slap", 0)
    status, body = _act(client, sid, tokens["0"], "answer 3+3+8+8", body["version"])
    assert status == 200 and body["view"]["public"]["claim"] == "3+3+8+8"
    # the slapper is not to move, yet may shuffle; the shuffle shows nobody anything
    status, body = _act(client, sid, tokens["0"], "shuffle", body["version"])
    assert status == 200 and body["view"]["zones"]["stack:0"] == {"count": 18, "visibility": "hidden",
                                                                    "owner": 0}
    judge = client.get(f"/api/v1/sessions/{sid}",
                       headers={"Authorization": f"Bearer {tokens['1']}"}).get_json()
    assert [a["notation"] for a in judge["legal_actions"]][:2] == ["accept", "dispute"]
    assert judge["log"][-1]["action"] == "shuffle"
    status, body = _act(client, sid, tokens["1"], "dispute", judge["version"])
    assert status == 200 and body["view"]["public"]["cards_held"] == [22, 18]


def test_a_solver_bot_disputes_a_wrong_solution(client):
    created = client.post("/api/v1/sessions", json={
        "game": "twentyfour", "seats": ["human", "solver"], "seed": 1,
        "deal": _stacks("3S 3H", "8D 8C", players=2),
        "options": {"judge": "players", "bot_reaction_s": 60}, "clock": "turns"}).get_json()
    sid, token = created["id"], created["tokens"]["0"]
    # on the turn-based clock the bot replies at once (tests/api/test_realtime.py races it on
    # the server clock); the bot takes its turn in the race first (it waits for its reaction time)
    assert created["version"] == 1
    status, body = _act(client, sid, token, "slap", created["version"])
    status, body = _act(client, sid, token, "answer 3+3+8+8", body["version"])
    # the bot disputes, then waits in the next set's race
    assert status == 200 and body["log"][-2] == {"seat": 1, "action": "dispute", "version": 4}
    assert body["log"][-1]["seat"] == 1 and body["log"][-1]["action"].startswith("wait")
    assert body["view"]["public"]["cards_held"] == [22, 18]
