"""Positions typed in from a real table: start one, enter what happened, ask for a hint.

A position is a seat's knowledge (:mod:`solvers.knowledge`): the table as that seat
sees it and every public fact. The server keeps nothing: each answer carries the
knowledge to send back with the next request, so a phone at a card table can follow a
whole match without an account or a session.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from api.openapi import json_body, json_response, path_param, problems, ref
from api.sessions_bp import session_service, request_token
from api.validation import get_int, get_object, json_object, only_fields
from solvers import games
from solvers.cards import Rng
from solvers.errors import CardsageError, OutOfTurn
from solvers.game import Game, State
from solvers.knowledge import (fresh_deal, knowledge, moves_seen, play_seen, seed_with_dealer,
                               state_from_knowledge, typed_in, unseen_cards)

blueprint = Blueprint("positions", __name__, url_prefix="/api/v1")

# the unseen cards of a typed-in position are dealt from this generator: the same
# knowledge always gives the same sample (hints are honest whatever the sample)
REBUILD_SEED = 0


def position_body(game: Game, state: State, seat: int) -> dict:
    """What the position page draws: the seat's knowledge, its view, its legal actions and
    what it may enter for each other seat to move."""
    with typed_in(game):
        return _position_body(game, state, seat)


def _position_body(game: Game, state: State, seat: int) -> dict:
    body = {
        "game": game.name, "seat": seat, "knowledge": knowledge(state, seat), "view": state.view(seat),
        "to_move": sorted(state.to_move), "over": state.is_over, "scores": list(state.scores),
        "legal_actions": [a.to_json() for a in state.legal_actions(seat)] if seat in state.to_move else [],
        "others": {str(t): moves_seen(state, seat, t) for t in sorted(state.to_move) if t != seat},
        "unseen": [str(c) for c in unseen_cards(state, seat)],
    }
    public = body["view"].get("public") or {}
    if isinstance(public.get("seat_names"), list):
        body["seat_names"] = public["seat_names"]
    return body


def _rebuilt(game: Game, data: dict) -> tuple[State, int]:
    if data.get("knowledge") is None:
        raise CardsageError("'knowledge' is required: a seat's knowledge, as a position answer gives it",
                            status=400, field="knowledge")
    known = get_object(data, "knowledge")
    state = state_from_knowledge(game, known, None, Rng(REBUILD_SEED))
    return state, known["seat"]


@blueprint.post("/games/<name>/positions")
def start_position(name: str):
    """A fresh deal seen from one seat, to edit into the position at the table: ``dealer``
    names the seat that deals; with ``zones`` (zone → cards) the deal puts the cards the
    seat sees where it says."""
    game = games.get(name)
    data = json_object()
    only_fields(data, ("seat", "seed", "options", "dealer", "zones"))
    options = get_object(data, "options") if data.get("options") is not None else None
    seed = get_int(data, "seed", default=0, minimum=0, maximum=2 ** 63 - 1)
    state = game.new(seed=seed, options=options)
    seat = get_int(data, "seat", minimum=0, maximum=state.players - 1)
    if data.get("dealer") is not None:
        dealer = get_int(data, "dealer", minimum=0, maximum=state.players - 1)
        seed = seed_with_dealer(game, options, dealer, seed)
        state = game.new(seed=seed, options=options)
    if data.get("zones") is not None:
        state = fresh_deal(game, options, seed, seat, get_object(data, "zones"))
    return jsonify(position_body(game, state, seat))


@blueprint.post("/games/<name>/positions/update")
def update_position(name: str):
    """The position after the seat's edits (cards set in the zones it knows, counts of
    hidden ones) and, with ``act``, after one seat's action as the seat saw it."""
    game = games.get(name)
    data = json_object()
    only_fields(data, ("knowledge", "act"))
    state, seat = _rebuilt(game, data)
    act = data.get("act")
    if act is not None:
        act = get_object(data, "act")
        actor = get_int(act, "seat", minimum=0, maximum=state.players - 1)
        if "action" not in act or act["action"] is None:
            raise CardsageError("act.action is required: a notation like 'play QS'", status=400, field="act.action")
        state = play_seen(state, seat, actor, act["action"])
    return jsonify(position_body(game, state, seat))


