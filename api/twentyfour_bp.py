"""Twenty-Four over HTTP: solve a deal, check an answer, analyse a position, hints, deals."""

from __future__ import annotations

import os

from flask import Blueprint, jsonify, request

from api.openapi import json_body, json_response, problems, query_param, ref
from api.validation import integral, json_object, only_fields, whole_number_text
from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.twentyfour import analyse, check, hint_ladder, parse_numbers, random_deal, solve
from solvers.twentyfour.difficulty import TIERS

blueprint = Blueprint("twentyfour", __name__, url_prefix="/api/v1/twentyfour")

MAX_LISTED = 500
"""Solutions listed in one answer at most (``count`` is always the full number)."""

HEAVY_LIMIT = 5
"""Most numbers accepted with power or concatenation: six take seconds, over the budget."""


# ---------------------------------------------------------------- reading the inputs


# the fields of a JSON body; any other (a misspelt `operator`) is refused rather than
# ignored. A query string's unknown parameters are left alone, as the web's custom is.
SOLVE_FIELDS = ("cards", "target", "operators", "power", "concat")


def _inputs(body_fields: tuple[str, ...] = ()) -> dict:
    """The request's fields: the JSON body of a POST (400 for a field not in
    ``body_fields``), the query string of a GET (its unknown parameters left alone)."""
    if request.method == "POST":
        data = json_object()
        only_fields(data, body_fields)
        return data
    return {key: value for key, value in request.args.items()}


def _flag(data: dict, name: str) -> bool:
    value = data.get(name, False)
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "yes", "false", "0", "no", ""):
        return value.lower() in ("true", "1", "yes")
    raise CardsageError(f"'{name}' must be true or false, got {str(value)[:40]!r}", status=400, field=name)


def _cards(data: dict, name: str = "cards"):
    value = data.get(name)
    if value is None or value == "" or value == []:
        raise CardsageError(f"'{name}' is required, e.g. {name}=3,3,8,8", status=400, field=name)
    if not isinstance(value, (str, list)):
        raise CardsageError(f"'{name}' must be text like '3,3,8,8' or a list", status=400, field=name)
    if isinstance(value, list):   # 8.0 is the integer 8, as in the JSON schema
        value = [item if integral(item) is None else integral(item) for item in value]
    try:
        numbers = parse_numbers(value)
    except CardsageError as error:
        raise CardsageError(error.message, status=422, field=name) from None
    return numbers


def _target(data: dict):
    value = data.get("target", 24)
    if integral(value) is not None:
        value = integral(value)
    if isinstance(value, bool) or not isinstance(value, (int, str)) or value == "":
        raise CardsageError("'target' must be a number such as 24, -3 or 5/2", status=400, field="target")
    return value


def _options(data: dict, count: int) -> dict:
    operators = data.get("operators", "+-*/")
    if not isinstance(operators, str):
        raise CardsageError("'operators' must be text such as '+-*/'", status=400, field="operators")
    # a '+' in a query string arrives as a space
    operators = operators.replace(" ", "+") if request.method == "GET" else operators
    opts = {"operators": operators, "allow_power": _flag(data, "power"),
            "allow_concat": _flag(data, "concat")}
    if (opts["allow_power"] or opts["allow_concat"]) and count > HEAVY_LIMIT:
        raise CardsageError(f"with power or concatenation at most {HEAVY_LIMIT} numbers are solved "
                            f"within the server's time budget; got {count}", field="cards")
    return opts


def _run(function, *args, **kwargs):
    """Call the solver, naming the input a problem comes from."""
    try:
        return function(*args, **kwargs)
    except CardsageError as error:
        field = {"numbers": "cards", "value": "values"}.get(error.field, error.field)
        raise CardsageError(error.message, status=error.status, field=field) from None


# ---------------------------------------------------------------- endpoints


@blueprint.route("/solve", methods=["GET", "POST"])
def solve_deal():
    """Every distinct solution of a deal, the preferred one and the difficulty."""
    data = _inputs(SOLVE_FIELDS)
    cards = _cards(data)
    result = _run(solve, cards, _target(data), **_options(data, len(cards))).to_json()
    if result["count"] > MAX_LISTED:
        result["solutions"] = result["solutions"][:MAX_LISTED]
        result["pretty_solutions"] = result["pretty_solutions"][:MAX_LISTED]
    result["truncated"] = result["count"] > MAX_LISTED
    result["features"] = result["difficulty_features"]
    return jsonify(result)


