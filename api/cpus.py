"""Which processors the solver processes may use.

Request handling needs a processor it never waits for: on a small machine with every
core busy with solves, a single client's slowest requests wait for the scheduler
behind the solvers even when those run niced. So by default (``auto``) solver and
job processes are kept off the first processor whenever the machine has at least
two, and run in Linux's idle scheduling class, so a request that wakes on their
processor runs at once; requests run anywhere. Measured (benchmarks/bench_service.py,
2 cores, one client): health p99 under load 4.2× idle niced only, 3.2× kept off the
first processor, 1.4× kept off it and in the idle class. ``all`` lets the solvers use
every processor (more solver throughput, slower request tails under load); a list such
as ``"1,2,3"`` names them.
"""

from __future__ import annotations

import os

__all__ = ["solver_cpus", "confine"]


def _available() -> set[int]:
    try:
        return set(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux: no affinity control
        return set()


def solver_cpus(setting: str | None = "auto") -> set[int] | None:
    """The processors for solver processes under ``setting`` (None: no restriction).

    ``auto``: every available processor but the lowest numbered, when there are at
    least two; ``all``: no restriction; ``"1,3"``: those of them that are available
    (none available: no restriction)."""
    available = _available()
    if not available or setting in (None, "", "all"):
        return None
    if setting == "auto":
        return available - {min(available)} if len(available) >= 2 else None
    try:
        wanted = {int(part) for part in str(setting).split(",") if part.strip()}
    except ValueError:
        raise ValueError(f"SOLVER_CPUS must be auto, all or a list of processor numbers, "
                         f"got {setting!r}") from None
    chosen = wanted & available
    return chosen or None


def confine(cpus: set[int] | None) -> None:
    """Keep the calling process on ``cpus`` (None: leave it where it is) and in the idle
    scheduling class, so a request waking on one of those processors runs at once."""
    if not cpus:
        return
    try:
        os.sched_setaffinity(0, cpus)
    except (AttributeError, OSError):  # not permitted or not Linux: run anywhere
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        pass
