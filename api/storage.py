"""Event-sourced session storage: a row per match and a row per action (SQLAlchemy Core).

The action log is the truth: a session's state is the replay of its actions over the
match's seed, deal and options. ``(match_id, seq)`` is the primary key of ``actions``,
so two requests that both try to record the action after version ``v`` cannot both
succeed: the second insert fails and is reported as a stale version.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from sqlalchemy import (JSON, BigInteger, Column, DateTime, Float, ForeignKey, Index, Integer, MetaData,
                        PrimaryKeyConstraint, String, Table, Text, create_engine, delete, event, func,
                        insert, select, text, update)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.pool import StaticPool

from api.problems import StaleVersion
from solvers.errors import CardsageError

log = logging.getLogger(__name__)

DEFAULT_DATABASE_URL = "sqlite:///var/cardsage.sqlite3"

metadata = MetaData()

matches = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("deal", JSON, nullable=True),
    Column("seats", JSON, nullable=False),
    Column("token_hashes", JSON, nullable=False),   # {"seat": sha256 hex}; raw tokens are never stored
    Column("created_at", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),          # the session version this action produced (1, 2, ...)
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("match_id", "seq", name="pk_actions_match_seq"),
)

# The latest replayed state of a long match, so a server process that has not seen the
# match replays only the actions after it. A cache: the action log stays the truth, and a
# snapshot made by other rules code (``rules``: a fingerprint of it) is ignored.
snapshots = Table(
    "snapshots", metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, nullable=False),
    Column("rules", String(64), nullable=False),
    Column("body", JSON, nullable=False),             # {"state": ..., "log": [[seat, action, texts], ...]}
)


# Verification jobs (patience batch verification). Times are Unix seconds (floats), so
# lease comparisons need no time-zone handling on any database.
verify_jobs = Table(
    "verify_jobs", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("rules", JSON, nullable=False),            # rules.to_json()
    Column("rules_label", String(200), nullable=False),
    Column("seeds", JSON, nullable=False),            # the deal numbers, in order; result seq = index
    Column("total", Integer, nullable=False),
    Column("budget_seconds", Float, nullable=False),
    Column("client", String(64), nullable=False),     # the remote address that started the job
    Column("status", String(16), nullable=False),     # queued, running, done, failed, cancelled
    Column("error", Text, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("lease_owner", String(160), nullable=True),  # the runner holding a running job
    Column("lease_until", Float, nullable=True),
    Index("ix_verify_jobs_status", "status"),
    Index("ix_verify_jobs_client", "client", "status"),
)

verify_results = Table(
    "verify_results", metadata,
    Column("job_id", String(32), ForeignKey("verify_jobs.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),           # index of the deal in the job's seeds
    Column("deal", String(32), nullable=False),       # the deal id (its number as text)
    Column("verdict", String(16), nullable=False),
    Column("moves", Integer, nullable=False),
    Column("nodes", BigInteger, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("solution", JSON, nullable=False),
    Column("created_at", Float, nullable=False),
    PrimaryKeyConstraint("job_id", "seq", name="pk_verify_results_job_seq"),
)

# sessions on a server clock (api/realtime.py): one row each, with the wall time of its next event
session_clocks = Table(
    "session_clocks", metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("origin", Float, nullable=False),          # wall time (Unix seconds) of game time 0
    Column("reactions", JSON, nullable=False),        # per seat: a bot's reaction; None for a human
    Column("version", Integer, nullable=False),       # the session version this row describes
    Column("able", JSON, nullable=False),             # {"seat": [wall time, version]}: bots able to act since
    Column("wake", Float, nullable=True),             # wall time of the next event due; None: none
    Index("ix_session_clocks_wake", "wake"),
)

UNFINISHED = ("queued", "running")


@dataclass(frozen=True)
class ClockRecord:
    """A session's server clock: when its game time began, its bots' reactions, and what
    is due next (``able``: per bot seat able to act, the wall time and version since when)."""

    origin: float
    reactions: tuple
    version: int
    able: dict
    wake: float | None


@dataclass(frozen=True)
class JobRecord:
    """One stored verification job (without its results)."""

    id: str
    game: str
    rules: dict
    rules_label: str
    seeds: list
    total: int
    budget_seconds: float
    client: str
    status: str
    error: str | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    lease_owner: str | None
    lease_until: float | None


def _job_record(row) -> JobRecord:
    return JobRecord(id=row["id"], game=row["game"], rules=dict(row["rules"]), rules_label=row["rules_label"],
                     seeds=list(row["seeds"]), total=int(row["total"]), budget_seconds=float(row["budget_seconds"]),
                     client=row["client"], status=row["status"], error=row["error"],
                     created_at=float(row["created_at"]), started_at=row["started_at"],
                     finished_at=row["finished_at"], lease_owner=row["lease_owner"],
                     lease_until=row["lease_until"])


def _result_row(job: JobRecord | None, row) -> dict:
    """A stored result as the row :func:`solvers.patience.verify.solve_job` returned."""
    return {"id": row.deal, "game": job.game if job else None, "rules": job.rules_label if job else None,
            "verdict": row.verdict, "moves": int(row.moves), "nodes": int(row.nodes),
            "seconds": float(row.seconds), "solution": list(row.solution)}


@dataclass(frozen=True)
class MatchRecord:
    """One stored match: everything needed to replay it, and its seat token hashes."""

    id: str
    game: str
    options: dict
    seed: int
    deal: Any
    seats: tuple[str, ...]
    token_hashes: dict[str, str]
    created_at: datetime


@dataclass(frozen=True)
class ActionRecord:
    """One stored action: the version it produced, who took it, and its JSON form."""

    seq: int
    seat: int
    action: dict


class Storage:
    """Matches and their action logs in any SQLAlchemy database (SQLite by default)."""

    def __init__(self, url: str = DEFAULT_DATABASE_URL):
        self.url = url
        self.engine = _make_engine(url)
        metadata.create_all(self.engine)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create(self, match: MatchRecord, first_actions: Iterable[tuple[int, dict]] = (),
               clock: ClockRecord | None = None) -> None:
        """Store a new match and the actions taken before anyone could see it (bots first),
        with its server clock when it runs on one."""
        now = _now()
        rows = [{"match_id": match.id, "seq": i, "seat": seat, "action": action, "created_at": now}
                for i, (seat, action) in enumerate(first_actions, start=1)]
        with _writing():
            with self.engine.begin() as conn:
                conn.execute(insert(matches).values(
                    id=match.id, game=match.game, options=match.options, seed=match.seed, deal=match.deal,
                    seats=list(match.seats), token_hashes=match.token_hashes, created_at=match.created_at))
                if rows:
                    conn.execute(insert(actions), rows)
                if clock is not None:
                    conn.execute(insert(session_clocks).values(match_id=match.id, **_clock_values(clock)))

    def match(self, match_id: str) -> MatchRecord | None:
        """The stored match, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
        if row is None:
            return None
        return MatchRecord(id=row["id"], game=row["game"], options=dict(row["options"]), seed=int(row["seed"]),
                           deal=row["deal"], seats=tuple(row["seats"]), token_hashes=dict(row["token_hashes"]),
                           created_at=row["created_at"])

    def version(self, match_id: str) -> int:
        """The number of actions recorded for a match (its current version)."""
        with self.engine.connect() as conn:
            value = conn.execute(select(func.max(actions.c.seq)).where(actions.c.match_id == match_id)).scalar()
        return int(value or 0)

    def actions(self, match_id: str, after: int = 0) -> list[ActionRecord]:
        """The actions of a match after version ``after``, in order."""
        query = (select(actions.c.seq, actions.c.seat, actions.c.action)
                 .where(actions.c.match_id == match_id, actions.c.seq > after)
                 .order_by(actions.c.seq))
        with self.engine.connect() as conn:
            return [ActionRecord(int(r.seq), int(r.seat), dict(r.action)) for r in conn.execute(query)]

    def append(self, match_id: str, version: int, entries: list[tuple[int, dict]],
               clock: ClockRecord | None = None) -> None:
        """Record ``entries`` as the actions after ``version``, all or none, and with them
        the session's server clock as it stands after them.

        Raises :class:`StaleVersion` when another request already recorded an action
        after ``version``.
        """
        if not entries:
            if clock is not None:
                self.set_wake(match_id, clock.version, clock.wake)
            return
        now = _now()
        rows = [{"match_id": match_id, "seq": version + i, "seat": seat, "action": action, "created_at": now}
                for i, (seat, action) in enumerate(entries, start=1)]
        try:
            with _writing():
                with self.engine.begin() as conn:
                    conn.execute(insert(actions), rows)
                    if clock is not None:
                        conn.execute(update(session_clocks).where(
                            session_clocks.c.match_id == match_id, session_clocks.c.version <= clock.version)
                            .values(**_clock_values(clock)))
        except IntegrityError:
            raise StaleVersion(f"another action was recorded at version {version} first; "
                               "reload the session and choose again") from None

    def clock(self, match_id: str) -> ClockRecord | None:
        """The session's server clock, or None when it has none (turn-based)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(session_clocks).where(session_clocks.c.match_id == match_id)).mappings().first()
        if row is None:
            return None
        return ClockRecord(origin=float(row["origin"]), reactions=tuple(row["reactions"]), version=int(row["version"]),
                           able=dict(row["able"]), wake=None if row["wake"] is None else float(row["wake"]))

    def set_wake(self, match_id: str, version: int, wake: float | None) -> None:
        """Move a server clock's next wake-up (while the session is still at ``version``)."""
        with _writing():
            with self.engine.begin() as conn:
                conn.execute(update(session_clocks).where(session_clocks.c.match_id == match_id,
                                                          session_clocks.c.version == version).values(wake=wake))

    def due_clocks(self, now: float, limit: int = 100) -> list[str]:
        """Sessions on a server clock whose next event is due at wall time ``now``, most overdue first."""
        query = (select(session_clocks.c.match_id)
                 .where(session_clocks.c.wake.is_not(None), session_clocks.c.wake <= now)
                 .order_by(session_clocks.c.wake).limit(limit))
        with self.engine.connect() as conn:
            return [r.match_id for r in conn.execute(query)]

    def save_snapshot(self, match_id: str, version: int, rules: str, body: dict) -> None:
        """Keep ``body`` as the match's snapshot at ``version`` (replacing an older one)."""
        with _writing():
            with self.engine.begin() as conn:
                conn.execute(delete(snapshots).where(snapshots.c.match_id == match_id,
                                                     snapshots.c.version < version))
                if conn.execute(select(snapshots.c.version).where(snapshots.c.match_id == match_id)).first():
                    return   # another process stored one at least as recent
                try:
                    with conn.begin_nested():
                        conn.execute(insert(snapshots).values(match_id=match_id, version=version, rules=rules,
                                                              body=body))
                except IntegrityError:
                    pass     # another process stored its snapshot in the same moment

    def snapshot(self, match_id: str) -> tuple[int, str, dict] | None:
        """The match's snapshot as ``(version, rules, body)``, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(snapshots.c.version, snapshots.c.rules, snapshots.c.body)
                               .where(snapshots.c.match_id == match_id)).first()
        return None if row is None else (int(row.version), row.rules, dict(row.body))

    # ------------------------------------------------------------ verification jobs

    def create_job(self, job: JobRecord, *, kept: int | None = None,
                   admit: Callable[[list[tuple[JobRecord, int]]], None] | None = None) -> None:
        """Store a new job; with ``kept``, delete the oldest finished jobs beyond that many.

        ``admit(jobs)`` sees the client's other unfinished jobs (with their stored results)
        and raises to refuse the new one. It runs in the storing transaction, one client's
        admissions at a time, so two requests at once cannot both slip under a limit."""
        values = {f: getattr(job, f) for f in JobRecord.__dataclass_fields__}
        with _writing():
            with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:client))"), {"client": job.client})
                # on SQLite this first write takes the writer lock (api/writelock.py) until commit
                conn.execute(insert(verify_jobs).values(**values))
                if admit is not None:
                    admit([(other, done) for other, done in _client_jobs(conn, job.client) if other.id != job.id])
                if kept is not None:
                    old = [r.id for r in conn.execute(
                        select(verify_jobs.c.id).where(verify_jobs.c.status.not_in(UNFINISHED))
                        .order_by(verify_jobs.c.created_at.desc()).offset(kept))]
                    if old:
                        conn.execute(delete(verify_results).where(verify_results.c.job_id.in_(old)))
                        conn.execute(delete(verify_jobs).where(verify_jobs.c.id.in_(old)))

    def job(self, job_id: str) -> JobRecord | None:
        """The stored job, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(verify_jobs).where(verify_jobs.c.id == job_id)).mappings().first()
        return None if row is None else _job_record(row)

    def job_counts(self, job_id: str) -> dict[str, int]:
        """Stored results of a job per verdict."""
        query = (select(verify_results.c.verdict, func.count()).where(verify_results.c.job_id == job_id)
                 .group_by(verify_results.c.verdict))
        with self.engine.connect() as conn:
            return {verdict: int(n) for verdict, n in conn.execute(query)}

    def job_done(self, job_id: str) -> set[int]:
        """The ``seq`` of every deal of a job whose result is stored."""
        with self.engine.connect() as conn:
            return {int(r.seq) for r in conn.execute(
                select(verify_results.c.seq).where(verify_results.c.job_id == job_id))}

    def job_results(self, job_id: str, *, after: int = -1, limit: int | None = None,
                    job: JobRecord | None = None) -> list[tuple[int, dict]]:
        """``(seq, row)`` of a job's stored results with ``seq > after``, in deal order."""
        query = (select(verify_results).where(verify_results.c.job_id == job_id, verify_results.c.seq > after)
                 .order_by(verify_results.c.seq))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            return [(int(r.seq), _result_row(job, r)) for r in conn.execute(query)]

    def client_jobs(self, client: str) -> list[tuple[JobRecord, int]]:
        """The queued and running jobs of a client, each with its number of stored results."""
        with self.engine.connect() as conn:
            return _client_jobs(conn, client)

    def unfinished_jobs(self) -> list[JobRecord]:
        """Every queued or running job, oldest first."""
        query = (select(verify_jobs).where(verify_jobs.c.status.in_(UNFINISHED))
                 .order_by(verify_jobs.c.created_at))
        with self.engine.connect() as conn:
            return [_job_record(r) for r in conn.execute(query).mappings()]

    def claim_job(self, job: JobRecord, owner: str, lease_until: float) -> bool:
        """Take ``job`` for ``owner`` if it is still as read (queued, or running under the
        same lease): a compare-and-set, so exactly one runner wins."""
        where = [verify_jobs.c.id == job.id, verify_jobs.c.status == job.status]
        for column, value in ((verify_jobs.c.lease_owner, job.lease_owner),
                              (verify_jobs.c.lease_until, job.lease_until)):
            where.append(column.is_(None) if value is None else column == value)
        values = {"status": "running", "lease_owner": owner, "lease_until": lease_until}
        if job.started_at is None:
            values["started_at"] = time.time()
        with _writing():
            with self.engine.begin() as conn:
                return conn.execute(update(verify_jobs).where(*where).values(**values)).rowcount == 1

    def renew_lease(self, job_id: str, owner: str, lease_until: float) -> bool:
        """Extend a running job's lease; False when the job was cancelled or taken over."""
        with _writing():
            with self.engine.begin() as conn:
                return _renew(conn, job_id, owner, lease_until)

    def record_result(self, job_id: str, owner: str, seq: int, row: dict, lease_until: float) -> bool:
        """Store the result of deal ``seq`` while ``owner`` holds the job (renewing the lease
        in the same transaction). False, with nothing stored, when the job was cancelled or
        taken over; a result already stored is kept (a deal counts once)."""
        with _writing():
            with self.engine.begin() as conn:
                if not _renew(conn, job_id, owner, lease_until):
                    return False
                exists = conn.execute(select(verify_results.c.seq).where(
                    verify_results.c.job_id == job_id, verify_results.c.seq == seq)).first()
                if exists is None:
                    conn.execute(insert(verify_results).values(
                        job_id=job_id, seq=seq, deal=str(row["id"]), verdict=row["verdict"],
                        moves=int(row["moves"]), nodes=int(row["nodes"]), seconds=float(row["seconds"]),
                        solution=list(row["solution"]), created_at=time.time()))
                return True

    def finish_job(self, job_id: str, owner: str, status: str, error: str | None = None) -> bool:
        """Mark a job the owner holds ``done`` or ``failed``."""
        with _writing():
            with self.engine.begin() as conn:
                return conn.execute(update(verify_jobs).where(
                    verify_jobs.c.id == job_id, verify_jobs.c.lease_owner == owner,
                    verify_jobs.c.status == "running").values(
                    status=status, error=error, finished_at=time.time(), lease_owner=None,
                    lease_until=None)).rowcount == 1

    def cancel_job(self, job_id: str) -> bool:
        """Cancel a queued or running job (its results stay); False when it had ended."""
        with _writing():
            with self.engine.begin() as conn:
                return conn.execute(update(verify_jobs).where(
                    verify_jobs.c.id == job_id, verify_jobs.c.status.in_(UNFINISHED)).values(
                    status="cancelled", finished_at=time.time(), lease_owner=None,
                    lease_until=None)).rowcount == 1


