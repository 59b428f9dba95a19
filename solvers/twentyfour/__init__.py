"""Twenty-Four: exact solver, distinct solutions, hints, typed-answer checking, deals.

See docs/twentyfour.md for what counts as a distinct solution, how solutions are
written, and how difficulty tiers are assigned.
"""

from solvers.twentyfour.analysis import StepVerdict, analyse, hint_ladder
from solvers.twentyfour.check import CheckResult, check
from solvers.twentyfour.deal import random_deal
from solvers.twentyfour.inputs import parse_numbers, parse_target
from solvers.twentyfour.parser import ExpressionError
from solvers.twentyfour.solver import Solution, solve

__all__ = [
    "Solution", "solve", "CheckResult", "check", "StepVerdict", "analyse", "hint_ladder",
    "parse_numbers", "parse_target", "random_deal", "ExpressionError",
]
