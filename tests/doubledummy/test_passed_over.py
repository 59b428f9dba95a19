"""Every card's value after the root's probes: a card the root's search tried and
refuted before the card that decided a probe starts at the bound that probe showed
(``Solver._note_passed_over``). The values stay the plain reference's, and the bound is
used in some of the endings, so the check is not empty."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values
from solvers.doubledummy.solver import Solver as _Solver

STRAINS = (None, 0, 1, 2, 3)


@pytest.mark.parametrize("name,rules_of,count", [
    ("bridge", lambda i: TrickRules.bridge(STRAINS[i % 5]), 50),
    ("three-seats", lambda i: TrickRules(seats=3, trump=STRAINS[i % 5]), 200),
])
def test_every_card_after_passed_over_cards_matches_the_reference(name, rules_of, count, monkeypatch):
    noted = []
    note = _Solver._note_passed_over

    def spy(self, state, target, move, passed_over):
        note(self, state, target, move, passed_over)
        noted.append(len(passed_over))

    monkeypatch.setattr(_Solver, "_note_passed_over", spy)
    rng = Rng("passed-over-" + name)
    # one solver for all: the table's hints from earlier endings put another card first
    # at the root more often, which is when the bound applies
    solver = Solver()
    for i in range(count):
        rules = rules_of(i)
        size = 2 + i % 3 if rules.seats == 4 else 3 + i % 3
        position = random_position(rng, size, rules, trick_cards=i % rules.seats)
        assert solver.solve(position, values="all").cards == reference_values(position), position
    assert sum(1 for n in noted if n) >= 2, noted
