"""Reading the inputs of a Twenty-Four question: the numbers, the target, the options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from solvers.cards import Kind, parse_card
from solvers.errors import CardsageError
from solvers.twentyfour.arith import Value, parse_value

MIN_COUNT, MAX_COUNT = 2, 6
MAX_NUMBER = 10_000
"""Numbers are whole numbers from 0 to this bound (cards are 1 to 13)."""

_FACES = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_SPLIT = re.compile(r"[\s,;]+")


def parse_numbers(text_or_list) -> list[int]:
    """The deal as whole numbers.

    Accepts ``"3,3,8,8"``, ``"3 3 8 8"``, ``[3, 3, 8, 8]``, face letters ``"A, K, Q, J"``
    (A=1, J=11, Q=12, K=13) and card notation such as ``"AS 10d QH"``. Raises
    :class:`CardsageError` for anything else or for fewer than 2 or more than 6 numbers.
    """
    if isinstance(text_or_list, str):
        items = [t for t in _SPLIT.split(text_or_list.strip()) if t]
    elif isinstance(text_or_list, (list, tuple)):
        items = list(text_or_list)
    else:
        raise CardsageError("numbers must be text like '3,3,8,8' or a list of numbers",
                            field="numbers")
    if not MIN_COUNT <= len(items) <= MAX_COUNT:
        raise CardsageError(f"a deal has {MIN_COUNT} to {MAX_COUNT} numbers, got {len(items)}",
                            field="numbers")
    return [_one_number(item) for item in items]


def _one_number(item) -> int:
    if isinstance(item, bool):
        raise CardsageError("a number cannot be a boolean", field="numbers")
    if isinstance(item, Fraction) and item.denominator == 1:
        item = int(item)
    if isinstance(item, int):
        value = item
    elif isinstance(item, str):
        value = _number_from_text(item.strip())
    else:
        raise CardsageError(f"{item!r} is not a number or a card", field="numbers")
    if not 0 <= value <= MAX_NUMBER:
        raise CardsageError(f"numbers must be from 0 to {MAX_NUMBER}, got {value}",
                            field="numbers")
    return value


def _number_from_text(text: str) -> int:
    if text and all("0" <= ch <= "9" for ch in text) and len(text) <= 6:
        return int(text)
    if text.upper() in _FACES:
        return _FACES[text.upper()]
    try:
        card = parse_card(text)
    except CardsageError:
        raise CardsageError(f"unknown card or number {text!r}: use 1-13, A K Q J or cards "
                            f"like AS, 10d, QH", field="numbers") from None
    if card.kind != Kind.STANDARD:
        raise CardsageError(f"{text!r} is not a standard playing card", field="numbers")
    rank = int(card.rank)
    return 1 if rank == 14 else rank


def parse_target(target) -> Value:
    """The target as an exact value: ``24``, ``Fraction(5, 2)``, ``"5/2"`` or ``"-3"``."""
    return parse_value(target, what="target")


@dataclass(frozen=True, slots=True)
class Options:
    """Which operations a game allows."""

    operators: str = "+-*/"
    allow_power: bool = False
    allow_concat: bool = False

    def key(self) -> tuple:
        """Hashable identity of the option set."""
        return (self.operators, self.allow_power, self.allow_concat)


_OPERATOR_ALIASES = {"+": "+", "-": "-", "−": "-", "*": "*", "×": "*", "x": "*",
                     "/": "/", "÷": "/"}


def parse_options(operators="+-*/", allow_power=False, allow_concat=False) -> Options:
    """Validated :class:`Options`; operators are given as text such as ``"+-*/"``."""
    if not isinstance(operators, str):
        raise CardsageError("operators must be text such as '+-*/'", field="operators")
    chosen = set()
    for ch in operators.replace(" ", ""):
        if ch not in _OPERATOR_ALIASES:
            raise CardsageError(f"unknown operator {ch!r}: use some of + - * /",
                                field="operators")
        chosen.add(_OPERATOR_ALIASES[ch])
    if not chosen:
        raise CardsageError("at least one operator is needed", field="operators")
    for name, flag in (("allow_power", allow_power), ("allow_concat", allow_concat)):
        if not isinstance(flag, bool):
            raise CardsageError(f"{name} must be true or false", field=name)
    ordered = "".join(op for op in "+-*/" if op in chosen)
    return Options(ordered, allow_power, allow_concat)
