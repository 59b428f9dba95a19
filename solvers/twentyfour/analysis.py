"""Per-move analysis and the five-rung hint ladder."""

from __future__ import annotations

from dataclasses import dataclass

from solvers.errors import CardsageError
from solvers.twentyfour.arith import Value, divide, format_value, normal, parse_value, power
from solvers.twentyfour.inputs import MAX_COUNT, parse_options, parse_target
from solvers.twentyfour.parser import operand, steps_of
from solvers.twentyfour.render import pretty
from solvers.twentyfour.solver import engine_for, engine_lock, solve

_OP_NAMES = {"+": "an addition", "-": "a subtraction", "*": "a multiplication",
             "/": "a division", "^": "a power"}


@dataclass(frozen=True)
class StepVerdict:
    """One possible next step: combine ``left`` and ``right`` with ``op``.

    ``i`` and ``j`` are the positions (in the given order) of the first pair of values
    equal to ``left`` and ``right``; ``remaining`` is the position after the step.
    """

    i: int
    j: int
    left: Value
    op: str
    right: Value
    result: Value
    remaining: list
    solvable: bool

    @property
    def expression(self) -> str:
        """``8 / 3``."""
        return f"{format_value(self.left)} {self.op} {format_value(self.right)}"

    def to_json(self) -> dict:
        """A JSON-ready dict with values as text."""
        return {
            "i": self.i, "j": self.j,
            "left": format_value(self.left), "op": self.op, "right": format_value(self.right),
            "result": format_value(self.result), "expression": self.expression,
            "remaining": [format_value(v) for v in self.remaining],
            "solvable": self.solvable,
        }


def parse_position(values) -> list[Value]:
    """Current values (ints, fractions or text like ``"8/3"``), 1 to 6 of them."""
    if isinstance(values, str):
        values = [v for v in values.replace(";", ",").split(",") if v.strip()]
    if not isinstance(values, (list, tuple)):
        raise CardsageError("a position is a list of values", field="values")
    if not 1 <= len(values) <= MAX_COUNT:
        raise CardsageError(f"a position holds 1 to {MAX_COUNT} values, got {len(values)}",
                            field="values")
    return [parse_value(v, what="value") for v in values]


def position_solvable(values: list[Value], target: Value, options) -> bool:
    """True when the values can still be combined into ``target`` (exhaustive)."""
    signed = target < 0 or any(v < 0 for v in values)
    with engine_lock:
        engine, _ = engine_for(options, signed=signed)
        return engine.reachable(tuple(sorted(values)), target)


def analyse(values, target=24, *, operators: str = "+-*/", allow_power: bool = False,
            allow_concat: bool = False) -> list[StepVerdict]:
    """Every next step from a position and whether the target is still reachable after it.

    Steps are listed for each unordered pair of positions (pairs of equal values only
    once) and each allowed operation; subtraction and division appear in both orders
    (``3 - 8`` is a legal step, leading to a negative value), division by zero never.
    Concatenation is not offered: a position no longer tells which values are cards.
    """
    position = parse_position(values)
    goal = parse_target(target)
    options = parse_options(operators, allow_power, False)
    verdicts = []
    seen = set()
    for i in range(len(position)):
        for j in range(i + 1, len(position)):
            a, b = position[i], position[j]
            rest = position[:i] + position[i + 1:j] + position[j + 1:]
            for left, op, right, result in _moves(a, b, options):
                key = (left, op, right)
                if key in seen:
                    continue
                seen.add(key)
                after = rest + [result]
                ok = position_solvable(after, goal, options)
                first, second = (i, j) if left == a else (j, i)
                verdicts.append(StepVerdict(first, second, left, op, right, result, after, ok))
    return verdicts


def _moves(a: Value, b: Value, options):
    """``(left, op, right, result)`` for each allowed operation on two values."""
    ordered = [(a, b)] if a == b else [(a, b), (b, a)] if a > b else [(b, a), (a, b)]
    big, small = ordered[0]
    if "+" in options.operators:
        yield big, "+", small, normal(big + small)
    if "*" in options.operators:
        yield big, "*", small, normal(big * small)
    for x, y in ordered:
        if "-" in options.operators:
            yield x, "-", y, normal(x - y)
    for x, y in ordered:
        if "/" in options.operators:
            q = divide(x, y)
            if q is not None:
                yield x, "/", y, q
    if options.allow_power:
        for x, y in ordered:
            p = power(x, y)
            if p is not None:
                yield x, "^", y, p


def hint_ladder(numbers, target=24, **opts) -> list[dict]:
    """Five hints, each giving away more: solvable? → how many and how hard → the last
    operation → the first step → the whole solution."""
    result = solve(numbers, target, **opts)
    goal = format_value(result.target)
    cards = ", ".join(str(n) for n in result.numbers)
    if not result.solvable:
        no = f"{goal} cannot be made from {cards}: an exhaustive search finds no expression."
        return [
            {"rung": 1, "title": "Is it solvable?", "text": no, "solvable": False},
            {"rung": 2, "title": "How many solutions, how hard?",
             "text": "There are no solutions.", "count": 0, "difficulty": "none"},
            {"rung": 3, "title": "The last operation", "text": "There is no solution.",
             "operator": None},
            {"rung": 4, "title": "The first step", "text": "There is no solution.",
             "step": None},
            {"rung": 5, "title": "The whole solution", "text": "There is no solution.",
             "solution": None},
        ]
    steps = steps_of(result.preferred)
    last, first = steps[-1], steps[0]
    plural = "solution" if result.count == 1 else "solutions"
    why = _difficulty_reason(result.difficulty_features)
    return [
        {"rung": 1, "title": "Is it solvable?",
         "text": f"Yes, {goal} can be made from {cards}.", "solvable": True},
        {"rung": 2, "title": "How many solutions, how hard?",
         "text": f"There {'is' if result.count == 1 else 'are'} {result.count} distinct "
                 f"{plural}; difficulty: {result.difficulty}{why}.",
         "count": result.count, "difficulty": result.difficulty,
         "features": result.difficulty_features},
        {"rung": 3, "title": "The last operation",
         "text": f"One way ends with {_OP_NAMES[last.op]}: {operand(last.left)} "
                 f"{pretty_op(last.op)} {operand(last.right)} = {goal}.",
         "operator": last.op, "left": format_value(last.left),
         "right": format_value(last.right)},
        {"rung": 4, "title": "The first step",
         "text": f"Start with {pretty(first.text())}.",
         "step": {"left": format_value(first.left), "op": first.op,
                  "right": format_value(first.right), "result": format_value(first.result)}},
        {"rung": 5, "title": "The whole solution",
         "text": f"{result.preferred_pretty} = {goal}", "solution": result.preferred,
         "pretty": result.preferred_pretty, "steps": [s.text() for s in steps]},
    ]


def pretty_op(op: str) -> str:
    """The display symbol of an ASCII operator."""
    return {"*": "×", "/": "÷", "-": "−"}.get(op, op)


def _difficulty_reason(features: dict) -> str:
    reasons = []
    if features.get("needs_fraction"):
        reasons.append("every solution passes through a fraction")
    if features.get("last_op_division"):
        reasons.append("it ends with a division")
    return f" ({'; '.join(reasons)})" if reasons else ""
