"""Sessions over HTTP: create a match, view it through a seat token, act, ask for a hint."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from api.openapi import json_body, json_response, path_param, problems, query_param, ref
from api.sessions import SEED_RANGE, SessionService
from api.validation import get_int, get_list, get_object, get_str, json_object, only_fields, query_int
from solvers import games
from solvers.errors import CardsageError

blueprint = Blueprint("sessions", __name__, url_prefix="/api/v1")


def session_service() -> SessionService:
    """The app's session service."""
    return current_app.extensions["cardsage.sessions"]


def request_token() -> str | None:
    """The seat token of the request, from ``Authorization: Bearer <token>`` only: a token
    in the query string would be written to every access log on its way."""
    if "token" in request.args:
        raise CardsageError("send the seat token in the header 'Authorization: Bearer <token>', not in the "
                            "address: addresses are written to access logs", status=400, field="token")
    header = request.headers.get("Authorization", "")
    if header:
        scheme, _, value = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise CardsageError("the Authorization header must be 'Bearer <token>'", status=401)
        return value.strip()
    return None


@blueprint.post("/sessions")
def create_session():
    """Start a match; answer with one secret token per human seat."""
    data = json_object()
    only_fields(data, ("game", "seats", "seed", "options", "deal", "clock", "reactions"))
    game = get_str(data, "game")
    seats = get_list(data, "seats")
    seed = get_int(data, "seed", default=None, minimum=SEED_RANGE[0], maximum=SEED_RANGE[1])
    options = get_object(data, "options")
    service = session_service()
    record, tokens, now = service.create(game, seats, seed=seed, options=options, deal=data.get("deal"),
                                         clock=data.get("clock"), reactions=data.get("reactions"))
    base = f"/api/v1/sessions/{record.id}"
    body = {"id": record.id, "game": record.game, "seats": list(record.seats), "options": record.options,
            "version": now.version, "tokens": tokens,
            "links": {"session": base, "actions": f"{base}/actions", "hint": f"{base}/hint",
                      "version": f"{base}/version"}}
    if getattr(now.state, "clock_now", None) is not None:
        body["clock"] = service.clock_view(now.state, service.clock(record))
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = base
    return response


@blueprint.get("/sessions/<session_id>")
def get_session(session_id: str):
    """The session as the token's seat sees it."""
    service = session_service()
    match = service.match(session_id)
    seat = service.seat(match, request_token())
    return jsonify(service.view(match, service.current(match), seat))


@blueprint.get("/sessions/<session_id>/version")
def get_version(session_id: str):
    """The session's version (and its clock): cheap enough to poll twice a second; fetch
    the session again when the version changed. Writes whatever its server clock has due."""
    service = session_service()
    match = service.match(session_id)
    service.seat(match, request_token())
    now = service.current(match)
    body = {"id": match.id, "version": now.version, "over": now.state.is_over}
    if getattr(now.state, "clock_now", None) is not None:
        body["clock"] = service.clock_view(now.state, service.clock(match))
    return jsonify(body)


@blueprint.post("/sessions/<session_id>/actions")
def post_action(session_id: str):
    """Take the token's seat's action at the version it was chosen at; bots reply."""
    service = session_service()
    match = service.match(session_id)
    seat = service.seat(match, request_token())
    data = json_object()
    only_fields(data, ("action", "version"))
    if "action" not in data or data["action"] is None:
        raise CardsageError("'action' is required: a notation like 'play QS' or "
                            "{\"kind\": \"play\", \"args\": [\"QS\"]}", status=400, field="action")
    version = get_int(data, "version")
    return jsonify(service.view(match, service.act(match, seat, version, data["action"]), seat))


@blueprint.get("/sessions/<session_id>/hint")
def get_hint(session_id: str):
    """The recommended action for the token's seat, with why and how good it is."""
    service = session_service()
    match = service.match(session_id)
    seat = service.seat(match, request_token())
    limit = current_app.config["HINT_BUDGET_MS_MAX"]
    budget = query_int("budget_ms", default=min(current_app.config["HINT_BUDGET_MS_DEFAULT"], limit),
                       minimum=1, maximum=limit, clamp=True)
    mode = request.args.get("mode") or None
    return jsonify(service.hint(match, seat, budget, mode))


