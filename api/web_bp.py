"""Serve the static web UI: ``/`` is ``web/index.html``, ``/web/<path>`` the other files."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory

blueprint = Blueprint("web", __name__)

DEFAULT_WEB_DIR = Path(__file__).resolve().parent.parent / "web"

# browsers refuse ES modules served with a generic type, so be explicit
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
          ".json": "application/json", ".html": "text/html", ".webmanifest": "application/manifest+json"}

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
        return _send("index.html")
    return Response(_FALLBACK, mimetype="text/html")


@blueprint.get("/web/<path:filename>")
def static_file(filename: str):
    """A file of the web UI."""
    return _send(filename)


def _send(filename: str):
    # send_from_directory refuses paths that leave the directory (404)
    response = send_from_directory(_web_dir(), filename, max_age=0)
    kind = _TYPES.get(Path(filename).suffix.lower())
    if kind:
        response.mimetype = kind
    return response


OPENAPI_PATHS: dict = {}
OPENAPI_SCHEMAS: dict = {}
