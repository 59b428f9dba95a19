"""Garbage posted to the action endpoint never causes a 5xx and never changes the session."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from tests.api.helpers import auth, create, view

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)

card_like = st.from_regex(r"\A(play|pass|bid|PLAY)? ?([AKQJT2-9]|10)?[SHDC♠♥♦♣x]?(#\d)?\Z")

actions = st.one_of(json_values, card_like,
                    st.fixed_dictionaries({"kind": st.text(max_size=8)}, optional={"args": json_values}),
                    st.fixed_dictionaries({"notation": json_values}))

bodies = st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries({"action": actions}, optional={"version": json_values}).map(
        lambda v: json.dumps(v).encode()),
)


@pytest.fixture(scope="module")
def fuzz_session(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "cardsage.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "TESTING": True})
    client = app.test_client()
    session_id, tokens = create(client, seed=21)
    yield client, session_id, tokens["0"]
    app.extensions["cardsage.storage"].close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies, use_version=st.booleans())
def test_garbage_actions_are_refused_cleanly(fuzz_session, body, use_version):
    client, session_id, token = fuzz_session
    before = view(client, session_id, token)
    if use_version and body.startswith(b"{"):
        # also reach the action parser with the right version, not only the version check
        try:
            data = json.loads(body)
            data["version"] = before["version"]
            body = json.dumps(data).encode()
        except (ValueError, TypeError):
            pass
    response = client.post(f"/api/v1/sessions/{session_id}/actions", headers=auth(token), data=body,
                           content_type="application/json")
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code != 200:
        assert response.mimetype == "application/problem+json"
        assert view(client, session_id, token) == before
