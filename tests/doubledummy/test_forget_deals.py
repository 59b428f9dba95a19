"""A solver with ``forget_other_deals`` (the one behind ``solve``, the API's) searches a
new deal as a new solver would, and keeps its table for later positions of one deal."""

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.position import Position
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.solver import _thread_solver


def _deals(count):
    rng = Rng("forget-deals")
    return [random_position(rng, 7, TrickRules.bridge((None, 0, 1, 2, 3)[i % 5]), trick_cards=0) for i in range(count)]


def test_a_new_deal_is_searched_as_by_a_new_solver():
    deals = _deals(6)
    forgetting, keeping = Solver(forget_other_deals=True), Solver()
    differs = 0
    for deal in deals:
        fresh = Solver().solve(deal)
        got = forgetting.solve(deal)
        kept = keeping.solve(deal)
        assert (got.value, got.best, got.nodes) == (fresh.value, fresh.best, fresh.nodes)
        assert kept.value == fresh.value
        differs += kept.nodes != fresh.nodes
    # a solver that keeps its table searches some later deal differently
    assert differs > 0


def test_a_later_position_of_the_same_deal_keeps_the_table():
    deal = _deals(1)[0]
    solver = Solver(forget_other_deals=True)
    first = solver.solve(deal, values="all")
    # the same deal after the best card and three cards following it: every hand a subset
    card = first.best
    later = Position(deal.hands[:deal.leader] + (tuple(c for c in deal.hands[deal.leader] if str(c) != card),)
                     + deal.hands[deal.leader + 1:], deal.leader,
                     tuple(c for c in deal.hands[deal.leader] if str(c) == card), deal.rules)
    again = solver.solve(later)
    assert again.value == Solver().solve(later).value
    assert again.nodes < Solver().solve(later).nodes


def test_the_api_solver_forgets_other_deals():
    assert _thread_solver().forget_other_deals
