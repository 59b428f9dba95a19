"""Shared helpers for the API tests."""

from __future__ import annotations

PROBLEM = "application/problem+json"
BOTS3 = ["human", "heuristic", "heuristic", "heuristic"]


def auth(token: str) -> dict:
    """The Authorization header for a seat token."""
    return {"Authorization": f"Bearer {token}"}


def create(client, seats=None, seed=7, **extra) -> tuple[str, dict]:
    """Create a Whist session; return its id and its tokens."""
    body = {"game": "whist", "seats": seats or BOTS3, "seed": seed, **extra}
    response = client.post("/api/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["tokens"]


def view(client, session_id: str, token: str) -> dict:
    """The session as the token's seat sees it."""
    response = client.get(f"/api/v1/sessions/{session_id}", headers=auth(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def play(client, session_id: str, token: str, action, version: int):
    """Post an action; return the response."""
    return client.post(f"/api/v1/sessions/{session_id}/actions", headers=auth(token),
                       json={"action": action, "version": version})


def assert_problem(response, status: int, field: str | None = None) -> dict:
    """Check a problem+json response and return its body."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status
    assert body["type"] and body["title"] and body["detail"]
    if field is not None:
        assert body.get("field") == field, body
    return body


def strings_in(value):
    """Every string inside a JSON value (keys and values)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)
