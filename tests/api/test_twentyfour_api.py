"""The Twenty-Four endpoints: solve, check, analyse, hint, deal, and their problems."""

from __future__ import annotations

import pytest

from api.problems import PROBLEM_MEDIA_TYPE

BASE = "/api/v1/twentyfour"


def _problem(response, status: int, field: str | None = None) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_MEDIA_TYPE
    body = response.get_json(force=True)
    assert body["status"] == status and body["detail"]
    if field:
        assert body.get("field") == field
    return body


def test_solve_by_query_gives_the_one_solution_of_3388(client):
    body = client.get(f"{BASE}/solve?cards=3,3,8,8").get_json()
    assert body["solvable"] is True and body["count"] == 1
    assert body["solutions"] == ["8 / (3 - 8 / 3)"]
    assert body["preferred_pretty"] == "8 ÷ (3 − 8 ÷ 3)"
    assert body["difficulty"] == "expert" and body["features"]["needs_fraction"] is True
    assert body["truncated"] is False


def test_solve_by_body_accepts_a_list_or_text(client):
    listed = client.post(f"{BASE}/solve", json={"cards": [1, 2, 3, 4], "target": 24}).get_json()
    text = client.post(f"{BASE}/solve", json={"cards": "1 2 3 4"}).get_json()
    assert listed["count"] == text["count"] == 3


def test_solve_options_target_operators_power_concat(client):
    assert client.get(f"{BASE}/solve?cards=1,2,3,4&operators=%2B-").get_json()["solvable"] is False
    assert client.get(f"{BASE}/solve?cards=2,2,2,3&target=10").get_json()["solvable"] is True
    assert client.get(f"{BASE}/solve?cards=2,3,4&power=true").get_json()["options"]["allow_power"] is True
    concat = client.get(f"{BASE}/solve?cards=1,2,2&concat=true&target=24").get_json()
    assert concat["solvable"] is True
    assert client.get(f"{BASE}/solve?cards=A,K,Q,J").get_json()["numbers"] == [1, 13, 12, 11]


def test_an_unsolvable_deal(client):
    body = client.get(f"{BASE}/solve?cards=1,1,1,1").get_json()
    assert body == {**body, "solvable": False, "count": 0, "solutions": [], "difficulty": "none"}


def test_check_right_and_wrong_answers(client):
    right = client.post(f"{BASE}/check", json={"cards": "3,3,8,8", "expression": "8/(3-8/3)"}).get_json()
    assert right["ok"] is True and right["value"] == "24"
    wrong = client.post(f"{BASE}/check", json={"cards": [3, 3, 8, 8], "expression": "3+3+8+8"}).get_json()
    assert wrong["ok"] is False and wrong["value"] == "22" and "22" in wrong["message"]


def test_a_body_field_the_request_does_not_take_is_refused_not_ignored(client):
    """A misspelt ``operator`` would otherwise solve with every operator."""
    r = client.post(f"{BASE}/solve", json={"cards": [3, 3, 8, 8], "operator": "+-"})
    assert r.status_code == 400 and r.get_json()["field"] == "operator"
    r = client.post(f"{BASE}/check", json={"cards": [3, 3, 8, 8], "expression": "8/(3-8/3)", "goal": 24})
    assert r.status_code == 400 and r.get_json()["field"] == "goal"
    # every documented field is still taken, and a query string keeps the web's custom
    body = client.post(f"{BASE}/check", json={"cards": [3, 3, 8, 8], "expression": "8/(3-8/3)", "target": 24,
                                              "operators": "+-*/", "power": False, "concat": False}).get_json()
    assert body["ok"] is True
    assert client.post(f"{BASE}/solve", json={"cards": "3,3,8,8", "target": "24", "operators": "+-*/",
                                              "power": False, "concat": False}).get_json()["solvable"] is True
    assert client.get(f"{BASE}/solve?cards=3,3,8,8&utm_source=x").status_code == 200


def test_analyse_marks_the_steps_that_keep_it_solvable(client):
    body = client.get(f"{BASE}/analyse?values=8/3,3,8").get_json()
    good = {m["expression"] for m in body["moves"] if m["solvable"]}
    assert "3 - 8/3" in good
    assert body["solvable"] is True
    start = client.get(f"{BASE}/analyse?values=3,3,8,8").get_json()
    assert [m["expression"] for m in start["moves"] if m["solvable"]] == ["8 / 3"]


