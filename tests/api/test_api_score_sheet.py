"""The session body's score sheet and the review rule of the log (Whist: only the last trick)."""

from __future__ import annotations

from tests.api.helpers import auth, create, play, view

HUMANS = ["human"] * 4


def _play_until(client, session_id, tokens, done, limit=400):
    """Every seat is human: play the first legal action of whoever is to move until ``done(body)``."""
    body = view(client, session_id, tokens["0"])
    for _ in range(limit):
        if done(body) or body["over"]:
            return body
        seat = body["to_move"][0]
        mine = view(client, session_id, tokens[str(seat)])
        response = play(client, session_id, tokens[str(seat)], mine["legal_actions"][0]["notation"], mine["version"])
        assert response.status_code == 200, response.get_json()
        body = view(client, session_id, tokens["0"])
    raise AssertionError("never reached")


def test_the_session_carries_a_score_sheet_that_fills_a_row_per_hand(client):
    session_id, tokens = create(client, seats=HUMANS, seed=7)
    body = view(client, session_id, tokens["0"])
    sheet = body["score_sheet"]
    assert [s["label"] for s in sheet["sides"]] == ["South–North", "West–East"]
    assert sheet["rows"] == [] and sheet["totals"] == [0, 0] and sheet["hands_played"] == 0
    body = _play_until(client, session_id, tokens, lambda b: b["score_sheet"]["hands_played"] == 1)
    sheet = body["score_sheet"]
    (row,) = sheet["rows"]
    assert row["hand"] == 1 and row["totals"] == sheet["totals"]
    assert sheet["totals"] == [body["scores"][0], body["scores"][1]]
    sources = [e["source"] for e in row["events"]]
    assert sources == ["tricks over six"], "game to 5: no honours"
    (event,) = row["events"]
    assert event["points"] == event["detail"]["tricks"] - 6 == max(row["points"])
    assert [s["place"] for s in sheet["standings"]] in ([1, 2], [1, 1])
    # every seat reads the same sheet
    assert all(view(client, session_id, tokens[s])["score_sheet"] == sheet for s in "123")


def test_the_openapi_document_describes_the_sheet(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert "score_sheet" in schemas["SessionView"]["required"]
    assert set(schemas["ScoreSheet"]["required"]) >= {"sides", "rows", "totals", "standings"}
    assert "concealed" in schemas["LogEntry"]["properties"]


def _entries(body):
    return [(e["seat"], e["action"], e.get("concealed", False)) for e in body["log"]]


def test_the_log_hides_the_cards_of_earlier_tricks_by_default(client):
    session_id, tokens = create(client, seats=HUMANS, seed=11)
    # two whole tricks and the lead of the third
    body = _play_until(client, session_id, tokens, lambda b: b["version"] == 9)
    log = _entries(body)
    assert [a for _, a, _ in log[:8]] == ["play"] * 8 and all(c for _, _, c in log[:8]), \
        "quitted tricks show only the verb, the seat's own plays included"
    assert log[8][1].startswith("play ") and not log[8][2], "the current trick is on the table"
    # before the next lead, the last trick may still be looked at
    body = _play_until(client, session_id, tokens, lambda b: b["version"] == 12)
    log = _entries(body)
    assert all(a == "play" for _, a, _ in log[:8])
    assert all(a.startswith("play ") for _, a, _ in log[8:12])
    assert body["view"]["public"]["last_trick"] is not None
    for seat in "0123":
        assert _entries(view(client, session_id, tokens[seat]))[:8] == log[:8]


def test_show_full_history_shows_every_card(client):
    session_id, tokens = create(client, seats=HUMANS, seed=11, options={"show_full_history": True})
    body = _play_until(client, session_id, tokens, lambda b: b["version"] == 9)
    assert all(a.startswith("play ") and not c for _, a, c in _entries(body))


def test_a_finished_match_shows_the_whole_log(client):
    session_id, tokens = create(client, seats=["human", "random", "random", "random"], seed=3)
    body = view(client, session_id, tokens["0"])
    while not body["over"]:
        response = play(client, session_id, tokens["0"], body["legal_actions"][0]["notation"], body["version"])
        body = response.get_json()
        if not body["over"]:
            assert any(e.get("concealed") for e in body["log"]) or body["version"] <= 8
    assert all(e["action"].startswith("play ") and "concealed" not in e for e in body["log"])
    assert body["score_sheet"]["totals"] == body["score_sheet"]["scores"] == [body["scores"][0], body["scores"][1]]


def test_games_without_a_review_limit_show_their_log_in_full(client):
    response = client.post("/api/v1/sessions", json={"game": "klondike", "seats": ["human"], "seed": 3})
    assert response.status_code == 201
    data = response.get_json()
    token = data["tokens"]["0"]
    body = client.get(f"/api/v1/sessions/{data['id']}", headers=auth(token)).get_json()
    for _ in range(3):
        action = next(a for a in body["legal_actions"] if a["kind"] != "resign")
        body = play(client, data["id"], token, action["notation"], body["version"]).get_json()
    assert all("concealed" not in e and e["action"] != "" for e in body["log"])
    sheet = body["score_sheet"]
    assert sheet["sides"] == [{"side": 0, "seats": [0], "label": "Seat 1"}]
    assert sheet["rows"][0]["events"][0]["source"] == "cards moved to the foundations"
    assert sheet["totals"] == body["scores"]
