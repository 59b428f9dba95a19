"""CPU-heavy work runs in the solver pool's child processes (api/workers.py); bad input
is refused before any work is submitted, and answers match the inline ones."""

from __future__ import annotations

import os

import pytest

from api import workers
from solvers.errors import CardsageError
from tests.api.helpers import assert_problem, auth, create

DEAL = "N:Q953.85.J532.T42 2.Q7642.A8.AK763 AKJ4.KT9.K76.J98 T876.AJ3.QT94.Q5"


@pytest.fixture(scope="module", autouse=True)
def _stop_children():
    yield
    workers.shutdown()


@pytest.fixture
def pooled(make_app):
    app = make_app(SOLVER_PROCESSES=1)
    return app, app.extensions["cardsage.solvers"], app.test_client()


def _raise_not_found(message: str):
    raise CardsageError(message, status=404, field="thing")


def test_a_patience_solve_runs_in_a_niced_child(pooled):
    app, pool, client = pooled
    before = pool.submitted
    response = client.post("/api/v1/patience/klondike/solve", json={"seed": 7, "budget_seconds": 5})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["verdict"] == "winnable"
    assert pool.submitted == before + 1
    children = pool.pids()
    assert children and os.getpid() not in children
    assert pool.run(1.0, workers.child_pid) in children
    assert pool.run(1.0, workers.child_niceness) == min(19, os.nice(0) + 10), "niceness stops at 19"


def test_solver_children_keep_off_the_first_processor_by_default(make_app):
    pool = make_app(SOLVER_PROCESSES=1, SOLVER_CPUS="auto").extensions["cardsage.solvers"]
    mine = sorted(os.sched_getaffinity(0))
    expected = mine[1:] if len(mine) >= 2 else mine
    assert pool.run(1.0, workers.child_cpus) == expected, "the first processor stays free for requests"
    if len(mine) >= 2:
        assert pool.run(1.0, workers.child_scheduler) == os.SCHED_IDLE, "requests run first where solvers run"
    everywhere = make_app(SOLVER_PROCESSES=1, SOLVER_CPUS="all").extensions["cardsage.solvers"]
    assert everywhere.run(1.0, workers.child_cpus) == mine


def test_bad_input_is_refused_before_any_work(pooled):
    _, pool, client = pooled
    before = pool.submitted
    assert_problem(client.post("/api/v1/patience/klondike/solve", json={"seed": "seven"}), 400, field="seed")
    assert_problem(client.post("/api/v1/patience/klondike/solve", json={"seed": 7, "budget_seconds": -1}), 422,
                   field="budget_seconds")
    assert_problem(client.post("/api/v1/doubledummy/solve", json={"deal": "N:AKQ"}), 422, field="deal")
    assert_problem(client.post("/api/v1/doubledummy/table", json={"deal": 7}), 400, field="deal")
    assert pool.submitted == before


def test_double_dummy_answers_match_the_inline_ones(pooled, make_app):
    _, pool, client = pooled
    inline = make_app(SOLVER_PROCESSES=0).test_client()
    # a generous budget: the pooled child is niced and may be loading its kernels, and
    # both answers must be exact to be compared
    body = {"deal": DEAL, "trump": "S", "leader": "W", "values": "all", "budget_ms": 10_000}
    before = pool.submitted
    pooled_answer, inline_answer = (c.post("/api/v1/doubledummy/solve", json=body).get_json()
                                    for c in (client, inline))
    best_cards = []
    for answer in (pooled_answer, inline_answer):
        for timing in ("ms", "nodes", "seconds"):
            answer.pop(timing, None)
        # among cards of equal value, which one is named best depends on the solver's
        # table, warm in one process and cold in the other
        best = answer.pop("best")
        answer.pop("line")
        best_cards.append(answer["cards"][best] == max(answer["cards"].values()))
    assert pooled_answer == inline_answer and pooled_answer["exact"] and all(best_cards)
    table = client.post("/api/v1/doubledummy/table", json={"deal": DEAL, "budget_ms": 10_000}).get_json()
    assert table["exact"] and table["tricks"]["E"]["H"] == 10
    assert pool.submitted == before + 2


def test_hints_above_the_inline_budget_use_the_pool(pooled):
    _, pool, client = pooled
    session_id, tokens = create(client)
    url = f"/api/v1/sessions/{session_id}/hint"
    before = pool.submitted
    quick = client.get(url + "?budget_ms=20", headers=auth(tokens["0"]))
    assert quick.status_code == 200 and pool.submitted == before          # 20 ms: in the request thread
    slow = client.get(url + "?budget_ms=200", headers=auth(tokens["0"]))
    assert slow.status_code == 200 and pool.submitted == before + 1
    assert set(slow.get_json()) == {"action", "reason", "evaluation", "alternatives", "method"}


def test_project_errors_in_a_child_keep_their_status(pooled):
    _, pool, _ = pooled
    with pytest.raises(CardsageError) as caught:
        pool.run(1.0, _raise_not_found, "nothing here")
    assert (caught.value.status, caught.value.field, caught.value.message) == (404, "thing", "nothing here")


def test_work_that_outlasts_its_wait_is_503_with_retry_after(make_app):
    app = make_app(SOLVER_PROCESSES=1, SOLVER_QUEUE_GRACE_S=0.0)
    client = app.test_client()
    app.extensions["cardsage.solvers"].run(1.0, workers.child_pid)     # child started and warm
    # the compiled search cannot settle draw-3 deal 1 within 0.3 s, and no grace is left to wait
    response = client.post("/api/v1/patience/klondike/solve",
                           json={"seed": 1, "rules": {"draw": 3}, "budget_seconds": 0.3})
    if response.status_code == 200:   # a very fast machine: the search itself answered in time
        pytest.skip("the solve finished within its budget")
    assert_problem(response, 503)
    assert int(response.headers["Retry-After"]) >= 1


def test_a_started_pool_has_its_children_before_any_work(make_app):
    workers.shutdown()
    pool = make_app(SOLVER_PROCESSES=2).extensions["cardsage.solvers"]
    assert pool.pids() == []
    before = pool.submitted
    pool.start()
    assert len(pool.pids()) == 2, "both children start at once, not at the first requests"
    assert pool.submitted == before
    assert pool.run(1.0, workers.child_pid) in pool.pids()
    workers.shutdown()
