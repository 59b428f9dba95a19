"""A plan decided again before each of its later moves that is not a draw (``again``)."""

import copy
from collections import Counter

import pytest

from solvers.cards import Rng
from solvers.patience.deal import klondike_deal
from solvers.patience.options import KlondikeRules
from solvers.patience.player import FairPlayer, play_with_fair_hints
from solvers.patience.position import player_view, visible_cards
from solvers.patience.rules import legal_moves, replay
from tests.patience.helpers import games_blind_to_hidden_cards

RULES = KlondikeRules(draw=3, single_pass_switch=False)
KW = dict(samples=6, nodes_per_solve=600, again=6, max_moves=100)


@pytest.mark.parametrize("same", [False, True])
def test_the_player_deciding_again_replays_is_repeatable_and_keeps_or_changes_plans(same):
    trace = []
    a = play_with_fair_hints(klondike_deal(7), RULES, Rng(7), trace=trace, same=same, **KW)
    b = play_with_fair_hints(klondike_deal(7), RULES, Rng(7), same=same, **KW)
    assert a.moves == b.moves and a.solves == b.solves
    assert replay(klondike_deal(7), a.moves, RULES).is_won() == a.won
    whys = Counter(entry["why"] for entry in trace)
    # fresh samples change some plans on this deal; its own samples keep them all
    assert whys["plan kept"] and (whys["plan changed"] or same), whys
    for entry in trace:
        if entry["why"] == "plan kept":
            assert entry["plan"] == entry["rest"] and entry["rest"][0] != "draw"
        elif entry["why"] == "plan changed":
            assert entry["plan"] != entry["rest"]


def test_a_rest_of_a_plan_is_kept_when_no_plan_may_lead_it():
    # the positions where the game above decided a plan again: with ``stick`` 1 a rest
    # still in the running at the end is kept, and a plan chosen in its place leads it
    trace = []
    record = play_with_fair_hints(klondike_deal(7), RULES, Rng(7), trace=trace, **KW)
    seen_at, position, seen = {}, klondike_deal(7), set(visible_cards(klondike_deal(7)))
    for n, move in enumerate(record.moves):
        seen_at[n] = (position, set(seen))
        position = replay(position, [move], RULES)
        seen |= visible_cards(position)
    checked = 0
    for entry in trace:
        if entry["why"] not in ("plan kept", "plan changed"):
            continue
        position, seen = seen_at[entry["at"]]
        allowed = legal_moves(position, RULES)
        for stick in (0.0, 1.0):
            player = FairPlayer(RULES, Rng(entry["at"]), samples=6, nodes_per_solve=600, again=6, stick=stick)
            chosen = player.replan(player_view(position, seen), seen, allowed, entry["rest"])
            assert chosen[0] in allowed
            shares = {tuple(moves): share for moves, share in player.shares}
            if chosen != entry["rest"]:
                assert tuple(entry["rest"]) not in shares or shares[tuple(chosen)] > shares[tuple(entry["rest"])] + stick
            checked += 1
    assert checked >= 10, checked


@pytest.mark.parametrize("same", [False, True])
def test_a_game_deciding_again_never_reads_a_hidden_card(same):
    # the same game, move for move, on a deal whose cards never shown in it are swapped
    kw = dict(KW, max_moves=60, same=same)
    assert games_blind_to_hidden_cards(RULES, (1, 2, 4, 6), **kw) >= 2


def test_on_the_same_samples_a_plan_is_decided_again_on_the_deciding_samples_moved_on():
    # ``same``: the samples kept are the decision's own, with each move played since, and
    # deciding again draws no fresh ones
    checked = 0
    for seed in (1, 3, 6):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        player = FairPlayer(RULES, Rng(seed), samples=6, nodes_per_solve=600, again=6, same=True)
        position = deal
        for move in ["draw"] * 8 + ["redeal"]:      # the free look: every stock card seen
            position = replay(position, [move], RULES)
            seen |= visible_cards(position)
        plan = player.plan(player_view(position, seen), seen, legal_moves(position, RULES))
        assert len(plan) > 1 and not player.blind
        kept = player._kept
        player.moved(plan[0])
        assert player._kept == [replay(world, plan[:1], RULES) for world in kept]
        after = replay(position, plan[:1], RULES)
        stream = copy.deepcopy(player.rng)
        chosen = player.replan(player_view(after, seen), seen, legal_moves(after, RULES), plan[1:])
        assert chosen[0] in legal_moves(after, RULES)
        assert player.rng.next64() == stream.next64()
        player.news()
        assert player._kept is None
        checked += 1
    assert checked == 3
