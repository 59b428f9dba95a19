"""A person races a human-like bot at Twenty-Four on the server clock, in Chromium: once
the person is faster, once the bot; the page shows the running clock and what the bot did
without a reload."""

from __future__ import annotations

import json
import threading
import urllib.request

import pytest

from tests.e2e.conftest import _free_port
from tests.games.test_twentyfour_game import _stacks

pytestmark = pytest.mark.e2e

ANSWER = "8/(3-8/3)"


@pytest.fixture(scope="module")
def live_url(tmp_path_factory):
    """The app with its ticker on (deadlines and bots run with no request), in a thread."""
    from werkzeug.serving import make_server

    import api

    database = tmp_path_factory.mktemp("realtime") / "sessions.db"
    app = api.create_app({"DATABASE_URL": f"sqlite:///{database}", "TESTING": True,
                          "REALTIME_TICKER": True, "REALTIME_TICK_S": 0.1})
    server = make_server("127.0.0.1", _free_port(), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    app.extensions["cardsage.ticker"].stop()
    thread.join(timeout=5)


def _create(base: str, *, bot_reaction_s: int, reaction) -> dict:
    body = {"game": "twentyfour", "seats": ["human", "solver"], "seed": 4,
            "deal": _stacks("3S 3H", "8D 8C", players=2),
            "options": {"bot_reaction_s": bot_reaction_s, "answer_window_s": 30},
            "reactions": {"1": reaction}}
    req = urllib.request.Request(base + "/api/v1/sessions", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.loads(response.read())


def _get(base: str, created: dict) -> dict:
    req = urllib.request.Request(f"{base}/api/v1/sessions/{created['id']}",
                                 headers={"Authorization": f"Bearer {created['tokens']['0']}"})
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.loads(response.read())


def _open(browser, base: str, created: dict):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=base)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/#session={created['id']}&token={created['tokens']['0']}")
    page.wait_for_selector("#actions button[data-action='slap']")
    return context, page, errors


def _game_time(page) -> float:
    return float(page.get_attribute("#clock", "data-game-time") or 0)


def test_the_person_is_faster_than_the_bot(browser, live_url):
    # the bot thinks 4 × 3 s on 3 3 8 8 (expert), then reacts like a person (about 1 s more):
    # the person, who slaps as soon as the page is up, is first
    created = _create(live_url, bot_reaction_s=3, reaction="human")
    context, page, errors = _open(browser, live_url, created)
    try:
        page.wait_for_function("document.querySelector('#clock') && !document.querySelector('#clock').hidden")
        page.click("#actions button[data-action='slap']")
        # the answer window runs down once the slap is in (the page may first redraw the
        # deadline it had before the slap)
        page.wait_for_function("document.querySelector('#clock').innerText.includes('answer within')")
        page.fill("#typed-action", f"answer {ANSWER}")
        page.press("#typed-action", "Enter")
        page.wait_for_function(f"document.querySelector('#log').innerText.includes('{ANSWER}')")
        entries = page.locator("#log li").all_inner_texts()
        assert any(e.startswith("Seat 1 (you)") and ANSWER in e for e in entries), entries
        assert not any(e.startswith("Seat 2") and e.endswith("slap") for e in entries), entries
        view = _get(live_url, created)
        assert view["view"]["public"]["cards_held"] == [18, 22]           # right: the bot takes the cards
    finally:
        context.close()
    assert not errors


def test_the_bot_is_faster_than_the_person(browser, live_url):
    # the bot sees the solution after 4 s of game time and slaps about a second later (a
    # human-like reaction); the page shows its slap and its answer as they happen, no reload
    created = _create(live_url, bot_reaction_s=1, reaction="human")
    context, page, errors = _open(browser, live_url, created)
    try:
        first = _game_time(page)
        page.wait_for_function("Number(document.querySelector('#clock').dataset.gameTime) >= 2")
        assert _game_time(page) > first                                  # the clock runs on its own
        page.wait_for_function(f"document.querySelector('#log').innerText.includes('{ANSWER}')", timeout=15_000)
        # the person reached for the table too late: the race is already decided
        if page.locator("#actions button[data-action='slap']").count():
            page.locator("#actions button[data-action='slap']").click()
        entries = page.locator("#log li").all_inner_texts()
        assert any(e.startswith("Seat 2") and e.endswith("slap") for e in entries), entries
        assert any(e.startswith("Seat 2") and ANSWER in e for e in entries), entries
        assert any(e.startswith("⏱ clock") for e in entries), entries
        assert page.get_attribute("#game", "data-version") != str(created["version"])
        assert _get(live_url, created)["view"]["public"]["cards_held"] == [22, 18]   # the person takes them
    finally:
        context.close()
    assert not errors
