"""What runs in a job runner's child processes: lowered priority, one deal at a time.

Kept small: a child imports this module and the patience solver, nothing of the web app.
"""

from __future__ import annotations

import os
import threading
import time


def init_child(niceness: int, parent_pid: int, cpus: set[int] | None = None) -> None:
    """Pool initializer: lower this process's priority and keep it on its processors (so
    request handling in the server stays fast) and exit when the server process is gone
    (a SIGKILLed server leaves no orphaned solver behind)."""
    if cpus:
        try:
            os.sched_setaffinity(0, cpus)
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except (AttributeError, OSError):  # pragma: no cover - not permitted here
            pass
    if niceness:
        try:
            os.nice(niceness)
        except OSError:  # pragma: no cover - not permitted on this system
            pass

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def verify_deal(seed: int, rules_json: dict, budget_seconds: float) -> dict:
    """Verify one numbered deal with the batch verifier; its result row."""
    from solvers.patience.options import rules_from_json
    from solvers.patience.verify import verify_many

    summary = verify_many([seed], rules_from_json(rules_json), workers=1, budget_seconds=budget_seconds)
    return summary.results[0]
