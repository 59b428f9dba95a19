"""The sure-trick counts never promise more than exact play (DDS) gives, and a small,
often-emptied table still gives exact answers."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.crosscheck import dds_best, dds_values
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import quick_tricks, sure_trump_tricks
from solvers.doubledummy.randoms import random_position
from tests.doubledummy.exact import exact_value

pytest.importorskip("endplay")

STRAINS = (None, 0, 1, 2, 3)


def _boundary_positions(seed, count, sizes=(2, 3, 4, 5, 6, 8)):
    rng = Rng(seed)
    for i in range(count):
        rules = TrickRules.bridge(STRAINS[i % 5])
        yield random_position(rng, sizes[i % len(sizes)], rules, trick_cards=0)


def test_quick_tricks_never_exceed_the_leaders_value():
    for position in _boundary_positions("quick", 300):
        state = encode(position)
        leader = int(state.st[1])
        tricks, _ = quick_tricks(state.packed(), 4, leader, int(state.cfg[K.C_TRUMP]), 99)
        assert tricks <= dds_best(position), position


def test_sure_trump_tricks_never_exceed_that_sides_value():
    for position in _boundary_positions("trumps", 300):
        state = encode(position)
        side, sure, _ = sure_trump_tricks(state.packed(), 4, int(state.cfg[K.C_TRUMP]))
        if side < 0:
            continue
        value = dds_best(position)
        tricks = len(position.hands[0])
        # the team is the leader's side: the other side's sure tricks cap its value
        if side == 1:
            assert sure <= value, position
        else:
            assert value <= tricks - sure, position


def test_small_table_refilled_many_times_stays_exact():
    solver = Solver(table_bits=10)
    for position in _boundary_positions("small-table", 40, sizes=(6, 7)):
        assert solver.solve(position, values="all").cards == dds_values(position), position


@pytest.mark.parametrize("exhaustive", [True, False])
def test_a_trump_led_to_the_partners_top_trumps_never_promises_too_much(exhaustive):
    """The trump-entry plan of the quick tricks (a trump led to a partner holding the
    highest trumps, who cashes them and then its side winners): against the plain
    reference on small endings, DDS on larger ones."""
    from solvers.doubledummy.quick import _trump_entry
    rng = Rng("trump-entry-%s" % exhaustive)
    checked = 0
    for i in range(2000 if exhaustive else 800):
        size = 2 + i % 3 if exhaustive else 4 + i % 7
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        packed = state.packed()
        leader, trump = int(state.st[1]), int(state.cfg[K.C_TRUMP])
        hands = [int(h) for h in state.hands[:4]]
        if not (hands[leader] >> (16 * trump)) & 0xFFFF:
            continue
        rem = tuple(hands[0] >> (16 * s) & 0xFFFF | hands[1] >> (16 * s) & 0xFFFF
                    | hands[2] >> (16 * s) & 0xFFFF | hands[3] >> (16 * s) & 0xFFFF for s in range(4))
        count, _ = _trump_entry(packed, 4, leader, trump, rem)
        if count == 0:
            continue
        checked += 1
        value = exact_value(position, exhaustive)
        assert count <= value, position
        # and through the whole quick-trick count
        tricks, _ = quick_tricks(packed, 4, leader, trump, 99)
        assert tricks <= value, position
    assert checked > 20
