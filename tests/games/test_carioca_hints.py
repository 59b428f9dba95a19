"""Carioca's hints: every kind of decision gets a legal, honest hint with a reason."""

from __future__ import annotations

from solvers.cards import Rng
from solvers.games.carioca_melds import ESCALERA, TRIO, TableMeld
from solvers.sampling import determinize
from tests.games.test_carioca import GAME, SEAT0, SEAT1, cs, position

ITER = 3


def _hint(state, seat=0, iterations=ITER):
    hint = GAME.hint(state, seat, rng=Rng(1), iterations=iterations)
    assert hint.action in state.legal_actions(seat)
    assert hint.reason
    again = GAME.hint(determinize(state, seat, Rng(7)), seat, rng=Rng(1), iterations=iterations)
    assert again.action == hint.action and again.reason == hint.reason, "the hint uses only the seat's cards"
    return hint


def test_draw_hint_weighs_the_upcard_against_the_stock():
    hint = _hint(position([SEAT1, SEAT0], phase="draw", discard="7D#2"))
    assert hint.action.kind in ("draw", "take") and "upcard is 7♦" in hint.reason


def test_lay_down_hint_names_the_melds():
    hint = _hint(position(["7H#1 7S#1 7C#1 9D#1 9S#1 9H#1 2C#1 3D#1 KD#1 AS#1 X1 4H#1", SEAT0]))
    # going down now is weighed against waiting a turn (a few deals cannot separate them)
    tried = [hint.action.kind] + [a["action"]["kind"] for a in hint.alternatives]
    assert "down" in tried and "discard" in tried
    assert "your hand holds trio 7♣ 7♥ 7♠; trio 9♦ 9♥ 9♠" in hint.reason


def test_lay_off_and_swap_hints():
    run = TableMeld(1, ESCALERA, cs("5H#1 6H#1 X1 8H#1"), suit=cs("5H")[0].suit, low=5)
    trio = TableMeld(1, TRIO, cs("9C#1 9D#1 9S#1"), rank=9)
    state = position(["7H#2 9H#2 KC#1", "2C#1 2D#1 2S#1"], hand_index=1, melds=[trio, run], down=[True, True])
    hint = _hint(state)
    assert hint.action.kind in ("layoff", "swap")
    assert "fit melds on the table" in hint.reason


def test_discard_hint_names_the_plan_and_the_cost():
    hint = _hint(position(["7H#1 7S#1 9D#1 9S#1 2C#1 3D#1 KD#1 AS#1 QC#1 4H#1 5S#1 6D#2", SEAT0]))
    assert hint.action.kind == "discard" and "in hand" in hint.reason


def test_a_forced_draw_says_there_is_no_choice():
    state = position([SEAT1, SEAT0], phase="draw")
    from dataclasses import replace
    state = replace(state, stock=(), discard=state.stock + state.discard)
    hint = GAME.hint(state, 0)
    assert hint.action.kind == "take" and "only" in hint.reason and hint.method == "exact"


def test_pruned_search_drops_only_clearly_worse_moves_and_keeps_the_rule_of_thumb():
    from solvers.games.carioca_play import heuristic_choice
    from solvers.games.carioca_search import candidates, evaluate_pruned
    state = position(["7H#1 7S#1 9D#1 9S#1 2C#1 3D#1 KD#1 AS#1 QC#1 4H#1 5S#1 6D#2", SEAT0])
    prior = heuristic_choice(state, 0)[0]
    moves = candidates(state, 0)
    result = evaluate_pruned(state, 0, Rng(3), moves=moves, samples=4, prefer=prior, prune_after=2)
    assert {c.action for c in result.ranked} == set(moves)
    own = next(c for c in result.ranked if c.action == prior)
    assert len(own.values) == result.samples, "the rules of thumb's move is tried on every deal"
    assert all(len(c.values) >= min(2, result.samples) for c in result.ranked)
    again = evaluate_pruned(state, 0, Rng(3), moves=moves, samples=4, prefer=prior, prune_after=2)
    assert [c.action for c in again.ranked] == [c.action for c in result.ranked]


def test_the_search_weighs_laying_down_against_holding_back_and_drops_futile_moves():
    from solvers.games.carioca_bot import search_bot
    from solvers.games.carioca_play import heuristic_choice
    from solvers.games.carioca_search import candidates, evaluate_pruned
    state = position(["7H#1 7S#1 7C#1 9D#1 9S#1 9H#1 2C#1 3D#1 KD#1 AS#1 X1 4H#1", SEAT0])
    prior = heuristic_choice(state, 0)[0]
    assert prior.kind == "down"
    moves = candidates(state, 0)
    assert {"down", "discard"} <= {a.kind for a in moves}, "holding back is a candidate"
    result = evaluate_pruned(state, 0, Rng(5), moves=moves, samples=6, prefer=prior, prune_after=2,
                             futile_after=3, futile_z=0.5)
    for arm in result.ranked:
        assert len(arm.values) in range(1, result.samples + 1)
    assert search_bot(state, 0, Rng(2)) in state.legal_actions(0)