def _clock_values(clock: ClockRecord) -> dict:
    return {"origin": clock.origin, "reactions": list(clock.reactions), "version": clock.version,
            "able": {str(k): list(v) for k, v in clock.able.items()}, "wake": clock.wake}


def _client_jobs(conn, client: str) -> list[tuple[JobRecord, int]]:
    done = (select(func.count()).where(verify_results.c.job_id == verify_jobs.c.id)
            .correlate(verify_jobs).scalar_subquery())
    query = (select(verify_jobs, done.label("done"))
             .where(verify_jobs.c.client == client, verify_jobs.c.status.in_(UNFINISHED)))
    return [(_job_record(r), int(r["done"])) for r in conn.execute(query).mappings()]


def _renew(conn, job_id: str, owner: str, lease_until: float) -> bool:
    return conn.execute(update(verify_jobs).where(
        verify_jobs.c.id == job_id, verify_jobs.c.lease_owner == owner, verify_jobs.c.status == "running")
        .values(lease_until=lease_until)).rowcount == 1


class _writing:
    """Turn a database that stays locked or unreachable into a 503 the client may retry."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if isinstance(error, OperationalError):
            log.warning("storage unavailable: %s", error)
            raise CardsageError("the session store is busy; retry the request", status=503) from error
        return False


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _make_engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    database = parsed.database or ""
    if database in ("", ":memory:"):
        # one shared connection, so every thread sees the same in-memory database
        engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    else:
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_conn, _record):
        cursor = dbapi_conn.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        if database not in ("", ":memory:"):
            # readers do not block the writer (and the reverse) in write-ahead-log mode
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    return engine