@blueprint.post("/check")
def check_answer():
    """Whether a typed expression uses each card once and makes the target."""
    data = _inputs((*SOLVE_FIELDS, "expression"))
    cards = _cards(data)
    expression = data.get("expression")
    if not isinstance(expression, str) or not expression.strip():
        raise CardsageError("'expression' is required, e.g. \"8/(3-8/3)\"", status=400, field="expression")
    if len(expression) > 500:
        raise CardsageError("'expression' is longer than 500 characters", field="expression")
    verdict = _run(check, expression, cards, _target(data), **_options(data, len(cards)))
    if verdict.value is None:
        where = f" (at character {verdict.position + 1})" if verdict.position is not None else ""
        raise CardsageError(f"the expression cannot be used: {verdict.message}{where}", field="expression")
    return jsonify({"cards": cards, "expression": expression, **verdict.to_json()})


@blueprint.get("/analyse")
def analyse_position():
    """Each next step from a position (values may be fractions) and whether 24 stays reachable."""
    data = _inputs()
    raw = data.get("values") or data.get("cards")
    if not raw:
        raise CardsageError("'values' is required, e.g. values=8/3,3,8", status=400, field="values")
    values = [v for v in raw.replace(";", ",").split(",") if v.strip()]
    if not 1 <= len(values) <= 6:
        raise CardsageError(f"a position has 1 to 6 values, got {len(values)}", field="values")
    opts = _options(data, len(values))
    opts.pop("allow_concat")
    steps = _run(analyse, [v.strip() for v in values], _target(data), **opts)
    moves = [step.to_json() for step in steps]
    return jsonify({"values": [v.strip() for v in values], "target": str(data.get("target", 24)),
                    "solvable": any(m["solvable"] for m in moves) if moves else None, "moves": moves})


@blueprint.get("/hint")
def hint():
    """The hint ladder: five rungs, each giving away more."""
    data = _inputs()
    cards = _cards(data)
    rungs = _run(hint_ladder, cards, _target(data), **_options(data, len(cards)))
    return jsonify({"cards": cards, "rungs": rungs})


@blueprint.get("/deal")
def deal():
    """A random deal of four cards (ace to king), optionally solvable or of a difficulty."""
    data = _inputs()
    solvable = None if "solvable" not in data else _flag(data, "solvable")
    difficulty = data.get("difficulty") or None
    if difficulty is not None and difficulty not in TIERS:
        raise CardsageError(f"unknown difficulty {difficulty!r}: use one of {', '.join(TIERS)}",
                            field="difficulty")
    if difficulty == "none" and solvable:
        raise CardsageError("a deal of difficulty 'none' has no solution, so it cannot also be "
                            "solvable", field="difficulty")
    seed_text = data.get("seed")
    if seed_text in (None, ""):
        seed = int.from_bytes(os.urandom(6), "big")
    else:
        try:
            seed = int(seed_text)
        except ValueError:
            seed = whole_number_text(seed_text)
        if seed is None:
            raise CardsageError(f"'seed' must be an integer, got {seed_text[:40]!r}", status=400,
                                field="seed")
    max_number = data.get("max", "13")
    if max_number not in ("10", "13"):
        raise CardsageError("'max' must be 10 (the Twenty-Four card pack) or 13", field="max")
    cards = _run(random_deal, Rng(seed), solvable=solvable, difficulty=difficulty,
                 max_number=int(max_number))
    result = solve(cards)
    return jsonify({"cards": cards, "seed": seed, "solvable": result.solvable,
                    "difficulty": result.difficulty, "count": result.count})


# ---------------------------------------------------------------- OpenAPI

_CARDS = {**query_param("cards", "the deal: 2 to 6 numbers (0 to 10000), faces or cards (`3,3,8,8`, "
                                 "`A,K,Q,J`, `AS 10d QH`); anything else is 422", {"type": "string", "minLength": 1},
                        "3,3,8,8"), "required": True}
_TARGET = query_param("target", "the number to make (default 24); fractions like `5/2` allowed",
                      {"type": "string", "minLength": 1}, "24")
# a flag in a query string: true/false, 1/0, yes/no (any case); empty is false
_QUERY_FLAG = {"type": "string", "pattern": "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|1|0|[Yy][Ee][Ss]|[Nn][Oo])?$"}
_POWER = query_param("power", "allow `^` (whole exponents 0 to 8): true or false", _QUERY_FLAG, "false")
_CONCAT = query_param("concat", "allow writing cards side by side (`1` and `3` → `13`): true or false",
                      _QUERY_FLAG, "false")
# the operators and their aliases (− × x ÷); spaces are ignored, and in a query string a `+` arrives as a space
_OPERATOR_CHARS = r"+\-*/−×x÷"
_OPERATORS_BODY = {"type": "string", "pattern": f"^[ {_OPERATOR_CHARS}]*[{_OPERATOR_CHARS}][ {_OPERATOR_CHARS}]*$",
                   "description": "the operators allowed, at least one of `+-*/` (also `−`, `×`, `x`, `÷`)"}
