"""Replaying an action log into a state, with each seat's view of the log."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from solvers.game import Action, Game, State


@dataclass(frozen=True)
class LogEntry:
    """One action of the log: who took it, the version it produced, and how each seat sees it."""

    seat: int
    version: int
    action: Action
    texts: tuple[str, ...]      # texts[viewer] = state_before.log_text(action, seat, viewer)

    def to_json(self, viewer: int, *, full: bool = True) -> dict:
        """The entry as ``viewer`` may see it; only its verb (``play``) when not ``full``."""
        if full:
            return {"seat": self.seat, "action": self.texts[viewer], "version": self.version}
        return {"seat": self.seat, "action": self.texts[viewer].split(" ", 1)[0], "version": self.version,
                "concealed": True}


@dataclass(frozen=True)
class Replay:
    """A state reached by replaying a log, and that log."""

    state: State
    log: tuple[LogEntry, ...] = ()

    @property
    def version(self) -> int:
        """Number of actions taken so far."""
        return len(self.log)

    def extend(self, seat: int, action: Action) -> "Replay":
        """The replay after ``seat`` takes ``action`` (checked for legality by the game)."""
        before = self.state
        after = before.apply(action, seat)
        texts = tuple(before.log_text(action, seat, viewer) for viewer in range(before.players))
        return Replay(after, self.log + (LogEntry(seat, self.version + 1, action, texts),))


def log_for(log: Sequence[LogEntry], viewer: int, limit: int | None) -> list[dict]:
    """The log as ``viewer`` may read it: the latest ``limit`` entries in full and the
    older ones by their verb only (``limit`` None: every entry in full)."""
    cut = 0 if limit is None else max(0, len(log) - max(0, limit))
    return [entry.to_json(viewer, full=i >= cut) for i, entry in enumerate(log)]


def action_from_json(data: dict) -> Action:
    """Rebuild a stored action."""
    return Action(data["kind"], tuple(data.get("args", ())))


def action_to_json(action: Action) -> dict:
    """The stored form of an action."""
    return {"kind": action.kind, "args": list(action.args)}


def replay(start: State, records: Iterable[tuple[int, dict]]) -> Replay:
    """Replay stored ``(seat, action JSON)`` records from the first state of a match."""
    result = Replay(start)
    for seat, data in records:
        result = result.extend(seat, action_from_json(data))
    return result


def snapshot_body(result: Replay) -> dict:
    """A replay as plain JSON: its state and every log entry with the texts each seat saw."""
    return {"state": result.state.to_json(),
            "log": [[e.seat, action_to_json(e.action), list(e.texts)] for e in result.log]}


def from_snapshot(game: Game, body: dict) -> Replay:
    """The replay a :func:`snapshot_body` was made from."""
    entries = tuple(LogEntry(int(seat), version, action_from_json(action), tuple(texts))
                    for version, (seat, action, texts) in enumerate(body["log"], start=1))
    return Replay(game.state_from_json(body["state"]), entries)


def continue_replay(result: Replay, records: Iterable[tuple[int, dict]]) -> Replay:
    """``result`` extended by stored ``(seat, action JSON)`` records."""
    for seat, data in records:
        result = result.extend(seat, action_from_json(data))
    return result


@lru_cache(maxsize=1)
def rules_fingerprint() -> str:
    """A fingerprint of the game code: a snapshot made by other code is not trusted."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent.parent / "solvers"
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]
