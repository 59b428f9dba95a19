"""Server-clock sessions on PostgreSQL: the clock row, the due query and the one-write race."""

from __future__ import annotations

from api import create_app
from solvers.realtime import CLOCK_SEAT
from tests.api.test_postgres import postgres_url  # noqa: F401 - the fixture
from tests.games.test_twentyfour_game import _stacks

T0 = 2_000_000.0


def test_a_deadline_expires_once_on_postgres_with_two_servers(postgres_url):  # noqa: F811
    apps = [create_app({"DATABASE_URL": postgres_url, "TESTING": True}) for _ in range(2)]
    wall = [T0]
    services = [app.extensions["cardsage.sessions"] for app in apps]
    for service in services:
        service.now = lambda: wall[0]
    try:
        client = apps[0].test_client()
        created = client.post("/api/v1/sessions", json={
            "game": "twentyfour", "seats": ["human", "solver"], "seed": 2, "reactions": {"1": "slow"},
            "deal": _stacks("3S 3H", "8D 8C", players=2), "options": {"answer_window_s": 5}}).get_json()
        token = created["tokens"]["0"]
        wall[0] = T0 + 1
        response = client.post(f"/api/v1/sessions/{created['id']}/actions",
                               headers={"Authorization": f"Bearer {token}"},
                               json={"action": "slap", "version": created["version"]})
        assert response.status_code == 200
        wall[0] = T0 + 6
        for service in services:
            service._load(service.match(created["id"]))
        assert [service.tick() for service in services] == [1, 0]
        stored = apps[1].extensions["cardsage.storage"].actions(created["id"])
        clocks = [r.action["args"][0] for r in stored if r.seat == CLOCK_SEAT]
        assert clocks == ["1", "6"]
        view = apps[1].test_client().get(f"/api/v1/sessions/{created['id']}",
                                         headers={"Authorization": f"Bearer {token}"}).get_json()
        assert view["view"]["public"]["last_result"].startswith("seat 0 gave no solution in time")
        assert view["clock"]["reactions"] == [None, "slow"]
    finally:
        for app in apps:
            app.extensions["cardsage.storage"].close()
