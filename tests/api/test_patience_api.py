"""Patience over HTTP: solve by seed and by deal, refusals, the budget clamp, batch jobs, the CLI."""

from __future__ import annotations

import time

from api.cli import main as cli_main
from tests.api.helpers import assert_problem, auth, create
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import position_to_json, to_solvitaire
from solvers.patience.options import KlondikeRules
from solvers.patience.rules import is_won, replay

SOLVE = "/api/v1/patience/klondike/solve"


def test_solve_by_seed_gives_a_replayable_solution(client):
    r = client.post(SOLVE, json={"seed": 7, "budget_seconds": 5, "include_deal": True})
    assert r.status_code == 200
    body = r.get_json()
    assert body["verdict"] == "winnable" and body["nodes"] > 0
    final = replay(deal_by_number("klondike", 7), body["solution"], KlondikeRules())
    assert final.is_won()
    assert set(body["deal"]) == {"cardsage", "solvitaire"}


def test_solve_by_both_deal_formats_agrees(client):
    position = deal_by_number("klondike", 7)
    ours = client.post(SOLVE, json={"deal": position_to_json(position), "budget_seconds": 5}).get_json()
    theirs = client.post(SOLVE, json={"deal": to_solvitaire(position), "format": "solvitaire",
                                      "budget_seconds": 5}).get_json()
    assert ours["verdict"] == theirs["verdict"] == "winnable"
    assert ours["solution"] == theirs["solution"]


def test_solvitaire_stock_is_dealt_from_its_end(client):
    position = deal_by_number("klondike", 7)
    theirs = to_solvitaire(position)
    # the trap: Solvitaire lists the stock with the first card to deal last
    read_as_ours = {"tableau": [{"down": [c.rstrip("cdhs").upper() + c[-1].upper() for c in p if c[-1].islower()],
                                 "up": [c.replace("10", "T") for c in p if not c[-1].islower()]}
                                for p in theirs["tableau piles"]],
                    "stock": [c.replace("10", "T") for c in theirs["stock"]]}
    for col in read_as_ours["tableau"]:
        col["down"] = [c.replace("10", "T") for c in col["down"]]
    body = client.post(SOLVE, json={"deal": read_as_ours, "budget_seconds": 5, "include_deal": True}).get_json()
    assert body["deal"]["cardsage"]["stock"] == list(reversed(position_to_json(position)["stock"]))
    right = client.post(SOLVE, json={"deal": theirs, "format": "solvitaire", "include_deal": True,
                                     "budget_seconds": 1}).get_json()
    assert right["deal"]["cardsage"]["stock"] == position_to_json(position)["stock"]


def test_bad_deals_and_rules_are_422_naming_the_problem(client):
    full = position_to_json(deal_by_number("klondike", 2))
    gone = full["stock"][0]
    r = client.post(SOLVE, json={"deal": {**full, "stock": full["stock"][1:]}})
    assert r.status_code == 422 and gone in r.get_json()["detail"]
    r = client.post(SOLVE, json={"deal": {**full, "stock": ["QQ"] + full["stock"][1:]}})
    assert r.status_code == 422 and "QQ" in r.get_json()["detail"]
    r = client.post(SOLVE, json={"deal": {**full, "stock": [full["stock"][1]] + full["stock"][1:]}})
    assert r.status_code == 422 and "more than once" in r.get_json()["detail"]
    r = client.post(SOLVE, json={"seed": 1, "rules": {"draw": 2}})
    assert r.status_code == 422 and r.get_json()["field"] == "rules.draw"
    r = client.post(SOLVE, json={"seed": 1, "rules": {"redeals": "one"}})
    assert r.status_code == 422
    assert client.post("/api/v1/patience/spider/solve", json={"seed": 1}).status_code == 404
    assert client.post(SOLVE, json={}).status_code == 400


def test_a_field_the_request_does_not_take_is_refused_not_ignored(client):
    """A rule put beside ``rules`` instead of in it would otherwise solve the deal
    under other rules without a word; a misspelt budget would run the default."""
    r = client.post("/api/v1/patience/forty-thieves/solve", json={"seed": 10, "redeals": "none"})
    problem = r.get_json()
    assert r.status_code == 400 and problem["field"] == "redeals"
    assert "unknown field(s) redeals" in problem["detail"] and "rules" in problem["detail"]
    r = client.post(SOLVE, json={"seed": 1, "budget": 5})
    assert r.status_code == 400 and r.get_json()["field"] == "budget"
    r = client.post("/api/v1/patience/klondike/verify", json={"seeds": "1-3", "draw": 3})
    assert r.status_code == 400 and r.get_json()["field"] == "draw" and "job" not in r.get_json()
    # every field the requests do take is still taken
    r = client.post(SOLVE, json={"seed": 1, "format": "cardsage", "rules": {"draw": 1}, "budget_seconds": 1,
                                 "include_deal": True})
    assert r.status_code == 200 and "deal" in r.get_json()


def test_budget_is_clamped_to_the_server_maximum(make_app):
    client = make_app(PATIENCE_BUDGET_S_MAX=0.2).test_client()
    body = client.post("/api/v1/patience/forty-thieves/solve",
                       json={"seed": 3, "budget_seconds": 500, "rules": {"redeals": "none"}}).get_json()
    assert body["budget_seconds"] == 0.2 and body["seconds"] < 2