_OPERATORS = query_param("operators", "the operators allowed, at least one of `+-*/` (also `−`, `×`, `x`, `÷`)",
                         {"type": "string", "pattern": f"^[ {_OPERATOR_CHARS}]+$"}, "+-*/")

_SOLUTION_EXAMPLE = {
    "numbers": [3, 3, 8, 8], "target": "24", "solvable": True, "count": 1,
    "solutions": ["8 / (3 - 8 / 3)"], "pretty_solutions": ["8 ÷ (3 − 8 ÷ 3)"],
    "preferred": "8 / (3 - 8 / 3)", "preferred_pretty": "8 ÷ (3 − 8 ÷ 3)", "difficulty": "expert",
    "difficulty_features": {"solutions": 1, "needs_fraction": True, "largest_intermediate": "24",
                            "last_op_division": True, "score": 6},
    "options": {"operators": "+-*/", "allow_power": False, "allow_concat": False},
    "truncated": False,
}

_CARDS_BODY = {
    "description": "the deal: 2 to 6 numbers (0 to 10000), faces or cards, as text (`3,3,8,8`, `A K Q J`, "
                   "`AS 10d QH`) or a list; text that reads as no number or card is 422",
    "oneOf": [{"type": "string", "minLength": 1},
              {"type": "array", "minItems": 2, "maxItems": 6,
               "items": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 10_000}, {"type": "string"}]}}]}

OPENAPI_SCHEMAS = {
    "TwentyFourSolution": {
        "type": "object",
        "required": ["numbers", "target", "solvable", "count", "solutions", "difficulty"],
        "properties": {
            "numbers": {"type": "array", "items": {"type": "integer"}},
            "target": {"type": "string", "description": "the target as text (fractions survive)"},
            "solvable": {"type": "boolean"},
            "count": {"type": "integer", "description": "number of distinct solutions"},
            "solutions": {"type": "array", "items": {"type": "string"},
                          "description": f"distinct solutions, most readable first (at most {MAX_LISTED})"},
            "pretty_solutions": {"type": "array", "items": {"type": "string"}},
            "preferred": {"type": ["string", "null"]},
            "preferred_pretty": {"type": ["string", "null"]},
            "difficulty": {"type": "string", "enum": list(TIERS)},
            "difficulty_features": {"type": "object"},
            "features": {"type": "object", "description": "same as difficulty_features"},
            "options": {"type": "object"},
            "truncated": {"type": "boolean", "description": "true when more solutions exist than listed"},
        },
    },
    "TwentyFourSolveRequest": {
        "type": "object", "required": ["cards"], "additionalProperties": False,
        "properties": {
            "cards": _CARDS_BODY,
            "target": {"oneOf": [{"type": "integer"}, {"type": "string", "minLength": 1}],
                       "description": "the number to make (default 24); fractions like `5/2` allowed"},
            "operators": _OPERATORS_BODY, "power": {"type": "boolean"}, "concat": {"type": "boolean"},
        },
    },
    "TwentyFourCheckRequest": {
        "type": "object", "required": ["cards", "expression"], "additionalProperties": False,
        "properties": {
            "cards": _CARDS_BODY,
            "expression": {"type": "string", "maxLength": 500},
            "target": {"oneOf": [{"type": "integer"}, {"type": "string", "minLength": 1}],
                       "description": "the number to make (default 24); fractions like `5/2` allowed"},
            "operators": _OPERATORS_BODY, "power": {"type": "boolean"}, "concat": {"type": "boolean"},
        },
    },
    "TwentyFourCheck": {
        "type": "object", "required": ["ok", "value", "message", "position"],
        "properties": {
            "cards": {"type": "array", "items": {"type": "integer"}},
            "expression": {"type": "string"},
            "ok": {"type": "boolean"},
            "value": {"type": ["string", "null"], "description": "what the expression makes, when it parses"},
            "message": {"type": "string"},
            "position": {"type": ["integer", "null"], "description": "0-based character of the problem"},
        },
    },
    "TwentyFourAnalysis": {
        "type": "object",
        "properties": {
            "values": {"type": "array", "items": {"type": "string"}},
            "target": {"type": "string"},
            "solvable": {"type": ["boolean", "null"]},
            "moves": {"type": "array", "items": {"type": "object", "properties": {
                "i": {"type": "integer"}, "j": {"type": "integer"}, "left": {"type": "string"},
                "op": {"type": "string"}, "right": {"type": "string"}, "result": {"type": "string"},
                "remaining": {"type": "array", "items": {"type": "string"}},
                "solvable": {"type": "boolean", "description": "✓ when the target stays reachable"}}}},
        },
    },
    "TwentyFourHint": {
        "type": "object",
        "properties": {"cards": {"type": "array", "items": {"type": "integer"}},
                       "rungs": {"type": "array", "items": {"type": "object", "properties": {
                           "rung": {"type": "integer"}, "title": {"type": "string"},
                           "text": {"type": "string"}}}}},
    },
    "TwentyFourDeal": {
        "type": "object",
        "properties": {"cards": {"type": "array", "items": {"type": "integer"}},
                       "seed": {"type": "integer"}, "solvable": {"type": "boolean"},
                       "difficulty": {"type": "string"}, "count": {"type": "integer"}},
    },
}

