"""The meld solver: CP-SAT against the exhaustive search, per solve, on seeded random hands.

For each game's hand sizes it deals seeded hands and solves every one with both methods,
printing median / p95 / max milliseconds per solve side by side, the number of options
(candidate melds and lay-offs) the hands give, and whether the two methods agreed on every
hand (they must). The ``auto`` method's threshold comes from where CP-SAT starts to win.

    .venv/bin/python benchmarks/bench_melds.py [--hands 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.cards import Card, Kind, Rng, pack_with_jokers, standard_pack  # noqa: E402
from solvers.melds import MeldRules, options_for, plan, readings  # noqa: E402

CARIOCA = MeldRules(set_min=3, run_min=4)
CARIOCA_DOWN = MeldRules(set_min=3, set_max=3, run_min=4, run_max=4, max_wilds=1)
SEVEN_RUMMY = MeldRules(set_min=3, set_max=4, set_distinct_suits=True, run_min=3, ace_high=False,
                        wild=lambda c: False)


def carioca_value(card: Card) -> int:
    """Carioca's penalty values: joker 50, ace 20, court 10, others pip."""
    if card.kind == Kind.JOKER:
        return 50
    return 20 if card.rank == 14 else min(card.rank, 10)


def _seven_table(rng: Rng) -> list:
    """A few melds already on the table for Seven Rummy's lay-offs."""
    melds = []
    for text in (["5H", "6H", "7H"], ["9S", "9D", "9C"], ["2C", "3C", "4C", "5C"]):
        from solvers.cards import parse_cards
        melds.append(readings(parse_cards(text), SEVEN_RUMMY)[0])
    return melds


def rich_pack() -> list[Card]:
    """Two packs of six ranks in two suits and four jokers: hands full of melds, the hard case."""
    return [Card.standard(r, s, copy) for r in range(5, 11) for s in (2, 3) for copy in (1, 2)] + [
        Card(Kind.JOKER, None, j) for j in range(1, 5)]


CASES = [
    # name, pack, hand size, rules, contract, only contract, table
    ("carioca free 11", lambda: pack_with_jokers(4, packs=2), 11, CARIOCA, None, False, None),
    ("carioca free 12", lambda: pack_with_jokers(4, packs=2), 12, CARIOCA, None, False, None),
    ("carioca 2 trios", lambda: pack_with_jokers(4, packs=2), 12, CARIOCA_DOWN, {"set": 2}, True, None),
    ("carioca 1 trio 2 esc.", lambda: pack_with_jokers(4, packs=2), 12, CARIOCA_DOWN, {"set": 1, "run": 2}, True, None),
    ("carioca 3 escaleras", lambda: pack_with_jokers(4, packs=2), 13, CARIOCA_DOWN, {"run": 3}, True, None),
    ("carioca rich 11", rich_pack, 11, CARIOCA, None, False, None),
    ("carioca rich 12, 2 esc.", rich_pack, 12, CARIOCA_DOWN, {"set": 1, "run": 2}, True, None),
    ("seven rummy 8 + table", lambda: standard_pack(), 8, SEVEN_RUMMY, None, False, _seven_table),
]


def _stats(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"{statistics.median(ms):7.2f} {p95:7.2f} {ms[-1]:7.2f}"


def run(hands: int, seed: int) -> None:
    """Solve ``hands`` seeded hands per case with both methods and print the figures."""
    print(f"{'case':24} {'options':>7} | {'exhaustive ms: med p95 max':>26} | {'CP-SAT ms: med p95 max':>23} | agree")
    for name, pack, size, rules, contract, only, table_of in CASES:
        rng = Rng(f"melds-{seed}-{name}")
        times = {"exhaustive": [], "cpsat": []}
        options, agree = [], True
        for _ in range(hands):
            cards = pack()
            rng.shuffle(cards)
            hand = [c for c in cards if c.kind != Kind.JOKER or rules.wild(c)][:size]
            table = table_of(rng) if table_of else ()
            table = [m for m in table if not set(m.cards) & set(hand)]
            options.append(len(options_for(hand, rules, table)))
            found = {}
            for method in times:
                start = time.perf_counter()
                result = plan(hand, rules, value=carioca_value, table=table, contract=contract,
                              only_contract=only, method=method)
                times[method].append(time.perf_counter() - start)
                found[method] = None if result is None else (result.deadwood_value, result.cards_melded)
            agree &= found["exhaustive"] == found["cpsat"]
        print(f"{name:24} {statistics.median(options):7.0f} | {_stats(times['exhaustive']):>26} | "
              f"{_stats(times['cpsat']):>23} | {'yes' if agree else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    run(args.hands, args.seed)


if __name__ == "__main__":
    main()
