"""Benchmark of the double-dummy solver against DDS (through endplay), same run, same sets.

    .venv/bin/python benchmarks/bench_doubledummy.py [--quick] [--budget-ms MS]

Seeded sets: full deals (one strain and leader, best card), the same deals with every
card valued, and endings of 3, 5 and 8 cards per hand (a trick possibly in progress).
For each set: median, p90 and max time for both solvers, the ratio of medians, our
nodes per second, and how many of our solves finished within the budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers.cards import Rng  # noqa: E402
from solvers.doubledummy import Solver, TrickRules  # noqa: E402
from solvers.doubledummy.crosscheck import dds_best, dds_values  # noqa: E402
from solvers.doubledummy.randoms import random_position  # noqa: E402

STRAINS = (None, 0, 1, 2, 3)


def positions(seed: str, count: int, size: int, in_progress: bool):
    rng = Rng(seed)
    for i in range(count):
        rules = TrickRules.bridge(STRAINS[rng.below(5)])
        yield random_position(rng, size, rules, trick_cards=None if in_progress else 0)


def run_set(name: str, items, values: str, budget_ms: float | None) -> dict:
    solver = Solver()
    ours, theirs, nodes, exact, wrong = [], [], 0, 0, 0
    for position in items:
        start = time.perf_counter()
        result = solver.solve(position, values=values, budget_ms=budget_ms)
        ours.append((time.perf_counter() - start) * 1000)
        nodes += result.nodes
        start = time.perf_counter()
        truth = dds_values(position) if values == "all" else dds_best(position)
        theirs.append((time.perf_counter() - start) * 1000)
        if result.exact:
            exact += 1
            got = result.cards if values == "all" else result.value
            wrong += got != truth
    return {"name": name, "ours": ours, "dds": theirs, "nodes": nodes, "exact": exact, "wrong": wrong}


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{statistics.median(ordered):9.2f} {p90:9.2f} {ordered[-1]:9.1f}"


def report(row: dict) -> None:
    ours, dds = row["ours"], row["dds"]
    ratio = statistics.median(ours) / max(statistics.median(dds), 1e-6)
    rate = row["nodes"] / max(sum(ours) / 1000, 1e-9)
    print(f"{row['name']:<26} ours {summary(ours)} | dds {summary(dds)} | x{ratio:7.1f} "
          f"| {rate / 1e6:5.2f} Mn/s | exact {row['exact']}/{len(ours)} wrong {row['wrong']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets (a quick look)")
    parser.add_argument("--budget-ms", type=float, default=1000.0,
                        help="time budget per solve in ms (default 1000)")
    args = parser.parse_args(argv)
    deals = 10 if args.quick else 200
    endings = 100 if args.quick else 1000
    # compile (or load the compiled kernel) before timing anything
    Solver().solve(next(positions("warm", 1, 4, True)))
    print(f"{'set':<26} {'':5}{'median':>9} {'p90':>9} {'max':>9} |     {'median':>9} {'p90':>9} "
          f"{'max':>9} | ratio    | speed      | (times in ms)")
    rows = [
        run_set(f"full deals best ({deals})", positions("full", deals, 13, False), "best", args.budget_ms),
        run_set(f"full deals all ({deals})", positions("full", deals, 13, False), "all", args.budget_ms),
    ]
    for size in (3, 5, 8):
        rows.append(run_set(f"endings {size} cards ({endings})", positions(f"end{size}", endings, size, True),
                            "best", args.budget_ms))
    for row in rows:
        report(row)
    over = sum(1 for row in rows for t in row["ours"] if t > args.budget_ms * 1.05 + 5)
    print(f"solves over the budget of {args.budget_ms:.0f} ms: {over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
