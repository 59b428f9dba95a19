"""Verification jobs over HTTP: stored in the database, run off the request path by a
runner in niced child processes, resumed after a restart, cancelled, downloaded while
running, and limited per job and per client (422 / 429 with Retry-After)."""

from __future__ import annotations

import csv
import io
import json
import os
import time

import pytest

from api.storage import JobRecord
from tests.api.helpers import assert_problem

VERIFY = "/api/v1/patience/klondike/verify"


@pytest.fixture
def jobs_app(make_app):
    """Apps whose job runners are stopped at the end of the test (before the storage closes)."""
    built = []

    def build(**config):
        app = make_app(**config)
        built.append(app)
        return app

    yield build
    for app in built:
        app.extensions["cardsage.patience_jobs"].stop()


def wait_for(client, url, statuses=("done", "failed", "cancelled"), timeout=180.0, done=None):
    # a bound on a hang, not a speed check: a cold machine compiles the solver first
    deadline = time.time() + timeout
    while True:
        job = client.get(url).get_json()
        if job["status"] in statuses and (done is None or job["progress"]["done"] >= done):
            return job
        assert time.time() < deadline, job
        time.sleep(0.1)


def stored(app):
    return app.extensions["cardsage.storage"]


def test_a_job_runs_in_the_background_and_its_results_download(jobs_app):
    app = jobs_app()
    client = app.test_client()
    r = client.post(VERIFY, json={"seeds": "1-3", "budget_seconds": 1})
    assert r.status_code == 202
    body = r.get_json()
    assert body["status"] == "queued" and body["total"] == 3
    assert r.headers["Location"] == body["links"]["job"]
    job = wait_for(client, body["links"]["job"])
    assert job["status"] == "done" and job["error"] is None
    assert job["progress"]["done"] == 3 and sum(job["counts"].values()) == 3
    assert [row["id"] for row in job["results"]] == ["1", "2", "3"]
    assert job["started_at"] and job["finished_at"]

    text = client.get(body["links"]["results"] + "?format=csv")
    assert text.mimetype == "text/csv" and "attachment" in text.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(text.get_data(as_text=True))))
    assert [row["id"] for row in rows] == ["1", "2", "3"]
    assert rows[0]["verdict"] == job["results"][0]["verdict"]
    assert rows[0]["solution"] == ";".join(job["results"][0]["solution"])

    lines = client.get(body["links"]["results"], headers={"Accept": "application/x-ndjson"})
    assert lines.mimetype == "application/x-ndjson"
    assert [json.loads(line) for line in lines.get_data(as_text=True).splitlines()] == job["results"]
    assert client.get(body["links"]["results"], headers={"Accept": "text/csv"}).mimetype == "text/csv"
    assert_problem(client.get(body["links"]["results"] + "?format=xml"), 422, "format")

    # another server process on the same database answers for the job
    other = jobs_app(PATIENCE_JOB_RUNNER=False).test_client()
    assert other.get(body["links"]["job"]).get_json()["counts"] == job["counts"]


def test_unknown_jobs_are_404(jobs_app):
    client = jobs_app(PATIENCE_JOB_RUNNER=False).test_client()
    for method, path in (("get", "/nope"), ("delete", "/nope"), ("get", "/nope/results"),
                         ("get", "/" + "x" * 200)):
        assert_problem(getattr(client, method)("/api/v1/patience/jobs" + path), 404, "job")


def test_cancelling_a_queued_job_keeps_it_and_nothing_runs(jobs_app):
    app = jobs_app(PATIENCE_JOB_RUNNER=False)
    client = app.test_client()
    url = client.post(VERIFY, json={"seeds": "1-4", "budget_seconds": 1}).headers["Location"]
    assert client.get(url).get_json()["status"] == "queued"
    r = client.delete(url)
    assert r.status_code == 200 and r.get_json()["status"] == "cancelled"
    assert client.delete(url).get_json()["status"] == "cancelled"      # again: harmless
    assert client.get(url + "/results?format=csv").get_data(as_text=True).startswith("id,game")
    # a server with a runner does not run a cancelled job
    runner_app = jobs_app()
    runner_app.extensions["cardsage.patience_jobs"].wake()
    time.sleep(1.0)
    job = runner_app.test_client().get(url).get_json()
    assert job["status"] == "cancelled" and job["progress"]["done"] == 0


def test_cancelling_a_running_job_stops_it_and_keeps_its_results(jobs_app):
    client = jobs_app().test_client()
    url = client.post(VERIFY, json={"seeds": "1-40", "budget_seconds": 1}).headers["Location"]
    wait_for(client, url, statuses=("running",), done=1)
    cancelled = client.delete(url).get_json()
    assert cancelled["status"] == "cancelled" and "results" not in cancelled
    kept = cancelled["progress"]["done"]
    assert 1 <= kept < 40
    time.sleep(2.5)   # a deal in flight when the job was cancelled is not stored
    job = client.get(url).get_json()
    assert job["status"] == "cancelled" and job["progress"]["done"] == kept == len(job["results"])
    assert_problem(client.delete(url.replace(url.rsplit("/", 1)[1], "nope")), 404)


