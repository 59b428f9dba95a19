"""Diloti's exact cover against brute force over every table subset, and move canonicalisation."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers.games import get
from solvers.games.diloti_cover import coverable, coverable_brute, sum_subsets

GAME = get("diloti")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=0, max_size=8), st.integers(1, 10))
def test_cover_matches_brute_force(values, target):
    reach = coverable(values, target)
    assert set(reach) == coverable_brute(values, target)
    for mask, split in reach.items():
        assert sum(split) == mask and all(a & b == 0 for i, a in enumerate(split) for b in split[i + 1:])
        assert all(sum(values[i] for i in range(len(values)) if g >> i & 1) == target for g in split)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 10), max_size=9), st.integers(1, 10))
def test_sum_subsets_are_exactly_the_subsets_of_the_target(values, target):
    found = set(sum_subsets(values, target))
    brute = {m for m in range(1, 1 << len(values))
             if sum(values[i] for i in range(len(values)) if m >> i & 1) == target}
    assert found == brute


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_moves_are_distinct_and_notations_parse_back(seed, steps):
    from solvers.cards import Rng
    s = GAME.new(seed=seed, options={"players": 2 + 2 * (seed % 2)})
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions(s.turn)), s.turn)
    if s.is_over:
        return
    moves = s.moves(s.turn)
    keys = {(m.kind, m.card, m.value, frozenset(m.loose), frozenset(m.decls)) for m in moves}
    assert len(keys) == len(moves), "each move once"
    for m in moves:
        assert s.parse_action(m.action.notation, s.turn) == m.action
