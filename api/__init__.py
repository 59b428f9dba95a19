"""The cardsage HTTP API: a Flask app factory with blueprints under ``/api/v1``."""

from api.app import create_app

__all__ = ["create_app"]
