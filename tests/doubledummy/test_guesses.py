"""The first probe's guess (the estimate's, or a table's other cells'): any guess leaves
every value the plain reference's, since the probes step from it to the value inside
the known bounds."""

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_value, reference_values

STRAINS = (None, 0, 1, 2, 3)


def test_every_guess_gives_the_reference_values():
    rng = Rng("guesses")
    solver = Solver()
    for i in range(30):
        rules = TrickRules.bridge(STRAINS[i % 5]) if i % 2 else TrickRules(seats=3, trump=STRAINS[i % 5])
        size = 2 + i % 3
        position = random_position(rng, size, rules, trick_cards=i % rules.seats)
        value = reference_value(position)
        cards = reference_values(position)
        # guesses below, at and above every bound the probes may meet
        for guess in range(-1, size + 2):
            solver.clear()
            result = solver._solve(position, values="all", guess=guess)
            assert (result.value, result.cards) == (value, cards), (position, guess)

