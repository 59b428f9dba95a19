"""The OpenAPI 3.1 document, merged from the paths and schemas each blueprint module declares.

A blueprint module exposes ``OPENAPI_PATHS`` (path -> path item) and ``OPENAPI_SCHEMAS``
(name -> JSON schema); :func:`build_document` merges them over the shared components
defined here. The helpers below keep those declarations short.
"""

from __future__ import annotations

from types import ModuleType
from typing import Iterable

from api.problems import PROBLEM_MEDIA_TYPE, PROBLEM_SCHEMA

JSON = "application/json"

_STATUS_TEXT = {
    400: "Malformed request: not JSON, not an object, or a field of the wrong type",
    401: "No seat token was sent",
    403: "The token does not open a seat of this session",
    404: "No such resource",
    405: "Method not allowed on this path",
    409: "Conflict: stale version, or the seat is not to move",
    413: "Request body larger than the server accepts",
    422: "Well-formed request whose content breaks a rule (unknown game, bad option, illegal action)",
    503: "The session store is busy; retry",
}


def ref(name: str) -> dict:
    """A reference to a component schema."""
    return {"$ref": f"#/components/schemas/{name}"}


def json_response(description: str, schema: dict, example=None) -> dict:
    """A JSON response object with an optional example."""
    media: dict = {"schema": schema}
    if example is not None:
        media["example"] = example
    return {"description": description, "content": {JSON: media}}


def json_body(schema: dict, example=None, *, required: bool = True) -> dict:
    """A JSON request body with an optional example."""
    media: dict = {"schema": schema}
    if example is not None:
        media["example"] = example
    return {"required": required, "content": {JSON: media}}


def problems(*statuses: int) -> dict:
    """Problem responses for the given statuses."""
    return {str(s): {"description": _STATUS_TEXT.get(s, "Error"),
                     "content": {PROBLEM_MEDIA_TYPE: {"schema": ref("Problem")}}} for s in statuses}


def path_param(name: str, description: str, example: str) -> dict:
    """A required string path parameter."""
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": {"type": "string"}, "example": example}


def query_param(name: str, description: str, schema: dict, example=None) -> dict:
    """An optional query parameter."""
    param = {"name": name, "in": "query", "required": False, "description": description, "schema": schema}
    if example is not None:
        param["example"] = example
    return param


BASE_SCHEMAS = {"Problem": PROBLEM_SCHEMA}

SECURITY_SCHEMES = {
    "seatToken": {"type": "http", "scheme": "bearer",
                  "description": "The secret token of one human seat, returned once when the session "
                                 "is created, sent as `Authorization: Bearer <token>` (a `token` query "
                                 "parameter is refused with 400: addresses are written to access logs)."},
}


def build_document(modules: Iterable[ModuleType], *, version: str = "1") -> dict:
    """The OpenAPI 3.1 document of the given blueprint modules."""
    paths: dict = {}
    schemas: dict = dict(BASE_SCHEMAS)
    for module in modules:
        for path, item in getattr(module, "OPENAPI_PATHS", {}).items():
            if path in paths:
                raise ValueError(f"OpenAPI path {path} is declared twice")
            paths[path] = item
        for name, schema in getattr(module, "OPENAPI_SCHEMAS", {}).items():
            if name in schemas and schemas[name] != schema:
                raise ValueError(f"OpenAPI schema {name} is declared twice")
            schemas[name] = schema
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "info": {
            "title": "cardsage API",
            "version": version,
            "summary": "Hints, full play and solvers for card games.",
            "description": "JSON in and out. Errors are `application/problem+json` (RFC 9457) with "
                           "`type`, `title`, `status`, `detail` and, when known, `field`.",
        },
        "servers": [{"url": "/"}],
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": SECURITY_SCHEMES},
    }
