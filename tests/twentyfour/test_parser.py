"""The typed-answer parser and checker: accepted notations and error positions."""

from fractions import Fraction

import pytest

from solvers.errors import CardsageError
from solvers.twentyfour import ExpressionError, check
from solvers.twentyfour.parser import evaluate, parse, steps_of


@pytest.mark.parametrize("text, numbers", [
    ("8/(3-8/3)", [3, 3, 8, 8]),
    ("(9+6-3)×2", [9, 6, 3, 2]),
    ("8 ÷ (3 − 8 ÷ 3)", [3, 3, 8, 8]),
    ("(9 + 6 - 3) x 2", [9, 6, 3, 2]),
    ("[9 + 6 - 3] X 2", [9, 6, 3, 2]),
    ("4·3·2·1", [1, 2, 3, 4]),
    ("6 / (1 - 3 / 4)", [1, 3, 4, 6]),
])
def test_correct_answers(text, numbers):
    result = check(text, numbers)
    assert result.ok and result.value == "24" and result.position is None


@pytest.mark.parametrize("text, position, fragment", [
    ("", 0, "empty"),
    ("8/(3-8/3", 2, "never closed"),
    ("8/(3-8/3))", 9, "unmatched"),
    ("8/(3-8/3]", 8, "does not match"),
    ("8 / (3 - 8 / 3) +", 17, "ends too early"),
    ("-8/(3-8/3)", 0, "unary minus"),
    ("8/(3-8/3)8", 9, "missing operator"),
    ("8(3-8/3)", 1, "missing operator"),
    ("8/(3-8/3) $", 10, "unexpected character"),
    ("8/(3-8.5)", 6, "decimal"),
    ("8/(3-8/3)^2", 9, "powers are not allowed"),
    ("8 * 8 / (3 - 3)", 6, "division by zero"),
    ("8 / (3 - 3) * 8", 2, "division by zero"),
    ("5 + 3 + 8 + 8", 0, "not one of the cards"),
    ("3 + 3 + 3 + 8", 8, "more often"),
    ("8 * 3", None, "not used: 3, 8"),
    ("()", 1, "number is missing"),
    ("3 + * 3", 4, "number is missing"),
])
def test_error_positions(text, position, fragment):
    result = check(text, [3, 3, 8, 8])
    assert not result.ok
    assert result.position == position
    assert fragment in result.message


def test_wrong_value_is_reported_with_the_value():
    result = check("3 + 3 + 8 + 8", [3, 3, 8, 8])
    assert not result.ok and result.value == "22" and "not 24" in result.message


def test_parser_errors_are_cardsage_errors_with_a_position():
    with pytest.raises(CardsageError) as info:
        parse("1 + (2")
    assert isinstance(info.value, ExpressionError) and info.value.position == 4
    assert "character 4" in info.value.message


def test_operators_can_be_restricted():
    result = check("8 * 3", [3, 8], operators="+-")
    assert not result.ok and result.position == 2 and "multiplication" in result.message


def test_power_and_concatenation_when_allowed():
    assert check("2^3 * 3", [2, 3, 3], allow_power=True).ok
    assert check("2**3 * 3", [2, 3, 3], allow_power=True).ok
    assert check("12 * 2", [1, 2, 2], allow_concat=True).ok
    assert not check("12 * 2", [1, 2, 2]).ok
    refused = check("9 ^ 99", [9, 99], allow_power=True)
    assert not refused.ok and refused.position == 2 and "power" in refused.message


def test_steps_in_evaluation_order():
    steps = [s.text() for s in steps_of("8 / (3 - 8 / 3)")]
    assert steps == ["8 / 3 = 8/3", "3 - (8/3) = 1/3", "8 / (1/3) = 24"]


def test_exact_evaluation_and_limits():
    assert evaluate(parse("1/3 + 1/3 + 1/3")) == 1
    assert evaluate(parse("2 ^ 2 ^ 3", allow_power=True)) == 256  # right-associative
    assert evaluate(parse("7 / 2")) == Fraction(7, 2)
    with pytest.raises(ExpressionError):
        parse("(" * 100 + "1" + ")" * 100)
    with pytest.raises(ExpressionError):
        parse("1+" * 200 + "1")
    with pytest.raises(ExpressionError):
        parse("1234567890123 + 1")
    with pytest.raises(ExpressionError):
        parse("²")
