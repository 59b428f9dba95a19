"""The fair-hint player and the cheaper ways of asking the fair hint."""

from collections import Counter

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.patience.deal import klondike_deal
from solvers.patience.hints import fair_hint, sampler
from solvers.patience.options import KlondikeRules
from solvers.patience.player import play_with_fair_hints
from solvers.patience.position import player_view
from solvers.patience.rules import legal_moves, replay

RULES = KlondikeRules(draw=3, single_pass_switch=False)


def small(seed):
    return klondike_deal(seed, ranks=4, columns=4)


def test_a_game_replays_through_the_rules_and_ends_as_recorded():
    for seed in range(1, 6):
        record = play_with_fair_hints(small(seed), RULES, Rng(seed), samples=3, nodes_per_solve=500)
        end = replay(small(seed), record.moves, RULES)
        assert end.is_won() == record.won == (record.ended == "won")
        assert record.to_json()["moves"] == len(record.moves)


def test_the_same_seed_plays_the_same_game():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=3, nodes_per_solve=500)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=3, nodes_per_solve=500)
    assert a.moves == b.moves and a.won == b.won and a.solves == b.solves


def test_the_player_wins_a_full_deal():
    # deal 5 is won by the player at its default settings; a regression would lose it
    record = play_with_fair_hints(klondike_deal(5), RULES, Rng(5).fork("fair-player"))
    assert record.won and replay(klondike_deal(5), record.moves, RULES).is_won()
    # the control: without search (every solve out of budget at once) the same player,
    # left to its fallback of obvious progress, does not win this deal
    blind = play_with_fair_hints(klondike_deal(5), RULES, Rng(5).fork("fair-player"), samples=1,
                                 nodes_per_solve=1)
    assert not blind.won


def test_candidates_mode_recommends_a_legal_move_with_its_share_of_wins():
    view = player_view(klondike_deal(5))
    every = fair_hint(view, RULES, Rng(4), samples=4, budget=1e9, nodes_per_solve=2000)
    cheap = fair_hint(view, RULES, Rng(4), samples=4, budget=1e9, nodes_per_solve=2000, tried="candidates")
    assert cheap.move in legal_moves(klondike_deal(5), RULES)
    # the same samples: a move's share of wins does not depend on how many moves are tried
    assert dict(every.alternatives)[cheap.move] == cheap.win_probability
    assert cheap.win_probability <= every.win_probability


def test_an_excluded_move_is_never_recommended():
    view = player_view(klondike_deal(5))
    first = fair_hint(view, RULES, Rng(4), samples=3, budget=1e9, nodes_per_solve=2000, tried="candidates")
    again = fair_hint(view, RULES, Rng(4), samples=3, budget=1e9, nodes_per_solve=2000,
                      tried="candidates", exclude={first.move})
    assert again.move != first.move
    assert first.move not in [m for m, _ in again.alternatives]


def test_an_unknown_way_of_trying_moves_is_refused():
    with pytest.raises(CardsageError):
        fair_hint(player_view(klondike_deal(5)), RULES, Rng(1), tried="some")


def test_a_plan_ends_at_the_first_card_it_shows():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    from solvers.patience.rules import apply_move
    deal = klondike_deal(5)
    seen = set(visible_cards(deal))
    plan = FairPlayer(RULES, Rng(2), samples=6).plan(player_view(deal, seen), seen, legal_moves(deal, RULES))
    position = deal
    for n, move in enumerate(plan):
        position = apply_move(position, move, RULES)
        shows = not visible_cards(position) <= seen
        assert shows == (n == len(plan) - 1) or position.is_won()