def test_hint_ladder_has_five_rungs(client):
    rungs = client.get(f"{BASE}/hint?cards=3,3,8,8").get_json()["rungs"]
    assert [r["rung"] for r in rungs] == [1, 2, 3, 4, 5]
    assert rungs[4]["solution"] == "8 / (3 - 8 / 3)"


def test_deal_is_repeatable_with_a_seed_and_honours_the_filters(client):
    a = client.get(f"{BASE}/deal?seed=42&solvable=true&difficulty=hard").get_json()
    b = client.get(f"{BASE}/deal?seed=42&solvable=true&difficulty=hard").get_json()
    assert a == b and a["solvable"] and a["difficulty"] == "hard" and len(a["cards"]) == 4
    unsolvable = client.get(f"{BASE}/deal?seed=1&solvable=false&max=10").get_json()
    assert unsolvable["solvable"] is False and max(unsolvable["cards"]) <= 10
    assert len(client.get(f"{BASE}/deal").get_json()["cards"]) == 4


@pytest.mark.parametrize("url, status, field", [
    ("/solve", 400, "cards"),
    ("/solve?cards=3,3,8,ZZ", 422, "cards"),
    ("/solve?cards=1,2,3,4,5,6,7", 422, "cards"),
    ("/solve?cards=3,3,8,8&target=abc", 422, "target"),
    ("/solve?cards=3,3,8,8&operators=%25", 422, "operators"),
    ("/solve?cards=3,3,8,8&power=maybe", 400, "power"),
    ("/solve?cards=1,2,3,4,5,6&power=true", 422, "cards"),
    ("/solve?cards=1,2,3,4,5,6&concat=true", 422, "cards"),
    ("/solve?cards=99999,1,2,3", 422, "cards"),
    ("/analyse", 400, "values"),
    ("/analyse?values=1,2,x", 422, None),
    ("/analyse?values=1,2,3,4,5,6,7", 422, "values"),
    ("/hint?cards=3,3", 200, None),
    ("/hint?cards=Z", 422, "cards"),
    ("/deal?difficulty=impossible", 422, "difficulty"),
    ("/deal?difficulty=none&solvable=true", 422, "difficulty"),
    ("/deal?seed=abc", 400, "seed"),
    ("/deal?max=7", 422, "max"),
])
def test_bad_query_input_is_a_problem(client, url, status, field):
    response = client.get(BASE + url)
    if status == 200:
        assert response.status_code == 200
        return
    _problem(response, status, field)


@pytest.mark.parametrize("body, status, field", [
    ({"expression": "1+2"}, 400, "cards"),
    ({"cards": "3,3,8,8"}, 400, "expression"),
    ({"cards": "3,3,8,8", "expression": "8/(3-8/3"}, 422, "expression"),
    ({"cards": "3,3,8,8", "expression": "8/(3-8/3)+1-1"}, 422, "expression"),
    ({"cards": "3,3,8,8", "expression": "9*3-3"}, 422, "expression"),
    ({"cards": "3,3,8,8", "expression": "8/(3-8/3)", "target": True}, 400, "target"),
    ({"cards": "3,3,8,8", "expression": "x" * 600}, 422, "expression"),
    ({"cards": 3388, "expression": "1"}, 400, "cards"),
])
def test_bad_check_input_is_a_problem(client, body, status, field):
    _problem(client.post(f"{BASE}/check", json=body), status, field)


def test_malformed_bodies_are_problems(client):
    _problem(client.post(f"{BASE}/solve", data="{not json"), 400)
    _problem(client.post(f"{BASE}/solve", json=[3, 3, 8, 8]), 400)
    _problem(client.post(f"{BASE}/check", data=""), 400)
    _problem(client.delete(f"{BASE}/solve"), 405)


def test_endpoints_are_in_the_openapi_document(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    for path in ("solve", "check", "analyse", "hint", "deal"):
        assert f"/api/v1/twentyfour/{path}" in doc["paths"]
    assert "post" in doc["paths"]["/api/v1/twentyfour/solve"]
    assert "TwentyFourSolution" in doc["components"]["schemas"]
