"""The real server (several processes, each with its ticker): a deadline expires with no request."""

from __future__ import annotations

import json
import sqlite3
import time

from tests.api.test_api_server import request, server  # noqa: F401 - the fixture
from tests.games.test_twentyfour_game import _stacks


def test_an_answer_window_closes_on_its_own(server, tmp_path):  # noqa: F811
    base, _ = server
    status, _, created = request(base + "/api/v1/sessions", {
        "game": "twentyfour", "seats": ["human", "human"], "seed": 3,
        "deal": _stacks("3S 3H", "8D 8C", players=2), "options": {"answer_window_s": 1}})
    assert status == 201 and created["clock"]["mode"] == "server"
    url = f"{base}/api/v1/sessions/{created['id']}"
    status, _, body = request(url + "/actions", {"action": "slap", "version": 0}, token=created["tokens"]["0"])
    assert status == 200 and body["view"]["public"]["phase"] == "answer"
    # no request from here on: read the log straight from the database until the expiry is in it
    database = sqlite3.connect(tmp_path / "served.sqlite3")
    deadline = time.monotonic() + 15
    rows = []
    while time.monotonic() < deadline:
        rows = [(seat, json.loads(action)) for seat, action in database.execute(
            "SELECT seat, action FROM actions WHERE match_id = ? ORDER BY seq", (created["id"],))]
        if rows and rows[-1][0] == -1:
            break
        time.sleep(0.1)
    assert rows[-2:][0] == (0, {"kind": "slap", "args": []}) and rows[-1][1]["kind"] == "clock", rows
    # five processes each run a ticker: the event is written once all the same
    time.sleep(1.0)
    after = database.execute("SELECT COUNT(*) FROM actions WHERE match_id = ?", (created["id"],)).fetchone()[0]
    database.close()
    assert after == len(rows), "nothing more was due"
    status, _, view = request(url, token=created["tokens"]["1"])
    assert view["view"]["public"]["last_result"].startswith("seat 0 gave no solution in time")
    assert view["view"]["public"]["cards_held"] == [22, 18]