@blueprint.post("/games/<name>/hint")
def hint_for_position(name: str):
    """The hint for a position typed in: the same honest hint a session seat gets."""
    game = games.get(name)
    data = json_object()
    only_fields(data, ("knowledge", "budget_ms", "mode"))
    limit = current_app.config["HINT_BUDGET_MS_MAX"]
    # clamped to the server's limit, as for a session's hint
    budget = min(get_int(data, "budget_ms", default=min(current_app.config["HINT_BUDGET_MS_DEFAULT"], limit),
                         minimum=1), limit)
    mode = data.get("mode")
    if mode is not None and (not isinstance(mode, str) or mode not in game.hint_modes):
        offered = ", ".join(game.hint_modes) if game.hint_modes else "none: it has one hint method"
        raise CardsageError(f"{game.name} has no hint mode {mode!r} (modes: {offered})", field="mode")
    if mode in game.all_seeing_modes:
        raise CardsageError(f"the {mode} hint reads the hidden cards, and a typed-in position has none: "
                            f"ask for another mode", field="mode")
    state, seat = _rebuilt(game, data)
    if seat not in state.to_move:
        raise OutOfTurn(f"seat {seat} is not to move" + (" (the match is over)" if state.is_over else ""),
                        status=409)
    with typed_in(game):
        return jsonify(session_service().hint_for_state(game, state, seat, budget / 1000, mode))


@blueprint.get("/sessions/<session_id>/knowledge")
def session_knowledge(session_id: str):
    """What the token's seat knows of a session now, to carry on at a real table."""
    service = session_service()
    match = service.match(session_id)
    seat = service.seat(match, request_token())
    state = service.current(match).state
    return jsonify(position_body(games.get(match.game), state, seat))


# ---------------------------------------------------------------- OpenAPI

_KNOWLEDGE_EXAMPLE = {
    "game": "klondike", "seat": 0,
    "zones": {"tableau:1": {"count": 1, "visibility": "public", "cards": ["KS"]},
              "tableau:2:down": {"count": 1, "visibility": "hidden"}},
    "state": {"$dc": "klondike.KlondikeState", "options": {"$dc": "klondike.KlondikeOptions", "draw": 3}},
}

OPENAPI_SCHEMAS = {
    "Knowledge": {
        "type": "object", "required": ["seat", "state"],
        "description": "What one seat knows of a match. `zones`: the table as the seat sees it, in the "
                       "shape of a session view's zones (cards of the zones it knows, the count of hidden "
                       "ones, `known` cards the table knows to lie in a hidden zone); edit it to type a "
                       "position in. `state`: every public fact of the match in the state's own JSON, the "
                       "unseen cards laid in a fixed arrangement that tells nothing (send it back as given).",
        "properties": {
            "game": {"type": "string"},
            "seat": {"type": "integer", "minimum": 0},
            "zones": {"type": "object", "additionalProperties": {"type": "object", "properties": {
                "count": {"type": "integer", "minimum": 0},
                "cards": {"type": "array", "items": {"type": "string"}},
                "known": {"type": "array", "items": {"type": "string"}},
                "visibility": {"type": "string"}, "owner": {"type": "integer"}}}},
            "state": {"type": "object"},
        },
    },
    "Position": {
        "type": "object",
        "required": ["game", "seat", "knowledge", "view", "to_move", "over", "legal_actions", "others", "unseen"],
        "properties": {
            "game": {"type": "string"}, "seat": {"type": "integer"},
            "knowledge": ref("Knowledge"),
            "view": {"type": "object", "description": "the seat's view, as a session shows it"},
            "to_move": {"type": "array", "items": {"type": "integer"}},
            "over": {"type": "boolean"},
            "scores": {"type": "array"},
            "legal_actions": {"type": "array", "items": {"type": "object"}},
            "others": {"type": "object", "description": "per other seat to move: `moves` (actions that "
                       "name no card the seat has not seen, as it would see them) and `card_moves` (kinds "
                       "of action naming a card it would see played: enter which)",
                       "additionalProperties": {"type": "object"}},
            "unseen": {"type": "array", "items": {"type": "string"}, "description": "cards the seat has not seen"},
            "seat_names": {"type": "array", "items": {"type": "string"}},
        },
    },
}

