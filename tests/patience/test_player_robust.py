"""The robust value: a plan's win on a sample discounted unless it wins again with the
cards still hidden after the plan dealt anew."""

from solvers.cards import Rng
from solvers.patience.deal import klondike_deal
from solvers.patience.options import KlondikeRules
from solvers.patience.player import FairPlayer, _replay
from solvers.patience.position import player_view, visible_cards
from solvers.patience.rules import legal_moves
from tests.patience.helpers import games_blind_to_hidden_cards, random_walk

RULES = KlondikeRules(draw=3, single_pass_switch=False)


def _weighed(seeds):
    """(player, world, plan, seen) for plans weighed at positions along random walks."""
    for seed in seeds:
        for position in random_walk(klondike_deal(seed), RULES, Rng(seed), 40)[10::15]:
            seen = set(visible_cards(position))
            player = FairPlayer(RULES, Rng(seed), samples=4, nodes_per_solve=300, robust=1.0)
            found = player._hop(player_view(position, seen), seen, legal_moves(position, RULES), 4)
            if found is None:
                continue
            _, plans, worlds = found
            for plan in list(plans.values())[:3]:
                yield player, worlds[0], plan, seen


def test_the_robust_value_is_at_most_hindsight_and_repeatable_and_bites():
    lower = checked = 0
    for player, world, plan, seen in _weighed(range(1, 9)):
        after = _replay(world, plan, RULES)
        plain = 0.0 if after is None else player._value(after)
        value = player._robust_value(world, plan, False, seen, 7)
        assert 0.0 <= value <= plain
        assert player._robust_value(world, plan, False, seen, 7) == value   # the same stream, the same deal
        # with robust 0 it is hindsight's value
        player.robust = 0.0
        assert player._robust_value(world, plan, False, seen, 7) == plain
        player.robust = 1.0
        lower += value < plain
        checked += 1
    assert checked > 5 and lower > 0


def test_a_robust_game_never_reads_a_hidden_card():
    kw = dict(samples=6, nodes_per_solve=800, robust=0.5, max_moves=60)
    assert games_blind_to_hidden_cards(RULES, (1, 4), **kw) >= 1
