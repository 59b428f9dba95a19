"""Chor Voli's partition solvers side by side: exhaustive depth-first search and CP-SAT.

Both maximise the same integer objective over the partitions of a 13-card hand (the sum,
over the rounds, of the chance that the combination shown in that round wins it; see
:mod:`solvers.games.chor_voli_odds`). On seeded random hands the script times each
solver (median, p90 and max seconds a solve) and checks that both reach the same optimum.

    .venv/bin/python benchmarks/bench_chor_voli.py [--hands 100] [--seed 1] [--workers 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.cards import Rng  # noqa: E402
from solvers.games.chor_voli_odds import round_weights  # noqa: E402
from solvers.games.chor_voli_partition import best_cpsat, best_exhaustive, partitions  # noqa: E402
from solvers.games.chor_voli_rank import strength_table  # noqa: E402


def summary(times: list[float]) -> str:
    """Median, p90 and max of a list of seconds."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered):.4f} s   p90 {p90:.4f} s   max {ordered[-1]:.4f} s"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT search workers")
    args = parser.parse_args(argv)
    strength_table(False)          # built once, outside the timings
    round_weights(False)
    rng = Rng(args.seed)
    hands = [tuple(sorted(rng.shuffled(range(52))[:13])) for _ in range(args.hands)]
    dfs, sat, sizes = [], [], []
    disagreements = 0
    for cards in hands:
        start = time.perf_counter()
        value, _ = best_exhaustive(cards)
        dfs.append(time.perf_counter() - start)
        start = time.perf_counter()
        sat_value, _ = best_cpsat(cards, workers=args.workers)
        sat.append(time.perf_counter() - start)
        sizes.append(sum(1 for _ in partitions(cards)))
        disagreements += value != sat_value
    print(f"{args.hands} seeded hands (seed {args.seed}); partitions a hand: median "
          f"{statistics.median(sizes):.0f}, max {max(sizes)}")
    print(f"exhaustive DFS : {summary(dfs)}")
    print(f"CP-SAT ({args.workers} worker{'s' if args.workers != 1 else ''}): {summary(sat)}")
    print(f"same optimum on {args.hands - disagreements} of {args.hands} hands")
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
