"""CPU-heavy work off the request threads: a process pool per server process.

Patience solves, double-dummy solves and tables, and hints with a budget above
``SOLVER_INLINE_MS`` run in child processes started once per server process (on
demand, up to ``SOLVER_PROCESSES``), each niced by ``SOLVER_NICE`` and kept off the
processors ``SOLVER_CPUS`` reserves for requests (:mod:`api.cpus`), so the request
threads keep the CPU. The request thread waits on the future for the work's budget
plus ``SOLVER_QUEUE_GRACE_S`` (start-up, compiling, a queue); past that the client
gets 503 with ``Retry-After``. Input is validated in the request process before any
work is submitted, so bad input never reaches a child.

The pool lives in module state keyed by process id: a forked server worker builds its
own, and every app built in one process (tests build many) shares it. Children run the
same functions the request thread would, so answers are the same; a
:class:`CardsageError` raised in a child reaches the client as it would have inline.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable

from api.cpus import confine, solver_cpus
from solvers.errors import CardsageError

log = logging.getLogger(__name__)

INLINE_MS_DEFAULT = 50          # work with a budget at most this runs in the request thread
QUEUE_GRACE_S_DEFAULT = 30.0    # waiting beyond the budget: child start-up, compiling, a queue
NICE_DEFAULT = 10


class SolverBusy(CardsageError):
    """503: the work did not finish within its budget and the grace (the pool is full)."""

    def __init__(self, message: str, retry_after: int = 5):
        super().__init__(message, status=503)
        self.retry_after = retry_after


class SolverPool:
    """Runs functions in niced child processes; ``processes`` 0 runs them inline."""

    def __init__(self, processes: int, *, inline_ms: float = INLINE_MS_DEFAULT,
                 grace_s: float = QUEUE_GRACE_S_DEFAULT, nice: int = NICE_DEFAULT,
                 cpus: str | None = "auto"):
        self.processes = max(0, int(processes))
        self.cpus = solver_cpus(cpus)
        self.inline_ms = inline_ms
        self.grace_s = grace_s
        self.nice = nice
        self.submitted = 0

    def run(self, budget_s: float, fn: Callable, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)``, in a child when the pool is on and ``budget_s`` is above
        the inline threshold; waits at most ``budget_s`` + grace for it."""
        if self.processes == 0 or budget_s * 1000 <= self.inline_ms:
            return fn(*args, **kwargs)
        return self.wait(self.submit(fn, *args, **kwargs), budget_s)

    def submit(self, fn: Callable, *args: Any, **kwargs: Any) -> Future:
        """Start ``fn`` in a child process (the pool must be on)."""
        if self.processes == 0:
            raise RuntimeError("the solver pool is off (SOLVER_PROCESSES = 0)")
        self.submitted += 1
        try:
            return _executor(self.processes, self.nice, self.cpus).submit(_call, fn, args, kwargs)
        except (BrokenProcessPool, RuntimeError):
            # a child died (killed, out of memory) and broke the pool: build a new one once
            _reset()
            return _executor(self.processes, self.nice, self.cpus).submit(_call, fn, args, kwargs)

    def start(self) -> None:
        """Start every child now (each warms its kernels as it starts), so that the first
        solves and hints a server answers do not wait for a child's start-up: a server
        process does this once its app is built (a pool that is off does nothing)."""
        if self.processes == 0:
            return
        executor = _executor(self.processes, self.nice, self.cpus)
        for _ in range(self.processes):
            # with no idle child, each task makes the pool start one more
            executor.submit(child_pid)

    def wait(self, future: Future, budget_s: float) -> Any:
        """The future's result, or 503 when it is not done within ``budget_s`` + grace."""
        try:
            tag, value = future.result(timeout=budget_s + self.grace_s)
        except FutureTimeout:
            future.cancel()
            raise SolverBusy("the solvers are busy; retry the request shortly") from None
        except BrokenProcessPool:
            _reset()
            raise SolverBusy("a solver process stopped; retry the request", retry_after=1) from None
        if tag == "error":
            raise value
        return value

    def pids(self) -> list[int]:
        """Process ids of this process's running children (for tests and diagnostics)."""
        with _lock:
            executor = _state.get("executor") if _state.get("pid") == os.getpid() else None
            processes = getattr(executor, "_processes", None) or {}
            return sorted(processes)


