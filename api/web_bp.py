"""Serve the web UI: ``/`` is ``web/index.html``, ``/web/<path>`` the other files.

The pages share one main menu, ``web/menu.html``: a page says ``<!-- menu -->`` where it goes,
and the menu is put in as the page is served, its own link marked as the current page.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

blueprint = Blueprint("web", __name__)

DEFAULT_WEB_DIR = Path(__file__).resolve().parent.parent / "web"

# browsers refuse ES modules served with a generic type, so be explicit
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
          ".json": "application/json", ".html": "text/html", ".webmanifest": "application/manifest+json"}

MENU_FILE = "menu.html"
MENU_MARK = "<!-- menu -->"

_FALLBACK = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardsage</title></head>
<body><h1>cardsage</h1>
<p>The web interface is not installed. The HTTP API is documented at
<a href="/api/v1/docs">/api/v1/docs</a> (<a href="/api/v1/openapi.json">OpenAPI</a>).</p>
</body></html>
"""


def _web_dir() -> Path:
    return Path(current_app.config["WEB_DIR"])


@blueprint.get("/")
def index():
    """The web UI's entry page (or a pointer to the API docs when the UI is absent)."""
    if (_web_dir() / "index.html").is_file():
        return _send("index.html", "/")
    return Response(_FALLBACK, mimetype="text/html")


@blueprint.get("/web/<path:filename>")
def static_file(filename: str):
    """A file of the web UI."""
    return _send(filename, f"/web/{filename}")


def _send(filename: str, url: str):
    if filename.lower().endswith(".html"):
        return _page(filename, url)
    # send_from_directory refuses paths that leave the directory (404)
    response = send_from_directory(_web_dir(), filename, max_age=0)
    kind = _TYPES.get(Path(filename).suffix.lower())
    if kind:
        response.mimetype = kind
    return response


def _page(filename: str, url: str) -> Response:
    path = safe_join(str(_web_dir()), filename)
    if path is None or not Path(path).is_file():
        raise NotFound()
    html = Path(path).read_text(encoding="utf-8")
    if MENU_MARK in html:
        html = html.replace(MENU_MARK, main_menu(url).strip(), 1)
    response = Response(html, mimetype="text/html")
    response.cache_control.max_age = 0
    return response


def main_menu(url: str) -> str:
    """The shared main menu, with the link to ``url`` marked as the current page ("" if absent)."""
    menu_path = _web_dir() / MENU_FILE
    if not menu_path.is_file():
        return ""
    menu = menu_path.read_text(encoding="utf-8")
    menu = menu[menu.index("<nav"):] if "<nav" in menu else menu   # drop the file's own comment
    return menu.replace(f'<a href="{url}">', f'<a href="{url}" aria-current="page">', 1)


OPENAPI_PATHS: dict = {}
OPENAPI_SCHEMAS: dict = {}
