"""Verification jobs on a real PostgreSQL server: the same storage code as SQLite
(claim, lease, results, cancel), and a second app on the database sees the job."""

from __future__ import annotations

import time

import pytest

from api import create_app
from tests.api.test_postgres import postgres_url  # noqa: F401  (the throwaway PostgreSQL fixture)

VERIFY = "/api/v1/patience/klondike/verify"


@pytest.mark.slow   # about 10 s, most of it starting PostgreSQL
def test_jobs_on_postgresql(postgres_url):  # noqa: F811
    app = create_app({"DATABASE_URL": postgres_url, "TESTING": True})
    other = create_app({"DATABASE_URL": postgres_url, "TESTING": True, "PATIENCE_JOB_RUNNER": False})
    try:
        client = app.test_client()
        r = client.post(VERIFY, json={"seeds": [3, 4], "budget_seconds": 1})
        assert r.status_code == 202
        url = r.headers["Location"]
        deadline = time.time() + 30
        while (job := other.test_client().get(url).get_json())["status"] in ("queued", "running"):
            assert time.time() < deadline, job
            time.sleep(0.1)
        assert job["status"] == "done" and [row["id"] for row in job["results"]] == ["3", "4"]
        lines = client.get(url + "/results?format=jsonl").get_data(as_text=True).splitlines()
        assert len(lines) == 2

        queued = other.test_client().post(VERIFY, json={"seeds": "1-3"}, environ_base={"REMOTE_ADDR": "10.1.1.1"})
        cancelled = client.delete(queued.headers["Location"]).get_json()
        assert cancelled["status"] == "cancelled"
    finally:
        for each in (app, other):
            each.extensions["cardsage.patience_jobs"].stop()
            each.extensions["cardsage.storage"].close()