def test_finished_jobs_cannot_be_cancelled(jobs_app):
    client = jobs_app().test_client()
    url = client.post(VERIFY, json={"seeds": "5", "budget_seconds": 1}).headers["Location"]
    wait_for(client, url)
    assert_problem(client.delete(url), 409, "job")


def _record(job_id, seeds, **fields):
    values = dict(id=job_id, game="klondike", rules={"game": "klondike", "draw": 1, "passes": None,
                                                     "single_pass_switch": None, "foundation_to_tableau": True},
                  rules_label="klondike draw 1, unlimited passes", seeds=seeds, total=len(seeds),
                  budget_seconds=1.0, client="127.0.0.1", status="queued", error=None, created_at=time.time(),
                  started_at=None, finished_at=None, lease_owner=None, lease_until=None)
    values.update(fields)
    return JobRecord(**values)


def test_a_restarted_server_resumes_a_job_without_solving_stored_deals_again(jobs_app):
    idle = jobs_app(PATIENCE_JOB_RUNNER=False)
    storage = stored(idle)
    # a job a crashed server (a process that no longer exists on this host) was running,
    # with two deals stored; its lease has not even run out
    from api.jobs.runner import HOST
    dead = f"{HOST}:{2 ** 22 + 12345}:feedface"
    storage.create_job(_record("resumed", [11, 12, 13, 14]))
    job = storage.job("resumed")
    assert storage.claim_job(job, dead, time.time() + 3600)
    marker = {"verdict": "unknown", "moves": 0, "nodes": 424242, "seconds": 0.5, "solution": []}
    for seq in (0, 2):
        assert storage.record_result("resumed", dead, seq, {**marker, "id": str(11 + seq)}, time.time() + 3600)

    app = jobs_app()   # the restarted server: resumes at start-up
    client = app.test_client()
    job = wait_for(client, "/api/v1/patience/jobs/resumed")
    assert job["status"] == "done" and job["progress"]["done"] == 4
    assert [r["id"] for r in job["results"]] == ["11", "12", "13", "14"]
    assert [r["nodes"] for r in job["results"]][0::2] == [424242, 424242]   # not solved again
    assert all(r["nodes"] != 424242 for r in job["results"][1::2])
    # the dead owner can store nothing more
    assert not storage.record_result("resumed", dead, 1, {**marker, "id": "12"}, time.time() + 60)


def test_a_live_lease_is_respected_and_an_expired_one_taken_over(jobs_app):
    app = jobs_app(PATIENCE_JOB_RUNNER=False)
    board = app.extensions["cardsage.patience_jobs"]
    runner = board.runner_for_this_process()
    now = time.time()
    elsewhere = _record("x", [1], status="running", lease_owner="other-host:1:abc", lease_until=now + 60)
    assert not runner._claimable(elsewhere, now)
    assert runner._claimable(_record("x", [1], status="running", lease_owner="other-host:1:abc",
                                     lease_until=now - 1), now)
    mine = _record("x", [1], status="running", lease_owner=f"{runner.owner}", lease_until=now + 60)
    assert not runner._claimable(mine, now)
    alive = _record("x", [1], status="running", lease_owner=f"{runner.owner.split(':')[0]}:{os.getppid()}:z",
                    lease_until=now + 60)
    assert not runner._claimable(alive, now)
    # compare-and-set: of two runners reading the same queued job, one claims it
    storage = stored(app)
    storage.create_job(_record("cas", [1]))
    seen = storage.job("cas")
    assert storage.claim_job(seen, "a", now + 60)
    assert not storage.claim_job(seen, "b", now + 60)
    assert storage.job("cas").lease_owner == "a"


def test_job_children_are_niced(jobs_app):
    app = jobs_app(PATIENCE_JOB_NICE=5)
    runner = app.extensions["cardsage.patience_jobs"].runner_for_this_process()
    try:
        assert runner._pool().submit(os.nice, 0).result(timeout=30) == min(19, os.nice(0) + 5)
    finally:
        runner.stop()


# ---------------------------------------------------------------- limits and validation


def test_per_job_deal_seconds_are_capped_before_anything_is_stored(jobs_app):
    app = jobs_app(PATIENCE_JOB_RUNNER=False, PATIENCE_JOB_DEAL_SECONDS_MAX=100)
    client = app.test_client()
    body = assert_problem(client.post(VERIFY, json={"seeds": "1-20", "budget_seconds": 6}), 422, "seeds")
    assert "deal-seconds" in body["detail"]
    assert client.post(VERIFY, json={"seeds": "1-20", "budget_seconds": 5}).status_code == 202
    assert len(stored(app).unfinished_jobs()) == 1


