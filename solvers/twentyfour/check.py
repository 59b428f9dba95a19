"""Checking an answer typed by a person against a deal."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from solvers.twentyfour.arith import concat, format_value
from solvers.twentyfour.inputs import parse_numbers, parse_options, parse_target
from solvers.twentyfour.parser import ExpressionError, Num, evaluate, numbers_used, parse


@dataclass(frozen=True)
class CheckResult:
    """The verdict on a typed answer; ``position`` is a 0-based character index or None."""

    ok: bool
    value: str | None
    message: str
    position: int | None = None

    def to_json(self) -> dict:
        """A JSON-ready dict."""
        return {"ok": self.ok, "value": self.value, "message": self.message,
                "position": self.position}


def check(expression: str, numbers, target=24, *, operators: str = "+-*/",
          allow_power: bool = False, allow_concat: bool = False) -> CheckResult:
    """Whether ``expression`` uses each number exactly once and equals ``target`` exactly.

    Bad numbers, target or options raise :class:`CardsageError`; a bad expression is a
    failed :class:`CheckResult` with a message and, where it has one, a position.
    """
    cards = parse_numbers(numbers)
    goal = parse_target(target)
    options = parse_options(operators, allow_power, allow_concat)
    try:
        tree = parse(expression, operators=options.operators, allow_power=options.allow_power)
        match_cards(numbers_used(tree), cards, allow_concat=options.allow_concat)
        value = evaluate(tree)
    except ExpressionError as error:
        return CheckResult(False, None, error.message, error.position)
    shown = format_value(value)
    if value != goal:
        return CheckResult(False, shown, f"that makes {shown}, not {format_value(goal)}")
    return CheckResult(True, shown, f"correct: that makes {shown}")


def match_cards(tokens: list[Num], cards: list[int], *, allow_concat: bool = False) -> None:
    """Raise :class:`ExpressionError` unless the numbers written are exactly the cards.

    With concatenation allowed a written number may also be several cards side by side
    (``13`` from a 1 and a 3); the assignment is searched with backtracking.
    """
    available = Counter(cards)
    if not allow_concat:
        for token in tokens:
            if available[token.value] <= 0:
                raise ExpressionError(_unavailable(token, cards), token.pos)
            available[token.value] -= 1
    elif not _assign(tokens, 0, available):
        for token in tokens:
            if not _splits(token.text, Counter(cards)):
                raise ExpressionError(_unavailable(token, cards), token.pos)
        raise ExpressionError("the numbers written cannot be matched to the cards, each "
                              "used exactly once", tokens[0].pos if tokens else 0)
    missing = sorted((+available).elements())
    if missing:
        names = ", ".join(str(m) for m in missing)
        raise ExpressionError(f"every card must be used once; not used: {names}", None)


def _unavailable(token: Num, cards: list[int]) -> str:
    dealt = ", ".join(str(c) for c in cards)
    if token.value in cards:
        return f"{token.text} is used more often than it was dealt (cards: {dealt})"
    return f"{token.text} is not one of the cards ({dealt})"


def _assign(tokens: list[Num], i: int, available: Counter) -> bool:
    if i == len(tokens):
        return True
    for used in _splits(tokens[i].text, available):
        available.subtract(used)
        if _assign(tokens, i + 1, available):
            return True
        available.update(used)
    return False


def _splits(text: str, available: Counter) -> list[list[int]]:
    """Ways to read ``text`` as one card or as several cards written side by side."""
    out = [[int(text)]] if available[int(text)] > 0 else []
    whole = int(text)
    out += [parts for parts in _pieces(text, available) if len(parts) > 1 and concat(tuple(parts)) == whole]
    return out


def _pieces(text: str, available: Counter) -> list[list[int]]:
    """Every way to cut ``text`` into the written forms of available cards, in order
    (a later piece may start with a zero: ``100`` is a 1 then two 0s)."""
    out = []
    for cut in range(1, len(text) + 1):
        head = text[:cut]
        card = int(head)
        if str(card) != head or available[card] <= 0:
            continue
        if cut == len(text):
            out.append([card])
            continue
        available[card] -= 1
        out += [[card] + rest for rest in _pieces(text[cut:], available)]
        available[card] += 1
    return out
