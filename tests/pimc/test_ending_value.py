"""The solver's lean way from a sampled state to the kernel gives what ``solve`` gives.

``Solver.ending_value`` writes a game's ending straight into the kernel's state vector
(no position built or checked, no best card, no result object); here its value is
compared with :meth:`Solver.solve` on the position the adapter builds, at every card of
seeded hands of the games that share the sampled search, at trick boundaries and
mid-trick, on true and sampled deals.
"""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng
from solvers.doubledummy import Solver
from solvers.pimc.adapters import adapter_for
from solvers.sampling import sample_hidden

MAX_CARDS = 6   # endings of at most this many cards a hand: a solve each stays cheap


def _endings(name: str, seeds):
    """States of ``name`` in card play with at most ``MAX_CARDS`` cards a hand, from
    heuristic play of seeded matches: each true deal and a sampled deal of the seat to play."""
    game = games.get(name)
    bot = game.bots()["heuristic"]
    for seed in seeds:
        state = game.new(seed=seed)
        rng = Rng(seed)
        hands_seen = 0
        while state.to_move and hands_seen < 2:
            seat = min(state.to_move)
            adapter = adapter_for(state)
            if adapter.in_card_play(state) and adapter.hand_size(state) <= MAX_CARDS:
                yield state
                yield sample_hidden(state, seat, rng.fork("sample"))
            before = adapter.hand_number(state)
            state = state.apply(bot(state, seat, rng), seat)
            hands_seen += adapter.hand_number(state) != before


@pytest.mark.parametrize("name,seeds", [("whist", range(3)), ("teka", range(4)), ("manille", range(2)),
                                        ("napoleon", range(2)), ("troefcall", range(2))])
def test_ending_value_is_the_solved_value(name, seeds):
    shared = Solver()     # its table carries over from ending to ending, as in a hint
    count = mid_trick = 0
    for state in _endings(name, seeds):
        adapter = adapter_for(state)
        position = adapter.position(state)
        expected = Solver().solve(position)
        assert expected.exact
        hands, leader, trick, rules = adapter.ending(state)
        got = shared.ending_value(hands, leader, trick, rules)
        assert got == (expected.value, expected.value, True), (name, position.to_json())
        count += 1
        mid_trick += bool(trick)
    assert count >= 20 and mid_trick >= 10


def test_ending_value_reports_the_bounds_of_a_cut_search(monkeypatch):
    import solvers.doubledummy.solver as solver_module
    state = next(s for s in _endings("whist", [0]) if not s.trick)
    adapter = adapter_for(state)
    value = Solver().solve(adapter.position(state)).value
    # a node budget of one: the first probe is cut at once
    monkeypatch.setattr(solver_module, "DEFAULT_NODE_BUDGET", 1)
    lower, upper, exact = Solver().ending_value(*adapter.ending(state))
    assert not exact and lower <= value <= upper and lower < upper
