"""The production server: `cardsage serve` (gunicorn, several workers; waitress as the
fallback) started through the CLI in a subprocess and driven over HTTP."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.api.test_api_server import free_port, play_a_move, request

ROOT = Path(__file__).resolve().parents[2]


def start(tmp_path: Path, *extra: str) -> tuple[str, subprocess.Popen]:
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve", "--port", str(port),
         "--database", f"sqlite:///{tmp_path / 'served.sqlite3'}",
         # the suite keeps every processor busy: solvers kept off one, in the idle class, would wait
         "--solver-cpus", "all", *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True, start_new_session=True)
    log.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if request(base + "/api/v1/health")[0] == 200:
                return base, process
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            raise RuntimeError("server did not start: " + (tmp_path / "server.log").read_text())
        time.sleep(0.1)


def stop(process: subprocess.Popen) -> float:
    """SIGTERM the server; return how long it took to exit (its whole group is killed after 15 s)."""
    began = time.monotonic()
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return time.monotonic() - began


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_gunicorn_with_several_workers_serves_and_stops(tmp_path):
    base, process = start(tmp_path, "--workers", "3", "--threads", "2")
    try:
        assert request(base + "/api/v1/health")[2] == {"status": "ok"}
        play_a_move(base, reads=6)   # a session written by one worker is read back through the others
        # keep-alive: several requests over one connection
        host, port = base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        for _ in range(5):
            connection.request("GET", "/api/v1/health")
            response = connection.getresponse()
            assert response.status == 200 and json.loads(response.read()) == {"status": "ok"}
        connection.close()
        # bad input is still problem+json 4xx through the server
        status, kind, _ = request(base + "/api/v1/patience/klondike/solve", {"seed": "x"})
        assert (status, kind) == (400, "application/problem+json")
        # three server processes under the master
        children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) == 3
    finally:
        seconds = stop(process)
    out = process.stdout.read()
    process.stdout.close()
    assert base in out and "gunicorn" in out
    assert process.returncode == 0 and seconds < 12
    assert "Booting worker" in (tmp_path / "server.log").read_text()


def test_stopping_does_not_wait_for_a_long_solve(tmp_path):
    base, process = start(tmp_path, "--workers", "1", "--threads", "2")
    try:
        host, port = base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        # draw-3 deal 1 is not settled in 60 s: the solver process is busy when we stop
        connection.request("POST", "/api/v1/patience/klondike/solve",
                           json.dumps({"seed": 1, "rules": {"draw": 3}, "budget_seconds": 60}),
                           {"Content-Type": "application/json"})
        time.sleep(2.5)
        assert request(base + "/api/v1/health")[0] == 200          # the server still answers meanwhile
    finally:
        seconds = stop(process)
    process.stdout.close()
    assert seconds < 14
    # the solver process notices its server is gone within its next poll; a loaded
    # machine may take a few seconds to schedule the niced child at all
    deadline = time.monotonic() + 15
    while group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert not group_alive(process.pid), "a solver process outlived the server"


def test_waitress_fallback_serves(tmp_path):
    base, process = start(tmp_path, "--server", "waitress", "--threads", "4")
    try:
        assert request(base + "/api/v1/health")[2] == {"status": "ok"}
        play_a_move(base, reads=6)   # a session written by one worker is read back through the others
    finally:
        stop(process)
    out = process.stdout.read()
    process.stdout.close()
    assert base in out and "waitress" in out


@pytest.mark.parametrize("processes", [4])
def test_workers_starting_together_create_the_schema_once(tmp_path, processes):
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    code = f"from api.app import open_storage; open_storage({url!r}).close(); print('ok')"
    started = [subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(processes)]
    results = [p.communicate(timeout=60) for p in started]
    assert [p.returncode for p in started] == [0] * processes, results


def test_the_sqlite_writer_lock_is_held_only_during_a_write(tmp_path):
    import fcntl

    from api.app import open_storage
    from api.storage import MatchRecord
    from api.writelock import serialize_writes
    from datetime import datetime, timezone

    url = f"sqlite:///{tmp_path / 'locked.sqlite3'}"
    storage = open_storage(url)
    lock = serialize_writes(storage.engine, url)
    record = MatchRecord(id="m1", game="whist", options={}, seed=1, deal=None, seats=("human",) * 4,
                         token_hashes={}, created_at=datetime.now(timezone.utc))
    storage.create(record, [(0, {"kind": "play", "args": ["2C"]})])
    storage.append("m1", 1, [(1, {"kind": "play", "args": ["3C"]})])
    assert storage.version("m1") == 2
    # free again: another open file description can take it at once
    fd = os.open(lock.path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
    with pytest.raises(Exception):
        storage.append("m1", 1, [(1, {"kind": "play", "args": ["4C"]})])   # stale: rolled back, lock given back
    assert lock._thread_lock.acquire(timeout=1)
    lock._thread_lock.release()
    storage.close()


def test_prepare_leaves_every_kernel_loaded(capsys):
    # `cardsage prepare` (run by scripts/serve.sh before serving) fills numba's disk cache
    from api.cli import main
    from solvers.doubledummy import solver as dd
    from solvers.patience import (forty_thieves_exact, forty_thieves_jit, forty_thieves_levels,
                                  forty_thieves_stock, klondike_jit, klondike_sets)

    assert main(["prepare"]) == 0
    assert dd._LOADED.is_set() and klondike_jit._warm and forty_thieves_jit._warm
    assert klondike_sets._warm and forty_thieves_exact._warm and forty_thieves_stock._warm
    assert forty_thieves_levels._warm
    assert "solvers ready" in capsys.readouterr().out
