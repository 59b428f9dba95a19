"""East–West's hints and rules of thumb: honest, reproducible, exact near the end, with reasons."""

from __future__ import annotations

from solvers.cards import Rng
from solvers.games import get
from solvers.games.east_west_play import heuristic_choice, row_potential
from solvers.games.east_west_hands import card_index
from solvers.games.east_west_search import exact_values, placements_left
from solvers.sampling import determinize
from tests.games.test_east_west import run, table

EW = get("east-west")


def idx(text):
    from solvers.cards import parse_cards
    return [card_index(c) for c in parse_cards(text.split())]


def late_game(left: int, seed: int = 7):
    """A seeded game played by the rules of thumb until ``left`` placements remain."""
    state = EW.new(seed=seed, options={"games": 1})
    heuristic = EW.bots()["heuristic"]
    rng = Rng(seed)
    while placements_left(state) > left:
        state = state.apply(heuristic(state, state.turn, rng))
    return state


def test_an_early_hint_is_sampled_reproducible_and_explained():
    state = table("KS QS JS")
    first = EW.hint(state, 0, iterations=6)
    again = EW.hint(state, 0, iterations=6)
    assert first.to_json()["action"] == again.to_json()["action"] and first.action in state.legal_actions(0)
    assert first.method == "sampled" and "shuffles of the cards left in the stock" in first.reason
    assert first.evaluation["samples"] == 6 and len(first.alternatives) == 2


def test_a_hint_depends_only_on_what_the_seat_knows():
    state = run(table("KS QS JS TS"), 1)
    other = determinize(state, 1, Rng(5))
    assert other.stock != state.stock
    assert EW.hint(state, 1, iterations=5).to_json()["action"] == EW.hint(other, 1, iterations=5).to_json()["action"]


def test_near_the_end_the_hint_is_exact_expectimax():
    state = late_game(4)
    seat = state.turn
    while len(state.legal_actions(seat)) < 2:
        state = late_game(placements_left(state) + 1)
        seat = state.turn
    hint = EW.hint(state, seat)
    assert hint.method == "exact" and "every order of the cards left" in hint.reason
    values = exact_values(state, seat)
    assert int(hint.action.args[0]) == max(values, key=values.get)
    assert abs(hint.evaluation["value"] - max(values.values())) < 1e-3


def test_exact_values_match_the_game_on_the_last_placement_choice():
    # with two placements left the mover chooses a row, then the opponent's last card is dealt:
    # the exact value is the mean over the cards left of the finished game's value
    state = late_game(2)
    seat = state.turn
    values = exact_values(state, seat)
    for row, value in values.items():
        after = state.apply(f"place {row}", seat)
        outcomes = []
        for card in sorted(after.stock + (after.drawn,)):
            rest = tuple(c for c in after.stock + (after.drawn,) if c != card)
            world = after.__class__(**{**after.__dict__, "drawn": card, "stock": rest})
            (only,) = world.legal_actions(world.turn)
            end = world.apply(only, world.turn)
            won = end.sheet[0].rows_won
            margin = won[seat] - won[1 - seat]
            outcomes.append((margin > 0) - (margin < 0) + 0.1 * margin)
        assert abs(sum(outcomes) / len(outcomes) - value) < 1e-9


def test_a_forced_placement_says_there_is_no_choice():
    state = late_game(1)
    hint = EW.hint(state, state.turn)
    assert hint.method == "exact" and "no choice" in hint.reason


def test_rules_of_thumb_make_pairs_keep_draws_and_dump_in_the_weakest_row():
    state = table("KS QS JS TS 9S")        # board AS 7C TD: the drawn KS
    row, why = heuristic_choice(state, 0)
    assert row == 1 and "draw" in why       # spades with the AS: a flush and straight draw
    state = table("7H QS")
    row, why = heuristic_choice(state, 0)
    assert row == 2 and "pair" in why       # the 7H pairs the board's 7C
    assert row_potential(idx("AS KS QS")) > row_potential(idx("AS KS 8D"))
    assert row_potential(idx("7C 7H 7D")) > row_potential(idx("7C 7H 8D"))


def test_the_search_play_outs_are_the_rules_of_thumb_played_by_the_engine():
    from solvers.games.east_west_search import rollout_value
    heuristic = EW.bots()["heuristic"]
    for seed in range(6):
        state = EW.new(seed=seed, options={"games": 1})
        rng = Rng(seed)
        for _ in range(rng.below(20)):
            state = state.apply(heuristic(state, state.turn, rng))
        _, value = rollout_value(state, 1, rng)
        while state.hands_played == 0:
            state = state.apply(heuristic(state, state.turn, rng))
        assert abs(value - state.utility(1)) < 1e-9
