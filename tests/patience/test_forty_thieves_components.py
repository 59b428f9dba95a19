"""The compiled exact Forty Thieves search over reversible components
(``forty_thieves_exact.ComponentSearch``): the same verdicts as the exhaustive
searches on small deals, won lines that replay through ``rules.py``, and components
that are exactly what reversible moves reach, the same set and the same normal form
from every member."""

import random

import pytest

from solvers.patience import forty_thieves_exact as exact
from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import RANK, FortyThievesKernel
from solvers.patience.forty_thieves_jit import _same, layout_for
from solvers.patience.options import FortyThievesRules
from solvers.patience.rules import replay
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, _dfs
from tests.patience.helpers import brute_force_winnable, random_walk

SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6), (4, 4, 7), (4, 5, 5),
          (5, 5, 5), (6, 6, 5)]
BRUTE_SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6)]


def _root(pos, redeals, ranks):
    kernel = FortyThievesKernel(FortyThievesRules(redeals), ranks)
    return kernel, kernel.normalize(kernel.encode(pos))[0]


def _reversible(state, mv) -> bool:
    """The plain kernel's view of a reversible move: a card off the next card of its
    suit, or out of a column it is alone in."""
    if mv[0] != "TT":
        return False
    col = state[0][mv[1]]
    return len(col) == 1 or (RANK[col[-1]] < 12 and col[-2] == col[-1] + 1)


def _plain_component(kernel, state) -> set:
    """Keys of the positions reached by reversible moves, breadth first (plain kernel)."""
    seen = {kernel.key(state)}
    frontier = [state]
    while frontier:
        s = frontier.pop()
        for mv in kernel.moves(s):
            if _reversible(s, mv):
                kid = kernel.child(s, mv)[0]
                k = kernel.key(kid)
                if k not in seen:
                    seen.add(k)
                    frontier.append(kid)
    return seen


def _walk(kernel, state, path):
    """Replay compiled moves through the plain kernel (each must be a kernel move)."""
    for kind, a, b in path:
        mv = next(m for m in kernel.moves(state) if _same(m, kind, a, b))
        assert _reversible(state, mv)
        state = kernel.child(state, mv)[0]
    return state


def _compiled_component(kernel, state):
    s = exact.ComponentSearch(kernel, state, layout_for(kernel, state))
    members = [_walk(kernel, state, path) for path in s.members()]
    return members, s.stored


def _normal_form(kernel, state) -> bytes:
    s = exact.ComponentSearch(kernel, state, layout_for(kernel, state), normal_form=True)
    assert s.stored == 1
    return s.key.tobytes()


@pytest.mark.parametrize("redeals,normal_form", [(0, False), (1, False), (0, True), (1, True)])
def test_same_verdicts_as_the_plain_search_and_lines_replay(redeals, normal_form):
    rules = FortyThievesRules(redeals)
    verdicts = []
    for shape in SHAPES:
        ranks, columns, rows = shape
        for seed in range(8):
            pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            kernel, root = _root(pos, redeals, ranks)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            plain = _dfs(kernel, root, 200_000, None, None, None)
            verdict, path, _ = exact.search(kernel, root, 200_000, components=True, normal_form=normal_form)
            if UNKNOWN in (plain[0], verdict):
                continue
            assert verdict == plain[0], (shape, seed)
            if verdict == WINNABLE:
                line = [m for notes in kernel.normalize(kernel.encode(pos))[1:] for m in notes]
                line += [m for notes in path for m in notes]
                assert replay(pos, line, rules).is_won()
            verdicts.append(verdict)
    assert {WINNABLE, UNWINNABLE} <= set(verdicts)


@pytest.mark.parametrize("proofs", [1, 1 << 20])
def test_same_verdicts_as_the_exhaustive_search_over_the_rules(proofs):
    rules = FortyThievesRules(0)
    verdicts = []
    for shape in BRUTE_SHAPES:
        ranks, columns, rows = shape
        for seed in range(10):
            pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            kernel, root = _root(pos, 0, ranks)
            if kernel.is_won(root):
                continue
            expected = WINNABLE if brute_force_winnable(pos, rules) else UNWINNABLE
            if kernel.hopeless(root):
                assert expected == UNWINNABLE
                continue
            verdict = exact.search(kernel, root, components=True, proofs=proofs)[0]
            assert verdict == expected, (shape, seed)
            verdicts.append(verdict)
    assert {WINNABLE, UNWINNABLE} <= set(verdicts)


