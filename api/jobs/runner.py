"""The job runner of one server process.

A daemon thread claims queued jobs (and running jobs whose runner is gone) from the
database with a compare-and-set, so exactly one process runs a job, and renews each
held job's lease every poll. Each held job has a thread that sends the deals not yet
stored to a shared pool of niced child processes and stores every result in the same
transaction that renews the lease: a cancelled job, or one taken over after its lease
ran out, stores nothing more. A result is keyed by (job, deal index), so a deal counts
once however often a job is resumed; a deal cut off by a crash is simply solved again.

The thread stops when no unfinished job is left in the database; the app starts it
again when a job is created, at start-up when unfinished jobs exist, and in a process
forked after the app was built (at its first request).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import secrets
import socket
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from api.cpus import solver_cpus
from api.jobs.worker import init_child, verify_deal
from api.storage import JobRecord, Storage

log = logging.getLogger(__name__)

HOST = socket.gethostname()


class JobRunner:
    """Claims and runs verification jobs for one process."""

    def __init__(self, storage: Storage, *, workers: int = 1, running_max: int = 2, lease_seconds: float = 15.0,
                 poll_seconds: float = 1.0, niceness: int = 10, cpus: str | None = "auto"):
        self.storage = storage
        self.workers = max(1, int(workers))
        self.running_max = max(1, int(running_max))
        self.lease_seconds = float(lease_seconds)
        self.poll_seconds = float(poll_seconds)
        self.niceness = int(niceness)
        self.cpus = solver_cpus(cpus)
        self.pid = os.getpid()
        self.owner = f"{HOST}:{self.pid}:{secrets.token_hex(4)}"
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.held: dict[str, _Held] = {}
        self.pool: ProcessPoolExecutor | None = None

    # ------------------------------------------------------------ control

    def ensure_running(self) -> None:
        """Start the runner thread if it is not running; wake it if it is."""
        with self.lock:
            if self.stopping.is_set():
                return
            self.wake.set()
            if self.thread is None:
                self.thread = threading.Thread(target=self._loop, daemon=True, name="patience-job-runner")
                self.thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop claiming, stop the held jobs (they stay running in the database, to be
        taken over) and shut the pool down."""
        self.stopping.set()
        self.wake.set()
        thread = self.thread
        if thread is not None:
            thread.join(timeout)
        for held in list(self.held.values()):
            held.stop.set()
            held.thread.join(timeout)
        self._shutdown_pool()

    # ------------------------------------------------------------ the loop

    def _loop(self) -> None:
        while True:
            try:
                busy = self._tick()
            except Exception:  # the database may be briefly unavailable; try again
                log.exception("job runner tick failed")
                busy = True
            with self.lock:
                if self.stopping.is_set() or (not busy and not self.wake.is_set()):
                    self.thread = None
                    break
            self.wake.wait(self.poll_seconds)
            self.wake.clear()
        if not self.stopping.is_set():
            self._shutdown_pool()

    def _tick(self) -> bool:
        """Renew leases, reap finished job threads, claim work. True while there is any
        unfinished job anywhere (ours to run, or another process's to take over)."""
        now = time.time()
        for job_id, held in list(self.held.items()):
            if not held.thread.is_alive():
                del self.held[job_id]
            elif not self.storage.renew_lease(job_id, self.owner, now + self.lease_seconds):
                held.stop.set()  # cancelled, or taken over after our lease ran out
        unfinished = self.storage.unfinished_jobs()
        live = sum(1 for j in unfinished if j.status == "running" and not self._claimable(j, now))
        for job in unfinished:
            if live >= self.running_max or self.stopping.is_set():
                break
            if job.id in self.held or not self._claimable(job, now):
                continue
            if self.storage.claim_job(job, self.owner, now + self.lease_seconds):
                live += 1
                self._start(job)
        return bool(unfinished) or bool(self.held)

    def _claimable(self, job: JobRecord, now: float) -> bool:
        if job.status == "queued":
            return True
        if job.status != "running" or job.lease_owner == self.owner:
            return False
        return job.lease_until is None or job.lease_until < now or _owner_is_dead(job.lease_owner)

    def _start(self, job: JobRecord) -> None:
        stop = threading.Event()
        thread = threading.Thread(target=self._run, args=(job, stop), daemon=True,
                                  name=f"patience-job-{job.id}")
        self.held[job.id] = _Held(thread, stop)
        thread.start()

    # ------------------------------------------------------------ one job

    def _run(self, job: JobRecord, stop: threading.Event) -> None:
        try:
            finished = self._verify(job, stop)
            if finished:
                self.storage.finish_job(job.id, self.owner, "done")
        except Exception as error:  # the job reports it; the server keeps running
            log.exception("verification job %s failed", job.id)
            if isinstance(error, BrokenProcessPool):
                self._shutdown_pool()  # a child died: the next job gets a fresh pool
            try:
                self.storage.finish_job(job.id, self.owner, "failed", f"{type(error).__name__}: {error}")
            except Exception:
                log.exception("could not record the failure of job %s", job.id)
        finally:
            self.wake.set()

    def _verify(self, job: JobRecord, stop: threading.Event) -> bool:
        """Solve the deals not yet stored; True when every deal is stored."""
        stored = self.storage.job_done(job.id)
        todo = iter([(seq, seed) for seq, seed in enumerate(job.seeds) if seq not in stored])
        pending: dict[Future, int] = {}
        exhausted = False
        try:
            while not stop.is_set():
                while not exhausted and len(pending) < self.workers:
                    item = next(todo, None)
                    if item is None:
                        exhausted = True
                        break
                    seq, seed = item
                    pending[self._pool().submit(verify_deal, seed, job.rules, job.budget_seconds)] = seq
                if not pending:
                    return True
                finished, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished:
                    seq = pending.pop(future)
                    row = future.result()
                    if not self.storage.record_result(job.id, self.owner, seq, row,
                                                      time.time() + self.lease_seconds):
                        stop.set()  # cancelled or taken over: store nothing more
                        break
            return False
        finally:
            for future in pending:
                future.cancel()

    # ------------------------------------------------------------ the pool

    def _pool(self) -> ProcessPoolExecutor:
        with self.lock:
            if self.pool is None:
                # spawn: forking a threaded server process is unsafe
                self.pool = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=init_child, initargs=(self.niceness, os.getpid(), self.cpus))
            return self.pool

    def _shutdown_pool(self) -> None:
        with self.lock:
            pool, self.pool = self.pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class _Held:
    __slots__ = ("thread", "stop")

    def __init__(self, thread: threading.Thread, stop: threading.Event):
        self.thread, self.stop = thread, stop


def _owner_is_dead(owner: str | None) -> bool:
    """True when the lease holder was a process on this host that no longer exists, so
    a restarted server takes its jobs over at once instead of waiting out the lease."""
    if not owner:
        return True
    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host != HOST or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # another runner of this same process (an app built twice): wait for its lease
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False

