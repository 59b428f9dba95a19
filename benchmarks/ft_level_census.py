"""How many positions Forty Thieves (no turn-over left) holds per stock card dealt.

    .venv/bin/python benchmarks/ft_level_census.py [SEEDS] [--max-positions N] [--max-roots N]

SEEDS: deal numbers separated by commas (default: the eight deals of the 40-deal set
that no search has decided within 60 s: 4,7,21,22,23,28,34,36). Each deal is searched
level by level (``solvers.patience.forty_thieves_levels``, exact keys, so an
"unwinnable" here is a proof) until it is decided or a cap is reached; every level
prints the positions that open it (roots) and the positions it holds. Positions do
not depend on the machine; CPU seconds do. The caps keep memory in check: a position
takes about 84 bytes (its key, slot and parent) and two levels are held at once, so
seed 21's whole search (60.6 million positions, 24.3 million in its largest level)
peaks at 3.6 GB. The search also stops, with "unknown", before it would grow into
the machine's last free GiB.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.patience import forty_thieves_levels as levels  # noqa: E402
from solvers.patience.deal import forty_thieves_deal  # noqa: E402
from solvers.patience.options import FortyThievesRules  # noqa: E402
from solvers.patience.search import kernel_for  # noqa: E402
from solvers.patience.verify_cli import whole_from_1  # noqa: E402

OPEN = "4,7,21,22,23,28,34,36"


def deal_numbers(text: str) -> list[int]:
    """Deal numbers separated by commas, each a whole number from 0."""
    try:
        seeds = [int(s) for s in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not deal numbers separated by commas") from None
    if any(s < 0 for s in seeds):
        raise argparse.ArgumentTypeError("a deal number is a whole number from 0")
    return seeds


positive = whole_from_1("a cap")


def main(argv=None) -> None:
    """Print each deal's census."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seeds", nargs="?", default=deal_numbers(OPEN), type=deal_numbers)
    ap.add_argument("--max-positions", type=positive, default=20_000_000)
    ap.add_argument("--max-roots", type=positive, default=5_000_000)
    args = ap.parse_args(argv)
    rules = FortyThievesRules(redeals=0)
    levels.warm_up()
    for seed in args.seeds:
        deal = forty_thieves_deal(seed)
        kernel = kernel_for(deal, rules)
        root, _ = kernel.normalize(kernel.encode(deal))

        def log(level, roots, positions):
            print(f"  seed {seed} level {level:2d}: roots {roots:>10,}  positions {positions:>11,}",
                  flush=True)
        census = levels.search(kernel, root, args.max_positions, args.max_roots, log=log)
        why = f" (stopped by {census.stopped})" if census.stopped else ""
        print(f"seed {seed}: {census.verdict}{why}, {census.positions:,} positions in "
              f"{len(census.levels)} levels ({census.dead_roots:,} dead roots kept out), "
              f"{census.seconds:.1f} CPU s, arrays "
              f"{census.peak_bytes / 1e9:.1f} GB at most", flush=True)


if __name__ == "__main__":
    main()