# ---------------------------------------------------------------- one executor per process

_lock = threading.Lock()
_state: dict[str, Any] = {}


def _executor(processes: int, nice: int, cpus: set[int] | None = None) -> ProcessPoolExecutor:
    with _lock:
        key = (processes, nice, tuple(sorted(cpus or ())))
        if _state.get("pid") != os.getpid() or _state.get("size") != key:
            old = _state.get("executor") if _state.get("pid") == os.getpid() else None
            # spawn, not fork: the server process has threads (requests, warm-ups) and
            # forking one with locks held can deadlock the child
            context = multiprocessing.get_context("spawn")
            _state.update(pid=os.getpid(), size=key, executor=ProcessPoolExecutor(
                max_workers=processes, mp_context=context, initializer=_child_start,
                initargs=(nice, os.getpid(), cpus)))
            if old is not None:
                _shutdown_executor(old)
        return _state["executor"]


def _reset() -> None:
    with _lock:
        if _state.get("pid") == os.getpid() and _state.get("executor") is not None:
            _shutdown_executor(_state["executor"])
        _state.clear()


def shutdown() -> None:
    """Stop this process's children now, cancelling queued work (server worker exit)."""
    _reset()


def _shutdown_executor(executor: ProcessPoolExecutor) -> None:
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        # a child may be deep in a 60 s search: do not wait for it
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=2)


atexit.register(shutdown)


# ---------------------------------------------------------------- in the child


def _child_start(nice: int, parent: int, cpus: set[int] | None = None) -> None:
    """Lower the child's priority, keep it on its processors, stop it if its server
    process dies, warm the kernels."""
    confine(cpus)
    if nice:
        try:
            os.nice(nice)
        except OSError:  # not permitted here: run at normal priority
            pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    try:
        from solvers.doubledummy.solver import load_kernels
        from solvers.patience import forty_thieves_jit, klondike_jit

        klondike_jit.warm_up()
        forty_thieves_jit.warm_up()
        load_kernels()
        from solvers import games

        games.warm_up()
    except Exception:  # noqa: BLE001 - a timed solve compiles before its clock starts anyway
        log.exception("warming up the solver kernels failed")


def _watch_parent(parent: int) -> None:
    # a server worker killed with SIGKILL cannot stop its children: they notice and leave
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _call(fn: Callable, args: tuple, kwargs: dict) -> tuple[str, Any]:
    try:
        return "ok", fn(*args, **kwargs)
    except CardsageError as error:
        return "error", error


# ---------------------------------------------------------------- the work itself


def hint(game_name: str, state, seat: int, budget_s: float, mode: str | None) -> dict:
    """A game's hint as JSON (``mode`` None: the game's default method)."""
    from solvers import games

    game = games.get(game_name)
    found = game.hint(state, seat, budget_s) if mode is None else game.hint(state, seat, budget_s, mode=mode)
    return found.to_json()


def patience_solve(position, rules, budget_s: float):
    """A patience verdict within the budget (the library's result object)."""
    from solvers.patience.search import solve

    return solve(position, rules, max_nodes=None, max_seconds=budget_s)


def doubledummy_solve(position, values: str, budget_ms: int, line: bool) -> dict:
    """A double-dummy solve as JSON."""
    from solvers.doubledummy import solve

    return solve(position, values=values, budget_ms=budget_ms, line=line).to_json()


def child_pid() -> int:
    """The process id of whoever runs this (tests: is it a child?)."""
    return os.getpid()


def child_niceness() -> int:
    """The niceness of whoever runs this."""
    return os.nice(0)


def child_cpus() -> list[int]:
    """The processors whoever runs this may use."""
    return sorted(os.sched_getaffinity(0))


def child_scheduler() -> int:
    """The scheduling policy of whoever runs this (``os.SCHED_IDLE`` for kept-off solvers)."""
    return os.sched_getscheduler(0)
