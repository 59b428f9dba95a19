"""Each shortcut of the search changes only the work, never an answer: solving with
partition-search entries and sure-trick bounds gives the same values as solving with
them switched off, on bridge and on other rule sets; the sure-trick counts added for
the second hand and the guarded second trump never promise more than DDS gives."""

import pytest

from solvers.cards import Rng
from solvers.doubledummy import Solver, TrickRules
from solvers.doubledummy import kernel as K
from solvers.doubledummy import solver as solver_module
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import guarded_second_trump, second_hand_tricks
from solvers.doubledummy.randoms import random_position
from tests.doubledummy.exact import exact_value

STRAINS = (None, 0, 1, 2, 3)

RULE_SETS = {
    "bridge-nt": TrickRules.bridge(None),
    "bridge-spades": TrickRules.bridge(3),
    "whist-hearts": TrickRules.whist(2),
    "manille": TrickRules.manille(2),
    "kop": TrickRules.kop(),
    "king-hearts": TrickRules.king(2),
    "trex-queens": TrickRules.trex("queens"),
    "agram-3": TrickRules.agram(3),
    "napoleon-5": TrickRules.napoleon(3, seats=5, bidder=1, pack=40),
    "paranoid-3": TrickRules(seats=3, trump=0),
    "teka-alone": TrickRules.teka(3, declarer_alone=True),
}


