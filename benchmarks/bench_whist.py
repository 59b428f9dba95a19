"""Whist bots: the heuristic against the random bot over seeded deals played in duplicate.

Each deal is played twice, with the heuristic bot first holding seats 0 and 2 and then
seats 1 and 3 (same cards), so card luck cancels. Prints the heuristic side's mean
tricks per deal, the mean trick margin with its 95% confidence interval, the share of
deals it wins, and the time per deal.

    .venv/bin/python benchmarks/bench_whist.py [--deals 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.cards import Rng  # noqa: E402
from solvers.games import get  # noqa: E402
from solvers.games.whist import side_of  # noqa: E402


def play_hand(seed: int, heuristic_side: int, rng_seed: int) -> int:
    """Tricks the heuristic side takes in the first hand of the match with this seed."""
    game = get("whist")
    bots = game.bots()
    state = game.new(seed=seed)
    rng = Rng(rng_seed)
    while not state.sheet:
        seat = state.turn
        policy = bots["heuristic"] if side_of(seat) == heuristic_side else bots["random"]
        state = state.apply(policy(state, seat, rng), seat)
    return state.sheet[0].tricks[heuristic_side]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    margins, tricks, times = [], [], []
    for i in range(args.deals):
        seed = args.seed * 100_000 + i
        start = time.perf_counter()
        a = play_hand(seed, 0, seed)
        b = play_hand(seed, 1, seed)
        times.append((time.perf_counter() - start) / 2)
        # tricks the heuristic side took above what random took with the same cards
        margins.append(((a - (13 - a)) + (b - (13 - b))) / 2)
        tricks.append((a + b) / 2)
    mean = statistics.fmean(margins)
    sd = statistics.stdev(margins)
    half = 1.96 * sd / math.sqrt(len(margins))
    won = sum(1 for m in margins if m > 0) / len(margins)
    print(f"deals (each played twice, seats swapped): {args.deals}")
    print(f"heuristic side tricks per deal: {statistics.fmean(tricks):.2f} of 13")
    print(f"mean trick margin, heuristic - random: {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    print(f"deals where the heuristic side took more tricks: {won:.1%}")
    times.sort()
    print(f"seconds per hand: median {statistics.median(times) * 1000:.1f} ms, "
          f"p90 {times[int(0.9 * len(times))] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    return 0 if mean - half > 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