def test_the_deeper_player_replays_and_is_repeatable():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, lookahead=2,
                             outer=3, inner=3, escalate=4)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, lookahead=2,
                             outer=3, inner=3, escalate=4)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_a_close_call_weighs_the_plans_on_more_samples():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    deal = klondike_deal(4)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    base = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000)
    base.plan(view, seen, allowed)
    # a margin above 1 makes every decision with two plans in the running a close call
    wide = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, extra=5, margin=2.0)
    wide.plan(view, seen, allowed)
    assert len(base.shares) == 2 and base.shares[0][1] == base.shares[1][1]      # a tie on this deal
    assert wide.solves > base.solves
    # the shares are over the 11 samples (a win 1, an undecided sample 0.3, a loss 0)
    assert all(abs(share * 110 - round(share * 110)) < 1e-6 for _, share in wide.shares)
    # without a margin nothing more is weighed
    narrow = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, extra=5, margin=0.0)
    narrow.plan(view, seen, allowed)
    assert narrow.solves == base.solves and narrow.shares == base.shares


def test_the_player_with_extra_samples_replays_and_is_repeatable():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, extra=4, margin=2.0)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, extra=4, margin=2.0)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_other_openings_give_plans_for_moves_no_sample_opens_with():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    from solvers.patience.rules import apply_move
    deal = klondike_deal(5)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    player = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=2000, diverse=2)
    deal_of = sampler(view)
    worlds = [deal_of(player.rng) for _ in range(6)]
    plans, votes, own = {}, Counter(), []
    for world in worlds:
        own.append(player._vote(world, player._solve(world), seen, set(allowed), plans, votes))
    firsts = {plans[k][0] for k in votes}
    keys = player._other_openings(view, worlds, own, seen, allowed, plans)
    assert keys, "deal 5 has openings the samples' own lines do not use"
    for key in keys:
        plan = plans[key]
        assert plan[0] in allowed and plan[0] not in firsts
        # the plan is playable on the real deal up to the card it shows
        position = deal
        for n, move in enumerate(plan):
            position = apply_move(position, move, RULES)
            if n < len(plan) - 1:
                assert visible_cards(position) <= seen
    assert len({plans[k][0] for k in keys}) == len(keys)      # one plan an opening


def test_the_player_with_other_openings_replays_and_is_repeatable():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, diverse=2, race=2)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, diverse=2, race=2)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_a_sample_proven_lost_is_lost_after_any_plan():
    # what skip_lost relies on: no move turns a lost position into a won one (small
    # deals, searched to the end)
    from solvers.patience.rules import apply_move
    from solvers.patience.search import UNWINNABLE, WINNABLE, solve
    checked = 0
    for seed in range(1, 40):
        deal = small(seed)
        if solve(deal, RULES, max_nodes=None, max_seconds=None, shorten=False).verdict != UNWINNABLE:
            continue
        frontier = [deal]
        for _ in range(3):
            frontier = [apply_move(p, m, RULES) for p in frontier for m in legal_moves(p, RULES)][:30]
            for position in frontier:
                assert solve(position, RULES, max_nodes=None, max_seconds=None,
                             shorten=False).verdict != WINNABLE
                checked += 1
    assert checked > 20


def test_the_player_skipping_lost_samples_replays_and_is_repeatable():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, diverse=2, skip_lost=True)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=4, nodes_per_solve=500, diverse=2, skip_lost=True)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_rounds_of_successive_halving():
    from solvers.patience.player import _round_end
    assert [d for d in range(1, 90) if _round_end(d, 10)] == [10, 20, 40, 80]
    assert [d for d in range(1, 20) if _round_end(d, 1)] == [1, 2, 4, 8, 16]


def test_successive_halving_weighs_less_and_past_the_samples_changes_nothing():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    checked = 0
    for seed in (4, 5, 6):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
        kinds = {}
        for name, halving in (("off", 0), ("late", 9), ("on", 2)):
            player = FairPlayer(RULES, Rng(2), samples=8, nodes_per_solve=1000, diverse=1, halving=halving)
            plan = player.plan(view, seen, allowed)
            assert plan[0] in allowed
            kinds[name] = (plan, player.shares, player.solves)
        # a first round longer than the samples: the very same decision
        assert kinds["late"] == kinds["off"]
        # the same samples and plans, fewer of them weighed on each
        assert kinds["on"][2] <= kinds["off"][2]
        checked += kinds["on"][2] < kinds["off"][2]
    assert checked, "halving saved no solve on these deals"


