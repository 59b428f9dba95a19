"""Double-dummy search size without a budget: card and trick nodes, a new solver per deal.

    .venv/bin/python benchmarks/dd_node_counts.py OUT best|all first200|first100|first40|tail|LIST

Deals are the benchmark's seeded full deals (``bench_doubledummy.positions``); ``tail``
names the deals the docs study as the slowest, and ``LIST`` is deal numbers separated by
commas. OUT is a JSON file of each deal's value (and every card's value with ``all``),
card nodes, trick nodes and exactness, to compare two versions of the search: node
counts do not depend on the machine's load, and the values must be the same.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_doubledummy import positions  # noqa: E402
from solvers.doubledummy import Solver  # noqa: E402

FIRST = {"first200": 200, "first100": 100, "first40": 40}
TAIL = {"best": [858, 786, 250, 427, 571, 770], "all": [786, 578, 571, 310, 427, 517, 858, 250]}


def deal_numbers(which: str, mode: str) -> list[int]:
    """The deal numbers a set name stands for."""
    if which in FIRST:
        return list(range(FIRST[which]))
    if which == "tail":
        return TAIL[mode]
    return [int(x) for x in which.split(",")]


def main() -> None:
    """Count the nodes of each deal's solve and write them with the values."""
    if len(sys.argv) != 4 or sys.argv[2] not in ("best", "all"):
        sys.exit(__doc__)
    out, mode, which = sys.argv[1], sys.argv[2], sys.argv[3]
    deals = list(positions("full", 1000, 13, False))
    numbers = deal_numbers(which, mode)
    results, card, trick = {}, 0, 0
    start = time.process_time()
    for i in numbers:
        solver = Solver()
        # a generous node cap on the slow deals only, so a sweep always ends
        r = solver.solve(deals[i], values=mode, budget_nodes=None if which in FIRST else 10**9)
        tn = solver.last_stats["trick_nodes"]
        results[i] = [r.value, r.cards if mode == "all" else None, r.nodes, tn, r.exact]
        card += r.nodes
        trick += tn
    cpu = time.process_time() - start
    Path(out).write_text(json.dumps(results))
    inexact = sum(1 for v in results.values() if not v[4])
    print(f"{which} {mode}: card {card / 1e6:.3f}M trick {trick / 1e6:.3f}M cpu {cpu:.1f}s inexact {inexact}")
    if len(numbers) <= 12:
        print(" ".join(f"{i}:{results[i][3]}" for i in numbers))


if __name__ == "__main__":
    main()
