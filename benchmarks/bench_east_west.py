"""East–West: from which placement on the hint's exact expectimax finishes within its budget.

On seeded deals played by the rules of thumb, the exact search (every order of the cards
left in the stock, both players choosing their best row) is run at each decision with a
real choice, without a position limit, from the last placements backwards; for each
number of placements left it prints how often the search finished within the hint budget
and its time median, 90th percentile and maximum. It also prints the position limit the
hint uses and from how many placements left the hint was exact on these deals.

    .venv/bin/python benchmarks/bench_east_west.py [--deals 10] [--budget 1.0] [--max-left 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402
from solvers.games.east_west_bot import EXACT_FROM  # noqa: E402
from solvers.games.east_west_search import EXACT_POSITIONS, exact_values, placements_left  # noqa: E402


def decisions(seed: int, max_left: int) -> list:
    """The positions of one seeded game (rules of thumb for both) with a real choice and at
    most ``max_left`` placements left."""
    game = games.get("east-west")
    heuristic = game.bots()["heuristic"]
    state = game.new(seed=seed, options={"games": 1})
    rng = Rng(seed)
    out = []
    while not state.is_over:
        if placements_left(state) <= max_left and len(state.legal_actions(state.turn)) > 1:
            out.append(state)
        state = state.apply(heuristic(state, state.turn, rng))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--max-left", type=int, default=7)
    args = parser.parse_args(argv)
    hint = games.get("east-west")
    times: dict[int, list[float]] = {}
    hinted_exact: dict[int, list[bool]] = {}
    for seed in range(1, args.deals + 1):
        for state in decisions(seed, args.max_left):
            left = placements_left(state)
            start = time.perf_counter()
            exact_values(state, state.turn, limit=10**9)
            times.setdefault(left, []).append(time.perf_counter() - start)
            hinted_exact.setdefault(left, []).append(hint.hint(state, state.turn, iterations=1).method == "exact")
    print(f"exact expectimax on {args.deals} seeded deals; hint budget {args.budget:g} s; the hint tries it "
          f"with at most {EXACT_FROM} placements left and {EXACT_POSITIONS} positions")
    print(f"{'left':>4} {'n':>4} {'within':>7} {'median s':>9} {'p90 s':>7} {'max s':>7} {'hint exact':>10}")
    for left in sorted(times):
        spent = sorted(times[left])
        p90 = spent[min(len(spent) - 1, int(0.9 * len(spent)))]
        within = sum(t <= args.budget for t in spent) / len(spent)
        exact = sum(hinted_exact[left]) / len(hinted_exact[left])
        print(f"{left:4} {len(spent):4} {within:7.0%} {statistics.median(spent):9.3f} {p90:7.3f} "
              f"{spent[-1]:7.3f} {exact:10.0%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
