"""The double-dummy table of a bridge deal: tricks for every declarer and strain.

A table's five strains are independent searches (no table entry of one strain can
match a position of another), so they are solved on as many threads as the process
has processors, at most one a strain; the kernel releases the interpreter lock while
it searches. The four leaders of a strain stay on one thread and share its table.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from solvers.doubledummy.position import SEAT_LETTERS, Position, parse_pbn_hands
from solvers.doubledummy.result import DDResult
from solvers.doubledummy.rules import TrickRules
from solvers.doubledummy.solver import Solver
from solvers.errors import CardsageError

__all__ = ["solve_table", "solve_strains", "table_solver", "table_workers", "STRAIN_LETTERS", "TABLE_BITS"]

STRAIN_LETTERS = "SHDCN"
_STRAIN_TRUMP = {"S": 3, "H": 2, "D": 1, "C": 0, "N": None}
# a table's solver lives for one table only, so it can afford twice the default shape
# slots (2**17: about 107 MB of address space, touched only as used): one strain's four
# leaders then fit without the pool being emptied (about 7% less work a table)
TABLE_BITS = 17


def table_solver() -> Solver:
    """A solver sized for the 20 solves of one table."""
    return Solver(TABLE_BITS)


def table_workers() -> int:
    """Threads a table is solved on: the processors this process may run on, at most
    one a strain."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(len(STRAIN_LETTERS), cpus))


def solve_strains(hands: list[list], *, cell_ms: float | None = None, total_ms: float | None = None,
                  workers: int | None = None, solver: Solver | None = None,
                  exact_only: bool = False) -> dict[str, list[DDResult | None]]:
    """Each strain's four solves, by leader (seat 0 to 3), for the side on lead.

    ``cell_ms`` bounds each solve and ``total_ms`` the whole table (wall time); a solve
    the table's time did not reach is ``None``. ``workers`` threads (default
    :func:`table_workers`) each take the next strain left; a given ``solver`` means one
    thread, on it. With ``exact_only`` the first solve left inexact stops the table
    with a 503 error.
    """
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise CardsageError("workers must be a positive integer", field="workers")
    count = 1 if solver is not None else (workers or table_workers())
    deadline = None if total_ms is None else time.perf_counter() + total_ms / 1000.0
    pending: queue.SimpleQueue = queue.SimpleQueue()
    for strain in STRAIN_LETTERS:
        pending.put(strain)
    results: dict[str, list[DDResult | None]] = {}
    stop = threading.Event()

    def work(own: Solver) -> None:
        while not stop.is_set():
            try:
                strain = pending.get_nowait()
            except queue.Empty:
                return
            results[strain] = _solve_strain(own, hands, strain, cell_ms, deadline, stop, exact_only)
            if exact_only and not all(r is not None and r.exact for r in results[strain]):
                stop.set()
                raise CardsageError("the table ran out of time", status=503)

    if count == 1:
        work(solver or table_solver())
    else:
        with ThreadPoolExecutor(max_workers=count, thread_name_prefix="dd-table") as pool:
            for future in [pool.submit(work, table_solver()) for _ in range(count)]:
                future.result()
    return {strain: results.get(strain, [None] * 4) for strain in STRAIN_LETTERS}


def _solve_strain(solver: Solver, hands: list[list], strain: str, cell_ms: float | None,
                  deadline: float | None, stop: threading.Event, exact_only: bool) -> list[DDResult | None]:
    rules = TrickRules.bridge(_STRAIN_TRUMP[strain])
    # the four leaders of a strain share the solver's table (its entries hold for
    # either side), and each starts its probes from the last leader's answer
    guess = None
    out: list[DDResult | None] = []
    for leader in range(4):
        budget = cell_ms
        if stop.is_set():
            out.append(None)
            continue
        if deadline is not None:
            left = (deadline - time.perf_counter()) * 1000.0
            if left < 1:
                out.append(None)
                continue
            budget = left if budget is None else min(budget, left)
        result = solver._solve(Position.from_hands(hands, leader, (), rules), budget_ms=budget, guess=guess)
        out.append(result)
        if exact_only and not result.exact:
            stop.set()
        # the next leader sits on the other side: it takes about the tricks this
        # leader's side did not
        guess = len(hands[0]) - result.value if result.exact else None
    return out


def solve_table(deal: Position | str, *, solver: Solver | None = None,
                budget_ms: float | None = None, workers: int | None = None) -> dict[str, dict[str, int]]:
    """Tricks declarer takes for each declarer ``N E S W`` and strain ``S H D C N``.

    ``deal`` is a PBN string or a 4-seat position with no trick in progress (every
    hand the same size). The opening lead is made by the seat on declarer's left.
    A ``budget_ms`` per solve that runs out raises an error rather than give a guess.
    The strains run on ``workers`` threads (default: one a processor, see
    :func:`solve_strains`).
    """
    hands = _hands(deal)
    total = len(hands[0])
    table: dict[str, dict[str, int]] = {seat: {} for seat in SEAT_LETTERS}
    solved = solve_strains(hands, cell_ms=budget_ms, workers=workers, solver=solver, exact_only=True)
    for strain, results in solved.items():
        for leader, result in enumerate(results):
            table[SEAT_LETTERS[(leader + 3) % 4]][strain] = total - result.value
    return table


def _hands(deal: Position | str) -> list[list]:
    if isinstance(deal, str):
        return parse_pbn_hands(deal)
    if not isinstance(deal, Position) or deal.seats != 4:
        raise CardsageError("a table needs a 4-seat deal (PBN or Position)", field="deal")
    if deal.trick:
        raise CardsageError("a table is for a deal with no trick in progress", field="deal")
    return [list(h) for h in deal.hands]