def test_the_player_with_successive_halving_replays_and_is_repeatable():
    a = play_with_fair_hints(small(7), RULES, Rng(3), samples=6, nodes_per_solve=500, diverse=2, halving=2)
    b = play_with_fair_hints(small(7), RULES, Rng(3), samples=6, nodes_per_solve=500, diverse=2, halving=2)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_close_calls_are_the_plans_within_the_gate_of_the_leader():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    deal = klondike_deal(4)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    shut = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, gate=0.0)
    shut.plan(view, seen, allowed)
    wide = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, gate=2.0)
    wide.plan(view, seen, allowed)
    # the gate changes only which plans are called close, never the decision or its cost
    assert shut.shares == wide.shares and shut.solves == wide.solves
    # with no gate only the plans tied with the leader are close; with a gate above 1
    # every plan weighed is
    assert shut.close == [k for k in shut.close if k in wide.close][:len(shut.close)]
    assert len(shut.close) == len(shut.shares) and len(wide.close) >= len(shut.close)


def test_a_plan_is_valued_after_its_card_by_a_fresh_decision():
    from solvers.patience.player import FairPlayer, _replay
    from solvers.patience.position import visible_cards
    deal = klondike_deal(5)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    player = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=2000)
    player.plan(view, seen, allowed)
    shares, close = player.shares, player.close
    plan = shares[0][0]
    world = sampler(view)(Rng(9))
    value = player._next_value(plan, world, seen)
    assert 0.0 <= value <= 1.0
    # the inner decision leaves the outer one's record alone
    assert player.shares == shares and player.close == close
    # a plan that shows no card is worth what the exact search says of the sample
    quiet = [m for m in allowed if visible_cards(_replay(world, [m], RULES)) <= seen]
    for move in quiet[:2]:
        assert player._next_value([move], world, seen) == player._value(_replay(world, [move], RULES))


def test_the_player_weighing_close_calls_after_the_next_card_replays_and_is_repeatable():
    kw = dict(samples=6, nodes_per_solve=500, nested=2, gate=2.0, outer=3, inner=3)

    def deal(seed):
        return klondike_deal(seed, ranks=5, columns=5)

    a = play_with_fair_hints(deal(1), RULES, Rng(1), **kw)
    b = play_with_fair_hints(deal(1), RULES, Rng(1), **kw)
    assert a.moves == b.moves and a.solves == b.solves
    weighed = 0
    for seed in range(1, 4):
        record = play_with_fair_hints(deal(seed), RULES, Rng(seed), **kw)
        assert replay(deal(seed), record.moves, RULES).is_won() == record.won
        plain = play_with_fair_hints(deal(seed), RULES, Rng(seed), **{**kw, "nested": 0})
        weighed += record.solves > plain.solves
    assert weighed, "no close call was weighed after the next card on these deals"


def test_the_player_deciding_again_before_a_waste_card_replays_and_is_repeatable():
    kw = dict(samples=4, nodes_per_solve=500)

    def deal(seed):
        return klondike_deal(seed, ranks=5, columns=5)

    a = play_with_fair_hints(deal(1), RULES, Rng(1), recheck=True, **kw)
    b = play_with_fair_hints(deal(1), RULES, Rng(1), recheck=True, **kw)
    assert a.moves == b.moves and a.solves == b.solves
    more = 0
    for seed in range(1, 5):
        record = play_with_fair_hints(deal(seed), RULES, Rng(seed), recheck=True, **kw)
        assert replay(deal(seed), record.moves, RULES).is_won() == record.won
        plain = play_with_fair_hints(deal(seed), RULES, Rng(seed), **kw)
        more += record.hints > plain.hints
    assert more, "no plan was decided again before a waste card on these deals"


