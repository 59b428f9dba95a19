"""The follower's move ordering is pinned: on seeded random positions of several rule
sets, every mode's moves, scores and runs (with and without a follower's killer) hash to
the digest the ordering gave when it was first written down. Making the ordering
cheaper must leave the digest alone; a deliberate change of the order updates it (and
the node counts in the docs)."""

import hashlib

import pytest

from solvers.cards import Rng
from solvers.doubledummy import TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.layout import C_SEATS, O_CFG, O_HANDS, O_TSEAT, W_KILLER, W_MOVES, W_RUNS, W_SCORES
from solvers.doubledummy.randoms import random_position

STRAINS = (None, 0, 1, 2, 3)

RULE_SETS = {
    "bridge": lambda i: TrickRules.bridge(STRAINS[i % 5]),
    "whist": lambda i: TrickRules.whist(i % 4),
    "three-seats": lambda i: TrickRules(seats=3, trump=STRAINS[i % 5]),
    "napoleon": lambda i: TrickRules.napoleon(i % 4, seats=5, bidder=1, pack=40),
    "manille": lambda i: TrickRules.manille(STRAINS[i % 5]),
    "king": lambda i: TrickRules.king(1 + i % 10, STRAINS[i % 5]),
    "kop": lambda i: TrickRules.kop(),
}

DIGESTS = {
    "bridge": "5a1e6d435cd06717c2631abd36ab29f13be86ad59f7055a6fbbb01487914bc58",
    "whist": "9442ed64344a6b30272e584255ea2039b7e9933461eef50624420e12e0e13630",
    "three-seats": "cf9f35c3bbc33a6ccc95fd40637b3ef4c8c0482db0d0d461d3456ab314172603",
    "napoleon": "657d78f66a2be805e1f87a7c14af188da90fa5387f895a1c2fc2f4bb219b1edf",
    "manille": "b639eeba6be7b0804d7d664a632a2112298d4d7f1671a20bd65bfa0600e578dd",
    "king": "6bae777db72ffb8f44f7c038d6a138629cc1a0ee4d0d2dfc25adc14bcbf237b1",
    "kop": "b81c8e4a2e65fcf23c2e9ee22b906b6acabf2eabf3033479280db9012bdcc73c",
}


def _order(S, W, ply, tlen, mode):
    """The kernel's ordering of the seat to play, in row ``ply`` (``_order_at``, as the
    search calls it)."""
    n = int(S[O_CFG + C_SEATS])
    p = int(K.next_seat(S, S[O_TSEAT + tlen - 1], n))
    return K._order_at(S.ctypes.data, W.ctypes.data, ply, p, K.legal(S, S[O_HANDS + p], tlen), tlen, -1, mode)


def _row(W, ply, count):
    return [(int(W[ply, W_MOVES + i]), int(W[ply, W_SCORES + i]), int(W[ply, W_RUNS + i]))
            for i in range(max(count, 1))]


def follow_orders_digest(name, count=600):
    """The digest of the follower's orders on ``count`` seeded positions of a rule set."""
    rng = Rng("follow-order-" + name)
    rules_of = RULE_SETS[name]
    digest = hashlib.sha256()
    for i in range(count):
        rules = rules_of(i)
        most = min(13 if rules.seats == 4 else 5, len(rules.cards) // rules.seats)
        size = 1 + i % most
        position = random_position(rng, size, rules, trick_cards=1 + i % (rules.seats - 1))
        state = encode(position)
        tlen = int(state.st[0])
        S = state.packed()
        W = K.new_work()
        rows = []
        for mode in (0, 1, 2):
            rows.append(_row(W, mode, _order(S, W, mode, tlen, mode)))
        # the same position again with a killer: each legal run's card in turn (the
        # first ordering at row 3 keys the killer to this trick)
        _order(S, W, 3, tlen, 1)
        for j, (card, _, _) in enumerate(rows[0]):
            W[3, W_KILLER] = card
            rows.append(_row(W, 3, _order(S, W, 3, tlen, 1 + j % 2)))
        digest.update(repr(rows).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_follower_orders_are_the_pinned_ones(name):
    assert follow_orders_digest(name) == DIGESTS[name]
