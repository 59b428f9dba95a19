"""Creating sessions: seats, seeds, options, deals, tokens, and every way a body can be wrong."""

from __future__ import annotations

import sqlite3

import pytest

from api.tokens import hash_token
from solvers import games
from tests.api.helpers import BOTS3, assert_problem, auth, create, view

URL = "/api/v1/sessions"


def test_create_returns_tokens_for_human_seats_only(client):
    response = client.post(URL, json={"game": "whist", "seats": ["human", "heuristic", "human", "random"],
                                      "seed": 3})
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/api/v1/sessions/{body['id']}"
    assert set(body["tokens"]) == {"0", "2"}
    assert body["tokens"]["0"] != body["tokens"]["2"]
    assert body["options"] == {"target": 5, "honours": "auto", "rubber": False, "show_full_history": False}
    assert "seed" not in body
    assert view(client, body["id"], body["tokens"]["2"])["seat"] == 2


def test_bots_to_move_first_play_at_creation(client):
    # find a seed whose first leader is a bot, so bots must act before the human can
    seed = next(s for s in range(50) if min(games.get("whist").new(seed=s).to_move) != 0)
    session_id, tokens = create(client, seed=seed)
    state = view(client, session_id, tokens["0"])
    assert state["version"] > 0 and state["to_move"] == [0]
    assert all(entry["seat"] != 0 for entry in state["log"])


def test_tokens_are_stored_hashed(client, db_url):
    session_id, tokens = create(client)
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
        (stored,) = conn.execute("select token_hashes from matches where id = ?", (session_id,)).fetchone()
        dump = "\n".join(conn.iterdump())
    assert hash_token(tokens["0"]) in stored
    assert tokens["0"] not in dump


def test_random_seed_is_stored_and_replayable(client, app):
    response = client.post(URL, json={"game": "whist", "seats": BOTS3})
    body = response.get_json()
    record = app.extensions["cardsage.storage"].match(body["id"])
    assert isinstance(record.seed, int)
    first = view(client, body["id"], body["tokens"]["0"])
    local = games.get("whist").new(seed=record.seed)
    assert first["view"]["zones"]["hand:0"]["cards"] == local.view(0)["zones"]["hand:0"]["cards"]


def test_options_are_applied(client):
    session_id, tokens = create(client, options={"target": 7})
    assert view(client, session_id, tokens["0"])["view"]["public"]["target"] == 7


def test_explicit_deal(client):
    pack = [f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432"]
    hands = [pack[i * 13:(i + 1) * 13] for i in range(4)]
    session_id, tokens = create(client, seats=["human", "human", "human", "human"],
                                deal={"dealer": 3, "hands": hands, "turned": "2C"})
    state = view(client, session_id, tokens["0"])
    assert sorted(state["view"]["zones"]["hand:0"]["cards"]) == sorted(hands[0])
    assert state["view"]["public"]["trump"] == "C"


@pytest.mark.parametrize("body, status, field", [
    ({"game": "snap", "seats": BOTS3}, 422, "game"),
    ({"game": 5, "seats": BOTS3}, 400, "game"),
    ({"seats": BOTS3}, 400, "game"),
    ({"game": "whist"}, 400, "seats"),
    ({"game": "whist", "seats": "human"}, 400, "seats"),
    ({"game": "whist", "seats": ["human", "heuristic"]}, 422, "seats"),
    ({"game": "whist", "seats": ["human", "genius", "heuristic", "heuristic"]}, 422, "seats.1"),
    ({"game": "whist", "seats": ["human", ["x"], "heuristic", "heuristic"]}, 422, "seats.1"),
    ({"game": "whist", "seats": ["random"] * 4}, 422, "seats"),
    ({"game": "whist", "seats": BOTS3, "options": {"target": 6}}, 422, "options.target"),
    ({"game": "whist", "seats": BOTS3, "options": {"colour": "red"}}, 422, "options"),
    ({"game": "whist", "seats": BOTS3, "options": {"rubber": "yes"}}, 422, "options.rubber"),
    ({"game": "whist", "seats": BOTS3, "options": [1]}, 400, "options"),
    ({"game": "whist", "seats": BOTS3, "seed": "7"}, 400, "seed"),
    ({"game": "whist", "seats": BOTS3, "seed": 1.5}, 400, "seed"),
    ({"game": "whist", "seats": BOTS3, "seed": True}, 400, "seed"),
    ({"game": "whist", "seats": BOTS3, "seed": 2 ** 70}, 422, "seed"),
    ({"game": "whist", "seats": BOTS3, "deal": "AS KS"}, 422, "deal"),
    ({"game": "whist", "seats": BOTS3, "deal": {"hands": [5, 6, 7, 8]}}, 422, None),
    ({"game": "whist", "seats": BOTS3, "deal": {"hands": [["AS"] * 13] * 4}}, 422, None),
    ({"game": "whist", "seats": BOTS3, "deal": {"dealer": 9}}, 422, "deal.dealer"),
    # a field the request does not take is refused, not ignored (an option put beside
    # `options` instead of in it would start the match under the defaults)
    ({"game": "whist", "seats": BOTS3, "target": 5}, 400, "target"),
    ({"game": "whist", "seats": BOTS3, "sead": 7}, 400, "sead"),
])
def test_invalid_create_bodies(client, app, body, status, field):
    assert_problem(client.post(URL, json=body), status, field)
    with app.extensions["cardsage.storage"].engine.connect() as conn:
        assert conn.exec_driver_sql("select count(*) from matches").scalar() == 0


@pytest.mark.parametrize("data", [b"", b"{", b"[1, 2]", b'"whist"', b"null", b"\xff\xfe", b"NaN",
                                  b"[" * 100_000, b'{"seed": 1' + b"0" * 5000 + b"}"])
def test_malformed_create_bodies_are_400(client, data):
    assert_problem(client.post(URL, data=data, content_type="application/json"), 400)


def test_create_body_needs_no_content_type(client):
    import json
    response = client.post(URL, data=json.dumps({"game": "whist", "seats": BOTS3}), content_type="text/plain")
    assert response.status_code == 201
    assert auth(response.get_json()["tokens"]["0"])
