"""The follower's killer: the card that settled the last position at the same depth with
the same card led and the same card winning the trick is tried first by the move
ordering (both when the cards are weighed and when they are emitted lowest first); the
other cards keep their order; and a change of the trick's led or winning card forgets
it."""

from numba import njit

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import C_SEATS, O_CFG, O_HANDS, O_TSEAT, W_KILLER, W_MOVES, W_RUNS, W_SCORES
from solvers.doubledummy.randoms import random_position

STRAINS = (None, 0, 1, 2, 3)


def _order(S, W, tlen):
    """The kernel's move ordering of the seat to play (low-first shortcut on), in row 0,
    as the search calls it (``_order_at``: compiled once with the kernel)."""
    n = int(S[O_CFG + C_SEATS])
    p = int(K.next_seat(S, S[O_TSEAT + tlen - 1], n))
    return K._order_at(S.ctypes.data, W.ctypes.data, 0, p, K.legal(S, S[O_HANDS + p], tlen), tlen, -1, 1)


@njit(cache=True)
def _killer(W, tlen, led_card, w):
    return K._follow_killer(W, 0, tlen, led_card, w)


def _moves(W, count):
    return [(int(W[0, W_MOVES + i]), int(W[0, W_RUNS + i])) for i in range(count)]


def test_a_new_trick_forgets_the_killer():
    W = K.new_work()
    assert _killer(W, 1, 5, 5) == -1
    W[0, W_KILLER] = 7
    assert _killer(W, 1, 5, 5) == 7
    assert _killer(W, 2, 5, 9) == -1
    assert W[0, W_KILLER] == -1
    W[0, W_KILLER] = 12
    assert _killer(W, 2, 6, 9) == -1
    assert _killer(W, 2, 6, 9) == -1


def test_the_killer_comes_first_and_the_rest_keep_their_order():
    rng = Rng("follow-killer")
    moved = low_first = 0
    for i in range(600):
        rules = TrickRules.bridge(STRAINS[i % 5])
        position = random_position(rng, 2 + i % 12, rules, trick_cards=1 + i % 3)
        state = encode(position)
        tlen = int(state.st[0])
        S = state.packed()
        W = K.new_work()
        count = _order(S, W, tlen)
        before = _moves(W, count)
        if count < 2:
            continue
        # the last card ordered settled the last position of this trick at this depth
        for pick in (count - 1, count // 2):
            card, run = before[pick]
            W[0, W_KILLER] = card
            assert _order(S, W, tlen) == count
            after = _moves(W, count)
            assert after[0] == (card, run), position
            assert after[1:] == before[:pick] + before[pick + 1:], position
        moved += 1
        low_first += int(not W[0, W_SCORES:W_SCORES + count].any())
    assert moved > 200 and low_first > 50, (moved, low_first)
