"""A safe parser and exact evaluator for expressions typed by a person.

Accepted: whole numbers, ``+``, ``-`` (also ``−`` and ``–``), ``*`` (also ``×``, ``x``,
``X``, ``·``), ``/`` (also ``÷`` and ``:``), ``^`` or ``**`` (only when powers are allowed),
and the brackets ``( )`` and ``[ ]``. There is no unary minus, no implicit multiplication
and no decimal point. The text is tokenised by hand and evaluated with exact fractions;
nothing is ever handed to ``eval``. Every problem raises :class:`ExpressionError` (a
:class:`CardsageError`) carrying the 0-based character ``position`` of the problem.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.errors import CardsageError
from solvers.twentyfour.arith import MAX_EXPONENT, Value, divide, format_value, normal, power

MAX_LENGTH = 300
MAX_DEPTH = 40
MAX_DIGITS = 12

_OPERATORS = {
    "+": "+", "-": "-", "−": "-", "–": "-",
    "*": "*", "×": "*", "x": "*", "X": "*", "·": "*", "⋅": "*", "∙": "*",
    "/": "/", "÷": "/", ":": "/", "^": "^",
}
_OPEN = {"(": ")", "[": "]"}
_CLOSE = {")", "]"}
_NAMES = {"+": "addition", "-": "subtraction", "*": "multiplication", "/": "division",
          "^": "power"}


class ExpressionError(CardsageError):
    """A typed expression that cannot be read or evaluated; ``position`` points at it."""

    def __init__(self, message: str, position: int | None):
        where = f" (at character {position})" if position is not None else ""
        super().__init__(message + where, field="expression")
        self.position = position


@dataclass(frozen=True, slots=True)
class Num:
    """A number as written."""

    value: int
    text: str
    pos: int


@dataclass(frozen=True, slots=True)
class BinOp:
    """``left op right``; ``pos`` is where the operator is written."""

    op: str
    left: "Num | BinOp"
    right: "Num | BinOp"
    pos: int


@dataclass(frozen=True, slots=True)
class Step:
    """One evaluated operation: ``left op right = result``."""

    left: Value
    op: str
    right: Value
    result: Value

    def text(self) -> str:
        """``8 / 3 = 8/3``."""
        return f"{operand(self.left)} {self.op} {operand(self.right)} = {format_value(self.result)}"


def operand(value: Value) -> str:
    """A value written as an operand: fractions in brackets, ``(8/3)``."""
    text = format_value(value)
    return text if type(value) is int and value >= 0 else f"({text})"


def tokenize(text: str) -> list[tuple[str, str, int]]:
    """``(kind, text, position)`` tokens; kinds are ``num``, ``op``, ``open``, ``close``."""
    if not isinstance(text, str):
        raise ExpressionError("the expression must be text", None)
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"the expression is longer than {MAX_LENGTH} characters",
                              MAX_LENGTH)
    tokens = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isspace():
            i += 1
        elif "0" <= ch <= "9":
            j = i
            while j < len(text) and "0" <= text[j] <= "9":
                j += 1
            if j < len(text) and text[j] in ".,":
                raise ExpressionError("decimal numbers are not allowed; use / for fractions", j)
            if j - i > MAX_DIGITS:
                raise ExpressionError(f"number longer than {MAX_DIGITS} digits", i)
            tokens.append(("num", text[i:j], i))
            i = j
        elif ch == "*" and text[i + 1:i + 2] == "*":
            tokens.append(("op", "^", i))
            i += 2
        elif ch in _OPERATORS:
            tokens.append(("op", _OPERATORS[ch], i))
            i += 1
        elif ch in _OPEN:
            tokens.append(("open", ch, i))
            i += 1
        elif ch in _CLOSE:
            tokens.append(("close", ch, i))
            i += 1
        else:
            raise ExpressionError(f"unexpected character {ch!r}", i)
    return tokens


class _Parser:
    def __init__(self, text: str, operators: str, allow_power: bool):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.operators = operators
        self.allow_power = allow_power

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def end(self) -> int:
        return len(self.text)

    def parse(self):
        if not self.tokens:
            raise ExpressionError("the expression is empty", 0)
        node = self.expr(0)
        token = self.peek()
        if token is not None:
            kind, tok, pos = token
            if kind == "close":
                raise ExpressionError(f"unmatched {tok!r}", pos)
            raise ExpressionError(f"missing operator before {tok!r}", pos)
        return node

    def _op(self, allowed: str):
        token = self.peek()
        if token and token[0] == "op" and token[1] in allowed:
            self._check_allowed(token)
            self.i += 1
            return token
        return None

    def _check_allowed(self, token) -> None:
        _, op, pos = token
        if op == "^":
            if not self.allow_power:
                raise ExpressionError("powers are not allowed in this game", pos)
        elif op not in self.operators:
            raise ExpressionError(f"{_NAMES[op]} is not allowed in this game", pos)

    def expr(self, depth: int):
        """expr := term (('+' | '-') term)*"""
        node = self.term(depth)
        while (token := self._op("+-")) is not None:
            node = BinOp(token[1], node, self.term(depth), token[2])
        return node

    def term(self, depth: int):
        """term := factor (('*' | '/') factor)*"""
        node = self.factor(depth)
        while (token := self._op("*/")) is not None:
            node = BinOp(token[1], node, self.factor(depth), token[2])
        return node

    def factor(self, depth: int):
        """factor := atom ('^' factor)?"""
        base = self.atom(depth)
        token = self._op("^")
        if token is None:
            return base
        # right-associative: 2^3^2 = 2^(3^2)
        return BinOp("^", base, self.factor(depth + 1), token[2])

    def atom(self, depth: int):
        """atom := number | '(' expr ')' | '[' expr ']'"""
        if depth > MAX_DEPTH:
            token = self.peek()
            raise ExpressionError("brackets nested too deeply", token[2] if token else None)
        token = self.peek()
        if token is None:
            raise ExpressionError("the expression ends too early: a number is missing",
                                  self.end())
        kind, tok, pos = token
        if kind == "num":
            self.i += 1
            return Num(int(tok), tok, pos)
        if kind == "open":
            self.i += 1
            node = self.expr(depth + 1)
            closing = self.peek()
            if closing is None:
                raise ExpressionError(f"the bracket {tok!r} opened here is never closed", pos)
            if closing[0] != "close":
                raise ExpressionError(f"missing operator before {closing[1]!r}", closing[2])
            if closing[1] != _OPEN[tok]:
                raise ExpressionError(f"{closing[1]!r} does not match the {tok!r} "
                                      f"at character {pos}", closing[2])
            self.i += 1
            return node
        if kind == "op" and tok == "-":
            raise ExpressionError("a minus sign cannot start a number (no unary minus)", pos)
        raise ExpressionError(f"a number is missing before {tok!r}", pos)


def parse(text: str, *, operators: str = "+-*/", allow_power: bool = False):
    """The expression tree of ``text`` (a :class:`Num` or :class:`BinOp`)."""
    return _Parser(text, operators, allow_power).parse()


def evaluate(node, steps: list[Step] | None = None) -> Value:
    """The exact value of a parsed tree; ``steps`` (if given) collects each operation."""
    if isinstance(node, Num):
        return node.value
    left = evaluate(node.left, steps)
    right = evaluate(node.right, steps)
    op = node.op
    if op == "+":
        result = normal(left + right)
    elif op == "-":
        result = normal(left - right)
    elif op == "*":
        result = normal(left * right)
    elif op == "/":
        result = divide(left, right)
        if result is None:
            raise ExpressionError("division by zero", node.pos)
    else:
        result = power(left, right)
        if result is None:
            raise ExpressionError(
                f"power refused: the exponent must be a whole number from {-MAX_EXPONENT} to "
                f"{MAX_EXPONENT} and the result reasonably small", node.pos)
    if steps is not None:
        steps.append(Step(left, op, right, result))
    return result


def numbers_used(node) -> list[Num]:
    """The number tokens of a tree, left to right."""
    if isinstance(node, Num):
        return [node]
    return numbers_used(node.left) + numbers_used(node.right)


def steps_of(text: str, *, allow_power: bool = True) -> list[Step]:
    """The operations of ``text`` in evaluation order (innermost and leftmost first)."""
    steps: list[Step] = []
    evaluate(parse(text, allow_power=allow_power), steps)
    return steps
