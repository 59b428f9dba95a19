"""Exact rational arithmetic for Twenty-Four: values are ``int`` or ``Fraction``.

A value whose denominator is 1 is always held as a plain ``int``: integer arithmetic is
several times faster than ``Fraction`` arithmetic and ``hash(3) == hash(Fraction(3))``,
so both kinds can key the same dictionaries.
"""

from __future__ import annotations

from fractions import Fraction

from solvers.errors import CardsageError

Value = int | Fraction

MAX_EXPONENT = 8
"""Largest exponent a power may use (powers are an option, off by default)."""

MAX_POWER_BITS = 40
"""A power whose numerator or denominator would exceed this many bits is refused."""

MAX_CONCAT_DIGITS = 9
"""Longest number that concatenating cards may produce."""


def normal(x: Value) -> Value:
    """``x`` with an integral ``Fraction`` turned into an ``int``."""
    if type(x) is int:
        return x
    return x.numerator if x.denominator == 1 else x


def divide(a: Value, b: Value) -> Value | None:
    """``a / b`` exactly, or ``None`` when ``b`` is zero."""
    if b == 0:
        return None
    if type(a) is int and type(b) is int:
        q, r = divmod(a, b)
        return q if r == 0 else Fraction(a, b)
    return normal(Fraction(a) / b)


def power(a: Value, b: Value) -> Value | None:
    """``a ** b`` for a small integer exponent, or ``None`` when refused.

    Refused: a non-integer or too large exponent, ``0`` to a negative power, and any
    result too big to be useful in a card puzzle (the guard runs before computing).
    """
    if type(b) is not int or abs(b) > MAX_EXPONENT:
        return None
    if a == 0:
        return None if b < 0 else (1 if b == 0 else 0)
    fa = Fraction(a)
    bits = max(abs(fa.numerator).bit_length(), fa.denominator.bit_length())
    if bits * abs(b) > MAX_POWER_BITS:
        return None
    return normal(fa ** b)


def concat(cards: tuple[int, ...]) -> int | None:
    """The number written by placing the cards' decimal digits side by side.

    ``None`` for a leading zero, a negative card or a result longer than
    :data:`MAX_CONCAT_DIGITS` digits.
    """
    text = "".join(str(c) for c in cards)
    if any(c < 0 for c in cards) or (len(text) > 1 and text[0] == "0"):
        return None
    if len(text) > MAX_CONCAT_DIGITS:
        return None
    return int(text)


def parse_value(value, *, what: str = "value") -> Value:
    """An exact value from an ``int``, a ``Fraction`` or text such as ``"8/3"`` or ``"-5"``."""
    if isinstance(value, bool):
        raise CardsageError(f"{what} must be a number, not a boolean", field=what)
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return normal(value)
    if isinstance(value, str):
        text = value.strip().replace("−", "-").replace("÷", "/")
        num, sep, den = text.partition("/")
        if _is_integer_text(num) and (not sep or _is_integer_text(den)):
            if sep:
                if int(den) == 0:
                    raise CardsageError(f"{what} {value!r} divides by zero", field=what)
                return normal(Fraction(int(num), int(den)))
            return int(num)
        raise CardsageError(f"{what} {value!r} is not a whole number or a fraction like 8/3",
                            field=what)
    raise CardsageError(f"{what} must be a whole number or a fraction, got {type(value).__name__}",
                        field=what)


def _is_integer_text(text: str) -> bool:
    text = text.strip()
    if text[:1] in "+-":
        text = text[1:]
    return 0 < len(text) <= 12 and all("0" <= ch <= "9" for ch in text)


def format_value(x: Value) -> str:
    """``24``, ``8/3`` or ``-1/3``."""
    x = normal(x)
    if type(x) is int:
        return str(x)
    return f"{x.numerator}/{x.denominator}"
