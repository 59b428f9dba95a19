"""Health check, the OpenAPI document and the HTML docs page."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify

from api.docs_page import render_docs
from api.openapi import json_response, ref

blueprint = Blueprint("meta", __name__, url_prefix="/api/v1")


@blueprint.get("/health")
def health():
    """Liveness check."""
    return jsonify({"status": "ok"})


@blueprint.get("/openapi.json")
def openapi_document():
    """The OpenAPI 3.1 document of every endpoint."""
    return jsonify(current_app.extensions["cardsage.openapi"])


@blueprint.get("/docs")
def docs():
    """Human-readable API documentation, generated from the OpenAPI document."""
    html = current_app.extensions.get("cardsage.docs_html")
    if html is None:
        html = render_docs(current_app.extensions["cardsage.openapi"])
        current_app.extensions["cardsage.docs_html"] = html
    return Response(html, mimetype="text/html")


OPENAPI_SCHEMAS = {
    "Health": {"type": "object", "required": ["status"],
               "properties": {"status": {"type": "string", "const": "ok"}}},
}

OPENAPI_PATHS = {
    "/api/v1/health": {"get": {
        "tags": ["meta"], "operationId": "health", "summary": "Health check",
        "description": "Answers `{\"status\": \"ok\"}` while the server is up.",
        "responses": {"200": json_response("The server is up", ref("Health"), {"status": "ok"})},
    }},
    "/api/v1/openapi.json": {"get": {
        "tags": ["meta"], "operationId": "openapi", "summary": "OpenAPI document",
        "description": "This OpenAPI 3.1 document: every endpoint, parameter and schema.",
        "responses": {"200": json_response("The document", {"type": "object"})},
    }},
    "/api/v1/docs": {"get": {
        "tags": ["meta"], "operationId": "docs", "summary": "API documentation page",
        "description": "A plain HTML page generated from the OpenAPI document.",
        "responses": {"200": {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}},
    }},
}