def test_a_duel_weighs_the_best_two_plans_on_the_same_samples():
    from solvers.patience.player import FairPlayer
    from solvers.patience.position import visible_cards
    deal = klondike_deal(4)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    base = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000)
    base.plan(view, seen, allowed)
    assert len(base.shares) == 2 and base.shares[0][1] == base.shares[1][1]      # a tie on this deal
    duel = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, duel=8, duel_step=4)
    duel.plan(view, seen, allowed)
    assert duel.duels == 1 and duel.solves > base.solves
    # two plans, each valued over the 6 samples and the 4 or 8 fresh ones (a win 1, an
    # undecided sample 0.3, a loss 0), the better first
    assert [plan for plan, _ in duel.shares] in ([p for p, _ in base.shares], [p for p, _ in base.shares][::-1])
    total = next(n for n in (10, 14) if all(abs(s * n * 10 - round(s * n * 10)) < 1e-6 for _, s in duel.shares))
    assert duel.shares[0][1] >= duel.shares[1][1] and total in (10, 14)
    # a margin below 0 is never a close call: the decision is the plain one
    never = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, duel=8, margin=-1.0)
    never.plan(view, seen, allowed)
    assert never.duels == 0 and never.solves == base.solves and never.shares == base.shares


def test_the_player_with_duels_replays_and_is_repeatable():
    kw = dict(samples=4, nodes_per_solve=500, duel=6, duel_step=3, margin=0.3)
    a = play_with_fair_hints(small(7), RULES, Rng(3), **kw)
    b = play_with_fair_hints(small(7), RULES, Rng(3), **kw)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(small(7), a.moves, RULES).is_won() == a.won


def test_a_traced_game_is_the_same_game_and_says_why_each_move_was_played():
    kw = dict(samples=4, nodes_per_solve=500)
    why = set()
    for seed in range(1, 6):
        trace: list = []
        traced = play_with_fair_hints(small(seed), RULES, Rng(seed), trace=trace, **kw)
        plain = play_with_fair_hints(small(seed), RULES, Rng(seed), **kw)
        assert traced.moves == plain.moves and traced.solves == plain.solves
        # one entry a move, in order; a decision's plan opens with the move played
        assert [e["at"] for e in trace] == list(range(len(traced.moves)))
        for e in trace:
            assert e["why"] in ("look", "plan", "ace or two", "only move", "decision", "blind")
            assert e["move"] == traced.moves[e["at"]]
            if e["why"] == "decision":
                assert e["plan"][0] == e["move"] and e["hop"]
                assert e["plan"] in e["hop"][-1]["plans"]
            why.add(e["why"])
    assert {"decision", "plan"} <= why


def test_a_near_tie_is_decided_by_the_order_of_obvious_progress_or_by_votes():
    from solvers.patience.player import FairPlayer, _progress
    from solvers.patience.position import visible_cards
    deal = klondike_deal(4)
    seen = set(visible_cards(deal))
    view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
    base = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, candidates=10)
    first = base.plan(view, seen, allowed)
    # with a tie as wide as every share, the plan is the first by that order among all weighed
    # on at least half the samples; the same samples and solves as without
    weighed = [plan for plan, _ in base.shares]
    assert len(weighed) == 2 and _progress(view, weighed[0][0]) != _progress(view, weighed[1][0])
    for key in ("progress", "votes"):
        wide = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, candidates=10, tie=2.0, tie_key=key)
        plan = wide.plan(view, seen, allowed)
        assert wide.solves == base.solves and plan in weighed
        if key == "progress":
            assert plan == min(weighed, key=lambda p: _progress(view, p[0]))
    # no tie: the plain decision
    none = FairPlayer(RULES, Rng(2), samples=6, nodes_per_solve=1000, candidates=10, tie=0.0)
    assert none.plan(view, seen, allowed) == first and none.ties == 0


def test_the_benchmark_sign_test():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_patience_player.py"
    spec = importlib.util.spec_from_file_location("bench_patience_player", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.sign_test(0, 0) == 1.0 and bench.sign_test(5, 5) == 1.0
    assert bench.sign_test(7, 16) == bench.sign_test(16, 7)
    assert abs(bench.sign_test(7, 16) - 0.0931) < 1e-3      # 2 * P(X <= 7), X ~ Binomial(23, 1/2)
    assert abs(bench.sign_test(0, 6) - 2 / 64) < 1e-12
