"""Benchmark: solve every multiset of four numbers from 1 to 13, all distinct solutions.

Run with ``.venv/bin/python benchmarks/bench_twentyfour.py``. The input set is fixed
(the 1820 multisets in lexicographic order) and the solver starts with empty caches, so
the total includes building every shared sub-multiset table.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.twentyfour import solve  # noqa: E402


def main() -> None:
    """Solve the 1820 deals once, timing each, and print the figures."""
    deals = list(combinations_with_replacement(range(1, 14), 4))
    times = []
    counts = Counter()
    solvable = 0
    start = time.perf_counter()
    for deal in deals:
        t0 = time.perf_counter()
        result = solve(list(deal))
        times.append(time.perf_counter() - t0)
        counts[result.count] += 1
        solvable += result.solvable
    total = time.perf_counter() - start
    times.sort()
    ms = [t * 1000 for t in times]
    print(f"deals:           {len(deals)} (all multisets of 4 numbers from 1 to 13)")
    print(f"total:           {total:.3f} s")
    print(f"median per deal: {statistics.median(ms):.3f} ms")
    print(f"p90 per deal:    {ms[int(0.9 * len(ms)) - 1]:.3f} ms")
    print(f"worst deal:      {ms[-1]:.3f} ms")
    print(f"deals/s:         {len(deals) / total:.0f}")
    print(f"solvable:        {solvable} of {len(deals)}")
    print("distinct-solution histogram (solutions: deals):")
    for k in sorted(counts):
        print(f"  {k:3d}: {counts[k]}")


if __name__ == "__main__":
    main()
