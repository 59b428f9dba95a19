"""One writer at a time on a SQLite file shared by several server processes.

SQLite lets one connection write at a time; the others get "busy" and its busy handler
sleeps in growing steps (1, 2, 5, 10 … 100 ms) before it looks again, so with several
server processes writing at once a few unlucky writes wait hundreds of milliseconds.
Here a write transaction first takes an exclusive ``flock`` on ``<database>-writer.lock``
(a thread lock first: flock is shared by the threads of one process) at its first
INSERT/UPDATE/DELETE, and gives it back when the connection returns to the pool after
its commit or rollback. Waiters are woken at once by the kernel, in turn. Reads take
nothing (write-ahead-log mode lets them run beside the writer).
"""

from __future__ import annotations

import os
import threading

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url

_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLAC")
_KEY = "cardsage.writer_lock"


class WriterLock:
    """A cross-process exclusive lock on a file, safe to use from many threads."""

    def __init__(self, path: str):
        self.path = path
        self._thread_lock = threading.Lock()
        self._fd: int | None = None
        self._pid: int | None = None

    def acquire(self) -> None:
        import fcntl

        self._thread_lock.acquire()
        try:
            if self._pid != os.getpid():     # after a fork the descriptor is shared: open our own
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
                self._pid = os.getpid()
            fcntl.flock(self._fd, fcntl.LOCK_EX)
        except BaseException:
            self._thread_lock.release()
            raise

    def release(self) -> None:
        import fcntl

        try:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._thread_lock.release()


def serialize_writes(engine: Engine, url: str, synchronous: str | None = None) -> WriterLock | None:
    """Install the writer lock on a SQLite-file engine (None for any other database).

    ``synchronous`` (e.g. ``"NORMAL"``) sets ``PRAGMA synchronous`` on each new connection:
    in write-ahead-log mode NORMAL does not wait for the disk at every commit, only at
    checkpoints; a commit still survives the server being killed (kill -9), and only a crash
    of the machine itself may lose the last ones. With FULL every write holds the writer
    lock through an fsync."""
    parsed = make_url(url)
    database = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or database in ("", ":memory:") or os.name != "posix":
        return None
    if synchronous:
        level = str(synchronous).upper()
        if level not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"SQLITE_SYNCHRONOUS must be OFF, NORMAL, FULL or EXTRA, not {synchronous!r}")

        @event.listens_for(engine, "connect")
        def _synchronous(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA synchronous={level}")
            cursor.close()

        engine.dispose()   # connections opened before (creating the schema) get it too
    lock = WriterLock(os.path.abspath(os.path.expanduser(database)) + "-writer.lock")

    @event.listens_for(engine, "before_cursor_execute")
    def _take(conn, _cursor, statement, _params, _context, _many):
        info = conn.info          # the pooled DBAPI connection's own dict (the record's info)
        if not info.get(_KEY) and statement.lstrip()[:6].upper() in _WRITES:
            lock.acquire()
            info[_KEY] = True

    @event.listens_for(engine, "checkin")
    def _give_back(_dbapi_connection, record):
        if record is not None and record.info.pop(_KEY, False):
            lock.release()

    @event.listens_for(engine, "close")
    def _closed(_dbapi_connection, record):
        if record is not None and record.info.pop(_KEY, False):
            lock.release()

    return lock
