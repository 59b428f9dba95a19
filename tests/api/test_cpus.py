"""Which processors solver processes may use (api/cpus.py)."""

from __future__ import annotations

import os

import pytest

from api.cpus import confine, solver_cpus


def test_auto_keeps_the_first_processor_for_requests():
    available = set(os.sched_getaffinity(0))
    chosen = solver_cpus("auto")
    if len(available) >= 2:
        assert chosen == available - {min(available)}
    else:
        assert chosen is None


def test_all_and_empty_leave_solvers_anywhere():
    assert solver_cpus("all") is None
    assert solver_cpus(None) is None
    assert solver_cpus("") is None


def test_a_list_keeps_only_available_processors():
    available = sorted(os.sched_getaffinity(0))
    assert solver_cpus(str(available[-1])) == {available[-1]}
    assert solver_cpus("100000") is None, "nothing available: no restriction rather than no processor"


def test_a_bad_setting_is_named():
    with pytest.raises(ValueError, match="SOLVER_CPUS"):
        solver_cpus("fast")


def test_confine_none_leaves_the_process_alone():
    before = os.sched_getaffinity(0)
    confine(None)
    assert os.sched_getaffinity(0) == before
