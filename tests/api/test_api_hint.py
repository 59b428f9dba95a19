"""Hints through the API: shape, budget clamping, and seats that are not to move."""

from __future__ import annotations

from solvers import games
from tests.api.helpers import assert_problem, auth, create, view


def test_hint_shape(client):
    session_id, tokens = create(client)
    state = view(client, session_id, tokens["0"])
    response = client.get(f"/api/v1/sessions/{session_id}/hint", headers=auth(tokens["0"]))
    assert response.status_code == 200
    hint = response.get_json()
    assert set(hint) == {"action", "reason", "evaluation", "alternatives", "method"}
    assert hint["action"]["notation"] in [a["notation"] for a in state["legal_actions"]]
    assert isinstance(hint["reason"], str) and hint["reason"]
    assert view(client, session_id, tokens["0"]) == state


def test_hint_budget_is_clamped(make_app, monkeypatch):
    client = make_app(HINT_BUDGET_MS_MAX=200, HINT_BUDGET_MS_DEFAULT=100).test_client()
    session_id, tokens = create(client)
    game = games.get("whist")
    budgets = []
    original = type(game).hint

    def spy(self, state, seat, budget=None):
        budgets.append(budget)
        return original(self, state, seat, budget)

    monkeypatch.setattr(type(game), "hint", spy)
    url = f"/api/v1/sessions/{session_id}/hint"
    for query, expected in [("", 0.1), ("?budget_ms=50", 0.05), ("?budget_ms=999999", 0.2), ("?budget_ms=-5", 0.001)]:
        assert client.get(url + query, headers=auth(tokens["0"])).status_code == 200
        assert budgets[-1] == expected


def test_hint_bad_budget_is_400(client):
    session_id, tokens = create(client)
    assert_problem(client.get(f"/api/v1/sessions/{session_id}/hint?budget_ms=soon", headers=auth(tokens["0"])),
                   400, field="budget_ms")


def test_hint_needs_the_seat_to_move(client):
    session_id, tokens = create(client, seats=["human", "human", "heuristic", "heuristic"])
    waiting = "1" if view(client, session_id, tokens["0"])["to_move"] == [0] else "0"
    body = assert_problem(client.get(f"/api/v1/sessions/{session_id}/hint", headers=auth(tokens[waiting])), 409)
    assert "not to move" in body["detail"]


def test_hint_needs_a_token(client):
    session_id, _ = create(client)
    assert_problem(client.get(f"/api/v1/sessions/{session_id}/hint"), 401)
    assert_problem(client.get(f"/api/v1/sessions/{session_id}/hint",
                              headers={"Authorization": "Bearer wrong"}), 403)
