"""Every card's value, level by level (``Solver._all_values``): each open card is probed
once at its next target before any card is probed again. The values stay the plain
reference's in every rule set; a deliberately wrong starting bound is caught by the same
check; a budget cut keeps only settled values."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values
import solvers.doubledummy.layout as L
from solvers.doubledummy.solver import Solver as _Solver

from tests.doubledummy.test_rule_sets import RULE_SETS

STRAINS = (None, 0, 1, 2, 3)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_card_level_by_level_matches_the_reference(name):
    rules = RULE_SETS[name]
    rng = Rng("card-levels-" + name)
    solver = Solver()
    size = 3 if rules.seats >= 5 else 4
    for i in range(4):
        position = random_position(rng, min(size, len(rules.cards) // rules.seats), rules,
                                   trick_cards=i % rules.seats)
        assert solver.solve(position, values="all").cards == reference_values(position), position


def test_bridge_and_three_seat_endings_match_the_reference():
    rng = Rng("card-levels-bridge")
    solver = Solver()
    for i in range(40):
        rules = TrickRules.bridge(STRAINS[i % 5]) if i % 2 else TrickRules(seats=3, trump=STRAINS[i % 5])
        position = random_position(rng, (2 if rules.seats == 4 else 3) + i % 3, rules, trick_cards=i % rules.seats)
        assert solver.solve(position, values="all").cards == reference_values(position), position


def test_cards_are_probed_one_level_at_a_time(monkeypatch):
    """A card's next probe waits until every open card has had as many probes."""
    rounds = []   # for each probe of the cards, how many probes its card had before it
    seen: dict[int, int] = {}
    phase = []
    probe = _Solver._probe
    all_values = _Solver._all_values

    def spy_probe(self, state, target, budget):
        if phase:
            rounds.append(seen.get(id(state), 0))
            seen[id(state)] = rounds[-1] + 1
        return probe(self, state, target, budget)

    def spy_all(self, *args):
        phase.append(True)
        try:
            return all_values(self, *args)
        finally:
            phase.clear()

    monkeypatch.setattr(_Solver, "_probe", spy_probe)
    monkeypatch.setattr(_Solver, "_all_values", spy_all)
    rng = Rng("card-levels-order")
    several = 0
    for i in range(12):
        rounds.clear()
        seen.clear()
        position = random_position(rng, 6, TrickRules.bridge(STRAINS[i % 5]), trick_cards=0)
        Solver().solve(position, values="all")
        assert rounds == sorted(rounds), rounds
        several += max(rounds, default=0) >= 1 and rounds.count(0) >= 2
    # cards probed more than once beside others, so the order was tested
    assert several >= 3


def test_a_wrong_starting_bound_is_caught_by_the_reference(monkeypatch):
    """The check above can fail: claiming that every root card after the one deciding a
    probe was refuted too (unsound: only the cards before it were) gives some card a
    wrong value on these endings."""
    note = _Solver._note_passed_over

    def claims_too_much(self, state, target, move, passed_over):
        note(self, state, target, move, passed_over)
        order = self._work[0, L.W_MOVES:L.W_SCORES].tolist()
        if move in order:
            for code in order[order.index(move) + 1:]:
                passed_over[code] = target - 1 if state.maximising else target

    monkeypatch.setattr(_Solver, "_note_passed_over", claims_too_much)
    rng = Rng("card-levels-wrong")
    solver = Solver()
    wrong = 0
    for i in range(40):
        rules = TrickRules.bridge(STRAINS[i % 5]) if i % 2 else TrickRules(seats=3, trump=STRAINS[i % 5])
        position = random_position(rng, (2 if rules.seats == 4 else 3) + i % 3, rules, trick_cards=i % rules.seats)
        wrong += solver.solve(position, values="all").cards != reference_values(position)
    assert wrong > 0


def test_a_cut_keeps_only_settled_values():
    rng = Rng("card-levels-cut")
    cut_seen = 0
    for i in range(6):
        position = random_position(rng, 8, TrickRules.bridge(STRAINS[i % 5]), trick_cards=0)
        truth = Solver().solve(position, values="all").cards
        for nodes in (2_000, 20_000):
            cut = Solver().solve(position, values="all", budget_nodes=nodes)
            if cut.exact:
                assert cut.cards == truth
                continue
            cut_seen += 1
            for card, value in cut.cards.items():
                assert value == truth[card], (position, card)
    assert cut_seen >= 2
