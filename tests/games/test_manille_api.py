"""A Manille table through the HTTP API: a human with bots, hints, the face-down hand, the score sheet."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'manille.sqlite3'}", "TESTING": True})
    yield app.test_client()
    app.extensions["cardsage.storage"].close()


def test_a_human_plays_a_whole_match_with_bots_and_hints(client):
    body = {"game": "manille", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 4,
            "options": {"fixed_deals": 4}}
    response = client.post("/api/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    session, headers = data["id"], {"Authorization": f"Bearer {data['tokens']['0']}"}
    state = client.get(f"/api/v1/sessions/{session}", headers=headers).get_json()
    kinds = set()
    for _ in range(200):
        if state["over"]:
            break
        assert state["to_move"] == [0]
        public = state["view"]["public"]
        face_down = public["hand_face_down"]
        shown = [z for z, e in state["view"]["zones"].items() if "cards" in e and z.startswith("hand")]
        assert shown == ([] if face_down and face_down["seat"] == 0 else ["hand:0"])
        hint = client.get(f"/api/v1/sessions/{session}/hint?budget_ms=30", headers=headers).get_json()
        legal = [a["notation"] for a in state["legal_actions"]]
        assert hint["action"]["notation"] in legal and hint["reason"]
        kinds.add(hint["action"]["kind"])
        response = client.post(f"/api/v1/sessions/{session}/actions", headers=headers,
                               json={"action": hint["action"]["notation"], "version": state["version"]})
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
    assert state["over"]
    sheet = state["score_sheet"]
    assert len(sheet["rows"]) == 4
    assert sheet["totals"] == state["scores"][:2]          # one column a partnership
    assert "play" in kinds and kinds & {"trump", "notrump", "enface", "pass", "tap"}
