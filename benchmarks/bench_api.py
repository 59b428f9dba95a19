"""HTTP API latency through a real server process.

Starts ``cardsage serve`` on a free port with a fresh SQLite file, creates N seeded
Whist sessions (one human, three heuristic bots), and for each session times GETs of
the session and moves (the human's first legal action, including the bots' replies).
Prints median, p90 and max in milliseconds for each kind of request.

    .venv/bin/python benchmarks/bench_api.py [--sessions 20] [--moves 10]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A port nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(url: str, body=None, token: str | None = None) -> tuple[float, dict]:
    """One request; returns (milliseconds, JSON answer)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET",
                                 headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    start = time.perf_counter()
    with urllib.request.urlopen(req, timeout=30) as response:
        payload = json.loads(response.read())
    return (time.perf_counter() - start) * 1000, payload


def wait_until_up(base: str, process: subprocess.Popen) -> None:
    """Poll the health endpoint until the server answers."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited during start-up")
        try:
            call(base + "/api/v1/health")
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 30 s")


def summary(name: str, samples: list[float]) -> str:
    """Median, p90 and max of a list of latencies."""
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return (f"{name:<6} n={len(ordered):<5} median {statistics.median(ordered):7.2f} ms   "
            f"p90 {p90:7.2f} ms   max {ordered[-1]:7.2f} ms")


def run(base: str, sessions: int, moves: int) -> tuple[list[float], list[float], list[float]]:
    """Create sessions and time GETs and moves on each."""
    creates, gets, posts = [], [], []
    for seed in range(1, sessions + 1):
        ms, created = call(base + "/api/v1/sessions", {"game": "whist", "seed": seed,
                                                       "seats": ["human", "heuristic", "heuristic", "heuristic"]})
        creates.append(ms)
        url, token = f"{base}/api/v1/sessions/{created['id']}", created["tokens"]["0"]
        for _ in range(moves):
            ms, state = call(url, token=token)
            gets.append(ms)
            if state["over"]:
                break
            ms, _ = call(url + "/actions", {"action": state["legal_actions"][0]["notation"],
                                            "version": state["version"]}, token=token)
            posts.append(ms)
    return creates, gets, posts


def main(argv: list[str] | None = None) -> int:
    """Start a server, measure, print, stop the server."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--moves", type=int, default=10, help="moves per session")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", "--port", str(port),
             "--database", f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, process)
            creates, gets, posts = run(base, args.sessions, args.moves)
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"{args.sessions} Whist sessions (1 human, 3 heuristic bots), up to {args.moves} moves each")
    print(summary("create", creates))
    print(summary("get", gets))
    print(summary("move", posts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
