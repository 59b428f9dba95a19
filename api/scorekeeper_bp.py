"""The score keeper over HTTP: players, named tables, and each table's score sheet.

For games played at a real table. Players are kept once and reused (a name and a colour
each); a table plays one registered game with 2 to 8 of them in turn order. Every change
to a table's scores is a new event with who made it and when: hand entries, chip
transfers, corrections, deletions, the seeded random pick of the first dealer or of
partnerships, timers, and entries imported from a session played on this server. The
sheet (totals, standings, round counters, warnings) is computed from the events on every
read, never stored (:mod:`solvers.scorekeeping`).
"""

from __future__ import annotations

import re
import secrets
from typing import Any, Callable

from flask import Blueprint, Response, current_app, jsonify, request

from api.openapi import json_body, json_response, path_param, problems, query_param, ref
from api.scorekeeper_store import ScoreKeeperStore
from api.validation import json_object, only_fields
from solvers import games
from solvers.errors import CardsageError
from solvers.scorekeeping import MAX_HANDS, MAX_POINTS, MAX_TIMER_S, Sheet, check_event

blueprint = Blueprint("scorekeeper", __name__, url_prefix="/api/v1/scorekeeper")

MAX_PLAYERS = 500
MAX_TABLES = 500
MAX_EVENTS = 5000
SEATS_MIN, SEATS_MAX = 2, 8
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
# "at least one visible character" as JSON Schema's (ECMAScript's) \S reads it, which
# differs from Python's \S for a few control characters
WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
VISIBLE = f"[^{WHITESPACE}]"
NAME = re.compile(VISIBLE)
STRIP = "".join(chr(c) for c in (9, 10, 11, 12, 13, 32, 0xa0, 0x1680, *range(0x2000, 0x200b), 0x2028, 0x2029,
                                  0x202f, 0x205f, 0x3000, 0xfeff))
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
TABLE_ID = re.compile(r"^[0-9a-f]{16}$")


def _store() -> ScoreKeeperStore:
    store = current_app.extensions.get("cardsage.scorekeeper")
    if store is None:
        store = current_app.extensions["cardsage.scorekeeper"] = ScoreKeeperStore(
            current_app.extensions["cardsage.storage"])
    return store


# ---------------------------------------------------------------- reading the request


