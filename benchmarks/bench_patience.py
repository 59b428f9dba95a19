"""Benchmark of the patience solver.

    .venv/bin/python benchmarks/bench_patience.py [--quick] [--workers N] [--budget S]
    .venv/bin/python benchmarks/bench_patience.py --only klondike --seeds 1-1000 --nodes 4000000
    .venv/bin/python benchmarks/bench_patience.py --winnability 2000

Default: seeded sets of 100 Klondike deals (draw 1 and draw 3, unlimited passes, all
cards known) and 40 Forty Thieves deals (unlimited redeals and no redeal); for each
set the verdict counts, median / p90 / max seconds per deal, nodes per second and the
unknowns at the budget (60 s). Times are for the verdict (no line shortening).
On a shared machine a time budget buys less search than on an idle one: ``--nodes``
caps each deal by positions instead (the time budget then only guards), which gives
the same verdicts on any machine; ``--seeds`` sets the Klondike deal numbers.
The fair-hint player (hidden cards) has its own script, `bench_patience_player.py`.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.patience.options import FortyThievesRules, KlondikeRules  # noqa: E402
from solvers.patience.stats import quantile  # noqa: E402
from solvers.patience.verify import verify_many  # noqa: E402
from solvers.patience.verify_cli import parse_seeds  # noqa: E402

PUBLISHED_DRAW3 = 0.8195


def run_sets(quick: bool, workers: int, budget: float, only: str | None = None,
             max_nodes: int | None = None, seeds: list[int] | None = None) -> None:
    """The four seeded sets (``only``: just the Klondike or just the Forty Thieves ones;
    ``max_nodes``: a position cap per deal; ``seeds``: the Klondike deal numbers)."""
    size_k, size_f = (20, 10) if quick else (100, 40)
    klondike_seeds = seeds or list(range(1, size_k + 1))
    sets = [
        ("Klondike draw 1", KlondikeRules(draw=1), klondike_seeds),
        ("Klondike draw 3", KlondikeRules(draw=3, single_pass_switch=False), klondike_seeds),
        ("Forty Thieves, unlimited redeals", FortyThievesRules(None), range(1, size_f + 1)),
        ("Forty Thieves, no redeal", FortyThievesRules(0), range(1, size_f + 1)),
    ]
    if only:
        sets = [t for t in sets if t[0].lower().startswith(only.split("-")[0])]
    cap = f", at most {max_nodes:,} positions" if max_nodes else ""
    print(f"budget {budget:g} s per deal{cap}, {workers} workers")
    print(f"{'set':34} {'deals':>5} {'win':>4} {'lost':>4} {'unkn':>4} {'median s':>9} "
          f"{'p90 s':>8} {'max s':>8} {'nodes/s':>9}")
    for name, rules, seeds in sets:
        s = verify_many(list(seeds), rules, workers=workers, budget_seconds=budget, shorten=False,
                        max_nodes=max_nodes)
        times = [float(r["seconds"]) for r in s.results]
        nodes = sum(int(r["nodes"]) for r in s.results)
        rate = nodes / sum(times) if sum(times) else 0.0
        print(f"{name:34} {s.total:>5} {s.winnable:>4} {s.unwinnable:>4} {s.unknown:>4} "
              f"{quantile(times, 0.5):>9.4f} {quantile(times, 0.9):>8.3f} {max(times):>8.2f} {rate:>9.0f}",
              flush=True)
        unknown = sorted(int(r["id"]) for r in s.results if r["verdict"] == "unknown")
        if unknown:
            print(f"{'':34} unknown seeds: {', '.join(map(str, unknown))}", flush=True)


def run_winnability(n: int, workers: int, budget: float) -> None:
    """Winnability of ``n`` seeded draw-3 deals, all cards known."""
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    start = time.perf_counter()
    s = verify_many(list(range(1, n + 1)), rules, workers=workers, budget_seconds=budget, shorten=False)
    lo, hi = s.interval
    decided = s.winnable + s.unwinnable
    print(f"Klondike draw 3 (thoughtful), {n} deals, budget {budget:g} s: {s.text()}")
    print(f"  winnable among decided deals: {100 * s.winnable / max(1, decided):.2f}%; "
          f"published 81.95%; interval {100 * lo:.2f}%–{100 * hi:.2f}% "
          f"{'contains' if lo <= PUBLISHED_DRAW3 <= hi else 'does not contain'} it; "
          f"{time.perf_counter() - start:.0f} s")


def main(argv=None) -> int:
    """Command line entry."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sets and a 10 s budget")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--budget", type=float, default=None, help="seconds per deal (default 60, quick 10)")
    ap.add_argument("--only", choices=("klondike", "forty-thieves"), help="run only this game's sets")
    ap.add_argument("--winnability", type=int, metavar="N", help="winnability of N draw-3 deals")
    ap.add_argument("--nodes", type=int, metavar="N", help="at most N positions a deal (the same on any machine)")
    ap.add_argument("--seeds", help="Klondike deal numbers, e.g. 1-1000 (default 1-100)")
    args = ap.parse_args(argv)
    budget = args.budget or (10.0 if args.quick else 60.0)
    if args.nodes and not args.budget:
        budget = 3600.0     # the position cap decides; the clock only guards
    seeds = parse_seeds(args.seeds) if args.seeds else None
    if args.winnability:
        run_winnability(args.winnability, args.workers, budget)
    else:
        run_sets(args.quick, args.workers, budget, args.only, args.nodes, seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
