"""Carioca's contract layouts against the shared meld solver: never a meld the rules refuse."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from solvers.games.carioca import PACK
from solvers.games.carioca_melds import CONTRACTS, ESCALERA, TRIO, contract_layouts, is_joker, layoffs
from solvers.melds import MeldRules, can_meet, readings

EXACT = MeldRules(set_min=3, set_max=3, run_min=4, run_max=4, wild=is_joker, max_wilds=1)
LOOSE = MeldRules(set_min=3, run_min=4, run_max=13, wild=is_joker, max_wilds=1)

# hands rich in jokers and close cards, so that contracts are often met
NEAR = [c for c in PACK if is_joker(c) or (c.suit in (0, 1) and c.rank <= 8) or c.rank in (9, 10)]


def _check(hand, contract, exact):
    rules = EXACT if exact else LOOSE
    found = contract_layouts(hand, contract, exact)
    for action, melds in found:
        used = Counter(x for m in melds for x in m.cards)
        assert not used - Counter(hand), "a layout only uses cards held"
        assert Counter(m.kind for m in melds) == Counter({TRIO: contract[0], ESCALERA: contract[1]}) - Counter()
        for meld in melds:
            assert sum(is_joker(x) for x in meld.cards) <= 1, "one joker a meld in the contract"
            ok = [r for r in readings(meld.cards, rules)
                  if (r.kind == "set") == (meld.kind == TRIO) and (meld.kind == TRIO or r.low == meld.low)]
            assert ok, f"{meld.notation} is not a meld the rules allow"
        assert action.args.count("/") == len(melds) - 1
    wanted = {k: n for k, n in (("set", contract[0]), ("run", contract[1])) if n}
    assert bool(found) == (can_meet(hand, rules, wanted, method="exhaustive") is not None)


@given(st.lists(st.sampled_from(NEAR), min_size=12, max_size=12, unique=True),
       st.integers(0, 6), st.booleans())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_layouts_are_melds_and_agree_with_the_solver(hand, contract_index, exact):
    _check(hand, CONTRACTS[contract_index], exact)


@given(st.lists(st.sampled_from(NEAR), min_size=12, max_size=12, unique=True))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_lay_offs_keep_melds_the_rules_allow(hand):
    found = contract_layouts(hand, (1, 1), False)
    if not found:
        return
    table = list(found[0][1])
    for _, index, meld in layoffs(hand, table):
        rules = MeldRules(set_min=3, run_min=4, run_max=13, wild=is_joker)
        assert any((r.kind == "set") == (meld.kind == TRIO) for r in readings(meld.cards, rules)), meld.notation


def _by_table_meld(hand, table):
    """Lay-offs and joker swaps by Carioca's own TableMeld.fits / can_grow, one copy of a face."""
    from solvers.game import Action
    from solvers.games.carioca_melds import HIGH, LOW, TableMeld, distinct_cards
    moves = []
    for index, meld in enumerate(table):
        for card in distinct_cards(hand):
            for end in ((None,) if meld.kind == TRIO else (LOW, HIGH)):
                if meld.fits(card, end):
                    args = (str(card), str(index)) + ((end,) if end else ())
                    moves.append((Action("layoff", args), index, meld.grown(card, end)))
    for index, meld in enumerate(table):
        if meld.kind != ESCALERA:
            continue
        for i, joker in enumerate(meld.cards):
            naturals = sorted((c for c in hand if not is_joker(c) and c.face == meld.stands_for(i)),
                              key=lambda c: c.copy)
            if not is_joker(joker) or not naturals:
                continue
            row = meld.cards[:i] + (naturals[0],) + meld.cards[i + 1:]
            filled = TableMeld(meld.owner, ESCALERA, row, suit=meld.suit, low=meld.low)
            for end in (LOW, HIGH):
                if filled.can_grow(end):
                    moves.append((Action("swap", (str(naturals[0]), str(index), end)), index,
                                  filled.grown(joker, end)))
    return moves


@given(st.lists(st.sampled_from(NEAR), min_size=24, max_size=24, unique=True), st.integers(0, 6))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_table_moves_by_the_shared_module_match_the_table_melds_own_rules(cards, contract_index):
    """Carioca's lay-offs and swaps (built on solvers.melds.table) are the moves its
    TableMeld.fits and can_grow allow, in the same order, on melds laid down loosely."""
    from solvers.games.carioca_melds import joker_swaps
    found = contract_layouts(cards[:14], CONTRACTS[contract_index], False, owner=1)
    if not found:
        return
    table = list(found[-1][1])
    hand = cards[14:]
    assert layoffs(hand, table) + joker_swaps(hand, table) == _by_table_meld(hand, table)
