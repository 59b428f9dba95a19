"""Error responses as ``application/problem+json`` (RFC 9457)."""

from __future__ import annotations

import json

from flask import Response

from solvers.errors import CardsageError, IllegalAction, OutOfTurn

PROBLEM_MEDIA_TYPE = "application/problem+json"
PROBLEM_BASE = "/api/v1/docs#problem-"

# status -> (slug, title) for problems that carry no more specific kind
_BY_STATUS = {
    400: ("bad-request", "Bad request"),
    401: ("unauthorized", "Missing seat token"),
    403: ("forbidden", "Forbidden"),
    404: ("not-found", "Not found"),
    405: ("method-not-allowed", "Method not allowed"),
    409: ("conflict", "Conflict"),
    413: ("payload-too-large", "Request body too large"),
    415: ("unsupported-media-type", "Unsupported media type"),
    422: ("invalid-input", "Invalid input"),
    500: ("internal-error", "Internal server error"),
    503: ("unavailable", "Service unavailable"),
}

PROBLEM_TYPES = {
    **{slug: title for slug, title in _BY_STATUS.values()},
    "stale-version": "Stale version",
    "out-of-turn": "Out of turn",
    "illegal-action": "Illegal action",
    "wrong-seat-token": "Wrong seat token",
}


class StaleVersion(CardsageError):
    """An action chosen at a version that is no longer the session's current one."""

    def __init__(self, message: str):
        super().__init__(message, status=409, field="version")


class AuthError(CardsageError):
    """A request without a seat token (401) or with one that does not open this session (403)."""


def problem_kind(error: CardsageError) -> tuple[str, str]:
    """The (slug, title) of the problem type a project error maps to."""
    if isinstance(error, StaleVersion):
        return "stale-version", PROBLEM_TYPES["stale-version"]
    if isinstance(error, OutOfTurn):
        return "out-of-turn", PROBLEM_TYPES["out-of-turn"]
    if isinstance(error, IllegalAction):
        return "illegal-action", PROBLEM_TYPES["illegal-action"]
    if isinstance(error, AuthError) and error.status == 403:
        return "wrong-seat-token", PROBLEM_TYPES["wrong-seat-token"]
    return status_kind(error.status)


def status_kind(status: int) -> tuple[str, str]:
    """The generic (slug, title) for an HTTP status."""
    return _BY_STATUS.get(status, ("error", "Error"))


def problem(status: int, detail: str, *, slug: str | None = None, title: str | None = None,
            field: str | None = None, headers: dict | None = None) -> Response:
    """Build a problem+json response."""
    default_slug, default_title = status_kind(status)
    body = {"type": PROBLEM_BASE + (slug or default_slug), "title": title or default_title,
            "status": status, "detail": detail}
    if field:
        body["field"] = field
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def from_error(error: CardsageError) -> Response:
    """The problem response for a project error (its status, message and field)."""
    slug, title = problem_kind(error)
    status = error.status if 400 <= error.status < 600 else 422
    headers = {"WWW-Authenticate": 'Bearer realm="cardsage"'} if status == 401 else None
    return problem(status, error.message, slug=slug, title=title, field=error.field, headers=headers)


PROBLEM_SCHEMA = {
    "type": "object",
    "description": "An error (RFC 9457 problem details). `type` links to the problem's description.",
    "required": ["type", "title", "status", "detail"],
    "properties": {
        "type": {"type": "string", "description": "URI of the problem type"},
        "title": {"type": "string", "description": "short summary of the problem type"},
        "status": {"type": "integer", "description": "the HTTP status"},
        "detail": {"type": "string", "description": "what went wrong here and how to fix it"},
        "field": {"type": "string", "description": "the input the problem is in, e.g. `seats.2`"},
    },
    "example": {"type": PROBLEM_BASE + "stale-version", "title": "Stale version", "status": 409,
                "detail": "the action was chosen at version 3 but the session is at version 7; "
                          "reload and choose again", "field": "version"},
}
