"""The follower's cards without weights: when the move ordering emits a follower's cards
lowest first without weighing them, the order is the weights' order; when it emits one
card alone (lazily), it is the card the weights put first, with the same run of
equivalent cards; and the search's answers do not depend on either."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import C_SEATS, O_CFG, O_HANDS, O_TSEAT, W_MOVES, W_RUNS, W_SCORES
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values

STRAINS = (None, 0, 1, 2, 3)


def _orders(S, W, tlen):
    """The kernel's move ordering in its three modes (rows 0, 1, 2): by the weights
    alone, with the low-first shortcut, lazily (``_order_at``, as the search calls it)."""
    n = int(S[O_CFG + C_SEATS])
    p = int(K.next_seat(S, S[O_TSEAT + tlen - 1], n))
    mask = K.legal(S, S[O_HANDS + p], tlen)
    s_addr, w_addr = S.ctypes.data, W.ctypes.data
    weights = K._order_at(s_addr, w_addr, 0, p, mask, tlen, -1, 0)
    shortcut = K._order_at(s_addr, w_addr, 1, p, mask, tlen, -1, 1)
    lazy = K._order_at(s_addr, w_addr, 2, p, mask, tlen, -1, 2)
    return weights, shortcut, lazy


def _positions(seed, count, rules_of):
    rng = Rng(seed)
    for i in range(count):
        rules = rules_of(i)
        size = 1 + i % 13 if rules.seats == 4 else 1 + i % 5
        yield random_position(rng, size, rules, trick_cards=1 + i % (rules.seats - 1))


@pytest.mark.parametrize("name,rules_of", [
    ("bridge", lambda i: TrickRules.bridge(STRAINS[i % 5])),
    ("whist", lambda i: TrickRules.whist(i % 4)),
    ("three-seats", lambda i: TrickRules(seats=3, trump=STRAINS[i % 5])),
    ("napoleon", lambda i: TrickRules.napoleon(i % 4, seats=5, bidder=1, pack=40)),
])
def test_orders_without_weights_are_the_weights_order(name, rules_of):
    lazy = low_first = 0
    for position in _positions("lazy-" + name, 1000, rules_of):
        state = encode(position)
        W = K.new_work()
        weights, shortcut, first = _orders(state.packed(), W, int(state.st[0]))
        moves = [(int(W[0, W_MOVES + i]), int(W[0, W_RUNS + i])) for i in range(weights)]
        assert shortcut == weights, position
        assert [(int(W[1, W_MOVES + i]), int(W[1, W_RUNS + i])) for i in range(shortcut)] == moves, position
        if first == -1:
            lazy += 1
            assert weights >= 2
            assert (int(W[2, W_MOVES]), int(W[2, W_RUNS])) == moves[0], position
        else:
            assert first == weights
            low_first += int(weights > 1 and not W[1, W_SCORES:W_SCORES + weights].any()
                             and W[0, W_SCORES:W_SCORES + weights].any())
    # both cases are common, so the checks above are not empty (the lazy card only when
    # switched on)
    assert low_first > 10, low_first
    assert lazy > 20 or not (K.LAZY_WIN or K.LAZY_RUFF), lazy


def test_answers_with_lazy_follows_match_the_reference():
    rng = Rng("lazy-reference")
    solver = Solver()
    for i in range(40):
        rules = TrickRules.bridge(STRAINS[i % 5])
        position = random_position(rng, 2 + i % 3, rules, trick_cards=i % 4)
        assert solver.solve(position, values="all").cards == reference_values(position)
