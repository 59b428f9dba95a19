"""Solvers kept between hints: one borrower at a time, the same solver again afterwards."""

from __future__ import annotations

import threading
import time

from solvers.pimc.pool import IDLE_PER_GAME, lent_solver


def test_a_returned_solver_is_lent_again_and_games_keep_their_own():
    with lent_solver("pool-test-a") as first:
        pass
    with lent_solver("pool-test-a") as again, lent_solver("pool-test-b") as other:
        assert again is first and other is not first


def test_no_two_borrowers_hold_the_same_solver_at_once():
    held, clash = set(), []
    lock, start = threading.Lock(), threading.Barrier(IDLE_PER_GAME + 2)

    def borrow():
        start.wait()
        for _ in range(50):
            with lent_solver("pool-test-c") as solver:
                with lock:
                    clash.append(id(solver) in held)
                    held.add(id(solver))
                time.sleep(0.0005)   # hold it while others borrow
                with lock:
                    held.discard(id(solver))

    threads = [threading.Thread(target=borrow) for _ in range(IDLE_PER_GAME + 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(clash) == 50 * len(threads) and not any(clash)
