"""The double-dummy endpoints: solve, table, play, games, budgets and every bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import create_app
from solvers.doubledummy import solve_table
from tests.api.helpers import assert_problem

BASE = "/api/v1/doubledummy"

# A simple squeeze: South cashes the club ace and West cannot keep both the spade king and
# the heart guard. Three tricks with the ace of clubs, one with anything else.
SQUEEZE = "N:.AJ.2. ..876. Q.3..A K.KQ.."
FULL = "N:T8632.AQ3.AQ.K94 J9.K972.42.AJT73 Q74.86.JT98765.6 AK5.JT54.K3.Q852"
SMALL = "N:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.A"


def _solve(client, **body):
    response = client.post(f"{BASE}/solve", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_a_small_ending_with_a_known_answer(client):
    body = _solve(client, deal=SQUEEZE, trump="N", leader="S", values="all", line=True)
    assert body["tricks"] == body["value"] == 3 and body["exact"] is True
    assert body["cards"] == {"AC": 3, "3H": 1, "QS": 1}
    assert body["best"] == "AC" and body["line"][0] == "AC" and len(body["line"]) == 12
    assert body["to_play"] == "S" and body["side"] == ["N", "S"]
    assert body["lower"] == body["upper"] == 3
    assert isinstance(body["nodes"], int) and body["ms"] >= 0


def test_values_all_is_consistent_with_best(client):
    for leader in "NESW":
        best = _solve(client, deal=SMALL, trump="H", leader=leader)
        every = _solve(client, deal=SMALL, trump="H", leader=leader, values="all")
        assert best["tricks"] == every["tricks"] == max(every["cards"].values())
        assert every["cards"][best["best"]] == best["tricks"]
        assert best["cards"] == {}


def test_a_trick_in_progress(client):
    # South has led the club ace; West, to play, is squeezed already
    body = _solve(client, deal="N:.AJ.2. ..876. Q.3.. K.KQ..", trump="N", leader="S", played=["AC"],
                  values="all")
    assert body["to_play"] == "W" and body["side"] == ["E", "W"]
    assert body["tricks"] == 0 and body["cards"] == {"KS": 0, "KH": 0, "QH": 0}
    # the side to play counts the trick in progress: here North-South's trick so far
    north = _solve(client, deal="N:.AJ.2. ..876. Q.3.. .KQ..", trump="N", leader="S", played=["AC", "KS"],
                   values="all")
    assert north["to_play"] == "N" and north["tricks"] == 3


def test_other_notations_of_the_same_position(client):
    pbn = _solve(client, deal=SQUEEZE, leader="S")
    seats = _solve(client, deal={"N": ["AH", "JH", "2D"], "E": "8D 7D 6D", "S": ["QS", "3H", "AC"],
                                 "W": "K.KQ.."}, leader="S")
    listed = _solve(client, deal=[["HA", "HJ", "D2"], ["8D", "7D", "6D"], ["SQ", "H3", "CA"], ["KS", "KH", "QH"]],
                    leader="S")
    rotated = _solve(client, deal="S:Q.3..A K.KQ.. .AJ.2. ..876.", leader="s", trump="n")
    assert pbn["tricks"] == seats["tricks"] == listed["tricks"] == rotated["tricks"] == 3
    assert seats["deal"] == listed["deal"] == rotated["deal"] == SQUEEZE
    played = _solve(client, deal="N:.AJ.2. ..876. Q.3.. K.KQ..", leader="S", played="CA")
    assert played["played"] == ["AC"]


def test_other_games_and_their_rules(client):
    manille = _solve(client, deal="N:AK.J.T. JT.A.8. 87.K.A. 9.T.Q.A", game="manille", trump="S", leader="W")
    assert manille["objective"] == "points" and manille["tricks"] is None and manille["exact"]
    agram = _solve(client, deal="N:AT.9.8. 97.A.T. 8.T.A9. 6.8.7.A", game="agram", leader="W")
    assert agram["objective"] == "last_trick" and agram["side"] == ["W"] and agram["value"] in (0, 1)
    whist = _solve(client, deal=SMALL, game="whist", trump="N", leader="W")
    bridge = _solve(client, deal=SMALL, game="bridge", trump="N", leader="W")
    assert whist["tricks"] == bridge["tricks"]
    napoleon = _solve(client, deal=SMALL, game="napoleon", trump="N", leader="W", options={"bidder": "S"})
    assert napoleon["side"] == ["N", "E", "W"]
    king = _solve(client, deal=SMALL, game="king", leader="W", options={"hand": 1})
    assert king["value"] <= 0


def test_the_budget_is_clamped_and_a_tiny_one_answers_inexact(make_app):
    # small enough that no full deal is valued card by card within it
    client = make_app(DD_BUDGET_MS_MAX=5).test_client()
    body = _solve(client, deal=FULL, trump="N", leader="W", values="all", budget_ms=10**9)
    assert body["budget_ms"] == 5
    assert body["exact"] is False and body["lower"] <= body["value"] <= body["upper"]
    assert body["ms"] < 5000, "the budget stopped the search"
    tiny = _solve(client, deal=FULL, trump="S", leader="N", budget_ms=1)
    assert tiny["exact"] is False and tiny["budget_ms"] == 1


def test_the_trick_table_matches_solve_table(client):
    response = client.post(f"{BASE}/table", json={"deal": SMALL})
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["exact"] is True and body["tricks"] == solve_table(SMALL)
    assert body["bounds"]["N"]["N"] == [body["tricks"]["N"]["N"]] * 2
    squeeze = client.post(f"{BASE}/table", json={"deal": SQUEEZE}).get_json()
    assert squeeze["tricks"]["S"]["N"] == 1, "with West on lead there is no squeeze"


def test_a_table_out_of_time_gives_ranges(make_app):
    client = make_app(DD_TABLE_BUDGET_MS_MAX=40).test_client()
    body = client.post(f"{BASE}/table", json={"deal": FULL, "budget_ms": 10}).get_json()
    assert body["exact"] is False
    cells = [(body["tricks"][s][t], body["bounds"][s][t]) for s in "NESW" for t in "SHDCN"]
    assert all(0 <= low <= high <= 13 for _, (low, high) in cells)
    assert any(tricks is None for tricks, _ in cells)


def test_play_a_card_and_complete_a_trick(client):
    first = client.post(f"{BASE}/play", json={"deal": SQUEEZE, "leader": "S", "card": "AC"}).get_json()
    assert first["played"] == ["AC"] and first["to_play"] == "W" and first["completed"] is None
    position = {"deal": first["deal"], "leader": first["leader"], "played": first["played"]}
    for card in ("KH", "2D", "8D"):
        answer = client.post(f"{BASE}/play", json={**position, "card": card}).get_json()
        position = {"deal": answer["deal"], "leader": answer["leader"], "played": answer["played"]}
    assert answer["completed"] == {"cards": ["AC", "KH", "2D", "8D"], "seats": ["S", "W", "N", "E"],
                                   "winner": "S", "side": ["N", "S"], "points": 1}
    assert answer["leader"] == "S" and answer["to_play"] == "S" and answer["played"] == []
    assert answer["hands"]["W"] == ["KS", "QH"] and answer["finished"] is False


def test_games_are_listed(client):
    games = {g["name"]: g for g in client.get(f"{BASE}/games").get_json()["games"]}
    assert {"bridge", "whist", "teka", "troefcall", "manille", "kop", "agram", "napoleon"} <= set(games)
    assert len(games["bridge"]["cards"]) == 52 and len(games["manille"]["cards"]) == 32
    assert games["kop"]["trump"] == "fixed" and games["agram"]["trump"] == "none"


def test_the_endpoints_are_in_the_openapi_document(client):
    document = client.get("/api/v1/openapi.json").get_json()
    for path in ("solve", "table", "play", "games"):
        assert f"/api/v1/doubledummy/{path}" in document["paths"]
    solve_op = document["paths"]["/api/v1/doubledummy/solve"]["post"]
    assert solve_op["requestBody"]["content"]["application/json"]["example"]["deal"]
    enum = document["components"]["schemas"]["DoubleDummySolveRequest"]["properties"]["game"]["enum"]
    assert "teka" in enum and "manille" in enum


BAD = [
    ({"deal": "N:AK.J.T. AT.A.8. 87.K.A. 6.T.Q.A"}, 422, "deal", "AS is in both N and E"),
    ({"deal": "N:AAK.J.T. JT.A.8. 87.K.A. 6.T.Q."}, 422, "deal", "AS is twice in N"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.AK"}, 422, "deal", "same number of cards"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T..A", "played": ["QD", "5C"], "leader": "W"}, 422, "deal",
     "cannot come from one deal"),
    ({"deal": {"N": [], "E": ["AS"], "S": [], "W": []}, "leader": "N"}, 422, "leader", "holds no cards"),
    ({"deal": "AK.J.T. JT.A.8. 87.K.A. 6.T.Q.A"}, 422, "deal", "colon"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A."}, 422, "deal", "4 hands"),
    ({"deal": "N:AK.J.T JT.A.8. 87.K.A. 6.T.Q.A"}, 422, "deal", "4 suits"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.X"}, 422, "deal", "'X' is not a rank"),
    ({"deal": "Q:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.A"}, 422, "deal", "N, E, S or W"),
    ({"deal": {"N": ["ZZ"], "E": [], "S": [], "W": []}}, 422, "deal", "'ZZ' is not a card"),
    ({"deal": [["AS"], ["KS"]]}, 422, "deal", "4 hands"),
    ({"deal": SMALL, "game": "skat"}, 422, "game", "unknown game"),
    ({"deal": SMALL, "trump": "X"}, 422, "trump", "unknown trump"),
    ({"deal": SMALL, "leader": "Z"}, 422, "leader", "unknown leader"),
    ({"deal": SMALL, "game": "manille", "leader": "W"}, 422, "deal", "6S (in W's hand) is not a card of manille"),
    ({"deal": SMALL, "game": "kop", "trump": "S"}, 422, "trump", "fixed trump ladder"),
    ({"deal": SMALL, "game": "agram", "trump": "S"}, 422, "trump", "without trumps"),
    ({"deal": SMALL, "game": "tetka"}, 422, "options.bum_card", "bum_card"),
    ({"deal": SMALL, "game": "napoleon", "options": {"bidder": "X"}}, 422, "options.bidder", "N E S W"),
    ({"deal": SMALL, "values": "some"}, 422, "values", "best, all"),
    ({"deal": SMALL, "budget_ms": 0}, 422, "budget_ms", "at least 1"),
    ({"deal": SMALL, "budget_ms": "fast"}, 400, "budget_ms", "milliseconds"),
    ({"deal": 7}, 400, "deal", "PBN text"),
    ({}, 400, "deal", "required"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T..A", "leader": "W", "played": ["QD", "AS"]}, 422, "played",
     "also in N's hand"),
    ({"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T..A", "leader": "W", "played": ["QD", "QD"]}, 422, "played",
     "twice"),
    ({"deal": "N:A.J..T JT.A.8. 87.K.A. 6.T.Q.", "leader": "W", "played": ["AC", "KS"]}, 422, "played",
     "N could not have played KS"),
    ({"deal": "N:... ... ... ...", "leader": "W", "played": ["AC", "KS", "QS", "JS"]}, 422, "played",
     "at most 3"),
]


@pytest.mark.parametrize("body,status,field,words", BAD, ids=[b[3] for b in BAD])
def test_bad_positions_are_problems_that_say_what_is_wrong(client, body, status, field, words):
    problem = assert_problem(client.post(f"{BASE}/solve", json=body), status, field)
    assert words in problem["detail"]


def test_play_refuses_cards_the_seat_may_not_play(client):
    base = {"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T..A", "leader": "W", "played": ["QD"]}
    assert "legal: TD" in assert_problem(client.post(f"{BASE}/play", json={**base, "card": "AS"}), 422,
                                         "card")["detail"]
    assert "does not hold 8D" in assert_problem(client.post(f"{BASE}/play", json={**base, "card": "8D"}), 422,
                                                "card")["detail"]
    assert_problem(client.post(f"{BASE}/play", json=base), 400, "card")


def test_table_refuses_a_trick_in_progress_shape(client):
    body = assert_problem(client.post(f"{BASE}/table", json={"deal": "N:AK.J.T. JT.A.8. 87.K.A. 6.T..A"}),
                          422, "deal")
    assert "same number of cards" in body["detail"]


@pytest.mark.parametrize("path", ["solve", "table", "play"])
def test_a_body_that_is_not_json_is_a_400(client, path):
    assert "malformed JSON" in assert_problem(client.post(f"{BASE}/{path}", data=b"{deal:",
                                                          content_type="application/json"), 400)["detail"]
    assert_problem(client.post(f"{BASE}/{path}", json=["not", "an", "object"]), 400)


# ---------------------------------------------------------------- garbage never makes a 500

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10)

pbn_like = st.from_regex(r"\A[NESWX]?:?([AKQJT2-9X]{0,3}\.){0,4}[AKQJT2-9]{0,2}( [AKQJT2-9.]{0,8}){0,4}\Z")
card_like = st.from_regex(r"\A(10|[AKQJT2-9X])?[SHDCX]?\Z")

positions = st.fixed_dictionaries({}, optional={
    "deal": st.one_of(pbn_like, json_values, st.lists(st.lists(card_like, max_size=3), max_size=5),
                      st.dictionaries(st.sampled_from("NESWX"), st.lists(card_like, max_size=3))),
    "trump": st.one_of(st.sampled_from(["S", "H", "D", "C", "N", "NT", "x", ""]), json_values),
    "leader": st.one_of(st.sampled_from(["N", "E", "S", "W", "Q"]), json_values),
    "played": st.one_of(st.lists(card_like, max_size=4), json_values),
    "values": st.one_of(st.sampled_from(["best", "all"]), json_values),
    "game": st.one_of(st.sampled_from(["bridge", "kop", "manille", "agram", "tetka", "king", "trex"]), json_values),
    "options": json_values,
    "budget_ms": st.one_of(st.integers(-5, 30), json_values),
    "card": st.one_of(card_like, json_values),
})

bodies = st.one_of(st.binary(max_size=120), json_values.map(lambda v: json.dumps(v).encode()),
                   positions.map(lambda v: json.dumps(v).encode()))


@pytest.fixture(scope="module")
def fuzz_client(tmp_path_factory):
    path = tmp_path_factory.mktemp("ddfuzz") / "cardsage.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "TESTING": True, "DD_BUDGET_MS_MAX": 30,
                      "DD_TABLE_BUDGET_MS_MAX": 60})
    yield app.test_client()
    app.extensions["cardsage.storage"].close()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=bodies, path=st.sampled_from(["solve", "table", "play"]))
def test_garbage_bodies_never_cause_a_500(fuzz_client, body, path):
    response = fuzz_client.post(f"{BASE}/{path}", data=body, content_type="application/json")
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code != 200:
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["detail"]


def test_a_field_the_request_does_not_take_is_refused_not_ignored(client):
    """A misspelt ``trumps`` would otherwise be solved as no trump without a word."""
    r = client.post(f"{BASE}/solve", json={"deal": SQUEEZE, "leader": "S", "trumps": "S"})
    assert r.status_code == 400 and r.get_json()["field"] == "trumps"
    assert "unknown field(s) trumps" in r.get_json()["detail"]
    r = client.post(f"{BASE}/table", json={"deal": FULL, "budget": 5})
    assert r.status_code == 400 and r.get_json()["field"] == "budget"
    r = client.post(f"{BASE}/play", json={"deal": SQUEEZE, "leader": "S", "card": "AC", "values": "all"})
    assert r.status_code == 400 and r.get_json()["field"] == "values"
    # every field each request takes is still taken
    _solve(client, deal=SQUEEZE, trump="N", leader="S", played=[], game="bridge", options={},
           values="all", line=True, budget_ms=1000)
    r = client.post(f"{BASE}/play", json={"deal": SQUEEZE, "trump": "N", "leader": "S", "played": [],
                                          "game": "bridge", "options": {}, "card": "AC"})
    assert r.status_code == 200 and r.get_json()["played"] == ["AC"]
