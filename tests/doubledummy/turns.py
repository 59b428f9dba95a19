"""Seeded random turns for the move ordering's tests: a position, packed, and the seat to
play with its legal cards."""

from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import C_SEATS, O_CFG, O_HANDS, O_ST, O_TSEAT
from solvers.doubledummy.randoms import random_position


def random_turn(rng, i, rules):
    """The ``i``-th turn of a sweep: a random position of ``rules`` with 1 to 13 cards a
    hand (1 to 5 for fewer seats) and ``i % seats`` cards on the trick, packed. Returns
    the packed state, the trick's length, the seats, the seat to play and its legal
    cards' mask."""
    most = min(13 if rules.seats == 4 else 5, len(rules.cards) // rules.seats)
    position = random_position(rng, 1 + i % most, rules, trick_cards=i % rules.seats)
    S = encode(position).packed()
    tlen = int(S[O_ST])
    n = int(S[O_CFG + C_SEATS])
    p = int(S[O_ST + 1]) if tlen == 0 else int(K.next_seat(S, S[O_TSEAT + tlen - 1], n))
    return S, tlen, n, p, K.legal(S, S[O_HANDS + p], tlen)