# ---------------------------------------------------------------- OpenAPI

_ACTION = {"kind": "play", "args": ["QS"], "notation": "play QS"}

_VIEW_EXAMPLE = {
    "id": "q3Jk8sY2mPzA0bLx", "game": "whist", "seat": 0,
    "seats": ["human", "heuristic", "heuristic", "heuristic"], "version": 3, "to_move": [0], "over": False,
    "scores": [0, 0, 0, 0],
    "view": {"seat": 0, "to_move": [0], "over": False,
             "zones": {"hand:0": {"count": 13, "visibility": "owner", "owner": 0, "cards": ["6C", "8C", "QS"]},
                       "hand:1": {"count": 12, "visibility": "owner", "owner": 1}},
             "public": {"trump": "S", "trick": [{"seat": 1, "card": "7S"}]}},
    "legal_actions": [_ACTION],
    "log": [{"seat": 1, "action": "play", "version": 1, "concealed": True},
            {"seat": 2, "action": "play 9S", "version": 2}, {"seat": 3, "action": "play 2C", "version": 3}],
    "score_sheet": {
        "sides": [{"side": 0, "seats": [0, 2], "label": "South–North"},
                  {"side": 1, "seats": [1, 3], "label": "West–East"}],
        "rows": [{"hand": 1, "points": [2, 0], "totals": [2, 0],
                  "events": [{"sides": [0], "seats": [0, 2], "points": 2, "source": "tricks over six",
                              "detail": {"tricks": 8}}]}],
        "totals": [2, 0], "scores": [2, 0], "event_counts": [1, 0], "hands_played": 1,
        "low_score_wins": False,
        "standings": [{"side": 0, "seats": [0, 2], "label": "South–North", "score": 2, "place": 1},
                      {"side": 1, "seats": [1, 3], "label": "West–East", "score": 0, "place": 2}]},
    "options": {"target": 5, "honours": "auto", "rubber": False, "show_full_history": False},
}

_SESSION_ID = path_param("session_id", "the session id returned on creation", "q3Jk8sY2mPzA0bLx")
_SEAT_SECURITY = [{"seatToken": []}]

