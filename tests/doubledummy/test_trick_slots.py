"""The search leaves the state as it found it: the trick in progress (its cards, seats,
leader and size) and the hands, also when it stops at its node limit. The next trick's
node keeps the finished trick's slots before playing over them and puts them back."""

from __future__ import annotations

import numpy as np

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy import layout as L
from solvers.doubledummy.encode import encode
from solvers.doubledummy.randoms import random_position


def test_the_search_restores_the_trick_in_progress():
    """From random positions with 0-3 cards on the trick, four and three seats, a full
    search and one cut short by a node limit leave every value of the state unchanged but
    the counters and the free trick slots."""
    rng = Rng("trick-slots")
    solver = Solver()
    cut = 0
    for i in range(120):
        rules = TrickRules.bridge(i % 4) if i % 3 else TrickRules(seats=3, trump=i % 4)
        size = 3 + i % 4
        position = random_position(rng, size, rules, trick_cards=i % rules.seats)
        packed = encode(position).packed()
        before = packed.copy()
        # the slots after the trick's cards are scratch: the search plays into them
        kept = np.ones(L.S_SIZE, dtype=bool)
        kept[L.O_CTR:L.O_CTR + 8] = False
        tlen = int(packed[L.O_ST])
        kept[L.O_TRICK + tlen:L.O_TRICK + 8] = False
        kept[L.O_TSEAT + tlen:L.O_TSEAT + 8] = False
        packed[L.O_CTR + L.N_LIMIT] = 10**7 if i % 2 else 2 + i % 30
        K.search(packed.ctypes.data, solver._table.ctypes.data, solver._table.size,
                 solver._work.ctypes.data, 1 + i % size, 0)
        cut += int(packed[L.O_CTR + L.N_ABORTED])
        assert np.array_equal(packed[kept], before[kept]), np.flatnonzero(packed != before)
    assert cut > 10
