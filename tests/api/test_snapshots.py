"""Long sessions keep a snapshot of their state, so a process that has not seen them
replays only the latest actions; the action log stays the truth."""

from __future__ import annotations

import pytest

from api import replay as replay_module
from api.sessions import SNAPSHOT_EVERY, SessionService
from api.storage import Storage
from solvers.cards import Rng


@pytest.fixture
def storage(db_url):
    store = Storage(db_url)
    yield store
    store.close()


def _long_patience_session(service, actions):
    record, _tokens, now = service.create("klondike", ["human"], seed=5)
    rng = Rng(5)
    while now.version < actions and not now.state.is_over:
        legal = [a for a in now.state.legal_actions(0) if a.kind != "resign"]
        now = service.act(record, 0, now.version, legal[rng.below(len(legal))].to_json())
    assert now.version == actions, "the session lasted long enough"
    return record, now


def _same(a, b):
    assert a.version == b.version and a.state.key() == b.state.key()
    assert [(e.seat, e.action, e.texts) for e in a.log] == [(e.seat, e.action, e.texts) for e in b.log]


def test_a_fresh_process_loads_the_snapshot_and_the_actions_after_it(storage, monkeypatch):
    record, now = _long_patience_session(SessionService(storage), 2 * SNAPSHOT_EVERY + 17)
    at, _rules, body = storage.snapshot(record.id)
    assert at == 2 * SNAPSHOT_EVERY and len(body["log"]) == at
    replayed = []
    real = replay_module.Replay.extend

    def counting(self, seat, action):
        replayed.append(action)
        return real(self, seat, action)

    monkeypatch.setattr(replay_module.Replay, "extend", counting)
    loaded = SessionService(storage).current(record)      # a process that never saw the session
    assert len(replayed) == 17
    _same(loaded, now)


def test_a_snapshot_of_other_game_code_or_unreadable_is_ignored(storage, monkeypatch):
    record, now = _long_patience_session(SessionService(storage), SNAPSHOT_EVERY + 3)
    at, rules, body = storage.snapshot(record.id)
    storage.save_snapshot(record.id, at + 1, "other code", body)       # replaces it
    _same(SessionService(storage).current(record), now)
    assert storage.snapshot(record.id)[1] == rules, "a fresh snapshot replaced the foreign one"
    storage.save_snapshot(record.id, at + 2, rules, {"state": {"nonsense": 1}, "log": []})
    _same(SessionService(storage).current(record), now)


def test_short_sessions_store_no_snapshot(storage):
    record, _now = _long_patience_session(SessionService(storage), 20)
    assert storage.snapshot(record.id) is None
