"""Score keeper storage: players, tables, and each table's append-only event log.

The events of a table are numbered 1, 2, …; ``(table_id, seq)`` is the primary key, so two
requests appending at once cannot both take a number: the loser retries on the new last
event. Nothing is ever updated or deleted: a correction or a deletion is a new event, and
each event stores the hash chaining it to the one before (:func:`solvers.scorekeeping.chain_hash`).
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import Any, Mapping

from sqlalchemy import JSON, Column, DateTime, Integer, PrimaryKeyConstraint, String, Table, insert, select
from sqlalchemy.exc import IntegrityError

from api.storage import Storage, _writing, metadata
from solvers.scorekeeping import chain_hash

__all__ = ["ScoreKeeperStore"]

players = Table(
    "sk_players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(60), nullable=False),
    Column("colour", String(7), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "sk_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(64), nullable=False),
    Column("players", JSON, nullable=False),        # player ids in turn order, seat 0 first
    Column("created_at", DateTime(timezone=True), nullable=False),
)

events = Table(
    "sk_events", metadata,
    Column("table_id", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("body", JSON, nullable=False),
    Column("by", String(60), nullable=False),       # who made the change
    Column("at", String(40), nullable=False),       # when, ISO 8601 UTC (part of the hash)
    Column("chain", String(64), nullable=False),    # sha256 over the previous chain and this event
    PrimaryKeyConstraint("table_id", "seq", name="pk_sk_events"),
)

APPEND_ATTEMPTS = 20


def _now() -> datetime:
    return datetime.now(timezone.utc)


class ScoreKeeperStore:
    """The score keeper's rows in the service's database (the same engine as sessions)."""

    def __init__(self, storage: Storage):
        self.engine = storage.engine
        metadata.create_all(self.engine, tables=[players, tables, events])

    # ------------------------------------------------------------ players

    def add_player(self, name: str, colour: str) -> dict:
        """Store a new player; return it."""
        row = {"id": secrets.token_hex(8), "name": name, "colour": colour, "created_at": _now()}
        with _writing(), self.engine.begin() as conn:
            conn.execute(insert(players).values(**row))
        return self._player(row)

    def players(self, ids: list[str] | None = None) -> list[dict]:
        """Every player (or those of ``ids``, in that order; unknown ids left out)."""
        with self.engine.connect() as conn:
            query = select(players).order_by(players.c.created_at, players.c.id)
            if ids is not None:
                query = query.where(players.c.id.in_(ids))
            found = {r["id"]: self._player(r) for r in conn.execute(query).mappings()}
        return list(found.values()) if ids is None else [found[i] for i in ids if i in found]

    @staticmethod
    def _player(row: Mapping) -> dict:
        return {"id": row["id"], "name": row["name"], "colour": row["colour"]}

    # ------------------------------------------------------------ tables

    def add_table(self, name: str, game: str, player_ids: list[str]) -> dict:
        """Store a new table; return it."""
        row = {"id": secrets.token_hex(8), "name": name, "game": game, "players": list(player_ids),
               "created_at": _now()}
        with _writing(), self.engine.begin() as conn:
            conn.execute(insert(tables).values(**row))
        return self._table(row)

    def table(self, table_id: str) -> dict | None:
        """The stored table, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        return None if row is None else self._table(row)

    def tables(self) -> list[dict]:
        """Every table, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).order_by(tables.c.created_at.desc(), tables.c.id)).mappings()
            return [self._table(r) for r in rows]

    @staticmethod
    def _table(row: Mapping) -> dict:
        return {"id": row["id"], "name": row["name"], "game": row["game"], "players": list(row["players"]),
                "created_at": row["created_at"].isoformat() if hasattr(row["created_at"], "isoformat")
                else str(row["created_at"])}

    # ------------------------------------------------------------ events

    def events(self, table_id: str) -> list[dict]:
        """The table's events in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(events).where(events.c.table_id == table_id)
                                .order_by(events.c.seq)).mappings()
            return [{"seq": r["seq"], "kind": r["kind"], "body": dict(r["body"]), "by": r["by"], "at": r["at"],
                     "chain": r["chain"]} for r in rows]

    def append(self, table_id: str, kind: str, make_body: Any, by: str) -> dict:
        """Append one event. ``make_body(earlier_events)`` checks it against the events
        before it and returns the body to store (or raises); it is called again when
        another request took the number first."""
        for _ in range(APPEND_ATTEMPTS):
            earlier = self.events(table_id)
            body = make_body(earlier)
            seq = earlier[-1]["seq"] + 1 if earlier else 1
            at = _now().isoformat(timespec="milliseconds")
            chain = chain_hash(earlier[-1]["chain"] if earlier else "", seq, kind, body, by, at)
            row = {"table_id": table_id, "seq": seq, "kind": kind, "body": body, "by": by, "at": at,
                   "chain": chain}
            try:
                with _writing(), self.engine.begin() as conn:
                    conn.execute(insert(events).values(**row))
            except IntegrityError:
                continue
            return {k: v for k, v in row.items() if k != "table_id"}
        raise RuntimeError("the table's log is too busy to append to")
