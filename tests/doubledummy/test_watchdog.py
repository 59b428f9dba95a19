"""Time budgets: the deadline's watchdog cuts a search that runs in one piece."""

import threading
import time

import solvers.doubledummy.solver as solver_module
from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy.randoms import random_position


def _full_deal(seed):
    # seeds 4, 7 and 11 need 0.7M to 0.9M card nodes with every card valued (80 to 100 ms
    # alone on the 2-core test machine); seed 39 needs 2.4M (300 ms), most of them in the
    # root's first probe
    return random_position(Rng(seed), 13, TrickRules.bridge(None), trick_cards=0)


def _warm():
    # compiled (or loaded) before any clock starts: the search and the fallback card's
    # move ordering, which a cut solve calls
    solver_module.load_kernels()
    Solver().solve(_full_deal(4), budget_nodes=1)


def _count_expiries(monkeypatch):
    fired = []
    expire = solver_module._Budget.expire

    def counted(budget):
        fired.append(budget)
        expire(budget)

    monkeypatch.setattr(solver_module._Budget, "expire", counted)
    return fired


def test_the_watchdog_cuts_a_search_whose_node_limit_is_far_off(monkeypatch):
    _warm()
    fired = _count_expiries(monkeypatch)
    solver = Solver()
    # a speed this high gives the first kernel call every node of the solve: only the
    # watchdog can stop it at the deadline
    solver._rate = 1e12
    start = time.perf_counter()
    # the deadline falls inside the root's first probe, a call of about 150 ms: a
    # search that ends between two calls past the deadline would stop unaided
    result = solver.solve(_full_deal(39), values="all", budget_ms=40)
    wall = time.perf_counter() - start
    assert not result.exact
    assert result.best is not None
    assert len(fired) == 1
    assert result.nodes < 1_400_000
    assert wall < 0.5
    assert not solver_module._WATCHDOG._armed


def test_a_budget_with_time_to_spare_searches_as_without_one():
    position = random_position(Rng(4), 8, TrickRules.bridge(2), trick_cards=0)
    free = Solver().solve(position, values="all")
    timed = Solver().solve(position, values="all", budget_ms=60_000)
    assert timed.exact
    assert timed.cards == free.cards
    # one piece a probe: no search was cut and started again
    assert timed.nodes == free.nodes


def test_budgets_of_several_threads_each_end_at_their_own_deadline(monkeypatch):
    _warm()
    fired = _count_expiries(monkeypatch)
    walls = {}

    def run(ms, seed):
        solver = Solver()
        solver._rate = 1e12
        start = time.perf_counter()
        result = solver.solve(_full_deal(seed), values="all", budget_ms=ms)
        walls[ms] = (time.perf_counter() - start, result.exact)

    # each budget a third or less of its solve's time alone, so no solve can end exact
    # before its deadline (seed 7 with 90 ms once did)
    threads = [threading.Thread(target=run, args=(ms, seed)) for seed, ms in ((4, 25), (7, 20), (11, 30))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for ms, (wall, exact) in walls.items():
        assert not exact
        assert wall < ms / 1000 + 0.4
    # each thread is cut by the watchdog at most once; one still in Python at its
    # deadline (three threads share the interpreter) stops at its next kernel call
    # unaided, so under load none may need it (the test above sees it cut a call)
    assert len(fired) <= 3
    assert not solver_module._WATCHDOG._armed


def test_a_sampled_ending_keeps_its_slices_and_no_watchdog(monkeypatch):
    armed = []
    monkeypatch.setattr(solver_module._WATCHDOG, "arm", armed.append)
    position = random_position(Rng(6), 6, TrickRules.bridge(1), trick_cards=0)
    free = Solver().ending_value(position.hands, position.leader, position.trick, position.rules)
    timed = Solver().ending_value(position.hands, position.leader, position.trick, position.rules,
                                  budget_ms=5_000)
    assert timed == free
    assert armed == []


def test_a_short_ending_keeps_its_slices_and_a_full_deal_arms_the_watchdog(monkeypatch):
    armed = []
    monkeypatch.setattr(solver_module._WATCHDOG, "arm", armed.append)
    monkeypatch.setattr(solver_module._WATCHDOG, "disarm", lambda budget: None)
    short = random_position(Rng(6), solver_module.WATCH_FROM_TRICKS - 1, TrickRules.bridge(1), trick_cards=0)
    free = Solver().solve(short, values="all")
    timed = Solver().solve(short, values="all", budget_ms=5_000)
    assert (timed.value, timed.cards) == (free.value, free.cards)
    assert armed == []
    Solver().solve(_full_deal(4), budget_ms=5_000)
    assert len(armed) == 1
