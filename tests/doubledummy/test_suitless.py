"""Suitless trick rules: the search against the plain exhaustive reference on small
random endings (Whist 22's single suit with the Fool, Mätäpesä's head-or-lowest with the
last equal card winning and the last trick lost), the solver's dispatch and validation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from solvers.cards import Rng, tarot_trumps
from solvers.doubledummy import Position, Solver, Suitless, TrickRules
from solvers.doubledummy.suitless import SuitlessSearch, card_vectors
from solvers.doubledummy.suitless_reference import reference_vectors
from solvers.errors import CardsageError
from solvers.games.matapesa_search import matapesa_rules
from solvers.games.whist_22_search import whist_22_rules


def tarot_rules(players: int, targets, *, relative=True, play="maxn", prefer="low", fool=None):
    powers = {str(c): (0 if str(c) == "FOOL" else c.rank) for c in tarot_trumps()}
    spec = Suitless(powers=powers, choices={"FOOL": (0, 22)}, payoff="exact", targets=tuple(targets),
                    relative=relative, play=play, prefer=prefer,
                    played_as={} if fool is None else {"FOOL": fool})
    return TrickRules(seats=players, sides=tuple(range(players)), suitless=spec)


def random_ending(rng: Rng, rules: TrickRules, per_hand: int, trick_cards: int) -> Position:
    """Random hands of ``per_hand`` cards, then ``trick_cards`` random legal plays."""
    n = rules.seats
    pack = rng.shuffled(list(rules.suitless.cards))
    hands = [pack[i * per_hand:(i + 1) * per_hand] for i in range(n)]
    leader = rng.below(n)
    trick = []
    spec = rules.suitless
    said = {}
    for i in range(trick_cards):
        seat = (leader + i) % n
        hand = hands[seat]
        if spec.follow == "head_or_lowest" and trick:
            top = max(spec.power(c) for c in trick)
            low = min(spec.power(c) for c in hand)
            hand = [c for c in hand if spec.power(c) >= top or spec.power(c) == low]
        card = rng.choice(hand)
        hands[seat].remove(card)
        trick.append(card)
        if len(spec.choices_of(card)) > 1:
            said[str(card)] = rng.choice(spec.choices_of(card))
    if said:
        rules = tarot_rules(n, spec.targets, relative=spec.relative, play=spec.play, prefer=spec.prefer,
                            fool=said["FOOL"])
    return Position.from_hands(hands, leader, trick, rules)


def whist_case(rng: Rng, players: int, per_hand: int) -> Position:
    targets = [rng.below(per_hand + 2) - 1 for _ in range(players)]
    play = "paranoid" if rng.below(3) == 0 else "maxn"
    rules = tarot_rules(players, targets, relative=rng.below(2) == 0, play=play,
                        prefer="high" if rng.below(4) == 0 else "low")
    return random_ending(rng, rules, per_hand, rng.below(players))


def matapesa_case(rng: Rng, players: int, per_hand: int) -> Position:
    rules = matapesa_rules(players, rng.below(2) == 0, rng.below(3) == 0)
    return random_ending(rng, rules, per_hand, rng.below(players))


def agree(position: Position) -> None:
    assert card_vectors(position) == reference_vectors(position), position


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 5), st.integers(1, 3))
def test_whist_22_rules_match_exhaustive_play(seed, players, per_hand):
    per_hand = min(per_hand, 12 // players)
    agree(whist_case(Rng(seed), players, per_hand))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(3, 8), st.integers(1, 3))
def test_matapesa_rules_match_exhaustive_play(seed, players, per_hand):
    per_hand = min(per_hand, 12 // players)
    agree(matapesa_case(Rng(seed), players, per_hand))


@pytest.mark.slow
@pytest.mark.parametrize("players,per_hand", [(2, 5), (3, 4), (4, 3), (5, 2), (6, 2), (7, 2), (8, 2)])
def test_suitless_matches_exhaustive_play_sweep_slow(players, per_hand):
    for seed in range(60):
        rng = Rng(f"sweep:{players}:{per_hand}:{seed}")
        if players <= 5:
            agree(whist_case(rng, players, per_hand))
        if players >= 3:
            agree(matapesa_case(rng, players, per_hand))


def test_solver_dispatches_and_values_every_card():
    rules = whist_22_rules(3, (1, 0, 1))
    pos = Position.from_hands([["T21", "T2"], ["FOOL", "T5"], ["T7", "T9"]], 0, (), rules)
    res = Solver().solve(pos, values="all", line=True)
    vectors = reference_vectors(pos)
    assert res.exact and res.lower == res.value == res.upper
    assert res.cards == {label: v[0] for label, v in vectors.items()}
    assert res.value == max(res.cards.values())
    assert res.cards[res.best] == res.value
    assert len(res.line) == 6 and res.line[0] == res.best


def test_the_fool_is_valued_both_ways():
    rules = whist_22_rules(2, (1, 1))
    pos = Position.from_hands([["FOOL"], ["T3"]], 0, (), rules)
    res = Solver().solve(pos, values="all")
    # both want the trick: the Fool as 22 takes it, as 0 gives it to the other seat
    assert set(res.cards) == {"FOOL=0", "FOOL=22"}
    assert res.cards["FOOL=22"] > res.cards["FOOL=0"] and res.best == "FOOL=22"


def test_matapesa_last_equal_card_wins_and_last_trick_loses():
    rules = matapesa_rules(3)
    pos = Position.from_hands([["9S"], ["9H"], ["4C"]], 0, (), rules)
    res = Solver().solve(pos, values="all")
    assert res.value == 0          # seat 1's nine, played later, takes the last trick
    pos = Position.from_hands([["2S", "KS"], ["5H", "7H"], ["6C", "8C"]], 0, (), rules)
    res = Solver().solve(pos, values="all")
    assert res.cards == {"KS": 0, "2S": -1} and res.best == "KS"


def test_a_budget_cut_is_reported():
    rules = whist_22_rules(4, (2, 1, 1, 0))
    rng = Rng(3)
    pack = rng.shuffled(list(rules.suitless.cards))
    pos = Position.from_hands([pack[i * 5:(i + 1) * 5] for i in range(4)], 0, (), rules)
    res = Solver().solve(pos, budget_nodes=300)
    assert not res.exact and res.lower <= res.upper and res.best is not None


def test_validation():
    powers = {"T1": 1, "T2": 2}
    with pytest.raises(CardsageError):
        Suitless(powers=powers, follow="sideways")
    with pytest.raises(CardsageError):
        TrickRules(seats=2, suitless=Suitless(powers=powers, payoff="exact", targets=(1,)))
    with pytest.raises(CardsageError):
        TrickRules(seats=2, trump=1, suitless=Suitless(powers=powers))
    with pytest.raises(CardsageError):
        Suitless(powers=powers, choices={"T1": (0, 3)}, follow="head_or_lowest")
    assert TrickRules(seats=8, suitless=Suitless(powers=powers)).seats == 8
    with pytest.raises(CardsageError):
        TrickRules(seats=8)


def test_rules_with_other_targets_do_not_share_a_table():
    solver = Solver()
    hands = [["T21"], ["T3"]]
    a = solver.solve(Position.from_hands(hands, 0, (), whist_22_rules(2, (1, 1)))).value
    b = solver.solve(Position.from_hands(hands, 0, (), whist_22_rules(2, (0, 0)))).value
    assert a != b


def test_node_counts_stay_small_for_short_endings():
    rng = Rng(11)
    rules = whist_22_rules(4, (1, 1, 1, 0))
    pack = rng.shuffled(list(rules.suitless.cards))
    pos = Position.from_hands([pack[i * 3:(i + 1) * 3] for i in range(4)], 0, (), rules)
    search = SuitlessSearch(rules)
    search.value(*search.encode(pos))
    assert search.nodes < 5000
