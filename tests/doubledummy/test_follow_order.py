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
    "whist": "e870f53cc06048e21d8b990800878ae3e11acd7a04af447239d298f7d5e555fb",
    "three-seats": "51f0d6c4af77479e8928e45ca854fc92ec10a0b67fce4a2a3fedcd78b905ff2c",
    "napoleon": "60f6673f04a0cddfbb61ccee3a2c29b6034d29dbf9ce5c240726fdeca541d83b",
    "manille": "a63a70c1a9a99b5f1e8a34bf089b7cbe49de06d966d976b8083a7b61a4ce1bd1",
    "king": "da072ac106ea88f5886dc44c8d4fa2e60e75efeddb825320d5e46a291c5e3e25",
    "kop": "0c841b013637fd50ab0553437aee8c2a35467bec187828a8fc6a337b15df6539",
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
