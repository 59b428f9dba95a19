"""The search skips the ordering's call when the legal cards are one run of equivalent
cards (``kernel._one_run``), telling the live cards from the row of the boundary where
the trick began; it must say "one run" exactly when ``_single_run`` (the ordering's own
test, given every live card) does, wherever it decides, and never otherwise."""

import numpy as np

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.layout import C_CARD_PTS, O_CFG, O_HANDS, O_TRICK, W_REM
from tests.doubledummy.turns import random_turn

RULES = (TrickRules.bridge(None), TrickRules.bridge(2), TrickRules(seats=3, trump=1), TrickRules.manille(0))


def test_one_run_agrees_with_the_orderings_test():
    rng = Rng("one-run")
    seen = {True: 0, False: 0}
    for i in range(1200):
        rules = RULES[i % len(RULES)]
        S, tlen, n, p, mask = random_turn(rng, i, rules)
        live = np.int64(0)
        for q in range(n):
            live |= S[O_HANDS + q]
        for j in range(tlen):
            live |= np.int64(1) << S[O_TRICK + j]
        expected = bool(K._single_run(S, mask, live))
        # the boundary where the trick began keeps the cards live during the whole trick
        ply = tlen + i % 3
        W = K.new_work()
        for s in range(4):
            W[ply - tlen, W_REM + s] = (int(live) >> (16 * s)) & 0xFFFF
        got = bool(K._one_run(S, W, ply, tlen, mask))
        if S[O_CFG + C_CARD_PTS] == 0:
            assert got == expected, (i, tlen, hex(mask))
            seen[got] += 1
        else:
            assert not got or expected
        # a search that began inside this trick has no such row: one card only
        if tlen > 0:
            inside = bool(K._one_run(S, K.new_work(), tlen - 1, tlen, mask))
            assert inside == (bin(int(mask)).count("1") == 1)
    assert min(seen.values()) > 100
