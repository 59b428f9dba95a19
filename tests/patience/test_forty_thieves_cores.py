"""Loss cores for Forty Thieves (``forty_thieves_cores``): the search keeps the plain
search's verdicts, every position that matches a learned core is lost (positions
built from each core by moving the cards under its kept tops between columns), and
a core cut too small is caught by the same check."""

import random

from solvers.patience.deal import forty_thieves_deal
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_cores import LOST, WON, CoreSearch, core_of, matches, relaxed_stuck, tops_only
from solvers.patience.forty_thieves_deadlock import ft_stuck_in_order
from solvers.patience.options import FortyThievesRules
from solvers.patience.search import UNWINNABLE, WINNABLE, _dfs

SHAPES = [(3, 3, 6), (3, 3, 7), (3, 2, 9), (2, 2, 6), (3, 4, 5), (4, 4, 6), (4, 4, 7), (4, 5, 5),
          (5, 5, 5), (6, 6, 5)]


def _roots():
    for ranks, columns, rows in SHAPES:
        for seed in range(8):
            pos = forty_thieves_deal(seed, ranks=ranks, columns=columns, rows=rows)
            kernel = FortyThievesKernel(FortyThievesRules(0), ranks)
            root = kernel.normalize(kernel.encode(pos))[0]
            if not (kernel.is_won(root) or kernel.hopeless(root)):
                yield ranks, root


def _plain_verdict(ranks, state):
    return _dfs(FortyThievesKernel(FortyThievesRules(0), ranks), state, 500_000, None, None, None)[0]


def _variants(state, h, rng, count):
    """Positions matching the core ``h`` of ``state``: the cards under the kept tops
    of the columns not kept whole, dealt again at random among those columns (each
    keeps at least one)."""
    cols = state[0]
    loose = [i for i, (c, hi) in enumerate(zip(cols, h)) if hi < len(c)]
    under = [x for i in loose for x in cols[i][:len(cols[i]) - h[i]]]
    out = []
    for _ in range(count):
        cards = under[:]
        rng.shuffle(cards)
        sizes = [1] * len(loose)
        for _ in range(len(cards) - len(loose)):
            sizes[rng.randrange(len(loose))] += 1
        new, at = list(cols), 0
        for i, n in zip(loose, sizes):
            new[i] = bytes(cards[at:at + n]) + cols[i][len(cols[i]) - h[i]:]
            at += n
        out.append((tuple(new),) + state[1:])
    return out


def test_the_same_verdicts_as_the_plain_search():
    verdicts = []
    for ranks, root in _roots():
        plain = _plain_verdict(ranks, root)
        verdict, _ = CoreSearch(FortyThievesKernel(FortyThievesRules(0), ranks)).solve(root, 200_000)
        assert (verdict == WON) == (plain == WINNABLE) and (verdict == LOST) == (plain == UNWINNABLE)
        verdicts.append(verdict)
    assert {WON, LOST} <= set(verdicts)


def _core_failures(keep, stop=False):
    """Positions built from the learned cores of the small deals' lost searches,
    how many of them are not lost (``stop``: return at the first one), and how many
    the finished search, asked again, cuts at once by a core."""
    rng = random.Random(5)
    checked = failed = cut = 0
    for ranks, root in _roots():
        search = CoreSearch(FortyThievesKernel(FortyThievesRules(0), ranks), keep=keep, record=True)
        if search.solve(root, 200_000)[0] != LOST:
            continue
        for state, h in search.learned:
            if all(hi == len(c) for c, hi in zip(state[0], h)):
                continue
            for q in _variants(state, h, rng, 3):
                assert matches(q[0], core_of(state[0], h)) is not None
                checked += 1
                failed += _plain_verdict(ranks, q) != UNWINNABLE
                if stop and failed:
                    return checked, failed, cut
                kernel = search.kernel
                if kernel.key(q) not in search.table and not kernel.hopeless(q):
                    before = search.stats["core_cuts"]
                    assert search.solve(q, search.stats["positions"] + 1)[0] == LOST
                    cut += search.stats["core_cuts"] - before
    return checked, failed, cut


def test_every_position_matching_a_learned_core_is_lost():
    checked, failed, cut = _core_failures(None)
    assert checked > 100 and failed == 0 and cut > 20


def test_a_core_cut_to_the_tops_is_caught():
    checked, failed, _ = _core_failures(lambda cols, h: tops_only(cols), stop=True)
    assert failed > 0


def test_the_relaxed_proof_keeping_whole_columns_is_rule_9():
    rng = random.Random(3)
    agree = 0
    for ranks, root in _roots():
        kernel = FortyThievesKernel(FortyThievesRules(0), ranks)
        s = root
        for _ in range(30):
            cols, found, talon, p, _ = s
            full = [len(c) for c in cols]
            want = ft_stuck_in_order(cols, found, talon[:p], talon[p:], ranks)
            assert relaxed_stuck(cols, full, found, talon[:p], talon[p:], ranks) == want
            agree += 1
            moves = kernel.moves(s)
            if not moves or kernel.is_won(s):
                break
            s = kernel.child(s, rng.choice(moves))[0]
    assert agree > 200
