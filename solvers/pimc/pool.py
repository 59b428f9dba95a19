"""Double-dummy solvers kept between hints, each lent to one hint at a time.

A new :class:`~solvers.doubledummy.Solver` allocates and clears its transposition
table, a few milliseconds of a short hint. A table's entries are bounds proved for
positions under given rules (the rules are part of every key), so they stay true in
any later hint; a hint with a fixed sample count solves each ending to its exact value
(its only limit is the solver's default node budget, far above what an ending of a
sampled deal takes), and an exact value is the same whatever the table held before.

The service answers hints on several threads, and a solver's table and scratch
buffers serve one search at a time: a hint borrows a solver of its game for its whole
length and gives it back; a thread that finds none idle makes a new one.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from solvers.doubledummy import Solver

__all__ = ["lent_solver", "clear_idle", "IDLE_PER_GAME"]

# idle solvers kept per game: a solver's table takes 63 MB of address space (6 MB touched
# when new, the rest as it fills), so after a burst of simultaneous hints one is kept
IDLE_PER_GAME = 1

_IDLE: dict[str, list[Solver]] = {}
_LOCK = threading.Lock()


@contextmanager
def lent_solver(game: str) -> Iterator[Solver]:
    """A solver for one hint of ``game``, no other thread's while the block runs."""
    with _LOCK:
        idle = _IDLE.get(game)
        solver = idle.pop() if idle else None
    if solver is None:
        solver = Solver()
    try:
        yield solver
    finally:
        with _LOCK:
            idle = _IDLE.setdefault(game, [])
            if len(idle) < IDLE_PER_GAME:
                idle.append(solver)


def clear_idle() -> None:
    """Empty the table of every idle solver. For measurements that repeat the same hints:
    a repeated hint finds its own endings in the table, which a new position does not."""
    with _LOCK:
        for idle in _IDLE.values():
            for solver in idle:
                solver.clear()
