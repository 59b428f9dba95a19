"""Event-sourced storage: restarts lose nothing, double submits record one action, bots are bounded."""

from __future__ import annotations

import threading

import pytest

from api.cache import LruCache
from api.problems import StaleVersion
from api.storage import Storage
from tests.api.helpers import create, play, view


def _play_first(client, session_id, token, moves):
    state = view(client, session_id, token)
    for _ in range(moves):
        response = play(client, session_id, token, state["legal_actions"][0]["notation"], state["version"])
        assert response.status_code == 200
        state = response.get_json()
    return state


def test_restart_resumes_every_session(make_app):
    first = make_app().test_client()
    sessions = []
    for seed in (1, 2, 3):
        session_id, tokens = create(first, seed=seed)
        sessions.append((session_id, tokens["0"], _play_first(first, session_id, tokens["0"], seed * 3)))
    second = make_app().test_client()
    for session_id, token, state in sessions:
        assert view(second, session_id, token) == state
    # and play continues on the new server exactly as it would have on the old one
    session_id, token, state = sessions[0]
    move = state["legal_actions"][0]["notation"]
    resumed = play(second, session_id, token, move, state["version"]).get_json()
    third = make_app().test_client()
    assert view(third, session_id, token) == resumed


def test_concurrent_double_submit_records_one_action(app):
    client = app.test_client()
    session_id, tokens = create(client)
    token = tokens["0"]
    state = view(client, session_id, token)
    move = state["legal_actions"][0]["notation"]
    app.extensions["cardsage.sessions"].replays.clear()
    barrier = threading.Barrier(8)
    statuses = []

    def submit():
        local = app.test_client()
        barrier.wait()
        statuses.append(play(local, session_id, token, move, state["version"]).status_code)

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200] + [409] * 7
    after = view(client, session_id, token)
    entry = {"seat": 0, "action": move, "version": state["version"] + 1}   # (a quitted trick shows "play")
    assert [e for e in after["log"] if e["seat"] == 0] in ([entry], [{**entry, "action": "play", "concealed": True}])


def test_storage_refuses_a_second_action_at_a_version(db_url, client):
    session_id, _ = create(client)
    storage = Storage(db_url)
    version = storage.version(session_id)
    storage.append(session_id, version, [(0, {"kind": "play", "args": ["AS"]})])
    with pytest.raises(StaleVersion):
        storage.append(session_id, version, [(0, {"kind": "play", "args": ["KS"]})])
    assert storage.version(session_id) == version + 1
    storage.close()


def test_bots_stop_at_the_request_budget_and_resume_later(make_app):
    seed = 7
    stalled = make_app(BOT_BUDGET_MS=0).test_client()
    session_id, tokens = create(stalled, seed=seed)
    token = tokens["0"]
    state = view(stalled, session_id, token)
    response = play(stalled, session_id, token, state["legal_actions"][0]["notation"], state["version"])
    assert response.status_code == 200
    halted = response.get_json()
    assert halted["version"] == state["version"] + 1 and halted["to_move"] != [0]
    assert halted["legal_actions"] == []
    resumed = view(make_app().test_client(), session_id, token)
    assert resumed["to_move"] == [0] and resumed["version"] > halted["version"]


def test_bot_actions_per_request_are_capped(make_app):
    client = make_app(BOT_ACTIONS_MAX=1).test_client()
    session_id, tokens = create(client, seats=["human", "heuristic", "heuristic", "heuristic"], seed=7)
    token = tokens["0"]
    state = view(client, session_id, token)
    after = play(client, session_id, token, state["legal_actions"][0]["notation"], state["version"]).get_json()
    # each request (this POST's reply, then every GET) takes at most one bot turn
    assert after["version"] == state["version"] + 2
    assert view(client, session_id, token)["version"] == state["version"] + 3


def test_same_log_same_view_with_or_without_cache(app, make_app):
    client = app.test_client()
    session_id, tokens = create(client, seed=5)
    state = _play_first(client, session_id, tokens["0"], 6)
    uncached = make_app(STATE_CACHE_SIZE=0).test_client()
    assert view(uncached, session_id, tokens["0"]) == state


def test_lru_cache_evicts_least_recently_used():
    cache = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert cache.get("b") is None and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2


def test_database_url_from_environment(monkeypatch, tmp_path):
    from api import create_app
    url = f"sqlite:///{tmp_path / 'nested' / 'env.sqlite3'}"
    monkeypatch.setenv("CARDSAGE_DATABASE_URL", url)
    app = create_app({"TESTING": True})
    assert app.extensions["cardsage.storage"].url == url
    assert (tmp_path / "nested" / "env.sqlite3").exists()
    app.extensions["cardsage.storage"].close()


def test_in_memory_database(make_app):
    from api import create_app
    app = create_app({"DATABASE_URL": "sqlite://", "TESTING": True})
    client = app.test_client()
    session_id, tokens = create(client)
    assert view(client, session_id, tokens["0"])["seat"] == 0
    app.extensions["cardsage.storage"].close()
