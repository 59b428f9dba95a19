"""The 20-cell table's search size, cell by cell, beside DDS solving the same cells.

    .venv/bin/python benchmarks/dd_table_counts.py OUT [TABLES] [--no-dds] [--bits=B] [--dds-order=0213] [--alone]
        [--chains]

For each of the benchmark's first TABLES full deals (default 20) and each strain, our
four leaders are solved in the table's order on one table-sized solver (as one thread
of ``solve_strains`` does), and DDS solves the same four cells one after another on the
same deal and strain (``SolveBoard`` keeps its table between such calls, as its
``CalcDDtable`` does). OUT is a JSON file of every cell: our value, card and trick
nodes, probes, CPU seconds, and DDS's value and trick nodes. Node counts do not depend
on the machine's load; the printout sums them by leader and by strain, and simulates
the split of each table's strains over two threads (the busiest thread's nodes).
``--bits=B`` gives the table's solver 2**B shape slots instead of ``TABLE_BITS``;
``--dds-order`` has DDS solve a strain's leaders in another order than its own 0123.
``--alone`` also solves every cell on an empty table (ours with the first probe it had
in the table; DDS after another deal), to show how much each place in the order gains
from the cells before it, ours beside DDS's (with ``--dds-order=0213`` DDS's cells
follow the same leaders as ours). Every cell's row also lists its probes (target,
reached, trick nodes), and the printout sums the trick nodes of the two probes that
decide the value (at the value, reached, and one above, missed) apart from the others.
``--chains`` also prints how the table's entries lie after each strain's four cells: the
share of the entries by the length of the chain holding them (in blocks of
``ttable.BLOCK``), and by the cards they cover.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_doubledummy import positions  # noqa: E402
from solvers.doubledummy.crosscheck import to_endplay  # noqa: E402
import solvers.doubledummy.ttable as ttable  # noqa: E402
from solvers.doubledummy.position import Position  # noqa: E402
from solvers.doubledummy.rules import TrickRules  # noqa: E402
from solvers.doubledummy.solver import Solver  # noqa: E402
from solvers.doubledummy.table import (  # noqa: E402
    _STRAIN_TRUMP, LEADER_ORDER, STRAIN_LETTERS, TABLE_BITS, _Cells, table_solver)


# --dds-order=0213: DDS solves a strain's leaders in this order (default its own, 0123)
DDS_ORDER = next((tuple(int(c) for c in a.split("=")[1]) for a in sys.argv if a.startswith("--dds-order=")),
                 (0, 1, 2, 3))
BITS = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--bits=")), None)
ALONE = "--alone" in sys.argv
CHAINS = "--chains" in sys.argv


def dds_cells(position: Position, strain: str, order=(0, 1, 2, 3)) -> list[tuple[int, int]]:
    """DDS's value and trick nodes for leaders 0..3 of one strain, solved in a row in
    ``order`` (its CalcDDtable's by default), by leader."""
    from endplay import _dds
    out = [None] * 4
    for leader in order:
        cell = Position.from_hands([list(h) for h in position.hands], leader, (),
                                   TrickRules.bridge(_STRAIN_TRUMP[strain]))
        fut = _dds.futureTricks()
        _dds.SolveBoard(to_endplay(cell)._data, -1, 1, 1, fut, 0)
        out[leader] = (max(fut.score[i] for i in range(fut.cards)), int(fut.nodes))
    return out


def dds_alone(position: Position, other: Position, strain: str) -> list[int]:
    """DDS's trick nodes for leaders 0..3 of one strain, each solved after a solve of
    ``other`` (another deal), so on an empty table."""
    out = []
    for leader in range(4):
        dds_cells(other, strain, (0,))
        out.append(dds_cells(position, strain, (leader,))[leader][1])
    return out


def alone_cells(hands: list[list], strain: str, ours: list[dict]) -> list[int]:
    """Our trick nodes for leaders 0..3 of one strain, each on an empty table, with the
    first probe it had in the table (``ours``: the table's cells, by leader)."""
    solver = Solver(BITS) if BITS else table_solver()
    out = []
    for leader in range(4):
        solver.clear()
        cell = Position.from_hands(hands, leader, (), TrickRules.bridge(_STRAIN_TRUMP[strain]))
        solver._solve(cell, guess=ours[leader]["guess"])
        out.append(solver.last_stats["trick_nodes"])
    return out


class _ProbeLog(Solver):
    """A table solver that records each probe: its target, whether it was reached, and
    its trick nodes."""

    def __init__(self, bits: int):
        super().__init__(bits)
        self.probes: list[tuple[int, bool, int]] = []

    def _probe(self, state, target, budget):
        before = budget.stats[0]
        ok, move = super()._probe(state, target, budget)
        self.probes.append((target, ok, budget.stats[0] - before))
        return ok, move


def chain_profile(tt, by_blocks: Counter, by_cover: Counter) -> None:
    """Add the table's entries to ``by_blocks`` (by the blocks of the chain holding
    them: a shape's own chain and each of its split chains) and ``by_cover`` (by the
    cards they cover)."""
    pool, keys = int(tt[ttable.H_POOL]), int(tt[ttable.H_KEYS])
    for slot in range(int(tt[ttable.H_SLOTS])):
        word = int(tt[keys + ttable.SLOT * slot + ttable.SLOT_HEAD])
        if word == ttable.NONE:
            continue
        heads = [word & ttable.HEAD_BITS]
        if word >> 32:
            line = int(tt[ttable.H_SPLIT]) + ttable.SPLIT * slot
            heads += [int(tt[line + j]) for j in range(1, ttable.SPLIT)]
        for blk in heads:
            entries, blocks = [], 0
            while blk != ttable.NONE:
                entries += [blk * ttable.BLOCK + i for i in range(int(tt[pool + 2 + 2 * blk]))]
                blocks += 1
                blk = int(tt[pool + 1 + 2 * blk])
            if entries:
                by_blocks[blocks] += len(entries)
            for e in entries:
                c = int(tt[int(tt[ttable.H_BOUNDS]) + 4 * e + 3])
                by_cover[sum((c >> (8 * s)) & 255 for s in range(4))] += 1


def our_cells(hands: list[list], strain: str, order=None, profile=None) -> list[dict]:
    """Our four cells of one strain on one fresh table-sized solver, in the table's order;
    with ``profile`` (two counters), its table's entries added to them afterwards
    (``chain_profile``)."""
    solver = _ProbeLog(BITS or TABLE_BITS)
    cells = _Cells(hands, None, None, False)
    out = [None] * 4
    order = order or LEADER_ORDER
    last_share = 0.0
    for place, leader in enumerate(order):
        guess = cells.guess(strain, leader)
        solver.probes = []
        start = time.process_time()
        result = cells._solve(solver, strain, leader)
        cells.results[strain][leader] = result
        share = ttable.used_share(solver._table)
        out[leader] = {"value": result.value, "card": result.nodes, "trick": solver.last_stats["trick_nodes"],
                       "cpu": time.process_time() - start, "exact": result.exact, "guess": guess,
                       "emptied": share < last_share, "order": place, "probes": solver.probes}
        last_share = share
    if profile is not None:
        chain_profile(solver._table, *profile)
    return out


def busiest(costs: list[float], threads: int = 2) -> float:
    """The busiest thread's cost when ``threads`` threads take the strains in the given
    order, each the next one left when it is free."""
    loads = [0.0] * threads
    for cost in costs:
        loads[loads.index(min(loads))] += cost
    return max(loads)


def main() -> None:
    """Count every cell of the first tables and print the sums."""
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args:
        sys.exit(__doc__)
    with_dds = "--no-dds" not in sys.argv
    count = int(args[1]) if len(args) > 1 else 20
    rows = []
    profile = (Counter(), Counter()) if CHAINS else None
    # compile (or load the compiled kernels) before counting anything
    our_cells([list(h) for h in next(positions("warm", 1, 13, False)).hands], "N")
    deals = list(positions("full", count + 1, 13, False))
    for number, position in enumerate(deals[:count]):
        hands = [list(h) for h in position.hands]
        for strain in STRAIN_LETTERS:
            ours = our_cells(hands, strain, profile=profile)
            theirs = dds_cells(position, strain, DDS_ORDER) if with_dds else [(None, 0)] * 4
            alone = alone_cells(hands, strain, ours) if ALONE else [0] * 4
            dds_empty = dds_alone(position, deals[count], strain) if ALONE and with_dds else [0] * 4
            for leader in range(4):
                rows.append({"deal": number, "strain": strain, "leader": leader, **ours[leader],
                             "dds_value": theirs[leader][0], "dds_trick": theirs[leader][1],
                             "alone_trick": alone[leader], "dds_alone": dds_empty[leader]})
    Path(args[0]).write_text(json.dumps(rows))
    wrong = sum(1 for r in rows if with_dds and r["value"] != r["dds_value"])
    total = sum(r["trick"] for r in rows)
    print(f"tables {count}: card {sum(r['card'] for r in rows) / 1e6:.3f}M trick {total / 1e6:.3f}M "
          f"cpu {sum(r['cpu'] for r in rows):.1f}s dds trick {sum(r['dds_trick'] for r in rows) / 1e6:.3f}M "
          f"wrong {wrong}")
    order_rank = {}
    for r in rows:
        order_rank.setdefault((r["deal"], r["strain"]), []).append(r)
    by_place = [[0, 0] for _ in range(4)]
    for cells in order_rank.values():
        done = sorted(cells, key=lambda r: r["order"])
        for place, r in enumerate(done):
            by_place[place][0] += r["trick"]
            by_place[place][1] += r["dds_trick"]
    print("by place in our order (DDS's cells of the same leaders): ours / dds trick nodes " +
          "  ".join(f"{a / 1e6:.2f}M/{b / 1e6:.2f}M" for a, b in by_place))
    deciding = [[0, 0, 0] for _ in range(4)]
    for r in rows:
        for target, ok, nodes in r["probes"]:
            deciding[r["order"]][0 if target in (r["value"], r["value"] + 1) else 1] += nodes
        deciding[r["order"]][2] += len(r["probes"])
    print("by place, probes a cell, trick nodes of the two deciding probes / of the others: " + "  ".join(
        f"{c / max(1, count * 5):.2f} {a / 1e6:.2f}M/{b / 1e6:.2f}M" for a, b, c in deciding))
    if ALONE:
        sums = [[0, 0, 0, 0] for _ in range(4)]
        for r in rows:
            for j, name in enumerate(("trick", "alone_trick", "dds_trick", "dds_alone")):
                sums[r["order"]][j] += r[name]
        print("by place, in the table / alone (share): ours " + "  ".join(
            f"{a / 1e6:.2f}M/{b / 1e6:.2f}M ({a / max(1, b):.2f})" for a, b, _, _ in sums) +
            " | dds " + "  ".join(f"{c / 1e6:.2f}M/{d / 1e6:.2f}M ({c / max(1, d):.2f})" for _, _, c, d in sums))
    print("by strain: " + "  ".join(
        f"{s} {sum(r['trick'] for r in rows if r['strain'] == s) / 1e6:.2f}M/"
        f"{sum(r['dds_trick'] for r in rows if r['strain'] == s) / 1e6:.2f}M" for s in STRAIN_LETTERS))
    split = 0.0
    for number in range(count):
        costs = [sum(r["card"] for r in rows if r["deal"] == number and r["strain"] == s) for s in STRAIN_LETTERS]
        split += busiest(costs)
    print(f"two threads, strains in order {STRAIN_LETTERS}: busiest thread {split / 1e6:.2f}M card nodes "
          f"of {sum(r['card'] for r in rows) / 1e6:.2f}M")
    print(f"tables emptied within a strain: {sum(1 for r in rows if r['emptied'])} cells; "
          f"guess off: {sum(1 for r in rows if r['guess'] is not None and r['guess'] != r['value'])} of "
          f"{sum(1 for r in rows if r['guess'] is not None)}")
    per_table = sorted(((sum(r["cpu"] for r in rows if r["deal"] == n), n) for n in range(count)), reverse=True)
    print("slowest tables (cpu s, deal): " + " ".join(f"{c:.2f}:{n}" for c, n in per_table[:5]))
    if CHAINS:
        by_blocks, by_cover = profile
        entries = max(1, sum(by_blocks.values()))
        print("entries by their chain's blocks (share): " + " ".join(
            f"{b}:{n / entries:.3f}" for b, n in sorted(by_blocks.items())))
        print("entries by the cards they cover (share): " + " ".join(
            f"{c}:{n / entries:.3f}" for c, n in sorted(by_cover.items())))


if __name__ == "__main__":
    main()
