"""The first probe's guess: any guess leaves every value the plain reference's (the
probes step from it to the value inside the known bounds), and the guess rounded down
that every card's valuation starts from is the nearest trick or one below it."""

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.encode import encode
from solvers.doubledummy.estimate import estimate
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


def test_the_guess_rounded_down_is_at_most_one_trick_lower():
    rng = Rng("guess-down")
    lowered = 0
    for i in range(200):
        rules = TrickRules.bridge(STRAINS[i % 5])
        state = encode(random_position(rng, 2 + i % 12, rules, trick_cards=0))
        near, down = estimate(state), estimate(state, down=True)
        assert 0 <= down <= near <= down + 1
        lowered += near != down
    assert lowered > 10