def test_batch_job_reports_progress_then_results(client):
    r = client.post("/api/v1/patience/klondike/verify", json={"seeds": "1-3", "budget_seconds": 1})
    assert r.status_code == 202
    url = r.headers["Location"]
    deadline = time.time() + 180   # a bound on a hang: a cold machine compiles the solver first
    while True:
        job = client.get(url).get_json()
        assert job["progress"]["total"] == 3
        if job["status"] not in ("queued", "running") or time.time() > deadline:
            break
        time.sleep(0.2)
    assert job["status"] == "done" and job["progress"]["done"] == 3
    assert sum(job["counts"].values()) == 3 and len(job["results"]) == 3
    low, high = job["interval"]
    assert 0 <= low <= high <= 1
    assert client.get("/api/v1/patience/jobs/nope").status_code == 404


def test_batch_job_caps(make_app):
    client = make_app(PATIENCE_JOB_SEEDS_MAX=5).test_client()
    r = client.post("/api/v1/patience/klondike/verify", json={"seeds": "1-6"})
    assert r.status_code == 422 and "at most 5" in r.get_json()["detail"]
    assert client.post("/api/v1/patience/klondike/verify", json={"seeds": 3}).status_code == 400


def test_openapi_lists_the_patience_paths(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert {"/api/v1/patience/{game}/solve", "/api/v1/patience/{game}/verify",
            "/api/v1/patience/jobs/{job_id}"} <= set(paths)


def test_session_hint_for_a_seeded_klondike_is_fair(client):
    created = client.post("/api/v1/sessions", json={"game": "klondike", "seats": ["human"], "seed": 3}).get_json()
    hint = client.get(f"/api/v1/sessions/{created['id']}/hint?budget_ms=300",
                      headers={"Authorization": f"Bearer {created['tokens']['0']}"}).get_json()
    assert hint["method"] == "sampled" and "win_probability" in hint["evaluation"]


def _hint(client, created, mode=None):
    query = "budget_ms=300" + (f"&mode={mode}" if mode else "")
    return client.get(f"/api/v1/sessions/{created['id']}/hint?{query}", headers=auth(created["tokens"]["0"]))


def test_hint_modes_fair_and_oracle(client):
    seeded = client.post("/api/v1/sessions", json={"game": "klondike", "seats": ["human"], "seed": 3}).get_json()
    body = assert_problem(_hint(client, seeded, "oracle"), 403, field="mode")
    assert "typed in" in body["detail"], "a numbered deal's hidden cards are not the player's to see"
    assert body["title"] == "Forbidden", "not a token problem"
    assert_problem(_hint(client, seeded, "peek"), 422, field="mode")
    assert _hint(client, seeded, "fair").get_json()["method"] == "sampled"

    deal = {**position_to_json(deal_by_number("klondike", 5)), "format": "cardsage"}
    owned = client.post("/api/v1/sessions", json={"game": "klondike", "seats": ["human"], "deal": deal}).get_json()
    default = _hint(client, owned).get_json()
    assert default["method"] == "oracle" and default["evaluation"]["uses_hidden_cards"]
    assert default["evaluation"]["line"][0] == default["action"]["notation"]
    fair = _hint(client, owned, "fair").get_json()
    assert fair["method"] == "sampled" and "uses_hidden_cards" not in fair["evaluation"]
    # the refused requests changed nothing
    assert client.get(f"/api/v1/sessions/{seeded['id']}", headers=auth(seeded["tokens"]["0"])).get_json()["version"] == 0


def test_a_finished_game_gets_the_oracle_review(client):
    seeded = client.post("/api/v1/sessions", json={"game": "klondike", "seats": ["human"], "seed": 5,
                                                   "options": {"draw": 1}}).get_json()
    headers = auth(seeded["tokens"]["0"])
    resigned = client.post(f"/api/v1/sessions/{seeded['id']}/actions", headers=headers,
                           json={"action": "resign", "version": 0}).get_json()
    assert resigned["over"]
    review = _hint(client, seeded).get_json()
    assert review["method"] == "oracle" and review["evaluation"]["verdict"] == "winnable"
    line = review["evaluation"]["line"]
    assert is_won(replay(deal_by_number("klondike", 5), line, KlondikeRules(draw=1)))
    assert_problem(_hint(client, seeded, "fair"), 409)


def test_hint_mode_on_a_game_with_one_method_is_refused(client):
    session_id, tokens = create(client)
    body = assert_problem(client.get(f"/api/v1/sessions/{session_id}/hint?mode=oracle", headers=auth(tokens["0"])),
                          422, field="mode")
    assert "whist" in body["detail"]


def test_cli_verify_runs_a_tiny_batch(capsys):
    assert cli_main(["verify", "klondike", "--seeds", "1-3", "--budget", "2", "--workers", "1", "--quiet"]) == 0
    assert "3 deals" in capsys.readouterr().out


def test_huge_seed_ranges_are_refused_before_they_are_expanded(client):
    # expanded first, "0-10**18" would never finish: the count is checked range by range
    for seeds in ("0-1000000000000000000", "0-9999999,10000000-19999999,20000000-29999999",
                  "1-" + "9" * 30):
        r = client.post("/api/v1/patience/klondike/verify", json={"seeds": seeds})
        assert_problem(r, 422, "seeds")
    r = client.post("/api/v1/patience/klondike/verify", json={"seeds": list(range(2001))})
    assert r.status_code == 422 and "at most 2000" in r.get_json()["detail"]


def test_a_deal_number_past_the_largest_is_refused_before_any_solving(client):
    r = client.post("/api/v1/patience/klondike/solve", json={"seed": 10 ** 400})
    assert_problem(r, 422, "seed")
    assert "0 to" in r.get_json()["detail"]
    r = client.get("/api/v1/games/" + "x" * 5000)
    # the name is not echoed whole: a short piece of it, then the names of the known games
    detail = r.get_json()["detail"]
    assert r.status_code == 404 and "x" * 41 not in detail and len(detail) < 800
