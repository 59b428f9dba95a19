"""An Agram table through the HTTP API: two and seven players, bots at the other seats, hints."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'agram.sqlite3'}", "TESTING": True})
    yield app.test_client()
    app.extensions["cardsage.storage"].close()


@pytest.mark.parametrize("players", [2, 7])
def test_a_human_plays_a_whole_match_with_bots_and_hints(client, players):
    seats = ["human"] + ["heuristic"] * (players - 1)
    body = {"game": "agram", "seats": seats, "seed": 5, "options": {"players": players, "target": 2}}
    response = client.post("/api/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    session, headers = data["id"], {"Authorization": f"Bearer {data['tokens']['0']}"}
    state = client.get(f"/api/v1/sessions/{session}", headers=headers).get_json()
    for _ in range(200):
        if state["over"]:
            break
        assert state["to_move"] == [0]
        shown = [z for z, e in state["view"]["zones"].items() if "cards" in e and z.startswith("hand")]
        assert shown == ["hand:0"]
        hint = client.get(f"/api/v1/sessions/{session}/hint?budget_ms=30", headers=headers).get_json()
        legal = [a["notation"] for a in state["legal_actions"]]
        assert hint["action"]["notation"] in legal and hint["reason"]
        response = client.post(f"/api/v1/sessions/{session}/actions", headers=headers,
                               json={"action": hint["action"]["notation"], "version": state["version"]})
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
    assert state["over"]
    sheet = state["score_sheet"]
    assert sheet["totals"] == state["scores"] and max(state["scores"]) == 2
    assert len(sheet["rows"]) == sum(state["scores"])
