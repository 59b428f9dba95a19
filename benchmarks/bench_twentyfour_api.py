"""Latency of one Twenty-Four ``solve`` request served by the Flask app.

Times ``GET /api/v1/twentyfour/solve?cards=...`` for every one of the 1820 deals of
1..13 (or a seeded sample) twice: through Flask's test client (the app alone) and
through a real HTTP server thread (werkzeug ``make_server``). The solver's shared
tables are warmed first, as in a running server. Prints median, p90 and max in ms.

    .venv/bin/python benchmarks/bench_twentyfour_api.py [--sample 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import logging
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api import create_app  # noqa: E402

TARGET_MEDIAN_MS = 10.0


def all_deals() -> list[tuple[int, ...]]:
    """The 1820 multisets of four numbers from 1 to 13."""
    return list(itertools.combinations_with_replacement(range(1, 14), 4))


def summary(label: str, times: list[float]) -> float:
    """Print median, p90 and max of a list of seconds; return the median in ms."""
    ms = sorted(t * 1000 for t in times)
    median = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(f"{label:<14} n={len(ms):<5} median {median:6.2f} ms   p90 {p90:6.2f} ms   max {ms[-1]:7.2f} ms")
    return median


def time_client(app, paths: list[str]) -> list[float]:
    """Each request through the test client."""
    client = app.test_client()
    times = []
    for path in paths:
        start = time.perf_counter()
        response = client.get(path)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.get_data(as_text=True)
    return times


def time_server(app, paths: list[str]) -> list[float]:
    """Each request over HTTP to a server thread (one kept-alive connection)."""
    from werkzeug.serving import make_server
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one log line per request would be timed too
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    times = []
    try:
        for path in paths:
            connection = http.client.HTTPConnection("127.0.0.1", port)
            start = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            times.append(time.perf_counter() - start)
            connection.close()
            assert response.status == 200
    finally:
        server.shutdown()
        thread.join(timeout=5)
    return times


def main(argv=None) -> int:
    """Run the benchmark; exit status 1 when the median misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="a seeded sample of deals (0: all 1820)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    deals = all_deals()
    if args.sample:
        deals = random.Random(args.seed).sample(deals, min(args.sample, len(deals)))
    paths = ["/api/v1/twentyfour/solve?cards=" + ",".join(map(str, d)) for d in deals]
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/bench.db", "TESTING": True})
        warm = time.perf_counter()
        time_client(app, paths)
        print(f"warm-up (first solve of each deal): {time.perf_counter() - warm:.2f} s")
        client_median = summary("test client", time_client(app, paths))
        server_median = summary("server thread", time_server(app, paths))
        app.extensions["cardsage.storage"].close()
    ok = max(client_median, server_median) < TARGET_MEDIAN_MS
    print(f"target: median under {TARGET_MEDIAN_MS:.0f} ms -> {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
