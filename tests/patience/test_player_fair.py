"""Close calls decided by fair rollouts: a policy that never reads a hidden card."""

from dataclasses import replace

from solvers.cards import Rng
from solvers.patience.deal import klondike_deal
from solvers.patience.hints import sampler
from solvers.patience.options import KlondikeRules
from solvers.patience.player import FairPlayer, _replay, fair_moves, play_with_fair_hints
from solvers.patience.position import Column, player_view, visible_cards
from solvers.patience.rules import apply_legal, legal_moves, replay
from tests.patience.helpers import random_walk

RULES = KlondikeRules(draw=3, single_pass_switch=False)


def test_the_fair_policy_lists_only_legal_moves_and_reads_only_the_view():
    rng = Rng(11)
    checked = 0
    for seed in range(1, 9):
        deal = klondike_deal(seed)
        for position in random_walk(deal, RULES, rng, 120):
            seen = visible_cards(position)
            view = player_view(position, seen)
            moves = fair_moves(view, RULES)
            legal = set(legal_moves(position, RULES))
            assert set(moves) <= legal and len(set(moves)) == len(moves)
            # a legal card up, card turned, waste card or draw is always among them
            for move in legal:
                if move.endswith(" f") or move.startswith("w ") or move in ("draw", "redeal"):
                    assert move in moves, (move, moves)
            checked += len(moves)
    assert checked > 100


def _hidden_unshown(world, moves, seen):
    """Cards of ``world`` still hidden, and never shown, after ``moves``: (column, depth)
    slots of face-down cards and stock indices, with their cards."""
    end = replay(world, moves, RULES)
    shown = set(seen)
    position = world
    for move in moves:
        position = apply_legal(position, move, RULES)
        shown |= visible_cards(position)
    slots = [(("column", i, d), c) for i, col in enumerate(end.columns)
             for d, c in enumerate(col.down) if c not in shown]
    slots += [(("stock", 0, j), c) for j, c in enumerate(end.stock) if c not in shown]
    return end, slots


def _swap(world, a, b):
    """``world`` with the cards ``a`` and ``b`` exchanged wherever they lie."""
    def swap(card):
        return b if card == a else a if card == b else card
    columns = tuple(Column(tuple(map(swap, c.down)), tuple(map(swap, c.up))) for c in world.columns)
    return replace(world, columns=columns, stock=tuple(map(swap, world.stock)),
                   waste=tuple(map(swap, world.waste)))


def test_a_rollout_never_reads_a_hidden_card():
    # two samples that differ only in cards the rollout never shows are played the same
    # way: had the policy read a hidden card, swapping two of them could change a move
    swapped = 0
    for seed in range(1, 13):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        world = sampler(player_view(deal, seen))(Rng(seed))
        player = FairPlayer(RULES, Rng(1), fair=2)
        value, moves = player._rollout(world, seen)
        _, hidden = _hidden_unshown(world, moves, seen)
        if len(hidden) < 2:
            continue
        for (_, a), (_, b) in zip(hidden, hidden[1:]):
            other = _swap(world, a, b)
            assert player._rollout(other, seen) == (value, moves)
            swapped += 1
    assert swapped > 10
    # the control: swapping a card the rollout does show changes what it sees, and on
    # some sample what it plays
    changed = 0
    for seed in range(1, 13):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        world = sampler(player_view(deal, seen))(Rng(seed))
        player = FairPlayer(RULES, Rng(1), fair=2)
        _, moves = player._rollout(world, seen)
        _, hidden = _hidden_unshown(world, moves, seen)
        shown = [c for c in world.stock + tuple(c for col in world.columns for c in col.down)
                 if c not in seen and c not in {h for _, h in hidden}]
        if len(shown) >= 2:
            changed += player._rollout(_swap(world, shown[0], shown[-1]), seen)[1] != moves
    assert changed


def test_a_rollout_to_a_depth_is_solved_once_it_has_seen_that_many_cards():
    checked = 0
    for seed in range(1, 9):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        world = sampler(player_view(deal, seen))(Rng(seed))
        player = FairPlayer(RULES, Rng(1), fair=2, fair_depth=1)
        value, moves = player._rollout(world, seen)
        if not moves:
            continue
        end = replay(world, moves, RULES)
        if end.is_won():
            continue
        new = visible_cards(end) - seen - visible_cards(world)
        if new:
            # it stopped at the move that showed its first new card, and solved from there
            assert not visible_cards(replay(world, moves[:-1], RULES)) - seen - visible_cards(world)
            assert value == player._value(end)
            # the same moves to the end (depth 0) go on past it
            deeper = FairPlayer(RULES, Rng(1), fair=2)._rollout(world, seen)[1]
            assert deeper[:len(moves)] == moves
            checked += 1
        else:
            assert value == 0.0     # stuck before a new card: the policy cannot go on
    assert checked


def test_the_fair_choice_is_the_plan_worth_most_over_all_its_samples():
    # the catch-up rule drops only plans that cannot win: the choice is the argmax of the
    # rollout values over every sample (ties: hindsight's order)
    for seed in (3, 4, 5, 7):
        deal = klondike_deal(seed)
        seen = set(visible_cards(deal))
        view, allowed = player_view(deal, seen), legal_moves(deal, RULES)
        player = FairPlayer(RULES, Rng(2), samples=8, nodes_per_solve=1000, gate=2.0, fair=3, fair_samples=8)
        found = player._hop(view, seen, allowed, 8)
        if found is None or len(player.close) < 2:
            continue
        _, plans, worlds = found
        keys = player.close[:3]
        full = {k: sum(player._rollout(p, seen)[0] for p in (_replay(w, plans[k], RULES) for w in worlds)
                       if p is not None) for k in keys}
        best = min(keys, key=lambda k: (-full[k], keys.index(k)))
        assert player._fair_choice(keys, plans, worlds, seen) == best


def test_the_player_with_fair_rollouts_replays_and_is_repeatable():
    kw = dict(samples=6, nodes_per_solve=500, fair=3, gate=2.0, fair_samples=6)

    def deal(seed):
        return klondike_deal(seed, ranks=5, columns=5)

    a = play_with_fair_hints(deal(1), RULES, Rng(1), **kw)
    b = play_with_fair_hints(deal(1), RULES, Rng(1), **kw)
    assert a.moves == b.moves and a.solves == b.solves
    calls = 0
    for depth in (0, 1):
        for seed in range(1, 4):
            trace: list = []
            record = play_with_fair_hints(deal(seed), RULES, Rng(seed), fair_depth=depth, trace=trace, **kw)
            assert replay(deal(seed), record.moves, RULES).is_won() == record.won
            calls += sum("fair" in h for entry in trace for h in entry.get("hop", []))
    assert calls, "no close call was decided by fair rollouts on these deals"