OPENAPI_SCHEMAS = {
    "Action": {
        "type": "object", "required": ["kind", "args", "notation"],
        "description": "A move: a verb and its arguments, with a notation that parses back.",
        "properties": {"kind": {"type": "string"}, "args": {"type": "array", "items": {"type": "string"}},
                       "notation": {"type": "string"}},
        "example": _ACTION,
    },
    "ActionInput": {
        "description": "An action as notation text (`play QS`) or as `{kind, args}`.",
        "oneOf": [{"type": "string"},
                  {"type": "object", "required": ["kind"],
                   "properties": {"kind": {"type": "string"},
                                  "args": {"type": "array", "items": {"type": "string"}}}}],
    },
    "CreateSession": {
        "type": "object", "required": ["game", "seats"], "additionalProperties": False,
        "properties": {
            "game": {"type": "string", "enum": [game["name"] for game in games.listing()],
                     "description": "registry name of the game"},
            "seats": {"type": "array", "items": {"type": "string"},
                      "description": "per seat, `human` or one of the game's bots; as many as the game's "
                                     "players for these options"},
            "seed": {"type": "integer", "minimum": SEED_RANGE[0], "maximum": SEED_RANGE[1],
                     "description": "match seed (random when absent); shown once the match is over"},
            "options": {"type": "object", "description": "game options (see the game's options schema)"},
            "deal": {"description": "an explicit first deal, in the game's own format"},
            "clock": {"type": "string", "enum": ["server", "turns"],
                      "description": "real-time games: `server` (default) runs the game clock on the "
                                     "server's wall clock (deadlines expire on their own, bots act after "
                                     "their reaction time); `turns` is the turn-based fallback where time "
                                     "passes only by `wait N`"},
            "reactions": {"description": "server clock: per bot seat its reaction time, `instant`, `human` "
                                         "(default: about a second, spread), `slow` or a median in seconds; "
                                         "a list per seat (null for humans) or an object keyed by seat",
                          "oneOf": [{"type": "array"}, {"type": "object"}],
                          "example": {"1": "human"}},
        },
    },
    "SessionCreated": {
        "type": "object", "required": ["id", "game", "seats", "options", "version", "tokens"],
        "properties": {
            "id": {"type": "string"}, "game": {"type": "string"},
            "seats": {"type": "array", "items": {"type": "string"}},
            "options": {"type": "object"},
            "version": {"type": "integer", "description": "actions taken so far (bots may move first)"},
            "tokens": {"type": "object", "additionalProperties": {"type": "string"},
                       "description": "secret token per human seat, keyed by seat number; shown only here"},
            "links": {"type": "object", "additionalProperties": {"type": "string"}},
            "clock": ref("SessionClock"),
        },
    },
    "LogEntry": {
        "type": "object", "required": ["seat", "action", "version"],
        "properties": {"seat": {"type": "integer", "description": "who acted; -1 is the server's clock "
                                                                  "(`clock T` in real-time sessions)"},
                       "action": {"type": "string", "description": "the action as this seat may see it"},
                       "version": {"type": "integer", "description": "the session version it produced"},
                       "concealed": {"type": "boolean", "const": True,
                                     "description": "present on an older entry the rules no longer let "
                                                    "anyone look at (Whist: tricks before the last one): "
                                                    "`action` is then its verb only (`play`)"}},
    },
    "ScoreEvent": {
        "type": "object", "required": ["sides", "seats", "points", "source", "detail"],
        "description": "One scoring fact: which sides and seats it scores for, how many points, the rule "
                       "that scored (in the rule text's words) and what the rule counted.",
        "properties": {
            "sides": {"type": "array", "items": {"type": "integer"},
                      "description": "indices into `sides` of the sides credited"},
            "seats": {"type": "array", "items": {"type": "integer"}},
            "points": {"type": "number"},
            "source": {"type": "string", "example": "tricks over six"},
            "detail": {"type": "object", "example": {"tricks": 9}},
        },
    },
    "ScoreSheet": {
        "type": "object",
        "required": ["sides", "rows", "totals", "scores", "event_counts", "hands_played", "low_score_wins",
                     "standings"],
        "description": "The match's running score sheet, the same shape for every game, derived from the "
                       "replayed match (never stored): a column per scoring side, a row per hand.",
        "properties": {
            "sides": {"type": "array", "description": "the columns: partnerships, or each seat alone",
                      "items": {"type": "object", "required": ["side", "seats", "label"],
                                "properties": {"side": {"type": "integer"},
                                               "seats": {"type": "array", "items": {"type": "integer"}},
                                               "label": {"type": "string",
                                                         "description": "from the view's seat names"}}}},
            "rows": {"type": "array", "description": "one per hand, from hand 1 (a hand in which nobody "
                                                     "scored has a row of zeros)",
                     "items": {"type": "object", "required": ["hand", "points", "totals", "events"],
                               "properties": {
                                   "hand": {"type": "integer"},
                                   "points": {"type": "array", "items": {"type": "number"},
                                              "description": "per side, scored in this hand"},
                                   "totals": {"type": "array", "items": {"type": "number"},
                                              "description": "per side, running total after this hand"},
                                   "events": {"type": "array", "items": ref("ScoreEvent")}}}},
            "totals": {"type": "array", "items": {"type": "number"}, "description": "per side, every event"},
            "scores": {"type": "array", "items": {"type": "number"},
                       "description": "the match scores per side (equal to `totals` wherever the game's "
                                      "scores are points; a Whist rubber counts games)"},
            "event_counts": {"type": "array", "items": {"type": "integer"},
                             "description": "scoring events per side (a completeness check)"},
            "hands_played": {"type": "integer"},
            "low_score_wins": {"type": "boolean", "description": "the game's direction: true where the lowest "
                                                                 "total wins"},
            "standings": {"type": "array", "description": "the sides from first place to last in the game's "
                                                          "own direction; games may add fields (a rubber: "
                                                          "`points`)",
                          "items": {"type": "object", "required": ["side", "seats", "label", "score", "place"],
                                    "properties": {"side": {"type": "integer"},
                                                   "seats": {"type": "array", "items": {"type": "integer"}},
                                                   "label": {"type": "string"}, "score": {"type": "number"},
                                                   "place": {"type": "integer",
                                                             "description": "1 for first; equal scores share"}}}},
        },
    },
    "SessionClock": {
        "type": "object", "required": ["mode", "game_clock", "next_wake"],
        "description": "Real-time games only (Twenty-Four, James Bond's race): the game clock. On a "
                       "`server` clock game time is wall time since the session began and deadlines "
                       "expire on their own; on `turns` time passes only by `wait N` actions.",
        "properties": {
            "mode": {"type": "string", "enum": ["server", "turns"]},
            "game_clock": {"type": "integer", "description": "the game clock of this version, in seconds"},
            "next_wake": {"type": ["integer", "null"],
                          "description": "game time of the next event due with nobody acting (a deadline, "
                                         "a waiting seat's turn); null when none"},
            "now": {"type": "number", "description": "server clock: game time now, in seconds (fractional); "
                                                     "a page runs its clock on from it"},
            "reactions": {"type": "array", "description": "server clock: per seat, the bot's reaction "
                                                          "(null for a human seat)"},
        },
        "example": {"mode": "server", "game_clock": 12, "next_wake": 22, "now": 13.4,
                    "reactions": [None, "human"]},
    },
    "SessionVersion": {
        "type": "object", "required": ["id", "version", "over"],
        "properties": {"id": {"type": "string"}, "version": {"type": "integer"}, "over": {"type": "boolean"},
                       "clock": ref("SessionClock")},
    },
    "SessionView": {
        "type": "object",
        "required": ["id", "game", "seat", "seats", "version", "to_move", "over", "scores", "view",
                     "legal_actions", "log", "score_sheet", "options"],
        "properties": {
            "id": {"type": "string"}, "game": {"type": "string"},
            "seat": {"type": "integer", "description": "the seat of the token"},
            "seats": {"type": "array", "items": {"type": "string"}},
            "version": {"type": "integer", "description": "send it back with the next action"},
            "to_move": {"type": "array", "items": {"type": "integer"}},
            "over": {"type": "boolean"},
            "scores": {"type": "array", "description": "match scores, one per seat"},
            "view": {"type": "object", "description": "zones and public facts this seat may see"},
            "legal_actions": {"type": "array", "items": ref("Action"),
                              "description": "empty unless this seat is to move"},
            "log": {"type": "array", "items": ref("LogEntry"),
                    "description": "the actions so far as this seat may see them; while the match goes "
                                   "on, entries older than the game's review limit show their verb only"},
            "score_sheet": ref("ScoreSheet"),
            "options": {"type": "object"},
            "seed": {"type": "integer", "description": "only once the match is over"},
            "deal": {"description": "only once the match is over"},
            "clock": ref("SessionClock"),
        },
    },
    "ActionRequest": {
        "type": "object", "required": ["action", "version"], "additionalProperties": False,
        "properties": {"action": ref("ActionInput"),
                       "version": {"type": "integer", "description": "the session version the action was "
                                                                     "chosen at"}},
    },
    "Hint": {
        "type": "object", "required": ["action", "reason", "evaluation", "alternatives", "method"],
        "properties": {
            "action": ref("Action"), "reason": {"type": "string"},
            "evaluation": {"type": "object", "description": "exact or estimated value, with sample count"},
            "alternatives": {"type": "array", "items": {"type": "object"}},
            "method": {"type": "string", "enum": ["heuristic", "exact", "sampled", "oracle"]},
        },
    },
}