_POSITION_RESPONSE = json_response("The position", ref("Position"))

OPENAPI_PATHS = {
    "/api/v1/games/{name}/positions": {"post": {
        "tags": ["positions"], "operationId": "startPosition", "summary": "Start a position to type in",
        "description": "A fresh deal of the game seen from one seat: edit its zones (your cards, the table) "
                       "and enter what each seat did to reach the position at your table.",
        "parameters": [path_param("name", "registry name of the game", "king")],
        "requestBody": json_body({"type": "object", "required": ["seat"], "additionalProperties": False, "properties": {
            "seat": {"type": "integer", "minimum": 0}, "options": {"type": "object"},
            "seed": {"type": "integer", "minimum": 0},
            "dealer": {"type": "integer", "minimum": 0, "description": "the seat that deals at your table"},
            "zones": {"type": "object", "description": "zone → cards the seat sees at the deal (its hand, the "
                      "cards turned face up): the game deals them there",
                      "additionalProperties": {"type": "array", "items": {"type": "string"}}}}},
            {"seat": 0, "options": {"draw": 3}, "zones": {"tableau:1": ["KS"], "tableau:2": ["QH"]}}),
        "responses": {"200": _POSITION_RESPONSE, **problems(400, 404, 422)},
    }},
    "/api/v1/games/{name}/positions/update": {"post": {
        "tags": ["positions"], "operationId": "updatePosition", "summary": "Edit a position or enter an action",
        "description": "Checks the knowledge (422 naming a card in two places, a card not in the pack, more "
                       "or fewer cards than the pack holds, a hidden zone that cannot take the cards left) "
                       "and, with `act`, enters one seat's action as you saw it: another seat's card play "
                       "is refused when what it showed rules the card out (a void).",
        "parameters": [path_param("name", "registry name of the game", "king")],
        "requestBody": json_body({"type": "object", "required": ["knowledge"], "additionalProperties": False,
                                  "properties": {
            "knowledge": ref("Knowledge"),
            "act": {"type": "object", "required": ["seat", "action"], "properties": {
                "seat": {"type": "integer", "minimum": 0},
                "action": {"description": "a notation like 'play QS' or {kind, args}"}}}}}),
        "responses": {"200": _POSITION_RESPONSE, **problems(400, 404, 409, 413, 422)},
    }},
    "/api/v1/games/{name}/hint": {"post": {
        "tags": ["positions"], "operationId": "hintForPosition", "summary": "Hint for a typed-in position",
        "description": "The honest hint for the knowledge's seat: the unseen cards are sampled from what "
                       "the seat knows, exactly as for a session seat.",
        "parameters": [path_param("name", "registry name of the game", "klondike")],
        "requestBody": json_body({"type": "object", "required": ["knowledge"], "additionalProperties": False,
                                  "properties": {
            "knowledge": ref("Knowledge"), "budget_ms": {"type": "integer", "minimum": 1},
            "mode": {"type": "string"}}}, {"knowledge": _KNOWLEDGE_EXAMPLE, "budget_ms": 1000}),
        "responses": {"200": json_response("The hint", ref("Hint")), **problems(400, 404, 409, 413, 422, 503)},
    }},
    "/api/v1/sessions/{session_id}/knowledge": {"get": {
        "tags": ["positions"], "operationId": "sessionKnowledge", "summary": "Knowledge of a session seat",
        "description": "What the token's seat knows of the session now, as a position to carry on with.",
        "parameters": [path_param("session_id", "the session's id", "q3Jk8sY2mPzA0bLx")],
        "responses": {"200": _POSITION_RESPONSE, **problems(401, 403, 404)},
    }},
}
