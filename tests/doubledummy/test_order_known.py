"""The search hands the ordering the live cards its trick's boundary row holds
(``kernel._live_cards``), having found the legal cards not one run (``_one_run``):
``_order_known`` then skips the pass over the hands and the single-run check, takes a
lead's owners of the top cards from the row's owner sequences, and must fill the row
``_order_at`` fills without them."""

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.layout import O_HANDS, O_TRICK, W_KILLER, W_MOVES, W_REM, W_RUNS, W_SCORES
from tests.doubledummy.turns import random_turn

RULES = (TrickRules.bridge(None), TrickRules.bridge(1), TrickRules(seats=3, trump=2), TrickRules.manille(0))


def _row(W, ply, count):
    return [(int(W[ply, W_MOVES + i]), int(W[ply, W_SCORES + i]), int(W[ply, W_RUNS + i]))
            for i in range(max(count, 1))]


def _boundary_row(W, ply, S, n, tlen):
    """Row ``ply`` as the boundary where the trick began leaves it: each suit's
    remaining cards, the hands' and the trick's, and (a lead's) the owner sequences."""
    live = 0
    for q in range(n):
        live |= int(S[O_HANDS + q])
    for i in range(tlen):
        live |= 1 << int(S[O_TRICK + i])
    for s in range(4):
        W[ply, W_REM + s] = (live >> (16 * s)) & 0xFFFF
    if tlen == 0:
        K._position_keys(S, W, ply, n)


def test_known_live_cards_fill_the_row_order_at_fills():
    rng = Rng("order-known")
    ordered = 0
    for i in range(400):
        rules = RULES[i % len(RULES)]
        S, tlen, n, p, mask = random_turn(rng, i, rules)
        hint = (i % 3) if tlen == 0 and i % 2 else -1
        W = K.new_work()
        W[4, W_KILLER] = W[5, W_KILLER] = (i * 7) % 64 if i % 3 else -1
        # the search's row at ply 4 or 5 (the seat to play), its boundary 4 or 5 - tlen
        _boundary_row(W, 4 - tlen, S, n, tlen)
        _boundary_row(W, 5 - tlen, S, n, tlen)
        if K._one_run(S, W, 5, tlen, mask):
            continue
        known = K._live_cards(W, 5, tlen)
        assert known >= 0
        for mode in (1, 2):
            expected = K._order_at(S.ctypes.data, W.ctypes.data, 4, p, mask, tlen, hint, mode)
            got = K._order_known(S.ctypes.data, W.ctypes.data, 5, p, mask, tlen, hint, mode, known)
            assert got == expected
            assert _row(W, 5, got) == _row(W, 4, expected)
        ordered += 1
    assert ordered > 200


def test_live_cards_unknown_inside_the_first_trick():
    W = K.new_work()
    assert K._live_cards(W, 1, 2) == -1
    W[0, W_REM + 2] = 0b1011
    assert K._live_cards(W, 2, 2) == 0b1011 << 32
