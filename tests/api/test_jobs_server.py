"""The real server killed with SIGKILL in the middle of a verification job: restarted on
the same database, it finishes the job with every deal counted exactly once."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# draw 3: deals 3 and 4 solve in a tenth of a second, deals 1 and 2 take the whole budget,
# so the kill lands while deal 1 is being solved
SEEDS = [3, 4, 1, 2, 5, 6]
BUDGET = 1.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def start_server(port: int, database: str, log_path: Path) -> subprocess.Popen:
    """``cardsage serve`` through the CLI, in its own process group (server processes and
    solver children are killed together)."""
    # the suite keeps every processor busy: job children kept off one, in the idle class, would wait
    command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port), "--database", database,
               "--solver-cpus", "all"]
    help_text = subprocess.run(command[:4] + ["--help"], cwd=ROOT, capture_output=True, text=True).stdout
    if "--workers" in help_text:
        command += ["--workers", "2"]   # two server processes: either may run the job
    log = open(log_path, "a")
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log, start_new_session=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            if call(f"http://127.0.0.1:{port}/api/v1/health")[0] == 200:
                return process
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            kill(process)
            raise RuntimeError("server did not start: " + log_path.read_text())
        time.sleep(0.1)


def kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


def test_a_job_survives_a_sigkilled_server(tmp_path):
    db_file = tmp_path / "jobs.sqlite3"
    database = f"sqlite:///{db_file}"
    log_path = tmp_path / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    server = start_server(port, database, log_path)
    try:
        status, body = call(base + "/api/v1/patience/klondike/verify",
                            {"seeds": SEEDS, "budget_seconds": BUDGET, "rules": {"draw": 3}})
        assert status == 202, body
        url = base + body["links"]["job"]
        deadline = time.monotonic() + 180   # a bound on a hang (a cold machine compiles first)
        while True:
            job = call(url)[1]
            if job["progress"]["done"] >= 2:
                break
            assert time.monotonic() < deadline, job
            time.sleep(0.05)
        kill(server)
        assert job["status"] == "running" and job["progress"]["done"] < len(SEEDS), job
    finally:
        kill(server)

    server = start_server(port, database, log_path)
    try:
        deadline = time.monotonic() + 180
        while True:
            job = call(url)[1]
            if job["status"] != "running" and job["status"] != "queued":
                break
            assert time.monotonic() < deadline, job
            time.sleep(0.2)
    finally:
        kill(server)

    assert job["status"] == "done", (job, log_path.read_text())
    assert job["progress"] == {**job["progress"], "done": len(SEEDS), "total": len(SEEDS)}
    assert sorted(int(row["id"]) for row in job["results"]) == sorted(SEEDS)
    assert sum(job["counts"].values()) == len(SEEDS)
    with sqlite3.connect(db_file) as conn:
        rows, distinct = conn.execute("SELECT count(*), count(DISTINCT seq) FROM verify_results "
                                      "WHERE job_id = ?", (body["job"],)).fetchone()
    assert rows == distinct == len(SEEDS)
