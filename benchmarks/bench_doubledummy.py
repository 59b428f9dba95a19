"""Benchmark of the double-dummy solver against DDS (through endplay), same run, same sets.

    .venv/bin/python benchmarks/bench_doubledummy.py [--quick] [--budget-ms MS] [--deals N]
                                                      [--tables N] [--no-endings]

Seeded sets: full deals (one strain and leader, best card), the same deals with every
card valued, the 20-cell table of some of those deals (our 20 solves against DDS's
CalcDDtable; both run the strains on every processor, and both sides' CPU seconds are shown), and endings of 3, 5 and 8 cards per hand (a trick possibly in progress).
For each set: median, p90, p99 and max time for both solvers, the ratios of the medians
and of the p99s, our nodes per second, how many of our solves finished within the
budget, and the search size: our trick-boundary nodes against DDS's (DDS counts
completed tricks), median of the per-position ratio.
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
from solvers.doubledummy.crosscheck import _card_text, dds_table, to_endplay  # noqa: E402
from solvers.doubledummy.position import Position  # noqa: E402
from solvers.doubledummy.randoms import random_position  # noqa: E402
from solvers.doubledummy.table import solve_strains, table_workers  # noqa: E402

STRAINS = (None, 0, 1, 2, 3)


def positions(seed: str, count: int, size: int, in_progress: bool):
    rng = Rng(seed)
    for i in range(count):
        rules = TrickRules.bridge(STRAINS[rng.below(5)])
        yield random_position(rng, size, rules, trick_cards=None if in_progress else 0)


def dds_solve(position, values: str):
    """DDS's answer (every card's value, or the best value) and its node count (it counts
    completed tricks), from one SolveBoard call (a second call on the same deal would
    reuse DDS's table)."""
    from endplay import _dds
    from endplay.dds.solve import SolvedBoard
    fut = _dds.futureTricks()
    _dds.SolveBoard(to_endplay(position)._data, -1, 3 if values == "all" else 1, 1, fut, 0)
    solved = {_card_text(card): tricks for card, tricks in SolvedBoard(fut)}
    return (solved if values == "all" else max(solved.values())), int(fut.nodes)


def run_set(name: str, items, values: str, budget_ms: float | None, sizes: bool = False) -> dict:
    # as the API's solver (``solve``): one solver, its table emptied for each new deal, as
    # DDS's SolveBoard empties its table for a new deal
    solver = Solver(forget_other_deals=True)
    ours, theirs, nodes, exact, wrong, size_ratios = [], [], 0, 0, 0, []
    for position in items:
        start = time.perf_counter()
        result = solver.solve(position, values=values, budget_ms=budget_ms)
        ours.append((time.perf_counter() - start) * 1000)
        nodes += result.nodes
        start = time.perf_counter()
        truth, their_nodes = dds_solve(position, values)
        theirs.append((time.perf_counter() - start) * 1000)
        if result.exact:
            exact += 1
            got = result.cards if values == "all" else result.value
            wrong += got != truth
            if sizes:
                size_ratios.append(solver.last_stats["trick_nodes"] / max(1, their_nodes))
    return {"name": name, "ours": ours, "dds": theirs, "nodes": nodes, "exact": exact, "wrong": wrong,
            "sizes": size_ratios}


def run_tables(name: str, items, budget_ms: float | None, workers: int | None = None) -> dict:
    """Our table (``solve_strains``: one solver sized for a table per thread, a thread per
    processor unless ``workers`` says otherwise, as ``solve_table`` and the API) against
    DDS's CalcDDtable (which also runs its strains on every processor). Both sides' CPU
    seconds are kept too."""
    ours, theirs, nodes, exact, wrong, cpu = [], [], 0, 0, 0, [0.0, 0.0]
    for position in items:
        hands = [list(h) for h in position.hands]
        start, clock = time.perf_counter(), time.process_time()
        solved = solve_strains(hands, cell_ms=budget_ms, workers=workers)
        ours.append((time.perf_counter() - start) * 1000)
        cpu[0] += time.process_time() - clock
        table, all_exact = {}, True
        for strain, results in solved.items():
            for leader, result in enumerate(results):
                nodes += result.nodes
                all_exact = all_exact and result.exact
                table["NESW"[(leader + 3) % 4] + strain] = 13 - result.value
        start, clock = time.perf_counter(), time.process_time()
        truth = dds_table(position)
        theirs.append((time.perf_counter() - start) * 1000)
        cpu[1] += time.process_time() - clock
        if all_exact:
            exact += 1
            wrong += any(truth[key[0]][key[1]] != value for key, value in table.items())
    return {"name": name, "ours": ours, "dds": theirs, "nodes": nodes, "exact": exact, "wrong": wrong,
            "sizes": [], "cpu": cpu, "workers": workers or table_workers()}


def _at(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return f"{statistics.median(ordered):9.2f} {_at(ordered, 0.9):9.2f} {_at(ordered, 0.99):9.2f} {ordered[-1]:9.1f}"


def report(row: dict) -> None:
    ours, dds = row["ours"], row["dds"]
    ratio = statistics.median(ours) / max(statistics.median(dds), 1e-6)
    tail = _at(sorted(ours), 0.99) / max(_at(sorted(dds), 0.99), 1e-6)
    rate = row["nodes"] / max(sum(ours) / 1000, 1e-9)
    size = f" | trick nodes x{statistics.median(row['sizes']):.2f} DDS" if row["sizes"] else ""
    print(f"{row['name']:<26} ours {summary(ours)} | dds {summary(dds)} | x{ratio:6.2f} p99 x{tail:5.2f} "
          f"| {rate / 1e6:5.2f} Mn/s | exact {row['exact']}/{len(ours)} wrong {row['wrong']}{size}")
    if "cpu" in row:
        print(f"{'':<26} {row['workers']} threads; CPU seconds in all: ours {row['cpu'][0]:.1f}, "
              f"dds {row['cpu'][1]:.1f} (x{row['cpu'][0] / max(row['cpu'][1], 1e-9):.2f})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets (a quick look)")
    parser.add_argument("--budget-ms", type=float, default=2000.0,
                        help="time budget per solve in ms (default 2000, the API's)")
    parser.add_argument("--deals", type=int, default=None, help="full deals per set (default 200; 0: none)")
    parser.add_argument("--tables", type=int, default=None, help="deals for the table set (default 20)")
    parser.add_argument("--no-endings", action="store_true", help="skip the sets of endings")
    parser.add_argument("--table-workers", type=int, default=None,
                        help="threads for our tables (default: one a processor, at most 5)")
    args = parser.parse_args(argv)
    deals = args.deals if args.deals is not None else (10 if args.quick else 200)
    tables = args.tables if args.tables is not None else (2 if args.quick else 20)
    endings = 100 if args.quick else 1000
    # compile (or load the compiled kernel) before timing anything
    warm = next(positions("warm", 1, 13, False))
    Solver().solve(warm, budget_nodes=1000)
    dds_solve(warm, "best")
    print(f"{'set':<26} {'':5}{'median':>9} {'p90':>9} {'p99':>9} {'max':>9} |     {'median':>9} {'p90':>9} "
          f"{'p99':>9} {'max':>9} | ratio  | speed      | (times in ms)")
    # --deals 0 leaves out the full-deal sets (the table's set alone)
    rows = [] if not deals else [
        run_set(f"full deals best ({deals})", positions("full", deals, 13, False), "best", args.budget_ms, True),
        run_set(f"full deals all ({deals})", positions("full", deals, 13, False), "all", args.budget_ms, True),
    ]
    if tables:
        rows.append(run_tables(f"tables of 20 ({tables})", positions("full", tables, 13, False), args.budget_ms,
                               args.table_workers))
    for size in () if args.no_endings else (3, 5, 8):
        rows.append(run_set(f"endings {size} cards ({endings})", positions(f"end{size}", endings, size, True),
                            "best", args.budget_ms))
    for row in rows:
        report(row)
    # the budget is per solve: a table's 20 solves are timed together, so not counted here
    over = sum(1 for row in rows if not row["name"].startswith("tables") for t in row["ours"]
               if t > args.budget_ms * 1.05 + 5)
    print(f"solves over the budget of {args.budget_ms:.0f} ms: {over}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
