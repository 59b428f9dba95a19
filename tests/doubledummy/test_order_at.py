"""The search orders moves through ``kernel._order_at``, which takes the state and the
scratch rows by the addresses of their data: it must fill the same row as
``_order_moves`` given the arrays, for leads (with a table hint and a killer) and
follows alike."""

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.layout import W_KILLER, W_MOVES, W_RUNS, W_SCORES
from tests.doubledummy.turns import random_turn

RULES = (TrickRules.bridge(None), TrickRules.bridge(1), TrickRules(seats=3, trump=2), TrickRules.manille(0))


def _row(W, ply, count):
    return [(int(W[ply, W_MOVES + i]), int(W[ply, W_SCORES + i]), int(W[ply, W_RUNS + i]))
            for i in range(max(count, 1))]


def test_order_at_fills_the_row_order_moves_fills():
    rng = Rng("order-at")
    for i in range(240):
        rules = RULES[i % len(RULES)]
        S, tlen, n, p, mask = random_turn(rng, i, rules)
        # a lead hint naming the top card of the first suit, and a killer
        hint = (i % 3) if tlen == 0 and i % 2 else -1
        W = K.new_work()
        W[1, W_KILLER] = W[2, W_KILLER] = (i * 7) % 64 if i % 3 else -1
        expected = K._order_moves(S, W, 1, p, mask, tlen, hint, 1)
        got = K._order_at(S.ctypes.data, W.ctypes.data, 2, p, mask, tlen, hint, 1)
        assert got == expected
        assert _row(W, 2, got) == _row(W, 1, expected)
