"""The same storage code on a real PostgreSQL server: sessions survive a restart.

The test starts a throwaway PostgreSQL cluster of its own on a free loopback port
(Debian's ``postgresql`` package, which ``scripts/test.sh`` installs) and stops it
afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

from api import create_app
from tests.api.helpers import create, play, view


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server as the package's own user
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture(scope="module")
def postgres_url():
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.fail("PostgreSQL is not installed: scripts/test.sh installs Debian's postgresql package")
    data = tempfile.mkdtemp(prefix="cardsage-pg-")
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = _free_port()
    subprocess.run(_as_postgres([f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "cardsage"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-w", "-l", f"{data}/log",
                                 "-o", f"-p {port} -k {data} -c listen_addresses=127.0.0.1", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://cardsage@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(data, ignore_errors=True)


def test_sessions_on_postgresql_survive_a_restart(postgres_url):
    first = create_app({"DATABASE_URL": postgres_url, "TESTING": True})
    client = first.test_client()
    session_id, tokens = create(client, seed=int(time.time()))
    token = tokens["0"]
    state = view(client, session_id, token)
    for _ in range(5):
        state = play(client, session_id, token, state["legal_actions"][0]["notation"], state["version"]).get_json()
    stale = play(client, session_id, token, state["legal_actions"][0]["notation"], state["version"] - 1)
    assert stale.status_code == 409
    first.extensions["cardsage.storage"].close()

    second = create_app({"DATABASE_URL": postgres_url, "TESTING": True})
    again = view(second.test_client(), session_id, token)
    assert again == state
    second.extensions["cardsage.storage"].close()


def test_long_session_snapshots_on_postgres(postgres_url):
    # the snapshot table and its replace-on-newer rule on PostgreSQL
    from api.sessions import SNAPSHOT_EVERY, SessionService
    from api.storage import Storage
    from solvers.cards import Rng

    storage = Storage(postgres_url)
    try:
        service = SessionService(storage)
        record, _tokens, now = service.create("klondike", ["human"], seed=8)
        rng = Rng(8)
        while now.version < SNAPSHOT_EVERY + 5 and not now.state.is_over:
            legal = [a for a in now.state.legal_actions(0) if a.kind != "resign"]
            now = service.act(record, 0, now.version, legal[rng.below(len(legal))].to_json())
        assert storage.snapshot(record.id)[0] == SNAPSHOT_EVERY
        loaded = SessionService(storage).current(record)
        assert loaded.state.key() == now.state.key() and len(loaded.log) == len(now.log)
    finally:
        storage.close()
