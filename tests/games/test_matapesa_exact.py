"""Mätäpesä's exact endings (the double-dummy solver's suitless rules), cross-checked
against a plain exhaustive search that plays every legal card with the rules module's own
``apply`` (no memo, no rank shortcuts beyond the rules' own), on many small random
endings of real deals."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng
from solvers.games.matapesa import card_order
from solvers.doubledummy import Position, Solver
from solvers.games.matapesa_search import dd_position, matapesa_rules, solve_cards

GAME = games.get("matapesa")


def ending(seed: int, players: int, cards: int, match: str = "single"):
    """A real deal played at random until the seat to move holds ``cards`` cards or fewer
    (so endings start at the lead or in the middle of a trick)."""
    options = {"players": players, "match": match}
    state = GAME.new(seed=seed, options=options)
    rng = Rng(f"ending:{seed}")
    while len(state.hands[state.turn]) > cards or rng.below(3) == 0 and len(state.hands[state.turn]) > 1:
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    return state


def cost(state, seat: int, result) -> int:
    loser, rank = result
    if loser != seat:
        return 0
    return rank if state.options.match == "cucumber_points" else 1


def exhaustive(state, deals: int, every_card: bool, paranoid_for: int | None = None):
    """The result of ``state`` by plain search over ``apply``: each player plays the card
    that costs it least, the highest among equals (or, paranoid, everyone against one seat)."""
    if state.hands_played > deals:
        record = state.sheet[-1]
        return record.loser, int(record.last_card.rank)
    seat = state.turn
    actions = sorted(state.legal_actions(seat), key=lambda a: card_order(_card(a)), reverse=True)
    if not every_card:
        seen, kept = set(), []
        for a in actions:
            if _card(a).rank not in seen:
                seen.add(_card(a).rank)
                kept.append(a)
        actions = kept
    best, best_cost = None, None
    for action in actions:
        value = exhaustive(state.apply(action, seat), deals, every_card, paranoid_for)
        if paranoid_for is None:
            c = cost(state, seat, value)
        else:
            c = cost(state, paranoid_for, value) * (1 if seat == paranoid_for else -1)
        if best is None or c < best_cost:
            best, best_cost = value, c
    return best


def _card(action):
    from solvers.cards import parse_card
    return parse_card(action.args[0])


def check(state, every_card: bool = False, paranoid: bool = False) -> None:
    seat = state.turn
    solved = solve_cards(state, paranoid=paranoid)
    cucumber = state.options.match == "cucumber_points"
    by_rank: dict[int, object] = {}
    for action in state.legal_actions(seat):
        rank = int(_card(action).rank)
        if rank in by_rank and not every_card:
            continue
        value = exhaustive(state.apply(action, seat), state.hands_played, every_card,
                           seat if paranoid else None)
        # the solver reports what the payoff reads: the loser (and the rank with cucumber
        # points), or for the paranoid side what the seat pays
        value = cost(state, seat, value) if paranoid else (value[0], value[1] if cucumber else 0)
        assert by_rank.setdefault(rank, value) == value, "cards of one rank play alike"
    assert solved == by_rank, (state.hands, state.trick)


CASES = [(players, cards) for players in range(3, 9) for cards in (2, 3) if players * cards <= 16] + [(3, 4)]


@pytest.mark.parametrize("players,cards", CASES)
def test_exact_matches_exhaustive_play_on_small_endings(players, cards):
    for seed in range(12 if cards < 4 else 5):
        check(ending(seed, players, cards))


@pytest.mark.parametrize("players", [3, 5, 8])
def test_exact_matches_exhaustive_play_with_cucumber_points(players):
    for seed in range(10):
        check(ending(seed, players, 2 if players < 8 else 1, "cucumber_points"))
    for seed in range(4):
        check(ending(100 + seed, 3, 3, "cucumber_points"))


@pytest.mark.parametrize("players", [3, 4, 6])
def test_paranoid_matches_exhaustive_play(players):
    for seed in range(10):
        check(ending(seed, players, 2), paranoid=True)


def test_the_seat_never_does_worse_than_paranoid_fears():
    # the others only avoid the last trick themselves: never worse for the seat than all of
    # them playing against it
    for seed in range(40):
        state = ending(seed, 4, 4)
        seat = state.turn
        selfish = solve_cards(state)
        paranoid = solve_cards(state, paranoid=True)
        assert set(selfish) == set(paranoid)
        for rank in selfish:
            assert not (selfish[rank][0] == seat and paranoid[rank] == 0)


def test_the_last_trick_goes_to_the_highest_the_later_of_equals():
    rules = matapesa_rules(3, cucumber=True)
    line = Solver().solve(Position.from_hands([["9S"], ["9H"], ["4C"]], 0, (), rules), line=True).line
    assert line == ["9S", "9H", "4C"]
    res = Solver().solve(Position.from_hands([["9S"], ["4H"], ["9C"]], 1, (), rules))
    assert res.value == 0       # seat 0's nine, played last, takes it


def test_a_player_sheds_the_card_that_would_take_the_last_trick():
    # seat 0 leads holding a king and a two against two players with 5 7 and 6 8: leading
    # the two would leave it the king for the last trick, so it leads the king
    rules = matapesa_rules(3)
    res = Solver().solve(Position.from_hands([["2S", "KS"], ["5H", "7H"], ["6C", "8C"]], 0, (), rules),
                         values="all")
    assert res.cards == {"KS": 0, "2S": -1} and res.best == "KS"


def test_position_reads_the_trick_so_far():
    state = ending(3, 4, 3)
    while not state.trick:
        state = state.apply(state.legal_actions(state.turn)[0], state.turn)
    seats, pos = dd_position(state)
    assert len(pos.trick) == len(state.trick) and seats[pos.to_play] == state.turn
    assert sorted(c.rank for c in pos.trick) == sorted(c.rank for _, c in state.trick)
    assert [sorted(c.rank for c in h) for h in pos.hands] == \
        [sorted(c.rank for c in state.hands[s]) for s in seats]


@pytest.mark.slow
@pytest.mark.parametrize("players,cards", [(3, 4), (4, 3), (5, 3), (6, 2), (7, 2), (8, 2)])
def test_exact_matches_exhaustive_play_every_card_slow(players, cards):
    # every legal card (several of one rank too), the single game and cucumber points
    for seed in range(30):
        check(ending(1000 + seed, players, cards), every_card=cards <= 2)
        check(ending(2000 + seed, players, min(cards, 2), "cucumber_points"), every_card=True)
        check(ending(3000 + seed, players, min(cards, 2)), paranoid=True)