def _plain_encode(position, team_seat=None):
    """The kernel state with partition search and the sure-trick bounds switched off."""
    state = encode(position, team_seat)
    state.cfg = state.cfg.copy()
    state.cfg[K.C_PARTITION] = 0
    state.cfg[K.C_QUICK] = 0
    return state


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_partition_entries_and_sure_tricks_keep_every_value(name, monkeypatch):
    rules = RULE_SETS[name]
    rng = Rng("pruning-" + name)
    size = 3 if rules.seats >= 5 else 5 if rules.seats == 3 else 5
    size = min(size, len(rules.cards) // rules.seats)
    positions = [random_position(rng, size, rules) for _ in range(8)]
    fast = [Solver().solve(p, values="all").cards for p in positions]
    monkeypatch.setattr(solver_module, "encode", _plain_encode)
    plain = [Solver().solve(p, values="all").cards for p in positions]
    assert fast == plain


def _second_hand_positions(seed, count):
    rng = Rng(seed)
    for i in range(count):
        yield random_position(rng, 2 + i % 6, TrickRules.bridge(STRAINS[i % 5]), trick_cards=1)


def test_second_hand_sure_tricks_never_exceed_that_sides_value():
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_best
    checked = 0
    for position in _second_hand_positions("second-hand", 300):
        state = encode(position)
        seat = state.to_play
        tricks, _ = second_hand_tricks(state.packed(), 4, seat, int(state.cfg[K.C_TRUMP]))
        if tricks == 0:
            continue
        checked += 1
        # the side to play is the second hand's side: it scores at least the count
        assert tricks <= dds_best(position), position
    assert checked > 30


def test_guarded_second_trump_wins_a_trick():
    pytest.importorskip("endplay")
    from solvers.doubledummy.crosscheck import dds_best
    rng = Rng("guarded")
    checked = on_lead = 0
    for i in range(600):
        position = random_position(rng, 2 + i % 7, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        side, _ = guarded_second_trump(state.packed(), 4, int(state.st[1]), int(state.cfg[K.C_TRUMP]))
        if side < 0:
            continue
        checked += 1
        on_lead += _guard_on_lead(state)
        value = dds_best(position)
        tricks = len(position.hands[0])
        # the team is the leader's side
        if side == 1:
            assert value >= 1, position
        else:
            assert value <= tricks - 1, position
    assert checked > 20 and on_lead > 5


def _guard_on_lead(state):
    """Does the seat on lead hold the second-best trump?"""
    trump = int(state.cfg[K.C_TRUMP])
    rem = 0
    for h in state.hands[:4]:
        rem |= (int(h) >> (16 * trump)) & 0xFFFF
    second = (rem ^ (1 << (rem.bit_length() - 1))).bit_length() - 1
    return (int(state.hands[int(state.st[1])]) >> (16 * trump + second)) & 1 == 1


def _split_top_trumps(state, trump):
    """The seats holding the two highest trumps, when they differ, else None."""
    hands = [int(h) for h in state.hands[:4]]
    rem = 0
    for h in hands:
        rem |= (h >> (16 * trump)) & 0xFFFF
    if bin(rem).count("1") < 2:
        return None
    top = rem.bit_length() - 1
    second = (rem ^ (1 << top)).bit_length() - 1
    owner = [p for p in range(4) if (hands[p] >> (16 * trump + top)) & 1][0]
    mate = [p for p in range(4) if (hands[p] >> (16 * trump + second)) & 1][0]
    return None if owner == mate else (owner, mate)


@pytest.mark.parametrize("exhaustive", [True, False])
def test_two_top_trumps_in_two_hands_take_two_tricks(exhaustive):
    """The two highest trumps held by two hands of one side, either holding another
    trump, take two tricks: checked against the plain reference on small endings and
    against DDS on larger ones."""
    from solvers.doubledummy.quick import sure_trump_tricks
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("two-top-trumps-%s" % exhaustive)
    checked = 0
    for i in range(1500 if exhaustive else 600):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        trump = int(state.cfg[K.C_TRUMP])
        split = _split_top_trumps(state, trump)
        if split is None or state.team[split[0]] != state.team[split[1]]:
            continue
        side, sure, _ = sure_trump_tricks(state.packed(), 4, trump)
        if sure < 2:
            continue
        checked += 1
        value = exact_value(position, exhaustive)
        tricks = len(position.hands[0])
        if side == 1:
            assert value >= 2, position
        else:
            assert value <= tricks - 2, position
    assert checked > 20


@pytest.mark.parametrize("exhaustive", [True, False])
def test_a_run_of_trumps_under_the_top_takes_all_but_one(exhaustive):
    """A hand holding the trumps ranked second to (j+1)-th, the highest being on the other
    side, takes j - 1 tricks: against the plain reference on small endings, DDS on
    larger ones."""
    from solvers.doubledummy.quick import trumps_under_the_top
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("under-the-top-%s" % exhaustive)
    checked = split = 0
    for i in range(3000 if exhaustive else 1500):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        side, sure, used = trumps_under_the_top(state.packed(), 4, int(state.cfg[K.C_TRUMP]))
        if side < 0:
            continue
        checked += 1
        # the second-best and third-best trumps in two hands of the side
        second_third = used ^ (1 << (used.bit_length() - 1))
        split += sure == 1 and bin(used).count("1") == 3 and all(
            int(h) & second_third != second_third for h in state.hands[:4])
        value = exact_value(position, exhaustive)
        tricks = len(position.hands[0])
        if side == 1:
            assert value >= sure, position
        else:
            assert value <= tricks - sure, position
    assert checked > 20 and split > 10


@pytest.mark.parametrize("exhaustive", [True, False])
def test_side_on_lead_short_of_long_suits_loses_a_trick(exhaustive):
    """Without trumps in play, a side on lead whose suits (those whose highest card it
    holds, counted at their longest holding in the side) are fewer than the tricks left
    loses a trick: against the plain reference on small endings, DDS on larger ones,
    squeeze endings included (they come up among random ones)."""
    from solvers.doubledummy.quick import leader_side_short
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("side-short-%s" % exhaustive)
    checked = 0
    for i in range(3000 if exhaustive else 1500):
        size = 2 + i % 3 if exhaustive else 3 + i % 7
        position = random_position(rng, size, TrickRules.bridge(None), trick_cards=0)
        state = encode(position)
        most, _ = leader_side_short(state.packed(), 4, int(state.st[1]))
        if most >= size:
            continue
        checked += 1
        value = exact_value(position, exhaustive)
        # the leader's side is the team to play
        assert value <= size - 1, position
    assert checked > 50


@pytest.mark.parametrize("exhaustive", [True, False])
def test_a_crossruff_takes_its_count(exhaustive):
    """The side on lead ruffing in both hands, the opponents following each time, takes
    the count of ``crossruff_tricks``: against the plain reference on small endings, DDS
    on larger ones."""
    from solvers.doubledummy.quick import crossruff_tricks
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("crossruff-%s" % exhaustive)
    checked = two_way = 0
    for i in range(4000 if exhaustive else 2000):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        count = crossruff_tricks(state.packed(), 4, int(state.st[1]), int(state.cfg[K.C_TRUMP]))
        if count == 0:
            continue
        checked += 1
        two_way += count >= 2
        value = exact_value(position, exhaustive)
        # the side to play is the leader's
        assert value >= count, (position, count)
    assert checked > 20 and two_way > 5


@pytest.mark.parametrize("exhaustive", [True, False])
def test_a_crossruff_then_top_trumps_takes_its_count(exhaustive):
    """The crossruff followed by one hand's top trumps (``crossruff_then_trumps``): the
    side on lead takes at least that count, against the plain reference on small
    endings and DDS on larger ones; the count goes beyond the plain crossruff's in some
    of them, and its named cards are the top trumps it keeps."""
    from solvers.doubledummy.quick import crossruff_then_trumps, crossruff_tricks
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("crossruff-trumps-%s" % exhaustive)
    checked = beyond = 0
    for i in range(4000 if exhaustive else 2000):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        packed = state.packed()
        leader, trump = int(state.st[1]), int(state.cfg[K.C_TRUMP])
        count, used = crossruff_then_trumps(packed, 4, leader, trump)
        plain = crossruff_tricks(packed, 4, leader, trump)
        assert count >= plain
        if count == 0:
            continue
        checked += 1
        beyond += count > plain
        # only trumps are named
        assert used & ~(0xFFFF << (16 * trump)) == 0
        value = exact_value(position, exhaustive)
        assert value >= count, (position, count)
    assert checked > 20 and beyond > 10


# the count is off by default: its check against the plain reference is a long sweep
@pytest.mark.parametrize("exhaustive", [pytest.param(True, marks=pytest.mark.slow), False])
def test_a_winning_lead_then_a_crossruff_takes_its_count(exhaustive):
    """One or two tricks won by leads nobody can beat (a ruff in the partner's hand
    among them), then the crossruff or the quick tricks from the seat that won
    (``winning_lead_then_crossruff``): the side on lead takes at least that count,
    against the plain reference on small endings and DDS on larger ones; the count goes
    beyond the crossruff's from the present position in some of them, and two leads
    beyond one (the new cases occur)."""
    from solvers.doubledummy.quick import crossruff_then_trumps, winning_lead_then_crossruff
    if not exhaustive:
        pytest.importorskip("endplay")
    rng = Rng("lead-then-crossruff-%s" % exhaustive)
    checked = beyond = deeper = 0
    for i in range(4000 if exhaustive else 2000):
        size = 2 + i % 3 if exhaustive else 4 + i % 6
        position = random_position(rng, size, TrickRules.bridge(STRAINS[1 + i % 4]), trick_cards=0)
        state = encode(position)
        packed = state.packed()
        before = packed.copy()
        leader, trump = int(state.st[1]), int(state.cfg[K.C_TRUMP])
        # a count is exact only once it reaches what is asked (below that it may stop
        # early): the most tricks reached for any number asked
        one = count = 0
        for needed in range(1, size + 1):
            if winning_lead_then_crossruff(packed, 4, leader, trump, needed, 1)[0] >= needed:
                one = needed
            if winning_lead_then_crossruff(packed, 4, leader, trump, needed, 2)[0] >= needed:
                count = needed
        assert (packed == before).all()
        assert count >= one
        if count == 0:
            continue
        plain, _ = crossruff_then_trumps(packed, 4, leader, trump)
        checked += 1
        beyond += count > plain
        deeper += count > one
        value = exact_value(position, exhaustive)
        assert value >= count, (position, count)
    assert checked > 20 and beyond > 10 and deeper > 5


def _random_boundaries(rng, trump, count=600):
    """``count`` random trick boundaries (rules, cards a hand, encoded state): three in four
    of four bridge seats, the others of three seats in a paranoid game, 1 to 13 cards a hand."""
    for i in range(count):
        rules = TrickRules.bridge(trump) if i % 4 else TrickRules(seats=3, trump=trump)
        size = min(1 + i % 13, len(rules.cards) // rules.seats)
        yield rules, size, encode(random_position(rng, size, rules, trick_cards=0))


@pytest.mark.parametrize("trump", [None, 0, 3])
def test_the_bound_on_the_sure_tricks_is_never_below_a_count(trump):
    """``quick_bound`` is an upper bound: on random positions at a trick boundary (four
    seats, and three seats in a paranoid game), never below the quick tricks (for any
    number of tricks asked) nor the crossruff with the top trumps; and it is below the
    tricks left often enough to be worth its cost."""
    from solvers.doubledummy.quick import crossruff_bound, crossruff_then_trumps, quick_bound, quick_tricks
    rng = Rng("quick-bound-%s" % trump)
    short = 0
    for rules, size, state in _random_boundaries(rng, trump):
        packed = state.packed()
        n, leader, t = rules.seats, int(state.st[1]), int(state.cfg[K.C_TRUMP])
        bound = quick_bound(packed, n, leader, t)
        for needed in range(1, size + 2):
            assert quick_tricks(packed, n, leader, t, needed)[0] <= bound
        if n == 4:
            assert crossruff_then_trumps(packed, n, leader, t)[0] <= crossruff_bound(packed, n, leader, t) <= bound
        short += bound < size
    assert short > 100


@pytest.mark.parametrize("trump", [0, 3])
def test_the_trump_counts_never_exceed_the_longest_trump_holding(trump):
    """The boundary skips ``sure_trump_tricks`` and ``trumps_under_the_top`` when the
    longest trump holding of any hand settles the target for neither side: sound only if
    neither count is ever above that holding. Checked on random boundaries of four and
    three seats, with the remaining-cards variants the kernel calls giving the same
    answers as the plain counts (and the quick-trick bound's suit part alone never below
    the quick tricks: the boundary skips them on it)."""
    from solvers.doubledummy.quick import (
        crossruff_bound, crossruff_bound_rem, crossruff_then_trumps, crossruff_then_trumps_rem,
        guarded_second_trump_rem, leader_side_short, leader_side_short_rem, quick_bound_rem, quick_tricks,
        quick_tricks_rem, remaining_cards, sure_trump_tricks, sure_trump_tricks_rem, trumps_under_the_top,
        trumps_under_the_top_rem)
    rng = Rng("trump-skip-%s" % trump)
    skipped = 0
    for rules, size, state in _random_boundaries(rng, trump):
        packed = state.packed()
        n, leader = rules.seats, int(state.st[1])
        longest = max(bin(int(packed[K.O_HANDS + p]) >> (16 * trump) & 0xFFFF).count("1") for p in range(n))
        rem = remaining_cards(packed, n)
        trem = rem[trump]
        side, sure, used = sure_trump_tricks(packed, n, trump)
        assert sure <= longest
        assert (side, sure, used) == sure_trump_tricks_rem(packed, n, trump, trem)
        side, sure, used = trumps_under_the_top(packed, n, trump)
        assert sure <= longest
        assert (side, sure, used) == trumps_under_the_top_rem(packed, n, trump, trem)
        assert guarded_second_trump(packed, n, leader, trump) == guarded_second_trump_rem(packed, n, leader, trump, trem)
        assert leader_side_short(packed, n, leader) == leader_side_short_rem(packed, n, leader, rem)
        bound = quick_bound_rem(packed, n, leader, trump, rem)
        for needed in range(1, size + 2):
            assert quick_tricks(packed, n, leader, trump, needed) == quick_tricks_rem(packed, n, leader, trump, needed, rem)
            assert quick_tricks(packed, n, leader, trump, needed)[0] <= bound
        if n == 4:
            assert crossruff_bound(packed, n, leader, trump) == crossruff_bound_rem(packed, leader, trump, trem)
            assert crossruff_then_trumps(packed, n, leader, trump) == crossruff_then_trumps_rem(packed, leader, trump, trem)
        # a target needing half the tricks, as the boundary asks it
        target = (size + 1) // 2
        skipped += longest < target and size - longest >= target
    assert skipped > 50
