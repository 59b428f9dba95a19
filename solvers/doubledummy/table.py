"""The double-dummy table of a bridge deal: tricks for every declarer and strain.

A table's five strains are independent searches (no table entry of one strain can
match a position of another), so they are solved on as many threads as the process
has processors, at most one a strain; the kernel releases the interpreter lock while
it searches. The four leaders of a strain stay on one thread and share its table,
partners in turn, each leader's first probe at its partner's value. The threads'
solvers are kept for the next table, emptied.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from solvers.doubledummy.position import SEAT_LETTERS, Position, parse_pbn_hands
from solvers.doubledummy.result import DDResult
from solvers.doubledummy.rules import TrickRules
from solvers.doubledummy.solver import Solver
from solvers.errors import CardsageError

__all__ = ["solve_table", "solve_strains", "strain_order", "table_solver", "table_workers", "STRAIN_LETTERS", "TABLE_BITS"]

STRAIN_LETTERS = "SHDCN"
_STRAIN_TRUMP = {"S": 3, "H": 2, "D": 1, "C": 0, "N": None}
# a table's solver lives for one table only, so it can afford twice the default shape
# slots (2**17: about 135 MB of address space, touched only as used): one strain's four
# leaders then fit without the pool being emptied (about 7% less work a table)
TABLE_BITS = 17
# the order a strain's leaders are solved in, on one table: the first leader's partner
# next (the same side on lead, so the same targets: on 20 tables 29.25M trick nodes
# against 29.86M for 0, 1, 2, 3 with the same first probes)
LEADER_ORDER = (0, 2, 1, 3)


# the strains' order guesses each one's search size by the trumps the longer side holds
# (the fewer, the more both sides can ruff, the larger the search); no trump is placed
# as a suit whose longer side holds this many
NO_TRUMP_FIT = 7


def strain_order(hands: list[list]) -> str:
    """The strains, the one guessed dearest first (fewest trumps on the longer side, no
    trump as ``NO_TRUMP_FIT``; ties in ``STRAIN_LETTERS`` order). Threads take the
    strains in this order, so the last strain taken, which decides when a table ends
    on two threads, is a cheap one."""
    def fit(strain: str) -> int:
        trump = _STRAIN_TRUMP[strain]
        if trump is None:
            return NO_TRUMP_FIT
        held = [sum(1 for card in hand if card.suit == trump) for hand in hands]
        return max(held[0] + held[2], held[1] + held[3])
    return "".join(sorted(STRAIN_LETTERS, key=fit))


def table_solver() -> Solver:
    """A solver sized for the 20 solves of one table."""
    return Solver(TABLE_BITS)


# table solvers between tables, at most one a thread a table may use: a fresh one costs
# the kernel's zeroing of every page its table touches (about 20 ms of CPU a table and
# thread, 5% of a table's CPU time); a kept one is emptied instead
_IDLE: list[Solver] = []
_IDLE_LOCK = threading.Lock()


def _take_solver() -> Solver:
    """A table solver with an empty table and no move-ordering memory, as a new one."""
    with _IDLE_LOCK:
        solver = _IDLE.pop() if _IDLE else None
    if solver is None:
        return table_solver()
    # emptied, killer moves too: a table's node counts do not depend on the table before it
    solver.clear()
    return solver


def _give_back(solvers: list[Solver]) -> None:
    with _IDLE_LOCK:
        room = table_workers() - len(_IDLE)
        _IDLE.extend(solvers[:max(0, room)])


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
    :func:`table_workers`) each take the next strain left; a given ``solver``
    means one thread, on it. With ``exact_only`` the first solve left inexact stops the
    table with a 503 error.
    """
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise CardsageError("workers must be a positive integer", field="workers")
    count = 1 if solver is not None else (workers or table_workers())
    cells = _Cells(hands, cell_ms, None if total_ms is None else time.perf_counter() + total_ms / 1000.0,
                   exact_only)
    if solver is not None:
        cells.work(solver)
        return {strain: list(cells.results[strain]) for strain in STRAIN_LETTERS}
    solvers = [_take_solver() for _ in range(count)]
    try:
        if count == 1:
            cells.work(solvers[0])
        else:
            with ThreadPoolExecutor(max_workers=count, thread_name_prefix="dd-table") as pool:
                for future in [pool.submit(cells.work, s) for s in solvers]:
                    future.result()
    finally:
        _give_back(solvers)
    return {strain: list(cells.results[strain]) for strain in STRAIN_LETTERS}


