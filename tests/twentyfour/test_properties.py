"""Hypothesis properties of the solver, the parser and the analysis."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.errors import CardsageError
from solvers.twentyfour import analyse, check, solve
from solvers.twentyfour.inputs import Options
from solvers.twentyfour.parser import evaluate, numbers_used, parse
from solvers.twentyfour.solver import engine_for

from tests.twentyfour.bruteforce import brute_solvable, canonical_key

deals = st.lists(st.integers(1, 13), min_size=4, max_size=4)
small_deals = st.lists(st.integers(1, 20), min_size=2, max_size=5)
targets = st.one_of(st.integers(-30, 60),
                    st.fractions(min_value=-10, max_value=10, max_denominator=6))

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(deals)
def test_listed_solutions_parse_evaluate_and_use_each_card_once(deal):
    result = solve(deal)
    assert result.count == len(result.solutions) == len(result.pretty_solutions)
    for text, nice in zip(result.solutions, result.pretty_solutions):
        tree = parse(text)
        assert evaluate(tree) == 24
        assert sorted(n.value for n in numbers_used(tree)) == sorted(deal)
        assert check(nice, deal).ok


@SETTINGS
@given(deals)
def test_no_two_listed_solutions_share_a_canonical_form(deal):
    result = solve(deal)
    keys = [canonical_key(text, deal) for text in result.solutions]
    assert len(set(keys)) == len(keys)


@SETTINGS
@given(small_deals, targets)
def test_any_target_solutions_check_out(deal, target):
    result = solve(deal, target)
    assert result.solvable == (result.count > 0)
    for text in result.solutions:
        outcome = check(text, deal, target)
        assert outcome.ok, (text, outcome)


@SETTINGS
@given(st.text(max_size=80))
def test_parser_raises_only_cardsage_errors_on_any_text(text):
    try:
        check(text, [3, 3, 8, 8], allow_power=True)
        parse(text, allow_power=True)
    except CardsageError:
        pass


@SETTINGS
@given(st.text(alphabet="0123456789+-*/^()[]x×÷− .,", max_size=60))
def test_parser_raises_only_cardsage_errors_on_expression_like_text(text):
    for power in (False, True):
        try:
            evaluate(parse(text, allow_power=power))
        except CardsageError as error:
            position = getattr(error, "position", None)
            assert position is None or 0 <= position <= len(text)


@SETTINGS
@given(deals)
def test_first_step_analysis_agrees_with_the_solver(deal):
    verdicts = analyse(deal)
    assert any(v.solvable for v in verdicts) == solve(deal).solvable


@SETTINGS
@given(st.lists(st.fractions(min_value=-12, max_value=12, max_denominator=4),
                min_size=2, max_size=4))
def test_analysis_results_are_exact(values):
    for verdict in analyse(values):
        a, b = verdict.left, verdict.right
        expected = {"+": a + b, "-": a - b, "*": a * b,
                    "/": Fraction(a) / b if b else None}[verdict.op]
        assert verdict.result == expected
        assert len(verdict.remaining) == len(values) - 1


@pytest.mark.parametrize("values, target", [
    ((-5, 8, 8), 24), ((Fraction(-1, 3), 8), -24), ((-3, -8), 24), ((-2, 7, 9), -1),
    ((-2, 7, 9), 100), ((Fraction(1, 2), -4), 2)])
def test_signed_positions_match_brute_force(values, target):
    engine, _ = engine_for(Options(), signed=True)
    expected = brute_solvable(values, target)
    assert engine.reachable(tuple(sorted(values)), target) == expected
    assert any(v.solvable for v in analyse(list(values), target)) == expected


option_sets = st.sampled_from([
    {}, {"allow_power": True}, {"allow_concat": True}, {"operators": "+*"},
    {"operators": "-/"}, {"operators": "+-/"}, {"operators": "-*"}])


@SETTINGS
@given(st.lists(st.integers(0, 9), min_size=2, max_size=4), targets, option_sets)
def test_solutions_respect_the_options(deal, target, options):
    result = solve(deal, target, **options)
    for text in result.solutions:
        outcome = check(text, deal, target, **options)
        assert outcome.ok, (text, outcome)


@pytest.mark.parametrize("text, cards, target", [
    ("0 / 100", [0, 0, 0, 1], 0),        # a concatenation whose later cards are zeros
    ("2 * 100 / 8 - 1", [1, 0, 0, 2, 8, 1], 24),
    ("10 + 7 + 7", [1, 0, 7, 7], 24)])
def test_concatenations_with_zeros_after_the_first_card_are_accepted(text, cards, target):
    assert check(text, cards, target, allow_concat=True).ok
