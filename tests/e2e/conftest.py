"""Fixtures for the browser tests: the real app on a free port and one headless Chromium."""

from __future__ import annotations

import shutil
import socket
import threading
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory) -> str:
    """The whole app (API and web UI) served by a background thread; yields its base URL."""
    from werkzeug.serving import make_server

    import api

    database = Path(tmp_path_factory.mktemp("e2e")) / "sessions.db"
    app = api.create_app({"DATABASE_URL": "sqlite:///" + str(database), "TESTING": True})
    port = _free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole run (the system's, never a downloaded one)."""
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, base_url):
    """A fresh browser context (own storage) whose page must raise no script errors."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, base_url=base_url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"
