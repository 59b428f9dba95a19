"""Request validation helpers: read a JSON object body and typed fields with clear errors."""

from __future__ import annotations

import json
from typing import Any, Mapping

from flask import request

from solvers.errors import CardsageError

_MISSING = object()


def _reject_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def json_body() -> Any:
    """The request body parsed as JSON (any content type); 400 when it is not JSON."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise CardsageError("the request body is empty; send a JSON object", status=400)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardsageError(f"the request body is not UTF-8 text (byte {exc.start})", status=400) from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise CardsageError(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                            status=400) from None
    except (ValueError, RecursionError) as exc:
        # huge numbers, NaN and pathologically deep nesting are refused, not crashed on
        raise CardsageError(f"malformed JSON: {exc}", status=400) from None


def json_object() -> dict:
    """The request body, which must be a JSON object."""
    data = json_body()
    if not isinstance(data, dict):
        raise CardsageError(f"the request body must be a JSON object, got {_json_type(data)}", status=400)
    return data


def only_fields(data: Mapping, allowed: tuple[str, ...]) -> None:
    """400 naming the first field of ``data`` that is not in ``allowed`` (a misspelt or
    misplaced field would otherwise be ignored, and the request answered as if it
    were not there)."""
    unknown = sorted(str(k)[:30] for k in data if k not in allowed)
    if unknown:
        raise CardsageError(f"unknown field(s) {', '.join(unknown[:5])}; accepted: {', '.join(allowed)}",
                            status=400, field=unknown[0])


def get_int(data: Mapping, name: str, *, default: Any = _MISSING, minimum: int | None = None,
            maximum: int | None = None) -> int:
    """An integer field of a JSON object (400 when missing or not an integer, 422 out of range)."""
    value = data.get(name, _MISSING)
    if value is _MISSING or value is None:
        if default is _MISSING:
            raise CardsageError(f"'{name}' is required (an integer)", status=400, field=name)
        return default
    whole = integral(value)
    if whole is None:
        raise CardsageError(f"'{name}' must be an integer, got {_json_type(value)}", status=400, field=name)
    _check_range(name, whole, minimum, maximum)
    return whole


def integral(value: Any) -> int | None:
    """``value`` as an int when JSON Schema calls it an integer (``7`` or ``7.0``), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def get_str(data: Mapping, name: str, *, default: Any = _MISSING) -> str:
    """A non-empty string field of a JSON object (400 when missing or not a string)."""
    value = data.get(name, _MISSING)
    if value is _MISSING or value is None:
        if default is _MISSING:
            raise CardsageError(f"'{name}' is required (a string)", status=400, field=name)
        return default
    if not isinstance(value, str) or not value:
        raise CardsageError(f"'{name}' must be a non-empty string, got {_json_type(value)}",
                            status=400, field=name)
    return value


def get_list(data: Mapping, name: str) -> list:
    """A required list field of a JSON object."""
    value = data.get(name, _MISSING)
    if value is _MISSING or value is None:
        raise CardsageError(f"'{name}' is required (a list)", status=400, field=name)
    if not isinstance(value, list):
        raise CardsageError(f"'{name}' must be a list, got {_json_type(value)}", status=400, field=name)
    return value


def get_object(data: Mapping, name: str) -> dict:
    """An optional object field of a JSON object (an empty object when absent)."""
    value = data.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise CardsageError(f"'{name}' must be a JSON object, got {_json_type(value)}", status=400, field=name)
    return value


def query_int(name: str, *, default: int, minimum: int | None = None, maximum: int | None = None,
              clamp: bool = False) -> int:
    """An integer query parameter; ``clamp`` pulls out-of-range values into the range."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw.strip(), 10)
    except ValueError:
        value = whole_number_text(raw)
    if value is None:
        raise CardsageError(f"query parameter '{name}' must be an integer, got {raw[:40]!r}",
                            status=400, field=name)
    if clamp:
        if minimum is not None:
            value = max(minimum, value)
        if maximum is not None:
            value = min(maximum, value)
        return value
    _check_range(name, value, minimum, maximum)
    return value


def whole_number_text(text: str) -> int | None:
    """``5.0`` or ``1e3`` as an integer (JSON Schema's integers), else None."""
    try:
        value = float(text)
    except (ValueError, OverflowError):
        return None
    return int(value) if value.is_integer() else None


def _check_range(name: str, value: int, minimum: int | None, maximum: int | None) -> None:
    if minimum is not None and value < minimum:
        raise CardsageError(f"'{name}' must be at least {minimum}, got {value}", field=name)
    if maximum is not None and value > maximum:
        raise CardsageError(f"'{name}' must be at most {maximum}, got {value}", field=name)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
