"""The score keeper over HTTP: players, tables, entries, corrections, picks, timers, imports, CSV."""

from __future__ import annotations

import pytest

from tests.api.helpers import assert_problem, auth

BASE = "/api/v1/scorekeeper"


def _players(client, names=("Anna", "Ben", "Cleo", "Dan")):
    out = []
    for name in names:
        response = client.post(f"{BASE}/players", json={"name": name})
        assert response.status_code == 201, response.get_json()
        out.append(response.get_json()["id"])
    return out


def _table(client, game="tetka", names=("Anna", "Ben", "Cleo", "Dan")):
    response = client.post(f"{BASE}/tables", json={"name": f"Friday {game}", "game": game,
                                                    "players": _players(client, names)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["table"]["id"]


def test_players_are_kept_with_a_colour_each(client):
    first = client.post(f"{BASE}/players", json={"name": "Anna"}).get_json()
    second = client.post(f"{BASE}/players", json={"name": "Ben", "colour": "#ABCDEF"}).get_json()
    assert first["colour"].startswith("#") and second["colour"] == "#abcdef"
    listed = client.get(f"{BASE}/players").get_json()["players"]
    assert [p["name"] for p in listed] == ["Anna", "Ben"]


def test_a_hand_by_hand_sheet_with_a_correction_and_its_audit_trail(client):
    table = _table(client)
    one = client.post(f"{BASE}/tables/{table}/entries",
                      json={"scores": {"0": 4, "1": 2, "2": 2, "3": 2}, "by": "Anna"})
    assert one.status_code == 201
    sheet = one.get_json()["sheet"]
    assert sheet["warnings"][0]["kind"] == "checksum" and "exactly 9" in sheet["warnings"][0]["message"]
    fixed = client.post(f"{BASE}/tables/{table}/corrections",
                        json={"of": 1, "scores": {"0": 3, "1": 2, "2": 2, "3": 2}, "reason": "one queen less",
                              "by": "Ben"}).get_json()["sheet"]
    assert fixed["warnings"] == [] and fixed["totals"] == [3, 2, 2, 2]
    assert [(e["kind"], e["by"]) for e in fixed["events"]] == [("entry", "Anna"), ("correction", "Ben")]
    assert fixed["events"][0]["body"]["scores"]["0"] == 4, "the entry itself is never rewritten"
    assert [r["name"] for r in fixed["standings"]] == ["Ben", "Cleo", "Dan", "Anna"], "low total first"
    turn = client.get(f"{BASE}/tables/{table}?order=turn").get_json()
    assert [r["name"] for r in turn["standings"]] == ["Anna", "Ben", "Cleo", "Dan"]


def test_a_seat_left_out_is_caught_by_the_round_counter(client):
    table = _table(client, "whist")
    client.post(f"{BASE}/tables/{table}/entries", json={"scores": {"0": 1, "1": 0, "2": 1, "3": 0}})
    sheet = client.post(f"{BASE}/tables/{table}/entries", json={"scores": {"0": 2, "2": 2}}).get_json()["sheet"]
    assert sheet["hands_entered"] == [2, 1, 2, 1]
    assert sheet["warnings"] == [{"hand": 2, "kind": "missing", "message": "hand 2 has no entry for Ben, Dan"}]
    # the next entry for Ben and Dan goes to their next hand: hand 2
    later = client.post(f"{BASE}/tables/{table}/entries", json={"scores": {"1": 0, "3": 0}}).get_json()
    assert later["event"]["body"]["hand"] == 2 and later["sheet"]["warnings"] == []


def test_chips_deletions_picks_timers_and_csv(client):
    table = _table(client, "kop")
    client.post(f"{BASE}/tables/{table}/transfers", json={"hand": 1, "from": 1, "to": 0, "amount": 5})
    wrong = client.post(f"{BASE}/tables/{table}/transfers", json={"from": 2, "to": 0, "amount": 50}).get_json()
    assert wrong["event"]["body"]["hand"] == 1 and wrong["sheet"]["totals"] == [55, -5, -50, 0]
    gone = client.post(f"{BASE}/tables/{table}/deletions", json={"of": 2, "reason": "a typo"}).get_json()
    assert gone["sheet"]["totals"] == [5, -5, 0, 0]
    picked = client.post(f"{BASE}/tables/{table}/picks", json={"what": "partners", "seed": 11}).get_json()
    again = client.post(f"{BASE}/tables/{table}/picks", json={"what": "partners", "seed": 11}).get_json()
    assert picked["event"]["body"]["result"] == again["event"]["body"]["result"]
    timer = client.post(f"{BASE}/tables/{table}/timers", json={"seconds": 90, "label": "answer"}).get_json()
    assert timer["sheet"]["timers"][0]["label"] == "answer" and 0 < timer["sheet"]["timers"][0]["left"] <= 90
    csv = client.get(f"{BASE}/tables/{table}/sheet.csv")
    assert csv.mimetype == "text/csv"
    assert csv.get_data(as_text=True).splitlines() == ["hand,Anna,Ben,Cleo,Dan", "1,5,-5,,", "total,5,-5,0,0"]


def test_a_session_feeds_the_sheet_once(client):
    created = client.post("/api/v1/sessions", json={"game": "tetka", "seats": ["human", "heuristic", "heuristic",
                                                                             "heuristic"], "seed": 4}).get_json()
    session, token = created["id"], created["tokens"]["0"]
    for _ in range(60):   # play the human's cards until the first hand is over
        state = client.get(f"/api/v1/sessions/{session}", headers=auth(token)).get_json()
        if state["score_sheet"]["hands_played"] >= 1:
            break
        action = state["legal_actions"][0]["notation"]
        client.post(f"/api/v1/sessions/{session}/actions", headers=auth(token),
                    json={"action": action, "version": state["version"]})
    table = _table(client)
    fed = client.post(f"{BASE}/tables/{table}/imports", json={"session": session, "by": "the server"})
    assert fed.status_code == 201, fed.get_json()
    body = fed.get_json()
    assert body["imported"] == 1 and body["sheet"]["warnings"] == []
    assert sum(body["sheet"]["totals"]) == 9
    assert body["events"][0]["body"]["source"] == f"session {session}"
    again = client.post(f"{BASE}/tables/{table}/imports", json={"session": session}).get_json()
    assert again["imported"] == 0, "a hand is imported once"
    whist = _table(client, "whist")
    assert_problem(client.post(f"{BASE}/tables/{whist}/imports", json={"session": session}), 422, "session")


@pytest.mark.parametrize("path, body, status, field", [
    ("players", {"name": "  "}, 400, "name"),
    ("players", {"name": "Anna", "colour": "red"}, 400, "colour"),
    ("players", {"name": "Anna", "age": 30}, 400, "age"),
    ("tables", {"name": "T", "game": "nope", "players": ["a", "b"]}, 400, "game"),
    ("tables", {"name": "T", "game": "tetka", "players": ["a"]}, 400, "players"),
    ("tables", {"name": "T", "game": "tetka", "players": ["a", "a"]}, 400, "players"),
    ("tables", {"name": "T", "game": "tetka", "players": ["a", "b", "c", "d"]}, 422, "players"),
])
def test_bad_players_and_tables_are_refused_and_nothing_is_kept(client, path, body, status, field):
    before = client.get(f"{BASE}/{path}").get_json()
    assert_problem(client.post(f"{BASE}/{path}", json=body), status, field)
    assert client.get(f"{BASE}/{path}").get_json() == before


def test_a_table_needs_the_games_number_of_players(client):
    two = _players(client, ("Anna", "Ben"))
    assert_problem(client.post(f"{BASE}/tables", json={"name": "T", "game": "tetka", "players": two}), 422, "players")


@pytest.mark.parametrize("path, body, status, field", [
    ("entries", {"scores": {"4": 1}}, 422, "scores"),
    ("entries", {"scores": {"0": "x"}}, 400, "scores.0"),
    ("entries", {"hand": 0, "scores": {"0": 1}}, 422, "hand"),
    ("entries", {"scores": {"0": 1}, "by": ""}, 400, "by"),
    ("transfers", {"from": 0, "to": 0, "amount": 1}, 422, "to"),
    ("transfers", {"from": 0, "to": 1, "amount": -1}, 422, "amount"),
    ("corrections", {"of": 99, "scores": {"0": 1}}, 422, "of"),
    ("deletions", {"of": 99}, 422, "of"),
    ("picks", {"what": "captain"}, 400, "what"),
    ("picks", {"what": "partners"}, 422, "what"),
    ("timers", {"seconds": 0}, 422, "seconds"),
    ("imports", {"session": "nope"}, 404, "session_id"),
])
def test_bad_events_are_refused_and_the_sheet_is_unchanged(client, path, body, status, field):
    table = _table(client, "whist-22", ("Anna", "Ben", "Cleo"))
    before = client.get(f"{BASE}/tables/{table}").get_json()
    assert_problem(client.post(f"{BASE}/tables/{table}/{path}", json=body), status, field)
    assert client.get(f"{BASE}/tables/{table}").get_json()["events"] == before["events"]


def test_an_unknown_table_is_404(client):
    assert_problem(client.get(f"{BASE}/tables/0123456789abcdef"), 404, "table_id")
    assert_problem(client.post(f"{BASE}/tables/nope/entries", json={"scores": {"0": 1}}), 404, "table_id")
    assert_problem(client.get(f"{BASE}/tables/0123456789abcdef/sheet.csv"), 404, "table_id")