def test_per_client_job_count_is_capped_with_retry_after(jobs_app):
    app = jobs_app(PATIENCE_JOB_RUNNER=False, PATIENCE_CLIENT_JOBS_MAX=2)
    client = app.test_client()
    first = client.post(VERIFY, json={"seeds": "1-3", "budget_seconds": 2}).headers["Location"]
    assert client.post(VERIFY, json={"seeds": "4-6", "budget_seconds": 2}).status_code == 202
    r = client.post(VERIFY, json={"seeds": "7-9", "budget_seconds": 2})
    assert_problem(r, 429, "seeds")
    assert int(r.headers["Retry-After"]) >= 1 and "cancel" in r.get_json()["detail"]
    assert len(stored(app).unfinished_jobs()) == 2
    # another client is not affected; cancelling frees a slot
    assert client.post(VERIFY, json={"seeds": "7-9"}, environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 202
    client.delete(first)
    assert client.post(VERIFY, json={"seeds": "7-9", "budget_seconds": 2}).status_code == 202


def test_requests_at_once_cannot_slip_past_the_per_client_limit(jobs_app):
    # two server processes (two apps on one database), eight requests released together
    import threading
    apps = [jobs_app(PATIENCE_JOB_RUNNER=False, PATIENCE_CLIENT_JOBS_MAX=2) for _ in range(2)]
    start = threading.Barrier(8)
    codes = []

    def ask(i):
        client = apps[i % 2].test_client()
        start.wait()
        codes.append(client.post(VERIFY, json={"seeds": f"{10 * i}-{10 * i + 2}", "budget_seconds": 1}).status_code)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [202, 202] + [429] * 6
    assert len(stored(apps[0]).unfinished_jobs()) == 2


def test_per_client_outstanding_deal_seconds_are_capped(jobs_app):
    app = jobs_app(PATIENCE_JOB_RUNNER=False, PATIENCE_CLIENT_JOBS_MAX=10, PATIENCE_CLIENT_DEAL_SECONDS_MAX=100)
    client = app.test_client()
    assert client.post(VERIFY, json={"seeds": "1-60", "budget_seconds": 1}).status_code == 202
    r = client.post(VERIFY, json={"seeds": "100-150", "budget_seconds": 1})
    body = assert_problem(r, 429)
    assert "deal-seconds" in body["detail"] and 1 <= int(r.headers["Retry-After"]) <= 3600
    assert client.post(VERIFY, json={"seeds": "100-139", "budget_seconds": 1}).status_code == 202


@pytest.mark.parametrize("body, status, field", [
    ({}, 400, "seeds"),
    ({"seeds": 3}, 400, "seeds"),
    ({"seeds": [1, True]}, 400, "seeds"),
    ({"seeds": []}, 422, "seeds"),
    ({"seeds": ""}, 422, "seeds"),
    ({"seeds": "5-3"}, 422, "seeds"),
    ({"seeds": "a-b"}, 422, "seeds"),
    ({"seeds": [1, 1]}, 422, "seeds"),
    ({"seeds": [-1]}, 422, "seeds"),
    ({"seeds": [10 ** 19]}, 422, "seeds"),
    ({"seeds": "0-300000000"}, 422, "seeds"),
    ({"seeds": "1-3", "budget_seconds": 0}, 422, "budget_seconds"),
    ({"seeds": "1-3", "budget_seconds": "1"}, 400, "budget_seconds"),
    ({"seeds": "1-3", "rules": {"draw": 2}}, 422, None),
])
def test_bad_requests_are_refused_before_anything_is_stored(jobs_app, body, status, field):
    app = jobs_app(PATIENCE_JOB_RUNNER=False)
    assert_problem(app.test_client().post(VERIFY, json=body), status, field)
    assert stored(app).unfinished_jobs() == []


def test_unknown_game_is_404(jobs_app):
    assert_problem(jobs_app(PATIENCE_JOB_RUNNER=False).test_client().post(
        "/api/v1/patience/spider/verify", json={"seeds": "1"}), 404, "game")


def test_openapi_documents_the_job_endpoints(jobs_app):
    paths = jobs_app(PATIENCE_JOB_RUNNER=False).test_client().get("/api/v1/openapi.json").get_json()["paths"]
    assert set(paths["/api/v1/patience/jobs/{job_id}"]) == {"get", "delete"}
    assert "/api/v1/patience/jobs/{job_id}/results" in paths
    verify = paths["/api/v1/patience/{game}/verify"]["post"]["responses"]
    assert {"202", "422", "429"} <= set(verify) and "Retry-After" in verify["429"]["headers"]
