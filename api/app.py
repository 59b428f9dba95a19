"""The Flask app factory: configuration, storage, blueprints, OpenAPI and error handlers."""

from __future__ import annotations

import importlib
import logging
import os
import time
from typing import Any, Mapping

from flask import Flask, request
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from api.openapi import build_document
from api.problems import from_error, problem
from api.realtime import Ticker
from api.sessions import SessionService
from api.storage import DEFAULT_DATABASE_URL, Storage
from api.web_bp import DEFAULT_WEB_DIR
from api.writelock import serialize_writes
from api.workers import INLINE_MS_DEFAULT, NICE_DEFAULT, QUEUE_GRACE_S_DEFAULT, SolverPool
from solvers.errors import CardsageError

log = logging.getLogger(__name__)

# Each module exposes `blueprint`, `OPENAPI_PATHS` and `OPENAPI_SCHEMAS`; add a line to add an API.
BLUEPRINT_MODULES = (
    "api.meta_bp",
    "api.games_bp",
    "api.hands_bp",
    "api.twentyfour_bp",
    "api.doubledummy_bp",
    "api.sessions_bp",
    "api.positions_bp",
    "api.patience_bp",
    "api.scorekeeper_bp",
    "api.web_bp",
)

DEFAULT_CONFIG: dict[str, Any] = {
    "DATABASE_URL": DEFAULT_DATABASE_URL,
    "MAX_CONTENT_LENGTH": 1024 * 1024,     # bytes; larger bodies get 413
    "HINT_BUDGET_MS_DEFAULT": 1000,
    "HINT_BUDGET_MS_MAX": 5000,
    "BOT_ACTIONS_MAX": 10_000,             # bot actions one request may take
    "BOT_BUDGET_MS": 5000,                 # time one request may spend on bot turns
    "STATE_CACHE_SIZE": 512,               # replayed states kept in memory
    "WEB_DIR": str(DEFAULT_WEB_DIR),
    # CPU-heavy work (patience and double-dummy solves, hints) in child processes (api/workers.py):
    "SOLVER_PROCESSES": None,              # per server process; None = CPU count (0, inline, when TESTING)
    "SOLVER_INLINE_MS": INLINE_MS_DEFAULT, # work with a budget at most this stays in the request thread
    "SOLVER_QUEUE_GRACE_S": QUEUE_GRACE_S_DEFAULT,  # wait beyond the budget before answering 503
    "SOLVER_NICE": NICE_DEFAULT,           # niceness added to each child
    "SOLVER_CPUS": "auto",                 # auto: solver and job processes keep off the first CPU (api/cpus.py)
    "SQLITE_WRITER_LOCK": True,            # server processes on one SQLite file write in turn (api/writelock.py)
    "SQLITE_SYNCHRONOUS": "NORMAL",        # with WAL: commits survive kill -9; None keeps SQLite's FULL
    # real-time sessions on a server clock (api/realtime.py): a thread per process writes what is due
    "REALTIME_TICKER": None,               # None = on unless TESTING (tests drive SessionService.tick)
    "REALTIME_TICK_S": 0.2,                # how often the ticker looks for sessions with an event due
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app; ``config`` overrides the defaults and ``CARDSAGE_DATABASE_URL``."""
    app = Flask("cardsage", static_folder=None)
    app.config.update(DEFAULT_CONFIG)
    if os.environ.get("CARDSAGE_DATABASE_URL"):
        app.config["DATABASE_URL"] = os.environ["CARDSAGE_DATABASE_URL"]
    app.config.update(config or {})
    app.json.sort_keys = False

    storage = open_storage(app.config["DATABASE_URL"])
    if app.config["SQLITE_WRITER_LOCK"]:
        serialize_writes(storage.engine, storage.url, app.config["SQLITE_SYNCHRONOUS"])
    app.extensions["cardsage.storage"] = storage
    pool = solver_pool(app.config)
    app.extensions["cardsage.solvers"] = pool
    app.extensions["cardsage.sessions"] = SessionService(
        storage, cache_size=app.config["STATE_CACHE_SIZE"], bot_actions_max=app.config["BOT_ACTIONS_MAX"],
        bot_budget_ms=app.config["BOT_BUDGET_MS"], solvers=pool)
    ticker = app.config["REALTIME_TICKER"]
    if ticker is None:
        ticker = not app.config.get("TESTING")
    if ticker:
        service = app.extensions["cardsage.sessions"]
        app.extensions["cardsage.ticker"] = Ticker(service.tick, service.now,
                                                   interval=float(app.config["REALTIME_TICK_S"])).start()

    modules = [importlib.import_module(name) for name in BLUEPRINT_MODULES]
    for module in modules:
        app.register_blueprint(module.blueprint)
    app.extensions["cardsage.openapi"] = build_document(modules)
    register_error_handlers(app)
    return app


def open_storage(url: str, attempts: int = 8) -> Storage:
    """The storage, its tables created if missing. Several server workers starting at once
    on one SQLite file race to create them: the loser sees "already exists" or a locked
    database, and tries again (the schema is there by then)."""
    for attempt in range(attempts):
        try:
            return Storage(url)
        except OperationalError as error:
            if attempt == attempts - 1:
                raise
            log.info("creating the schema raced another process (%s); retrying", error.orig)
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


def solver_pool(config: Mapping[str, Any]) -> SolverPool:
    """The pool CPU-heavy work runs in, from the app's settings."""
    processes = config.get("SOLVER_PROCESSES")
    if processes is None:
        processes = 0 if config.get("TESTING") else (os.cpu_count() or 1)
    return SolverPool(processes, inline_ms=config["SOLVER_INLINE_MS"], grace_s=config["SOLVER_QUEUE_GRACE_S"],
                      nice=config["SOLVER_NICE"], cpus=config.get("SOLVER_CPUS", "auto"))


def register_error_handlers(app: Flask) -> None:
    """Answer every error with problem+json."""

    @app.errorhandler(CardsageError)
    def _project_error(error: CardsageError):
        response = from_error(error)
        retry_after = getattr(error, "retry_after", None)
        if retry_after is not None and "Retry-After" not in response.headers:
            response.headers["Retry-After"] = str(int(retry_after))
        return response

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException):
        headers = {name: value for name, value in error.get_headers() if name.lower() == "allow"}
        return problem(error.code or 500, _http_detail(error), headers=headers)

    @app.errorhandler(Exception)
    def _unexpected(error: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "an unexpected error occurred on the server; it has been logged")


def _http_detail(error: HTTPException) -> str:
    if error.code == 404:
        return f"no resource at {request.path}; the API is documented at /api/v1/docs"
    if error.code == 405:
        allowed = ", ".join(sorted(error.valid_methods or ()))
        return f"{request.method} is not allowed on {request.path}" + (f"; allowed: {allowed}" if allowed else "")
    if error.code == 413:
        limit = request.max_content_length
        return "the request body is too large" + (f" (limit {limit} bytes)" if limit else "")
    return error.description or error.name
