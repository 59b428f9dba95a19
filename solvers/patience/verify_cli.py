"""``cardsage verify``: batch verification of Klondike and Forty Thieves deals.

Examples::

    cardsage verify klondike --draw 3 --seeds 1-10000 --workers 2 --out k3.csv
    cardsage verify forty-thieves --redeals none --seeds 1-500 --budget 30
    cardsage verify klondike --deals my_deals.json --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from solvers.errors import CardsageError
from solvers.patience.formats import from_solvitaire, position_to_json
from solvers.patience.options import FortyThievesRules, KlondikeRules, parse_redeals
from solvers.patience.verify import verify_many


def _seconds(text: str) -> float:
    """A budget: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("a budget is a number of seconds above 0")
    return value


def whole_from_1(what: str):
    """An argparse type for ``what`` (a count, a cap): a whole number from 1."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < 1:
            raise argparse.ArgumentTypeError(f"{what} is a whole number from 1")
        return value
    return read


def parse_seeds(text: str, limit: int | None = None) -> list[int]:
    """``1-100``, ``7`` or ``1-10,20,30-40`` to a list of deal numbers.

    With ``limit``, more deals than that are refused before any list is built, so a
    range of a billion deals costs nothing."""
    ranges: list[tuple[int, int]] = []
    count = 0
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()) or len(low) > 19 or len(high) > 19:
            raise CardsageError(f"cannot read deal numbers {part!r}: write e.g. 1-100 or 5,8", field="seeds")
        lo, hi = int(low), int(high) if dash else int(low)
        if hi < lo:
            raise CardsageError(f"empty range {part!r}", field="seeds")
        count += hi - lo + 1
        if limit is not None and count > limit:
            raise CardsageError(f"a job verifies at most {limit} deals; '{text[:40]}' names more", field="seeds")
        ranges.append((lo, hi))
    return [seed for lo, hi in ranges for seed in range(lo, hi + 1)]


def load_deals(path: str, game: str) -> list:
    """Deals from a JSON file: one deal, a list of deals, or ``{"deals": [...]}``;
    each deal in our format or Solvitaire's (recognised by ``"tableau piles"``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise CardsageError(f"cannot read deals from {path}: {exc}", field="deals") from None
    if isinstance(data, dict):
        data = data.get("deals", [data])
    deals = []
    for index, item in enumerate(data):
        if isinstance(item, dict) and "tableau piles" in item:
            pos = from_solvitaire(item, game)
            item = {"id": item.get("id", str(index + 1)), **position_to_json(pos)}
        deals.append(item)
    return deals


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cardsage verify``."""
    parser = argparse.ArgumentParser(prog="cardsage verify",
                                     description="Prove deals winnable or unwinnable, in bulk.")
    sub = parser.add_subparsers(dest="game", required=True)
    k = sub.add_parser("klondike", help="Klondike deals")
    k.add_argument("--draw", type=int, choices=(1, 3), default=1)
    k.add_argument("--passes", default="unlimited", help="unlimited or a number of passes")
    k.add_argument("--switch", dest="switch", action="store_true", default=None,
                   help="allow the one-time switch to a single-card last pass (draw 3; the seed's rule)")
    k.add_argument("--no-switch", dest="switch", action="store_false")
    k.add_argument("--no-foundation-moves", action="store_true",
                   help="foundation cards never come back to the tableau")
    f = sub.add_parser("forty-thieves", help="Forty Thieves deals")
    f.add_argument("--redeals", default="unlimited", help="unlimited, none or one")
    for p in (k, f):
        p.add_argument("--seeds", help="deal numbers, e.g. 1-10000")
        p.add_argument("--deals", help="JSON file of deals (ours or Solvitaire's format)")
        p.add_argument("--workers", type=whole_from_1("a count of processes"), default=None,
                       help="local processes (default: all cores)")
        p.add_argument("--budget", type=_seconds, default=60.0, help="seconds per deal (default 60)")
        p.add_argument("--out", help="results file, .csv or .jsonl (resumes if it exists)")
        p.add_argument("--no-resume", action="store_true", help="overwrite --out instead of resuming")
        p.add_argument("--scheduler", help="Dask scheduler address, e.g. tcp://host:8786")
        p.add_argument("--quiet", action="store_true", help="no progress line")
    return parser


def rules_from_args(args):
    """Rules from parsed arguments."""
    if args.game == "klondike":
        passes = None if str(args.passes).lower() == "unlimited" else _int(args.passes, "passes")
        return KlondikeRules(draw=args.draw, passes=passes, single_pass_switch=args.switch,
                             foundation_to_tableau=not args.no_foundation_moves)
    return FortyThievesRules(redeals=parse_redeals(args.redeals))


class ProgressLine:
    """A one-line progress display on stderr with rate and ETA."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.start = time.perf_counter()
        self.counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
        self.last = 0.0

    def __call__(self, done: int, total: int, row: dict) -> None:
        self.counts[row["verdict"]] = self.counts.get(row["verdict"], 0) + 1
        now = time.perf_counter()
        if now - self.last < 0.2 and done < total:
            return
        self.last = now
        elapsed = now - self.start
        solved = sum(self.counts.values())
        rate = solved / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        width = 24
        filled = int(width * done / total) if total else width
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
            f"{rate:.1f} deals/s ETA {_clock(eta)}  "
            f"W {self.counts['winnable']} L {self.counts['unwinnable']} ? {self.counts['unknown']} ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def main(argv: list[str] | None = None) -> int:
    """Run ``cardsage verify``; return the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "verify":
        argv = argv[1:]
    args = build_parser().parse_args(argv)
    try:
        rules = rules_from_args(args)
        if bool(args.seeds) == bool(args.deals):
            raise CardsageError("give either --seeds or --deals")
        items = parse_seeds(args.seeds) if args.seeds else load_deals(args.deals, rules.game)
        print(f"verifying {len(items)} deals: {rules.label()}, budget {args.budget:g} s per deal",
              file=sys.stderr)
        summary = verify_many(items, rules, workers=args.workers, budget_seconds=args.budget,
                              out_path=args.out, resume=not args.no_resume,
                              progress=None if args.quiet else ProgressLine(),
                              scheduler=args.scheduler)
    except CardsageError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted: run the same command again to resume", file=sys.stderr)
        return 130
    if summary.skipped:
        print(f"{summary.skipped} deals were already in {args.out} (resumed)", file=sys.stderr)
    print(summary.text())
    return 0


def _int(text, name):
    if not str(text).isdigit():
        raise CardsageError(f"{name} must be a number or unlimited", field=name)
    return int(text)


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else f"{m}m{s:02d}s"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
