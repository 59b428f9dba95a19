"""Oracle and fair hints."""

from solvers.cards import Rng
from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.hints import fair_hint, oracle_hint, sample_unseen
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import player_view, validate, visible_cards
from solvers.patience.rules import legal_moves, replay
from solvers.patience.search import UNWINNABLE, WINNABLE, solve


def test_oracle_hint_follows_a_winning_line():
    pos, rules = klondike_deal(3), KlondikeRules(draw=1)
    hint = oracle_hint(pos, rules)
    assert hint.mode == "oracle" and hint.verdict == WINNABLE
    assert hint.move == hint.line[0] and hint.move in legal_moves(pos, rules)
    assert replay(pos, hint.line, rules).is_won()


def test_oracle_hint_on_a_lost_position():
    rules = KlondikeRules(draw=3, single_pass_switch=False)
    lost = next(klondike_deal(s, ranks=3, columns=3) for s in range(100)
                if solve(klondike_deal(s, ranks=3, columns=3), rules).verdict == UNWINNABLE)
    hint = oracle_hint(lost, rules)
    assert hint.move is None and hint.verdict == UNWINNABLE
    assert "can no longer be won" in hint.reason


def test_sample_unseen_is_consistent_with_the_view():
    pos = klondike_deal(8)
    view = player_view(pos)
    world = sample_unseen(view, Rng(1))
    validate(world)
    assert world.all_known()
    assert [c.up for c in world.columns] == [c.up for c in view.columns]
    assert visible_cards(world) == visible_cards(view)


def test_fair_hint_on_klondike():
    pos, rules = klondike_deal(5), KlondikeRules(draw=3, single_pass_switch=False)
    hint = fair_hint(player_view(pos), rules, Rng(2), samples=6, budget=10, nodes_per_solve=3000)
    assert hint.mode == "fair" and hint.samples == 6
    assert hint.move is None or hint.move in legal_moves(pos, rules)
    assert 0.0 <= hint.win_probability <= 1.0
    assert hint.to_json()["samples"] == 6


def test_fair_hint_on_forty_thieves_sees_the_tableau():
    pos, rules = forty_thieves_deal(2), FortyThievesRules()
    hint = fair_hint(player_view(pos), rules, Rng(3), samples=3, budget=10, nodes_per_solve=2000)
    assert hint.move is None or hint.move in legal_moves(pos, rules)


def test_fair_hint_same_seed_same_answer():
    pos, rules = klondike_deal(6, ranks=3, columns=3), KlondikeRules(draw=1)
    a = fair_hint(player_view(pos), rules, Rng(9), samples=5, budget=30)
    b = fair_hint(player_view(pos), rules, Rng(9), samples=5, budget=30)
    assert (a.move, a.win_probability) == (b.move, b.win_probability)


def test_fair_hint_under_the_seeds_switch_rule_solves_most_samples():
    # the seed's draw-3 rule (switch allowed): the plain search alone solved one of ten
    # samples of deal 3 in 5 s; the compiled search, looking for wins that never switch,
    # solves most of them, so the win probability means something
    pos, rules = klondike_deal(3), KlondikeRules(draw=3)
    hint = fair_hint(player_view(pos), rules, Rng(3), samples=8, budget=60, nodes_per_solve=20_000)
    assert hint.verdict == WINNABLE and hint.move in legal_moves(pos, rules)
    assert hint.win_probability >= 0.4
