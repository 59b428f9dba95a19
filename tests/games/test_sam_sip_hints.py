"""Sam Sip hints: every kind of decision gets an honest hint with a reason."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng, parse_cards
from solvers.games.sam_sip import pack_for
from solvers.games.sam_sip_play import heuristic_choice
from solvers.sampling import determinize

GAME = games.get("sam-sip")


def deal(hand0: str, hand1: str, indicator: str, stock_top: str):
    used = set(parse_cards((hand0 + " " + hand1 + " " + indicator + " " + stock_top).split()))
    rest = [str(x) for x in pack_for(3) if x not in used]
    return GAME.new(seed=1, options={"players": 2}, deal={
        "dealer": 0, "hands": [hand0, hand1], "indicator": indicator, "stock": stock_top.split() + rest})


def test_the_dealers_first_draw_is_forced_and_said_so():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C")
    hint = GAME.hint(state, 0, iterations=2, rng=Rng(1))
    assert hint.action.notation == "draw" and "no choice" in hint.reason


def test_discard_hint_keeps_the_pairs_and_names_the_outs():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0)
    hint = GAME.hint(state, 0, iterations=6, rng=Rng(1))
    assert hint.action.kind == "discard" and hint.action.args[0] in ("QS", "9C")
    assert "keeps" in hint.reason and "pairs" in hint.reason and "would win" in hint.reason
    assert hint.method == "sampled" and hint.alternatives


def test_draw_or_take_hint_explains_the_choice():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    hint = GAME.hint(state, 1, iterations=6, rng=Rng(1))
    assert hint.action.notation in ("take QS", "draw")
    assert "offered" in hint.reason and "won the deal" in hint.reason


def test_rule_of_thumb_takes_a_card_that_makes_a_pair():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    action, why = heuristic_choice(state, 1)
    assert action.notation == "take QS" and "pair" in why


def test_the_hint_is_the_same_on_any_deal_of_the_unseen_cards():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    first = GAME.hint(state, 1, iterations=4, rng=Rng(5))
    other = determinize(state, 1, Rng(77))
    again = GAME.hint(other, 1, iterations=4, rng=Rng(5))
    assert first.action == again.action and first.reason == again.reason
