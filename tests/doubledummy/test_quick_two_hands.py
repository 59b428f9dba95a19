"""Two hands' trumps counted together (``quick.two_hand_trump_wins``): the highest
trumps of two partners, as many as the longer hand holds, counted as one hand's. Checked on
small trump endings against the plain reference search, never above what the side
takes whichever side is on lead (the first 1,500 endings, of 2 and 3 cards a hand, by
default; all 3,200, of 2 to 5 cards, in the slow run), a deliberately unsound count (one trick
more) caught by the same check, and the kernel's values with the count in use equal to
the reference's."""

import functools

import pytest

from solvers.cards import Card, Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.position import Position
from solvers.doubledummy.quick import MANY, hand_trump_wins, remaining_cards, two_hand_trump_wins
from solvers.doubledummy.reference import reference_value, reference_values
from tests.doubledummy.counts import named_from_top


def _rules(i):
    """Bridge in each trump suit, and every fourth set a hand void in the led suit must
    trump (the count holds where a hand may play any of its trumps)."""
    trump = i % 4
    if i % 8 >= 6:
        return TrickRules(trump=trump, must_trump=True)
    return TrickRules.bridge(trump)


def trump_ending(rng, size, rules, leader=None):
    """A random ending of ``size`` cards a hand, rich in trumps: every trump and a few
    cards of two other suits, dealt at a trick's start."""
    trump = rules.trump
    cards = list(rules.cards)
    trumps = [c for c in cards if c.suit == trump]
    sides = [s for s in range(4) if s != trump]
    rng.shuffle(sides)
    others = [c for c in cards if c.suit in sides[:2]]
    rng.shuffle(others)
    pack = trumps + others[:4 * size + 2 - len(trumps)] if 4 * size + 2 > len(trumps) else trumps
    rng.shuffle(pack)
    hands = [sorted(pack[i * size:(i + 1) * size]) for i in range(4)]
    leader = rng.below(4) if leader is None else leader
    return Position.from_hands(hands, leader, [], rules)


def _counts(position):
    """For the side to play (team 1) and the other side (team 0): the two hands' count,
    one hand's count; and the tricks left."""
    state = encode(position)
    S = state.packed()
    trump = int(state.cfg[K.C_TRUMP])
    rem = remaining_cards(S, 4)[trump]
    out = []
    for side in (1, 0):
        pair, _ = two_hand_trump_wins(S, 4, trump, rem, side, MANY)
        single, _ = hand_trump_wins(S, 4, trump, rem, side, MANY)
        out.append((pair, single))
    return out[0], out[1], state.tricks_left()


# the default run checks the first endings of 2-3 cards a hand; the slow run all of them
QUICK_ENDINGS = 1500


def _endings(full):
    """3,000 endings of 2-4 cards a hand and 200 of 5 (``full``), else the first
    ``QUICK_ENDINGS`` endings of 2 and 3 cards."""
    rng = Rng("two-hand-trumps")
    for i in range(3200 if full else QUICK_ENDINGS):
        size = 2 + i % 3 if i < 3000 else 5
        if full or size < 4:
            yield trump_ending(rng, size, _rules(i))
        else:
            # keep the random stream the full run's
            trump_ending(rng, size, _rules(i))


@functools.lru_cache(maxsize=2)
def _checked(full):
    """The endings where the two hands' count says more than one hand's for either
    side: the two sides' counts, the tricks left and the reference's value."""
    out = []
    for position in _endings(full):
        (ours, ours_one), (theirs, theirs_one), left = _counts(position)
        if ours > ours_one or theirs > theirs_one:
            out.append((ours, ours_one, theirs, theirs_one, left, reference_value(position), position))
    return out


def _check(extra, full):
    """Checks the count plus ``extra`` against the reference; returns (checked, above
    one hand, tight, caught)."""
    checked = gains = tight = caught = 0
    for ours, ours_one, theirs, theirs_one, left, value, _ in _checked(full):
        checked += 1
        ok = ours + extra <= value and theirs + extra <= left - value
        caught += not ok
        gains += (ours > ours_one) + (theirs > theirs_one)
        tight += ours == value or theirs == left - value
    return checked, gains, tight, caught


@pytest.mark.parametrize("full", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_two_hands_never_exceed_either_sides_tricks(full):
    checked, gains, tight, caught = _check(0, full)
    assert caught == 0
    least = 1000 if full else 300
    assert checked > least and gains > least and tight > least * 3 // 10


@pytest.mark.parametrize("full", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_one_trick_more_is_caught(full):
    """The same check catches the count made one trick larger."""
    _, _, _, caught = _check(1, full)
    assert caught > (100 if full else 30)


def _position(north, east, south, west, leader, trump):
    hands = [[Card.standard(r, s) for s, r in cards] for cards in (north, east, south, west)]
    return Position.from_hands(hands, leader, [], TrickRules.bridge(trump))


def test_split_honours_count_three():
    """K Q opposite J 10 5 2 against A 8 3 and 9 7 6 4 (spades trumps): South plays the
    5 and the 2 in the tricks where North plays a trump, so K Q J 10 are in four tricks
    and the A takes one of them: three tricks, where either hand alone counts one."""
    spade, heart, diamond, club = 3, 2, 1, 0
    north = [(spade, 13), (spade, 12), (diamond, 14), (diamond, 13), (diamond, 12), (diamond, 11)]
    south = [(spade, 11), (spade, 10), (spade, 5), (spade, 2), (heart, 14), (heart, 13)]
    east = [(spade, 14), (spade, 8), (spade, 3), (club, 14), (club, 13), (club, 12)]
    west = [(spade, 9), (spade, 7), (spade, 6), (spade, 4), (heart, 12), (heart, 11)]
    for leader in range(4):
        position = _position(north, east, south, west, leader, spade)
        state = encode(position)
        S = state.packed()
        rem = remaining_cards(S, 4)[spade]
        ns = 1 if state.team[0] == state.team[leader] else 0
        pair, used = two_hand_trump_wins(S, 4, spade, rem, ns, MANY)
        single, _ = hand_trump_wins(S, 4, spade, rem, ns, MANY)
        assert (pair, single) == (3, 1)
        # the named trumps: a run from the top of the remaining trumps
        in_suit = (int(used) >> (16 * spade)) & 0xFFFF
        low = in_suit & -in_suit
        assert in_suit == rem & ~(low - 1)


def test_named_trumps_are_a_run_from_the_top():
    rng = Rng("two-hand-trumps-named")
    endings = (trump_ending(rng, 3 + i % 4, _rules(i)) for i in range(600))
    assert named_from_top(two_hand_trump_wins, endings) > 300


@pytest.mark.parametrize("size", [3, 4, pytest.param(5, marks=pytest.mark.slow)])
def test_solver_values_equal_the_reference_on_trump_endings(size):
    """The kernel with the count in use (and the table's entries it names) gives every
    card the reference's value."""
    rng = Rng("two-hand-trumps-solver-%d" % size)
    solver = Solver()
    for i in range(80 if size < 5 else 20):
        position = trump_ending(rng, size, _rules(i))
        assert solver.solve(position, values="all").cards == reference_values(position), position
