"""The production server under load: throughput and latency, idle and while solvers work.

Starts ``cardsage serve`` (gunicorn, default workers) on 127.0.0.1 at a free port with
its own temporary SQLite file, and measures requests per second, p50 and p99 at
concurrency 1, 8 and 32 (keep-alive connections, one client thread each) for:

* ``GET /api/v1/health``
* a Twenty-Four solve (``GET /api/v1/twentyfour/solve?cards=…``, seeded deals in turn)
* a session move: Whist sessions with three random bots, each request plays the
  human's first legal card at the session's current version (sessions made beforehand)

first idle, then with two verification jobs running (``POST
/api/v1/patience/klondike/verify {"seeds": "1-400", "budget_seconds": 5}``, restarted
with the next 400 deals when one finishes) and one 60 s patience solve in flight (draw-3
deal 1, which the solver does not settle within 60 s). Each cell runs for ``--seconds``
or ``--requests``, whichever comes first; the server is stopped at the end. Loopback only.

    .venv/bin/python benchmarks/bench_service.py [--seconds 4] [--requests 20000] [--workers N]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONCURRENCY = (1, 8, 32)
SEATS = ["human", "random", "random", "random"]
HEADERS = {"Content-Type": "application/json"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Client:
    """One keep-alive connection; reconnects when the server closes it."""

    def __init__(self, port: int, timeout: float = 120.0):
        self.port, self.timeout = port, timeout
        self.connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict | None]:
        headers = dict(HEADERS)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body) if body is not None else None
        for attempt in (0, 1):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, data, headers)
                response = self.connection.getresponse()
                raw = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, (json.loads(raw) if raw else None)
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


# ---------------------------------------------------------------- the three requests


def health(client: Client, _ctx) -> int:
    return client.call("GET", "/api/v1/health")[0]


def twentyfour(client: Client, ctx) -> int:
    cards = ctx["deals"][next(ctx["counter"]) % len(ctx["deals"])]
    return client.call("GET", "/api/v1/twentyfour/solve?cards=" + ",".join(map(str, cards)))[0]


class Sessions:
    """Whist sessions with three random bots, each with its seat token and latest view."""

    def __init__(self, port: int):
        self.port = port
        self.ready: queue.SimpleQueue = queue.SimpleQueue()
        self.seed = 0
        self.lock = threading.Lock()

    def make(self, count: int, threads: int = 8) -> None:
        def work(n):
            client = Client(self.port)
            for _ in range(n):
                self.ready.put(self._new(client))
            client.close()
        pool = [threading.Thread(target=work, args=(count // threads + (i < count % threads),))
                for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()

    def _new(self, client: Client) -> dict:
        with self.lock:
            self.seed += 1
            seed = self.seed
        status, created = client.call("POST", "/api/v1/sessions", {"game": "whist", "seats": SEATS, "seed": seed})
        assert status == 201, created
        token = created["tokens"]["0"]
        path = f"/api/v1/sessions/{created['id']}"
        status, state = client.call("GET", path, token=token)
        assert status == 200, state
        return {"path": path, "token": token, "state": state}

    def take(self, client: Client) -> dict:
        try:
            return self.ready.get_nowait()
        except queue.Empty:
            return self._new(client)   # ran out: make one (rare; counted in the time)


def move(client: Client, ctx) -> int:
    """Play the human's first legal card in this thread's session; a finished session is
    swapped for a fresh one before the timed request."""
    session = ctx["mine"]
    if session is None or session["state"]["over"] or not session["state"]["legal_actions"]:
        return -1
    state = session["state"]
    status, after = client.call("POST", session["path"] + "/actions",
                                {"action": state["legal_actions"][0]["notation"], "version": state["version"]},
                                token=session["token"])
    if status == 200:
        session["state"] = after
    return status


# ---------------------------------------------------------------- measuring


def measure(port: int, kind: str, concurrency: int, seconds: float, limit: int, shared: dict) -> dict:
    """Run ``concurrency`` client threads on one kind of request; latencies and rate."""
    latencies: list[list[float]] = [[] for _ in range(concurrency)]
    errors = [0] * concurrency
    budget = [limit]
    lock = threading.Lock()
    start_gate = threading.Barrier(concurrency + 1)
    stop_at = [0.0]
    sessions: Sessions | None = shared.get("sessions")

    def worker(i: int) -> None:
        client = Client(port)
        ctx = {"deals": shared["deals"], "counter": shared["counter"], "mine": None}
        fn = {"health": health, "twentyfour": twentyfour, "move": move}[kind]
        if kind == "move":
            ctx["mine"] = sessions.take(client)
        start_gate.wait()
        while time.perf_counter() < stop_at[0]:
            with lock:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
            if kind == "move" and (ctx["mine"]["state"]["over"] or not ctx["mine"]["state"]["legal_actions"]):
                ctx["mine"] = sessions.take(client)
            began = time.perf_counter()
            status = fn(client, ctx)
            latencies[i].append(time.perf_counter() - began)
            if not 200 <= status < 300:
                errors[i] += 1
        if kind == "move" and ctx["mine"] is not None and not ctx["mine"]["state"]["over"]:
            sessions.ready.put(ctx["mine"])
        client.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(concurrency)]
    for t in threads:
        t.start()
    start_gate.wait()
    began = time.perf_counter()
    stop_at[0] = began + seconds
    for t in threads:
        t.join()
    wall = time.perf_counter() - began
    samples = sorted(x for part in latencies for x in part)
    return {"n": len(samples), "rps": len(samples) / wall if wall else 0.0,
            "p50": _pct(samples, 0.50) * 1000, "p99": _pct(samples, 0.99) * 1000, "errors": sum(errors)}


def _pct(ordered: list[float], q: float) -> float:
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# ---------------------------------------------------------------- background load


class Load:
    """Two verification jobs running and one 60 s patience solve in flight."""

    def __init__(self, port: int):
        self.port = port
        self.stop = threading.Event()
        self.log: list[str] = []
        self.next_range = 1
        self.solves: list[tuple[int, float]] = []
        self.threads = [threading.Thread(target=self._jobs, daemon=True),
                        threading.Thread(target=self._solve, daemon=True)]

    def start(self) -> None:
        for t in self.threads:
            t.start()

    def finish(self) -> None:
        self.stop.set()

    def join(self, timeout: float = 5.0) -> None:
        for t in self.threads:
            t.join(timeout)

    def _new_job(self, client: Client) -> str | None:
        seeds = f"{self.next_range}-{self.next_range + 399}"
        self.next_range += 400
        status, body = client.call("POST", "/api/v1/patience/klondike/verify",
                                   {"seeds": seeds, "budget_seconds": 5})
        self.log.append(f"verify {seeds}: {status}")
        return body.get("job") if status == 202 and body else None

    def _jobs(self) -> None:
        client = Client(self.port, timeout=30)
        jobs = [self._new_job(client), self._new_job(client)]
        while not self.stop.wait(1.0):
            for i, job in enumerate(jobs):
                if job is None:
                    continue
                status, body = client.call("GET", f"/api/v1/patience/jobs/{job}")
                if status == 200 and body.get("status") not in ("running", "queued"):
                    done = body.get("progress", {}).get("done")
                    self.log.append(f"job {job} {body.get('status')} after {done} deals; starting another")
                    jobs[i] = self._new_job(client)
        client.close()

    def _solve(self) -> None:
        client = Client(self.port, timeout=180)
        while not self.stop.is_set():
            began = time.perf_counter()
            status, body = client.call("POST", "/api/v1/patience/klondike/solve",
                                       {"seed": 1, "rules": {"draw": 3}, "budget_seconds": 60})
            self.solves.append((status, time.perf_counter() - began, self.stop.is_set()))
        client.close()


# ---------------------------------------------------------------- the run


KINDS = ("health", "twentyfour", "move")


def run_phase(port: int, seconds: float, limit: int, shared: dict, label: str, kinds=KINDS) -> dict:
    results = {}
    for kind in kinds:
        for concurrency in CONCURRENCY:
            results[(kind, concurrency)] = cell = measure(port, kind, concurrency, seconds, limit, shared)
            print(f"  {label:<5} {kind:<10} c={concurrency:<3} {cell['rps']:8.0f} req/s  p50 {cell['p50']:7.2f} ms"
                  f"  p99 {cell['p99']:7.2f} ms  n={cell['n']}" + (f"  errors {cell['errors']}" if cell["errors"] else ""),
                  flush=True)
    return results


def wait_until_up(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited during start-up:\n" + log.read_text()[-2000:])
        try:
            if Client(port, timeout=2).call("GET", "/api/v1/health")[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time per cell (default 4)")
    parser.add_argument("--requests", type=int, default=20_000, help="requests per cell at most")
    parser.add_argument("--workers", type=int, default=None, help="server processes (default: the server's)")
    parser.add_argument("--sessions", type=int, default=240, help="Whist sessions made beforehand")
    parser.add_argument("--only", choices=KINDS, action="append", help="measure only these requests")
    parser.add_argument("--idle-only", action="store_true", help="skip the phase under load")
    args = parser.parse_args(argv)
    rng = random.Random(24)
    shared = {"deals": [[rng.randint(1, 13) for _ in range(4)] for _ in range(500)],
              "counter": _Counter()}
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        log = Path(tmp) / "server.log"
        command = [sys.executable, "-m", "api.cli", "serve", "--port", str(port),
                   "--database", f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"]
        if args.workers:
            command += ["--workers", str(args.workers)]
        with open(log, "w") as err:
            process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
        load = None
        try:
            wait_until_up(port, process, log)
            banner = process.stdout.readline().strip()
            print(banner)
            threading.Thread(target=process.stdout.read, daemon=True).start()   # never let the pipe fill
            print(f"machine: {os.cpu_count()} cores; {args.seconds:g} s or {args.requests} requests per cell")
            sessions = Sessions(port)
            sessions.make(args.sessions)
            shared["sessions"] = sessions
            # warm every server process (replay caches stay cold: sessions move between processes)
            measure(port, "health", 8, 1.0, 2000, shared)
            measure(port, "twentyfour", 8, 1.0, 2000, shared)
            print("idle:")
            kinds = tuple(args.only or KINDS)
            idle = run_phase(port, args.seconds, args.requests, shared, "idle", kinds)
            if args.idle_only:
                return 0
            load = Load(port)
            load.start()
            time.sleep(3.0)   # jobs and the long solve under way
            print("under load (two verification jobs, one 60 s patience solve):")
            loaded = run_phase(port, args.seconds, args.requests, shared, "load", kinds)
        finally:
            if load is not None:
                load.finish()
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
            if load is not None:
                load.join()
    print_table(idle, loaded)
    if load is not None:
        print("background:", "; ".join(load.log) or "nothing started")
        if load.solves:
            print("60 s solves:", ", ".join(f"{s} after {t:.1f} s" + (" (the server was stopping)" if cut else "")
                                            for s, t, cut in load.solves))
    return 0


class _Counter:
    def __init__(self):
        self.value = 0
        self.lock = threading.Lock()

    def __next__(self) -> int:
        with self.lock:
            self.value += 1
            return self.value


def print_table(idle: dict, loaded: dict) -> None:
    print()
    print("| request | clients | idle req/s | idle p50 ms | idle p99 ms | load req/s | load p50 ms | load p99 ms "
          "| p99 load/idle |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for (kind, concurrency), a in idle.items():
        b = loaded[(kind, concurrency)]
        ratio = b["p99"] / a["p99"] if a["p99"] else float("nan")
        worst = max(worst, ratio)
        print(f"| {kind} | {concurrency} | {a['rps']:.0f} | {a['p50']:.2f} | {a['p99']:.2f} | {b['rps']:.0f} | "
              f"{b['p50']:.2f} | {b['p99']:.2f} | {ratio:.2f} |")
    health8 = idle[("health", 8)]["rps"]
    print()
    print(f"target: health at 8 clients >= 1500 req/s: {health8:.0f} ({'met' if health8 >= 1500 else 'NOT met'}); "
          f"p99 under load within 2x of idle: worst {worst:.2f}x ({'met' if worst <= 2 else 'NOT met'})")


if __name__ == "__main__":
    sys.exit(main())
