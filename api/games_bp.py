"""The game registry over HTTP: list the games, describe one."""

from __future__ import annotations

from flask import Blueprint, jsonify

from api.openapi import json_response, path_param, problems, ref
from api.warmup import warm_up_in_background
from solvers import games

blueprint = Blueprint("games", __name__, url_prefix="/api/v1")
# the tables some games' hints read (Teen Patti's hand ranks) are built before the first hint
warm_up_in_background(blueprint, games.warm_up, "games-warm-up")


@blueprint.get("/games")
def list_games():
    """Every registered game with its players, options and bots."""
    return jsonify(games.listing())


@blueprint.get("/games/<name>")
def describe_game(name: str):
    """One game: options schema, bots, seat counts."""
    return jsonify(games.get(name).describe())


_EXAMPLE_GAME = {
    "name": "whist", "title": "Whist", "family": "trick-taking", "players": {"min": 4, "max": 4},
    "summary": "Four players in two partnerships; trumps turned from the deal; points for tricks over six.",
    "options": {"type": "object", "additionalProperties": False, "properties": {
        "target": {"type": "integer", "default": 5, "enum": [5, 7, 9],
                   "description": "points that win a game: 5 (short), 7 (American), 9 (Long)"}}},
    "bots": ["heuristic", "random"],
}

OPENAPI_SCHEMAS = {
    "Game": {
        "type": "object",
        "required": ["name", "title", "family", "players", "summary", "options", "bots"],
        "properties": {
            "name": {"type": "string", "description": "registry name used in requests"},
            "title": {"type": "string"},
            "family": {"type": "string", "description": "e.g. trick-taking, patience"},
            "players": {"type": "object", "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}}},
            "summary": {"type": "string"},
            "options": {"type": "object", "description": "JSON schema (2020-12) of the game's options"},
            "bots": {"type": "array", "items": {"type": "string"}, "description": "bot names usable as seats"},
            "real_time": {"type": "boolean", "description": "a race on a game clock: sessions may run on the "
                                                            "server's clock (see the session's clock field)"},
            "real_time_unless": {"type": "object", "description": "option values that make a real-time game "
                                 "turn-based (no server clock)",
                                 "additionalProperties": {"type": "array"}},
        },
    },
    "GameList": {"type": "array", "items": ref("Game")},
}

OPENAPI_PATHS = {
    "/api/v1/games": {"get": {
        "tags": ["games"], "operationId": "listGames", "summary": "List games",
        "description": "Every registered game: players, options schema and bots.",
        "responses": {"200": json_response("The games", ref("GameList"), [_EXAMPLE_GAME])},
    }},
    "/api/v1/games/{name}": {"get": {
        "tags": ["games"], "operationId": "describeGame", "summary": "Describe a game",
        "description": "One game's options schema, bots and seat counts.",
        "parameters": [path_param("name", "registry name of the game", "whist")],
        "responses": {"200": json_response("The game", ref("Game"), _EXAMPLE_GAME), **problems(404)},
    }},
}
