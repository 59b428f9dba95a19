"""Red7's hints and rules of thumb: honest, deterministic with a fixed effort, with reasons."""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Rng
from solvers.games import get
from solvers.games.red7_play import heuristic_choice, ranked_turns
from solvers.sampling import determinize
from tests.games.test_red7 import deal, run

RED7 = get("red7")


def test_hint_is_legal_deterministic_and_explained():
    state = deal()
    first = RED7.hint(state, 0, iterations=2)
    again = RED7.hint(state, 0, iterations=2)
    assert first.action == again.action and first.action in state.legal_actions(0)
    assert first.method == "sampled" and "deals of the cards you cannot see" in first.reason
    assert "win the round" in first.reason and first.evaluation["samples"] == 2
    assert first.alternatives


def test_hint_depends_only_on_what_the_seat_knows():
    state = run(deal(), "palette O7")
    other = determinize(state, 1, Rng(7))
    assert other.hands[0] != state.hands[0]
    a = RED7.hint(state, 1, iterations=3, rng=Rng(1)).to_json()
    b = RED7.hint(other, 1, iterations=3, rng=Rng(1)).to_json()
    for h in (a, b):
        h["evaluation"].pop("elapsed_s")
    assert a == b


def test_a_lost_position_is_a_forced_concede_said_plainly():
    state = replace(deal(), hands=((), deal().hands[1]))
    hint = RED7.hint(state, 0)
    assert hint.action.notation == "concede" and hint.method == "exact"
    assert "no choice" in hint.reason and "empty" in hint.reason


def test_rules_of_thumb_spend_one_card_before_two():
    state = deal()
    action, why = heuristic_choice(state, 0)
    assert action.kind in ("palette", "canvas") and "keep" in why
    worths = [w for _, w in ranked_turns(state, 0)]
    assert worths == sorted(worths, key=lambda w: -w[0])


def test_rules_of_thumb_prefer_a_palette_that_wins_under_more_rules():
    state = deal()
    ranked = ranked_turns(state, 0)
    singles = [(a, w) for a, w in ranked if a.kind == "palette"]
    assert singles[0][1][2] == max(w[2] for _, w in singles)


