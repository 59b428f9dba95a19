"""A follower void in the suit led: which discard the move ordering tries first, and the
follower's killer kept across leads of the suit that the same card tops.

The discards keep a guard: from king and one beside a live ace the small card weighs
less than a small card of another two-card suit, which it would not without the guard
(``order.discard_base``). A void follower's killer is kept when only the led card's
rank changed (the same card winning the trick), and forgotten then for a follower of the
suit (``kernel._order_follow``). The answers do not depend on the order: every card's
value matches the plain reference search on random positions."""

from solvers.cards import Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import card_name, encode
from solvers.doubledummy.layout import C_SEATS, O_CFG, O_HANDS, O_TSEAT, W_KILLER, W_MOVES
from solvers.doubledummy.randoms import random_position
from solvers.doubledummy.reference import reference_values

STRAINS = (None, 0, 1, 2, 3)


def _order(position, W=None):
    """The kernel's order of the seat to play's cards (names, row 0), as the search
    calls it, and the scratch rows (to order again with the same killer)."""
    state = encode(position)
    S = state.packed()
    W = K.new_work() if W is None else W
    tlen = int(state.st[0])
    n = int(S[O_CFG + C_SEATS])
    p = int(K.next_seat(S, S[O_TSEAT + tlen - 1], n))
    count = K._order_at(S.ctypes.data, W.ctypes.data, 0, p, K.legal(S, S[O_HANDS + p], tlen), tlen, -1, 1)
    codes = [int(W[0, W_MOVES + i]) for i in range(count)]
    return [card_name(state, c) for c in codes], codes, W


def _second_hand_discards(east_hearts, south, west):
    """North leads the ace of spades without trumps; East, void in spades, holds
    ``east_hearts`` and the seven and six of diamonds (below South's ace and king); West
    holds the ace and the five of hearts (a live card between East's two hearts)."""
    pbn = f"N:KQJ.-.-.- -.{east_hearts}.76.- {south} {west}"
    return _order(Position.from_pbn(pbn, trump="N", leader="N", played=["SA"]))[0]


def test_a_guard_of_the_king_is_kept():
    # king and two of hearts below West's ace: the diamond comes first
    names = _second_hand_discards("K2", "T9.-.AK.-", "-.A5.-.KQ")
    assert names == ["7D", "2H", "KH"], names


def test_a_small_card_without_the_guard_goes_first():
    # queen and two with both the ace and the king live elsewhere: no guard, the two first
    names = _second_hand_discards("Q2", "T.K.AK.-", "-.A5.-.KQ")
    assert names == ["2H", "7D", "QH"], names


def _third_hand_void(led):
    """North leads a low spade (``led``), East plays the jack; South, void in spades,
    is to play."""
    north = {"S5": "A43", "S4": "A53"}[led]
    pbn = f"N:{north}.-.-.- K.A.-.Q -.Q32.-.K Q.K.A.A"
    return Position.from_pbn(pbn, trump="N", leader="N", played=[led, "SJ"])


def test_a_void_followers_killer_is_kept_when_only_the_led_rank_changes():
    names, codes, W = _order(_third_hand_void("S5"))
    assert names[0] != "KC" and "KC" in names
    W[0, W_KILLER] = codes[names.index("KC")]
    names, _, _ = _order(_third_hand_void("S4"), W)
    assert names[0] == "KC", names


def test_a_followers_killer_is_forgotten_when_the_led_card_changes():
    # the same tricks for South holding the nine and the two of spades: it follows, so
    # its killer belongs to the led card
    def position(led):
        north = {"S5": "A43", "S4": "A53"}[led]
        pbn = f"N:{north}.-.-.- K.A.-.Q 92.Q3.-.- Q.K.A.A"
        return Position.from_pbn(pbn, trump="N", leader="N", played=[led, "SJ"])
    names, codes, W = _order(position("S5"))
    assert names == ["2S", "9S"]
    W[0, W_KILLER] = codes[1]
    assert _order(position("S5"), W)[0] == ["9S", "2S"]
    assert _order(position("S4"), W)[0] == ["2S", "9S"]


def test_answers_match_the_reference_with_void_followers():
    rng = Rng("discards-reference")
    solver = Solver()
    voids = 0
    for i in range(60):
        rules = TrickRules.bridge(STRAINS[i % 5])
        position = random_position(rng, 2 + i % 3, rules, trick_cards=1 + i % 3)
        led = position.trick[0].suit
        voids += not any(c.suit == led for c in position.hands[position.to_play])
        assert solver.solve(position, values="all").cards == reference_values(position), position
    assert voids > 5, voids