OPENAPI_PATHS = {
    "/api/v1/sessions": {"post": {
        "tags": ["sessions"], "operationId": "createSession", "summary": "Create a session",
        "description": "Start a whole match with humans and bots at the seats. Bots to move first play at "
                       "once. The answer holds one secret token per human seat: keep them, they are "
                       "shown only here.",
        "requestBody": json_body(ref("CreateSession"), {
            "game": "whist", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 7,
            "options": {"target": 5}}),
        "responses": {
            "201": json_response("Created", ref("SessionCreated"), {
                "id": "q3Jk8sY2mPzA0bLx", "game": "whist", "seats": ["human", "heuristic", "heuristic", "heuristic"],
                "options": {"target": 5, "honours": "auto", "rubber": False, "show_full_history": False},
                "version": 2, "tokens": {"0": "mV1t3YQ1bq0wJ8ZlH5cJm2cJx0W8k9dA"},
                "links": {"session": "/api/v1/sessions/q3Jk8sY2mPzA0bLx"}}),
            **problems(400, 413, 422)},
    }},
    "/api/v1/sessions/{session_id}": {"get": {
        "tags": ["sessions"], "operationId": "getSession", "summary": "View a session",
        "description": "The session as the token's seat sees it: its view, its legal actions (when to move) "
                       "and the log filtered for it.",
        "security": _SEAT_SECURITY, "parameters": [_SESSION_ID],
        "responses": {"200": json_response("The seat's view", ref("SessionView"), _VIEW_EXAMPLE),
                      **problems(400, 401, 403, 404)},
    }},
    "/api/v1/sessions/{session_id}/version": {"get": {
        "tags": ["sessions"], "operationId": "getSessionVersion", "summary": "Poll a session",
        "description": "The session's version (and clock, for real-time games), cheap enough to ask twice a "
                       "second: fetch the session again when it changed. On a server clock it also writes "
                       "any event that is due (a deadline, a bot's action).",
        "security": _SEAT_SECURITY, "parameters": [_SESSION_ID],
        "responses": {"200": json_response("The version", ref("SessionVersion"),
                                           {"id": "q3Jk8sY2mPzA0bLx", "version": 7, "over": False}),
                      **problems(400, 401, 403, 404)},
    }},
    "/api/v1/sessions/{session_id}/actions": {"post": {
        "tags": ["sessions"], "operationId": "postAction", "summary": "Take an action",
        "description": "Take the token's seat's action, chosen at `version`. The bots then reply until a "
                       "human is to act or the match is over (on a server clock: those whose reaction time "
                       "is up). A stale version, or a seat that is not to move, is refused with 409; an "
                       "illegal action with 422. Nothing changes on error. On a server clock a version "
                       "followed only by clock events and waits still counts.",
        "security": _SEAT_SECURITY, "parameters": [_SESSION_ID],
        "requestBody": json_body(ref("ActionRequest"), {"action": "play QS", "version": 3}),
        "responses": {"200": json_response("The seat's view after the action and the bots' replies",
                                           ref("SessionView"), _VIEW_EXAMPLE),
                      **problems(400, 401, 403, 404, 409, 413, 422)},
    }},
    "/api/v1/sessions/{session_id}/hint": {"get": {
        "tags": ["sessions"], "operationId": "getHint", "summary": "Ask for a hint",
        "description": "The recommended action for the token's seat, a reason, an evaluation and ranked "
                       "alternatives. The search budget is capped by the server.",
        "security": _SEAT_SECURITY,
        "parameters": [_SESSION_ID,
                       query_param("budget_ms", "time budget in milliseconds, clamped to 1 and the server "
                                   "maximum (`HINT_BUDGET_MS_MAX`); empty or absent: the server default",
                                   {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 0}]}, 500),
                       query_param("mode", "a hint method by name, for games that offer several "
                                   "(patience: `fair`, or `oracle` for a deal you typed in or a finished "
                                   "game); the game's default when absent", {"type": "string"}, "fair")],
        "responses": {"200": json_response("The hint", ref("Hint"), {
            "action": _ACTION, "reason": "third hand high", "evaluation": {},
            "alternatives": [{"action": {"kind": "play", "args": ["2S"], "notation": "play 2S"}}],
            "method": "heuristic"}),
            **problems(400, 401, 403, 404, 409, 422)},
    }},
}
