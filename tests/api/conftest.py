"""Fixtures: an app on a fresh SQLite file and its test client."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'cardsage.sqlite3'}"


@pytest.fixture
def make_app(db_url):
    """Build apps on the test's database (several may share it, like restarted servers)."""
    apps = []

    def build(**config):
        # solver children may use every processor in tests: the suite's own workers keep
        # them all busy, and a child confined to one would be starved (test_server_pool
        # checks the server's default of keeping the first processor free)
        app = create_app({"DATABASE_URL": db_url, "TESTING": True, "SOLVER_CPUS": "all", **config})
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.extensions["cardsage.storage"].close()


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()
