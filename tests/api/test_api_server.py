"""The real server: `cardsage serve` in a subprocess, driven over HTTP with urllib."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def request(url: str, body=None, token: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.headers.get_content_type(), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_content_type(), json.loads(error.read())


@pytest.fixture
def server(tmp_path):
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'served.sqlite3'}",
         # the suite keeps every processor busy: solvers kept off one, in the idle class, would wait
         "--solver-cpus", "all"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if request(base + "/api/v1/health")[0] == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("server did not start: " + (tmp_path / "server.log").read_text())
            time.sleep(0.1)
        yield base, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def play_a_move(base: str, *, bot: str = "random", seed: int = 11, reads: int = 1) -> None:
    """Create a Whist session over HTTP, read it ``reads`` times (through any server process),
    play the human's first legal card, and check a stale second move is refused with 409."""
    status, _, created = request(base + "/api/v1/sessions",
                                 {"game": "whist", "seats": ["human", bot, bot, bot], "seed": seed})
    assert status == 201, created
    token, url = created["tokens"]["0"], f"{base}/api/v1/sessions/{created['id']}"
    for _ in range(reads):
        status, _, state = request(url, token=token)
        assert status == 200 and state["to_move"] == [0]
    status, _, after = request(url + "/actions", {"action": state["legal_actions"][0]["notation"],
                                                  "version": state["version"]}, token=token)
    assert status == 200 and after["version"] > state["version"]
    status, kind, problem = request(url + "/actions", {"action": "play AS", "version": state["version"]},
                                    token=token)
    assert status == 409 and kind == "application/problem+json"


def test_serve_plays_a_move_over_http(server):
    base, process = server
    play_a_move(base, bot="heuristic", seed=7)


def test_serve_prints_its_url(server):
    base, process = server
    process.terminate()
    # a worker still starting under the suite's load can hold the shutdown up to
    # gunicorn's graceful timeout (10 s) before it is killed
    out, _ = process.communicate(timeout=30)
    assert base in out


def test_concurrent_submits_to_the_server_record_one(server):
    import threading

    base, _ = server
    _, _, created = request(base + "/api/v1/sessions",
                            {"game": "whist", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3})
    token, url = created["tokens"]["0"], f"{base}/api/v1/sessions/{created['id']}"
    _, _, state = request(url, token=token)
    body = {"action": state["legal_actions"][0]["notation"], "version": state["version"]}
    barrier, statuses = threading.Barrier(6), []

    def submit():
        barrier.wait()
        statuses.append(request(url + "/actions", body, token=token)[0])

    threads = [threading.Thread(target=submit) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 5
