"""Least commitment: a plan weighed beside its lazy form (the moves its revealing move
does not need left for after the card is seen)."""

import pytest

from solvers.cards import Rng
from solvers.patience.deal import klondike_deal
from solvers.patience.hints import sampler
from solvers.patience.options import KlondikeRules
from solvers.patience.player import FairPlayer, _lazy, _met_key, play_with_fair_hints
from solvers.patience.position import player_view, visible_cards
from solvers.patience.rules import apply_legal, apply_move, legal_moves, replay
from tests.patience.helpers import games_blind_to_hidden_cards, random_walk

RULES = KlondikeRules(draw=3, single_pass_switch=False)


def _shows_only_at_the_end(world, moves, seen):
    position = world
    for n, move in enumerate(moves):
        position = apply_move(position, move, RULES)     # raises if illegal
        if n < len(moves) - 1 and not visible_cards(position) <= seen:
            return False
    return not visible_cards(position) <= seen


def _plans(seeds, walk=40):
    """(world, plan, seen) for plans the player weighs on positions along random walks."""
    rng = Rng(5)
    for seed in seeds:
        for position in random_walk(klondike_deal(seed), RULES, rng, walk)[::10]:
            seen = set(visible_cards(position))
            view = player_view(position, seen)
            player = FairPlayer(RULES, Rng(seed), samples=6, nodes_per_solve=1000)
            found = player._hop(view, seen, legal_moves(position, RULES), 6)
            if found is None:
                continue
            _, plans, worlds = found
            for plan in plans.values():
                yield worlds[0], plan, seen


def test_the_lazy_form_is_a_shorter_plan_that_still_shows_its_card_and_nothing_before():
    checked = 0
    for world, plan, seen in _plans(range(1, 9)):
        found = _lazy(world, plan, seen, RULES)
        if not _shows_only_at_the_end(world, plan, seen):
            assert found is None    # a plan to the win (or one that shows nothing) stays as it is
            continue
        if found is None:
            # no single move can go: each one left out breaks the plan
            for j in range(len(plan) - 1):
                trial = plan[:j] + plan[j + 1:]
                try:
                    assert not _shows_only_at_the_end(world, trial, seen)
                except Exception as error:      # illegal on the way: cannot go either
                    assert "not legal" in str(error)
            continue
        moves, key = found
        assert len(moves) < len(plan) and moves[-1] == plan[-1]
        it = iter(plan)
        assert all(m in it for m in moves)           # a subsequence, in the plan's order
        assert _shows_only_at_the_end(world, moves, seen)
        # the key is the plan's position before its revealing move, as the player sees it
        before = replay(world, moves[:-1], RULES)
        assert key == (player_view(before, seen), moves[-1])
        # and it is legal, and shows its card, on any other sample of the same view
        other = sampler(player_view(world, seen))(Rng(len(plan)))
        assert _shows_only_at_the_end(other, moves, seen)
        checked += 1
    assert checked > 3


def test_a_lazy_game_never_reads_a_hidden_card():
    # the same game, move for move, on a deal whose cards never shown in it are swapped:
    # had a decision read a hidden card (not only the player's samples), it could change
    kw = dict(samples=6, nodes_per_solve=800, lazy=True, max_moves=80)
    assert games_blind_to_hidden_cards(RULES, (1, 2, 4, 6), pairs=2, **kw) >= 3


def test_the_lazy_player_replays_and_is_repeatable_and_chooses_lazy_plans():
    kw = dict(samples=6, nodes_per_solve=800, lazy=True)
    a = play_with_fair_hints(klondike_deal(5), RULES, Rng(5), **kw)
    b = play_with_fair_hints(klondike_deal(5), RULES, Rng(5), **kw)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(klondike_deal(5), a.moves, RULES).is_won() == a.won
    # the option does choose lazy plans (and only with it on)
    chosen = {}
    for lazy in (False, True):
        player = FairPlayer(RULES, Rng(3), samples=8, nodes_per_solve=1000, lazy=lazy)
        for seed in range(1, 7):
            deal = klondike_deal(seed)
            for position in random_walk(deal, RULES, Rng(seed), 30)[::15]:
                seen = set(visible_cards(position))
                allowed = legal_moves(position, RULES)
                if allowed:
                    player.blind = False
                    player.plan(player_view(position, seen), seen, allowed)
        chosen[lazy] = player.lazy_chosen
    assert chosen[False] == 0 and chosen[True] > 0


def test_a_plan_through_a_position_met_since_the_last_card_is_refused():
    # the lazy loop: a plan whose later moves pass through a position the game has met
    # is cut there by the rule against going round, and could be chosen again one move on
    refused = 0
    for seed in range(1, 9):
        for position in random_walk(klondike_deal(seed), RULES, Rng(seed), 40)[::10]:
            seen = set(visible_cards(position))
            view = player_view(position, seen)
            player = FairPlayer(RULES, Rng(seed), samples=6, nodes_per_solve=1000, lazy=True)
            found = player._hop(view, seen, legal_moves(position, RULES), 6)
            if found is None:
                continue
            _, plans, worlds = found
            for key, plan in plans.items():
                if len(plan) < 2:
                    continue
                # the real position after the plan's first move, as if met before
                player.met = {_met_key(apply_legal(position, plan[0], RULES), seen)}
                own = [key] + [None] * (len(worlds) - 1)
                kept = player._not_round([key, "other"], {**plans, "other": ["draw"]}, own, worlds, seen)
                assert kept == ["other"]
                # nothing met on its way: kept
                player.met = {_met_key(klondike_deal(99), seen)}
                assert player._not_round([key], plans, own, worlds, seen) == [key]
                refused += 1
    assert refused >= 3


@pytest.mark.slow
def test_a_lazy_game_that_went_round_deciding_at_every_move_now_plays_on():
    # deal 338 went round a lazy plan through a turn-over for ~900 decisions; with these
    # fewer samples it made 196 decisions in 300 moves before the plans through positions
    # already met were refused
    record = play_with_fair_hints(klondike_deal(338), RULES, Rng(338).fork("fair-player"),
                                  samples=8, nodes_per_solve=1000, lazy=True, max_moves=300)
    assert record.hints < 100