def test_a_capped_component_keeps_the_verdicts():
    """With a cap of two members the search also tries reversible moves to positions
    not yet stored (each starts a component of its own): the same verdicts."""
    for shape in SHAPES[:6]:
        ranks, columns, rows = shape
        for seed in range(8):
            kernel, root = _root(forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows), 0, ranks)
            if kernel.is_won(root) or kernel.hopeless(root):
                continue
            plain = _dfs(kernel, root, 200_000, None, None, None)[0]
            s = exact.ComponentSearch(kernel, root, layout_for(kernel, root), cap=2)
            status = exact.CHUNK
            while status == exact.CHUNK:
                status = s.step()
            assert {exact.WON: WINNABLE, exact.LOST: UNWINNABLE}[status] == plain, (shape, seed)


@pytest.mark.parametrize("redeals", [0, 1])
def test_components_are_what_reversible_moves_reach_from_every_member(redeals):
    rules = FortyThievesRules(redeals)
    rng = random.Random(11)
    sizes = []
    for seed in range(30):
        ranks, columns, rows = SHAPES[seed % len(SHAPES)]
        deal = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
        kernel = FortyThievesKernel(rules, ranks)
        for pos in random_walk(deal, rules, rng, 40)[::4]:
            state = kernel.normalize(kernel.encode(pos))[0]
            if kernel.is_won(state):
                continue
            members, stored = _compiled_component(kernel, state)
            keys = {kernel.key(m) for m in members}
            # every member is reached (its moves replay), each once, and they are
            # exactly the positions the plain kernel's reversible moves reach
            assert len(keys) == len(members) == stored
            assert keys == _plain_component(kernel, state)
            # the same set from every member, and the same normal form
            form = _normal_form(kernel, state)
            for m in rng.sample(members, min(3, len(members))):
                assert {kernel.key(x) for x in _compiled_component(kernel, m)[0]} == keys
                assert _normal_form(kernel, m) == form
            sizes.append(len(keys))
    assert max(sizes) > 3


def test_solve_with_components_matches_the_exhaustive_search(monkeypatch):
    from solvers.patience import compiled
    from solvers.patience.search import solve
    monkeypatch.setattr(compiled, "FT_COMPONENTS", True)
    rules = FortyThievesRules(0)
    verdicts = set()
    for ranks, columns, rows in BRUTE_SHAPES[:3]:
        for seed in range(8):
            pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            result = solve(pos, rules, max_nodes=None, max_seconds=None, probes=False)
            expected = brute_force_winnable(pos, rules)
            assert result.verdict == (WINNABLE if expected else UNWINNABLE)
            if expected:
                assert replay(pos, result.solution, rules).is_won()
            verdicts.add(result.verdict)
    assert verdicts == {WINNABLE, UNWINNABLE}


def test_moves_left_out_for_later_members_change_no_count():
    """A later member's move that uses no column its reversible moves changed, with
    no automatic move after it, leads where the first member's same move leads, up
    to the same reversible moves: leaving it out enters the same components in the
    same order."""
    for redeals in (0, 1):
        for shape in SHAPES[5:]:
            ranks, columns, rows = shape
            for seed in range(6):
                kernel, root = _root(forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows),
                                     redeals, ranks)
                if kernel.is_won(root) or kernel.hopeless(root):
                    continue
                counts = []
                for skip in (False, True):
                    s = exact.ComponentSearch(kernel, root, layout_for(kernel, root), skip=skip)
                    status = exact.CHUNK
                    while status == exact.CHUNK:
                        status = s.step(30_000)
                    counts.append((status, s.nodes, s.stored))
                assert counts[0] == counts[1], (redeals, shape, seed)
