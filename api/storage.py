"""Event-sourced session storage: a row per match and a row per action (SQLAlchemy Core).

The action log is the truth: a session's state is the replay of its actions over the
match's seed, deal and options. ``(match_id, seq)`` is the primary key of ``actions``,
so two requests that both try to record the action after version ``v`` cannot both
succeed: the second insert fails and is reported as a stale version.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from sqlalchemy import (JSON, BigInteger, Column, DateTime, ForeignKey, Integer, MetaData,
                        PrimaryKeyConstraint, String, Table, create_engine, event, func, insert, select)
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

    def create(self, match: MatchRecord, first_actions: Iterable[tuple[int, dict]] = ()) -> None:
        """Store a new match and the actions taken before anyone could see it (bots first)."""
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

    def append(self, match_id: str, version: int, entries: list[tuple[int, dict]]) -> None:
        """Record ``entries`` as the actions after ``version``, all or none.

        Raises :class:`StaleVersion` when another request already recorded an action
        after ``version``.
        """
        if not entries:
            return
        now = _now()
        rows = [{"match_id": match_id, "seq": version + i, "seat": seat, "action": action, "created_at": now}
                for i, (seat, action) in enumerate(entries, start=1)]
        try:
            with _writing():
                with self.engine.begin() as conn:
                    conn.execute(insert(actions), rows)
        except IntegrityError:
            raise StaleVersion(f"another action was recorded at version {version} first; "
                               "reload the session and choose again") from None


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