class _Cells:
    """The table's 20 solves handed out to threads, each thread with its own solver.

    A thread takes a strain and solves its four leaders in turn (``LEADER_ORDER``), so
    its table serves all four: a leader's solve on a fresh table costs about twice as
    much (on deals 7, 8 and 19 of the benchmark's set, the later three leaders of every
    strain took 7.5M trick nodes after the strain's other leaders, 21.2M alone). (Letting an idle
    thread take the next leader of a strain still being solved was measured worse: on
    20 deals, 2 threads, the busiest thread's nodes 63.3M against 58.6M, of 100M for
    one thread.)
    """

    def __init__(self, hands: list[list], cell_ms: float | None, deadline: float | None, exact_only: bool):
        self.hands = hands
        self.cell_ms = cell_ms
        self.deadline = deadline
        self.exact_only = exact_only
        self.results: dict[str, list[DDResult | None]] = {strain: [None] * 4 for strain in STRAIN_LETTERS}
        self.next_leader = {strain: 0 for strain in STRAIN_LETTERS}
        self.strains = strain_order(hands)
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def _claim(self, current: str | None) -> tuple[str, int] | None:
        with self.lock:
            if current is None or self.next_leader[current] == 4:
                unstarted = [s for s in self.strains if self.next_leader[s] == 0]
                if not unstarted:
                    return None
                current = unstarted[0]
            leader = LEADER_ORDER[self.next_leader[current]]
            self.next_leader[current] += 1
            return current, leader

    def work(self, solver: Solver) -> None:
        """Solve cells until none is left (or the table stops)."""
        current = None
        while not self.stop.is_set():
            claimed = self._claim(current)
            if claimed is None:
                return
            current, leader = claimed
            result = self._solve(solver, current, leader)
            self.results[current][leader] = result
            if self.exact_only and (result is None or not result.exact):
                self.stop.set()
                raise CardsageError("the table ran out of time", status=503)

    def guess(self, strain: str, leader: int) -> int | None:
        """The first target of a leader's solve, from the strain's cells solved so far:
        its partner's value when known (the same side on lead, with the same cards,
        nearly always takes the same tricks: 194 of 200 cells on 20 tables, against 127
        of 200 for the tricks the last leader's side did not take), else one more than
        the tricks an opponent's side did not take; ``None`` (the estimate) for a
        strain's first.

        A side on lead took at least the tricks it took when the other side led in every
        one of 300 such cells of 60 tables, the same in 170 and one more in 103 (the
        lead is worth a trick). That is not a bound (a lead can cost a trick), only a
        guess: one above it costs two probes in both of those cases (the refutation
        first, or the proof first) where the tricks themselves cost a third probe in the
        103. The probes still find the value wherever they start."""
        results = self.results[strain]
        partner = results[(leader + 2) % 4]
        if partner is not None and partner.exact:
            return partner.value
        for opponent in ((leader + 3) % 4, (leader + 1) % 4):
            if results[opponent] is not None and results[opponent].exact:
                tricks = len(self.hands[0])
                return min(tricks, tricks - results[opponent].value + 1)
        return None

    def _solve(self, solver: Solver, strain: str, leader: int) -> DDResult | None:
        budget = self.cell_ms
        if self.deadline is not None:
            left = (self.deadline - time.perf_counter()) * 1000.0
            if left < 1:
                return None
            budget = left if budget is None else min(budget, left)
        guess = self.guess(strain, leader)
        rules = TrickRules.bridge(_STRAIN_TRUMP[strain])
        return solver._solve(Position.from_hands(self.hands, leader, (), rules), budget_ms=budget, guess=guess)


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