_SOLVE_DESCRIPTION = ("Every distinct solution (up to commutativity, associativity and wasted cards). "
                      f"With power or concatenation at most {HEAVY_LIMIT} numbers are accepted.")

OPENAPI_PATHS = {
    "/api/v1/twentyfour/solve": {
        "get": {"tags": ["twentyfour"], "operationId": "solveTwentyFour", "summary": "Solve a deal",
                "description": _SOLVE_DESCRIPTION,
                "parameters": [_CARDS, _TARGET, _POWER, _CONCAT, _OPERATORS],
                "responses": {"200": json_response("The solutions", ref("TwentyFourSolution"), _SOLUTION_EXAMPLE),
                              **problems(400, 422)}},
        "post": {"tags": ["twentyfour"], "operationId": "solveTwentyFourBody", "summary": "Solve a deal (JSON)",
                 "description": _SOLVE_DESCRIPTION,
                 "requestBody": json_body(ref("TwentyFourSolveRequest"), {"cards": [3, 3, 8, 8], "target": 24}),
                 "responses": {"200": json_response("The solutions", ref("TwentyFourSolution"), _SOLUTION_EXAMPLE),
                               **problems(400, 422)}},
    },
    "/api/v1/twentyfour/check": {"post": {
        "tags": ["twentyfour"], "operationId": "checkTwentyFour", "summary": "Check a typed answer",
        "description": "A wrong value is `ok: false` with the value it makes; a malformed expression, or one "
                       "that does not use each card once, is a 422 problem naming the character.",
        "requestBody": json_body(ref("TwentyFourCheckRequest"), {"cards": "3,3,8,8", "expression": "8/(3-8/3)"}),
        "responses": {"200": json_response("The verdict", ref("TwentyFourCheck"),
                                           {"cards": [3, 3, 8, 8], "expression": "8/(3-8/3)", "ok": True,
                                            "value": "24", "message": "correct: that makes 24", "position": None}),
                      **problems(400, 422)},
    }},
    "/api/v1/twentyfour/analyse": {"get": {
        "tags": ["twentyfour"], "operationId": "analyseTwentyFour", "summary": "Analyse a position",
        "description": "Every step (two values and an operator) with ✓ when the target stays reachable.",
        "parameters": [{**query_param("values", "the values left (1 to 6); fractions allowed",
                                      {"type": "string", "minLength": 1}, "8/3,3,8"), "required": True},
                       _TARGET, _POWER, _OPERATORS],
        "responses": {"200": json_response("The steps", ref("TwentyFourAnalysis")), **problems(400, 422)},
    }},
    "/api/v1/twentyfour/hint": {"get": {
        "tags": ["twentyfour"], "operationId": "hintTwentyFour", "summary": "Hint ladder",
        "description": "Five hints, each giving away more: solvable? → how many and how hard → "
                       "the last operation → the first step → the whole solution.",
        "parameters": [_CARDS, _TARGET, _POWER, _CONCAT, _OPERATORS],
        "responses": {"200": json_response("The ladder", ref("TwentyFourHint")), **problems(400, 422)},
    }},
    "/api/v1/twentyfour/deal": {"get": {
        "tags": ["twentyfour"], "operationId": "dealTwentyFour", "summary": "Random deal",
        "description": "Four numbers from a pack of four of each value; filters redeal until one fits "
                       "(422 when none is found).",
        "parameters": [query_param("solvable", "only solvable (true) or unsolvable (false) deals", _QUERY_FLAG,
                                   "true"),
                       query_param("difficulty", "only deals of this tier (empty: any)",
                                   {"type": "string", "enum": [*TIERS, ""]}),
                       query_param("seed", "seed for a repeatable deal (empty: a random one)",
                                   {"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 0}]}, 7),
                       query_param("max", "highest card: 13 (ace to king) or 10 (the game's pack)",
                                   {"type": "integer", "enum": [10, 13]}, 13)],
        "responses": {"200": json_response("The deal", ref("TwentyFourDeal")), **problems(400, 422)},
    }},
}