def _fields(data: dict, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    only_fields(data, allowed)
    for name in required:
        if name not in data:
            raise CardsageError(f"'{name}' is required", status=400, field=name)


def _text(data: dict, name: str, most: int, *, default: str | None = None, blank_ok: bool = False) -> str:
    value = data.get(name, default)
    if value is None:
        raise CardsageError(f"'{name}' is required (text)", status=400, field=name)
    if not isinstance(value, str) or len(value) > most or (not blank_ok and not NAME.search(value)):
        what = "text" if blank_ok else "text with at least one visible character"
        raise CardsageError(f"'{name}' must be {what}, at most {most} characters", status=400, field=name)
    return value.strip(STRIP)


def _by(data: dict) -> str:
    return _text(data, "by", 60, default="someone at the table")


def _table(table_id: str) -> dict:
    table = _store().table(table_id) if TABLE_ID.match(table_id) else None
    if table is None:
        raise CardsageError(f"no score-keeper table {table_id[:40]!r}", status=404, field="table_id")
    return table


def _sheet(table: dict) -> Sheet:
    players = _store().players(table["players"])
    game = games.get(table["game"])
    return Sheet(table["game"], players, game.low_score_wins, _store().events(table["id"]))


def _sheet_json(table: dict, order: str = "game") -> dict:
    return {"table": {k: table[k] for k in ("id", "name", "game", "created_at")}, **_sheet(table).to_json(order)}


def _event_request(table_id: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> tuple[dict, dict, str]:
    """The table, the checked body and who sends it: what every event request reads first."""
    table = _table(table_id)
    data = json_object()
    _fields(data, allowed, required)
    return table, data, _by(data)


def _checked(kind: str, body: dict, seats: int) -> Callable:
    def make(earlier):
        if len(earlier) >= MAX_EVENTS:
            raise CardsageError(f"a table keeps at most {MAX_EVENTS} events; start a new table", status=422,
                                field="table_id")
        return check_event(kind, body, seats, earlier)
    return make


def _append(table: dict, kind: str, body: dict, by: str) -> Any:
    event = _store().append(table["id"], kind, _checked(kind, body, len(table["players"])), by)
    response = jsonify({"event": event, "sheet": _sheet_json(table)})
    response.status_code = 201
    return response


# ---------------------------------------------------------------- players


@blueprint.get("/players")
def list_players():
    """Every player kept."""
    return jsonify({"players": _store().players()})


@blueprint.post("/players")
def add_player():
    """Keep a new player (a name, and a colour or the next of the palette)."""
    data = json_object()
    _fields(data, ("name", "colour"), ("name",))
    name = _text(data, "name", 60)
    known = _store().players()
    if len(known) >= MAX_PLAYERS:
        raise CardsageError(f"at most {MAX_PLAYERS} players are kept", status=422, field="name")
    colour = data.get("colour", PALETTE[len(known) % len(PALETTE)])
    if not isinstance(colour, str) or not COLOUR.match(colour):
        raise CardsageError("colour must be written like #1f77b4", status=400, field="colour")
    response = jsonify(_store().add_player(name, colour.lower()))
    response.status_code = 201
    return response


# ---------------------------------------------------------------- tables


@blueprint.get("/tables")
def list_tables():
    """Every table, newest first, with its players."""
    store = _store()
    players = {p["id"]: p for p in store.players()}
    return jsonify({"tables": [{**table, "players": [players[i] for i in table["players"] if i in players]}
                               for table in store.tables()]})


@blueprint.post("/tables")
def add_table():
    """Open a table: a name, a registered game, and its players in turn order."""
    data = json_object()
    _fields(data, ("name", "game", "players"), ("name", "game", "players"))
    name = _text(data, "name", 80)
    game = data["game"]
    if not isinstance(game, str) or game not in games.names():
        raise CardsageError(f"game must be one of {', '.join(games.names())}", status=400, field="game")
    ids = data["players"]
    if (not isinstance(ids, list) or not SEATS_MIN <= len(ids) <= SEATS_MAX
            or not all(isinstance(i, str) and len(i) <= 32 for i in ids)):
        raise CardsageError(f"players must list {SEATS_MIN} to {SEATS_MAX} player ids in turn order",
                            status=400, field="players")
    if len(set(ids)) != len(ids):
        raise CardsageError("a player sits at a table only once", status=400, field="players")
    known = {p["id"] for p in _store().players(ids)}
    missing = [i for i in ids if i not in known]
    if missing:
        raise CardsageError(f"no player {missing[0][:32]!r}; add players first", field="players")
    low, high = _seat_range(game)
    if not low <= len(ids) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise CardsageError(f"{game} is played by {count} players, not {len(ids)}", field="players")
    if len(_store().tables()) >= MAX_TABLES:
        raise CardsageError(f"at most {MAX_TABLES} tables are kept", status=422, field="name")
    table = _store().add_table(name, game, ids)
    response = jsonify(_sheet_json(table))
    response.status_code = 201
    return response


def _seat_range(name: str) -> tuple[int, int]:
    info = games.get(name).info()
    return info.min_players, info.max_players


@blueprint.get("/tables/<table_id>")
def get_sheet(table_id: str):
    """The table's sheet: hands, running totals, standings, round counters, warnings, events."""
    unknown = sorted(k for k in request.args if k != "order")
    if unknown:
        raise CardsageError(f"unknown query parameter(s): {', '.join(k[:30] for k in unknown[:5])}; accepted: order",
                            status=400, field=unknown[0][:30])
    order = request.args.get("order", "game")
    if order not in ("game", "turn"):
        raise CardsageError("order must be game (the game's own direction) or turn (turn order)",
                            status=400, field="order")
    return jsonify(_sheet_json(_table(table_id), order))


@blueprint.get("/tables/<table_id>/sheet.csv")
def sheet_csv(table_id: str):
    """The sheet as CSV: a row per hand, a column per player, the totals last."""
    table = _table(table_id)
    safe = re.sub(r"[^A-Za-z0-9_-]+", "-", table["name"]).strip("-") or "sheet"
    return Response(_sheet(table).csv(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{safe}.csv"'})


def _next_hand(table: dict, seats: list[int]) -> int:
    rows = _sheet(table).rows()
    taken = [h for h, row in rows.items() if any(s in row for s in seats)]
    return (max(taken) + 1) if taken else 1


@blueprint.post("/tables/<table_id>/entries")
def add_entry(table_id: str):
    """Points of one hand for some or all seats (the hand defaults to those seats' next)."""
    table, data, by = _event_request(table_id, ("hand", "scores", "by"), ("scores",))
    scores = data["scores"]
    if not isinstance(scores, dict) or not scores:
        raise CardsageError("scores must be an object of seat number to points, e.g. {\"0\": 12}",
                            status=400, field="scores")
    seats = [int(k) for k in scores if isinstance(k, str) and k.isdigit()]
    body = {"hand": data.get("hand", _next_hand(table, seats)), "scores": scores}
    return _append(table, "entry", body, by)


@blueprint.post("/tables/<table_id>/transfers")
def add_transfer(table_id: str):
    """Chips from one seat to another in a hand (stake games)."""
    table, data, by = _event_request(table_id, ("hand", "from", "to", "amount", "by"), ("from", "to", "amount"))
    body = {k: data[k] for k in ("from", "to", "amount") if k in data}
    if "hand" in data:
        body["hand"] = data["hand"]
    else:
        rows = _sheet(table).rows()
        body["hand"] = max(rows) if rows else 1
    return _append(table, "transfer", body, by)


@blueprint.post("/tables/<table_id>/corrections")
def add_correction(table_id: str):
    """New numbers for an earlier entry (``scores``) or transfer (``amount``), with a reason."""
    table, data, by = _event_request(table_id, ("of", "scores", "amount", "reason", "by"), ("of",))
    return _append(table, "correction", dict(data), by)


@blueprint.post("/tables/<table_id>/deletions")
def add_deletion(table_id: str):
    """An earlier entry or transfer stops counting (it stays in the history)."""
    table, data, by = _event_request(table_id, ("of", "reason", "by"), ("of",))
    return _append(table, "delete", dict(data), by)


@blueprint.post("/tables/<table_id>/picks")
def add_pick(table_id: str):
    """A seeded random pick of the first dealer or of partnerships, recorded with its seed."""
    table, data, by = _event_request(table_id, ("what", "seed", "by"), ("what",))
    if data["what"] not in ("dealer", "partners"):
        raise CardsageError("what must be dealer or partners", status=400, field="what")
    body = {"what": data["what"], "seed": data.get("seed", secrets.randbelow(2 ** 32))}
    return _append(table, "pick", body, by)


@blueprint.post("/tables/<table_id>/timers")
def add_timer(table_id: str):
    """Start a countdown (an answer window, a turn clock); the sheet shows what is left."""
    table, data, by = _event_request(table_id, ("seconds", "label", "by"), ("seconds",))
    return _append(table, "timer", {"seconds": data["seconds"], "label": data.get("label", "")}, by)


@blueprint.post("/tables/<table_id>/imports")
def import_session(table_id: str):
    """Feed the sheet from a session played on this server: one entry per finished hand's
    scoring not imported before (the session must be of the table's game and size)."""
    table, data, by = _event_request(table_id, ("session", "by"), ("session",))
    session_id = data["session"]
    if not isinstance(session_id, str) or not 1 <= len(session_id) <= 64:
        raise CardsageError("session must be a session id", status=400, field="session")
    service = current_app.extensions["cardsage.sessions"]
    match = service.match(session_id)
    if match.game != table["game"] or len(match.seats) != len(table["players"]):
        raise CardsageError(f"session {session_id} is {match.game} for {len(match.seats)}; this table is "
                            f"{table['game']} for {len(table['players'])}", field="session")
    state = service.current(match).state
    per_hand: dict[int, dict[str, float]] = {}
    for event in state.score_events():
        row = per_hand.setdefault(event.hand, {})
        for seat in event.seats:
            row[str(seat)] = row.get(str(seat), 0) + event.points
    done = {e["body"]["hand"] for e in _store().events(table["id"])
            if e["kind"] == "entry" and e["body"].get("source") == f"session {session_id}"}
    events = []
    for hand, scores in sorted(per_hand.items()):
        if hand in done or not scores:
            continue
        # the engine scored the whole hand: a seat it gave nothing scored 0
        body = {"hand": hand, "scores": {str(s): scores.get(str(s), 0) for s in range(len(table["players"]))}}
        checked = _store().append(table["id"], "entry",
                                  _with_source(body, len(table["players"]), f"session {session_id}"), by)
        events.append(checked)
    response = jsonify({"imported": len(events), "events": events, "sheet": _sheet_json(table)})
    response.status_code = 201
    return response


def _with_source(body: dict, seats: int, source: str) -> Callable:
    checked = _checked("entry", body, seats)

    def make(earlier):
        return {**checked(earlier), "source": source}
    return make


# ---------------------------------------------------------------- OpenAPI

_BY = {"type": "string", "maxLength": 60, "pattern": VISIBLE, "description": "who makes this change (the audit trail)"}
_SEAT_SCORES = {"type": "object", "minProperties": 1,
                "propertyNames": {"pattern": "^[0-9]{1,2}$"},
                "additionalProperties": {"type": "number", "minimum": -MAX_POINTS, "maximum": MAX_POINTS},
                "description": "points by seat number (0 = first in turn order); seats outside the table are "
                               "refused"}
_HAND = {"type": "integer", "minimum": 1, "maximum": MAX_HANDS}


def _post(op: str, summary: str, description: str, schema: dict, example: dict, answer: str = "EventAdded",
          errors=(400, 404, 422)) -> dict:
    return {"post": {"tags": ["scorekeeper"], "operationId": op, "summary": summary, "description": description,
                     "parameters": [path_param("table_id", "the table's id", "3f2a9c0b1d4e5f60")],
                     "requestBody": json_body(schema, example),
                     "responses": {"201": json_response(summary, ref(answer)), **problems(*errors)}}}


def _obj(required: list[str], **props) -> dict:
    return {"type": "object", "required": required, "additionalProperties": False, "properties": props}


OPENAPI_SCHEMAS = {
    "Player": _obj(["id", "name", "colour"], id={"type": "string"}, name={"type": "string"},
                   colour={"type": "string"}),
    "ScoreKeeperEvent": {
        "type": "object", "required": ["seq", "kind", "body", "by", "at", "chain"],
        "description": "One change to a table's scores: never edited, each chained to the one before by a "
                       "sha256 hash",
        "properties": {"seq": {"type": "integer"}, "kind": {"type": "string", "enum": list(
            ("entry", "transfer", "correction", "delete", "pick", "timer"))},
            "body": {"type": "object"}, "by": {"type": "string"}, "at": {"type": "string"},
            "chain": {"type": "string"}},
    },
    "ScoreKeeperSheet": {
        "type": "object",
        "required": ["table", "game", "players", "rows", "totals", "standings", "hands_entered", "warnings",
                     "events"],
        "description": "A table's sheet, computed from its events: a row per hand (points and running totals "
                       "per seat), totals, standings (the game's direction or turn order), hands entered per "
                       "seat, warnings (a hand off the game's checksum, a missing entry, a broken chain), "
                       "picks, timers and every event",
        "properties": {"table": {"type": "object"}, "game": {"type": "string"},
                       "players": {"type": "array", "items": ref("Player")},
                       "rows": {"type": "array"}, "totals": {"type": "array"}, "standings": {"type": "array"},
                       "hands_entered": {"type": "array"}, "warnings": {"type": "array"},
                       "events": {"type": "array", "items": ref("ScoreKeeperEvent")}},
    },
    "EventAdded": {"type": "object", "required": ["event", "sheet"],
                   "properties": {"event": ref("ScoreKeeperEvent"), "sheet": ref("ScoreKeeperSheet")}},
    "SessionImported": {"type": "object", "required": ["imported", "events", "sheet"],
                        "properties": {"imported": {"type": "integer"},
                                       "events": {"type": "array", "items": ref("ScoreKeeperEvent")},
                                       "sheet": ref("ScoreKeeperSheet")}},
}

_TABLE_PARAM = [path_param("table_id", "the table's id", "3f2a9c0b1d4e5f60")]

OPENAPI_PATHS = {
    "/api/v1/scorekeeper/players": {
        "get": {"tags": ["scorekeeper"], "operationId": "listScoreKeeperPlayers", "summary": "Players kept",
                "description": "Every player kept for the score keeper, oldest first: an id, a name and a colour.",
                "responses": {"200": json_response("Every player", {
                    "type": "object", "required": ["players"],
                    "properties": {"players": {"type": "array", "items": ref("Player")}}})}},
        "post": {"tags": ["scorekeeper"], "operationId": "addScoreKeeperPlayer", "summary": "Keep a player",
                 "description": "A name, and a colour (#rrggbb) or the next of the palette.",
                 "requestBody": json_body(_obj(["name"], name={"type": "string", "maxLength": 60, "pattern": VISIBLE},
                                               colour={"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"}),
                                          {"name": "Anna", "colour": "#1f77b4"}),
                 "responses": {"201": json_response("The player", ref("Player")), **problems(400, 422)}},
    },
    "/api/v1/scorekeeper/tables": {
        "get": {"tags": ["scorekeeper"], "operationId": "listScoreKeeperTables", "summary": "Tables kept",
                "description": "Every score-keeper table, newest first, with its game and its players in turn order.",
                "responses": {"200": json_response("Every table, newest first", {
                    "type": "object", "required": ["tables"], "properties": {"tables": {"type": "array"}}})}},
        "post": {"tags": ["scorekeeper"], "operationId": "addScoreKeeperTable", "summary": "Open a table",
                 "description": "A name, a registered game and 2 to 8 kept players in turn order (the game's own "
                                "player count applies).",
                 "requestBody": json_body(_obj(["name", "game", "players"],
                                               name={"type": "string", "maxLength": 80, "pattern": VISIBLE},
                                               game={"type": "string", "enum": games.names()},
                                               players={"type": "array", "minItems": SEATS_MIN, "maxItems": SEATS_MAX,
                                                        "uniqueItems": True,
                                                        "items": {"type": "string", "maxLength": 32}}),
                                          {"name": "Friday Tëtka", "game": "tetka",
                                           "players": ["a1", "b2", "c3", "d4"]}),
                 "responses": {"201": json_response("The new table's sheet", ref("ScoreKeeperSheet")),
                               **problems(400, 422)}},
    },
    "/api/v1/scorekeeper/tables/{table_id}": {"get": {
        "tags": ["scorekeeper"], "operationId": "getScoreKeeperSheet", "summary": "The score sheet of a table",
        "description": ("The sheet computed from the table's events: a row per hand with running totals, the "
                        "standings (the game's own direction, or turn order), hands entered per seat, warnings, "
                        "picks, timers and every event."),
        "parameters": [*_TABLE_PARAM, query_param("order", "game: the game's own direction (default); turn: turn "
                                                  "order", {"type": "string", "enum": ["game", "turn"]}, "game")],
        "responses": {"200": json_response("The sheet", ref("ScoreKeeperSheet")), **problems(400, 404)}}},
    "/api/v1/scorekeeper/tables/{table_id}/sheet.csv": {"get": {
        "tags": ["scorekeeper"], "operationId": "getScoreKeeperCsv", "summary": "The sheet of a table as CSV",
        "description": "A row per hand, a column per player in turn order, the totals last.",
        "parameters": _TABLE_PARAM,
        "responses": {"200": {"description": "A row per hand, a column per player, totals last",
                              "content": {"text/csv": {"schema": {"type": "string"}}}}, **problems(404)}}},
    "/api/v1/scorekeeper/tables/{table_id}/entries": _post(
        "addScoreKeeperEntry", "Enter the points of a hand",
        "Points for some or all seats in one hand; `hand` defaults to the next hand of the seats given.",
        _obj(["scores"], hand=_HAND, scores=_SEAT_SCORES, by=_BY), {"hand": 1, "scores": {"0": 2, "1": 3}}),
    "/api/v1/scorekeeper/tables/{table_id}/transfers": _post(
        "addScoreKeeperTransfer", "Record chips changing hands",
        "Chips from one seat to another (stake games keep balances); `hand` defaults to the latest hand.",
        _obj(["from", "to", "amount"], hand=_HAND, **{"from": {"type": "integer", "minimum": 0, "maximum": 7},
                                                     "to": {"type": "integer", "minimum": 0, "maximum": 7}},
             amount={"type": "number", "exclusiveMinimum": 0, "maximum": MAX_POINTS}, by=_BY),
        {"from": 1, "to": 0, "amount": 5}),
    "/api/v1/scorekeeper/tables/{table_id}/corrections": _post(
        "addScoreKeeperCorrection", "Correct an entry or a transfer",
        "New `scores` for an earlier entry, or a new `amount` for a transfer; the old numbers stay in the history.",
        _obj(["of"], of={"type": "integer", "minimum": 1}, scores=_SEAT_SCORES,
             amount={"type": "number", "exclusiveMinimum": 0, "maximum": MAX_POINTS},
             reason={"type": "string", "maxLength": 500}, by=_BY),
        {"of": 3, "scores": {"0": 4, "1": 1}, "reason": "the queen was in trick 9"}),
    "/api/v1/scorekeeper/tables/{table_id}/deletions": _post(
        "addScoreKeeperDeletion", "Delete an entry or a transfer",
        "The entry stops counting; it stays in the history with who deleted it and why.",
        _obj(["of"], of={"type": "integer", "minimum": 1}, reason={"type": "string", "maxLength": 500}, by=_BY),
        {"of": 3, "reason": "entered twice"}),
    "/api/v1/scorekeeper/tables/{table_id}/picks": _post(
        "addScoreKeeperPick", "Pick the first dealer or partnerships",
        "A random pick from a seed (given, or drawn and recorded), so anyone can check it.",
        _obj(["what"], what={"type": "string", "enum": ["dealer", "partners"]},
             seed={"type": "integer", "minimum": 0, "maximum": 2 ** 63 - 1}, by=_BY), {"what": "dealer"}),
    "/api/v1/scorekeeper/tables/{table_id}/timers": _post(
        "addScoreKeeperTimer", "Start a timer",
        "A countdown (an answer window, a turn clock); the sheet shows the seconds left.",
        _obj(["seconds"], seconds={"type": "integer", "minimum": 1, "maximum": MAX_TIMER_S},
             label={"type": "string", "maxLength": 80}, by=_BY), {"seconds": 60, "label": "answer window"}),
    "/api/v1/scorekeeper/tables/{table_id}/imports": _post(
        "importScoreKeeperSession", "Feed the sheet from a session",
        "One entry per hand of a session of this server (same game, same number of players) not imported "
        "before.", _obj(["session"], session={"type": "string", "minLength": 1, "maxLength": 64}, by=_BY),
        {"session": "9b1c0e7d2a3f4b5c"}, answer="SessionImported"),
}
