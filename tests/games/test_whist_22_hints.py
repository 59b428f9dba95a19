"""Whist 22 hints and bots: every kind of decision, honest, reproducible with ``iterations``."""

import pytest

from solvers.cards import Rng
from solvers.games import get
from solvers.games.whist_22_bot import choose, expected_tricks, heuristic_bid, unseen
from solvers.games.whist_22_search import solve_tail
from solvers.sampling import determinize
from tests.games.test_whist_22 import BLIND, bid, play, start

GAME = get("whist-22")


def honest(state, seat, iterations=6):
    """The hint, checked to be the same on a redeal of the cards the seat cannot see."""
    first = GAME.hint(state, seat, rng=Rng(1), iterations=iterations)
    other = determinize(state, seat, Rng(77))
    again = GAME.hint(other, seat, rng=Rng(1), iterations=iterations)
    assert first.to_json() == again.to_json(), "the hint used cards the seat cannot see"
    assert first.action in state.legal_actions(seat) and first.reason
    return first


def test_the_bid_hint_minimises_the_expected_miss_on_sampled_deals():
    state = start()
    hint = honest(state, 0, iterations=8)
    assert hint.action.kind == "bid" and hint.method == "sampled"
    assert "miss it by" in hint.reason and hint.evaluation["samples"] == 8
    misses = [a["expected_miss"] for a in hint.alternatives]
    assert hint.evaluation["expected_miss"] <= min(misses)
    # Tom holds the 21 and the 20: he takes about two tricks
    assert hint.action.notation in ("bid 1", "bid 2")


def test_the_dealer_hint_never_offers_the_hooked_bid():
    state = bid(start(), 2, 1, 1)
    hint = honest(state, 3)
    assert hint.action.notation != "bid 1"
    assert all(a["action"]["notation"] != "bid 1" for a in hint.alternatives)


def test_the_card_hint_values_the_fool_both_ways():
    state = play(bid(start(), 2, 1, 1, 2), *("T21", "T4", "T7", "T10"), "T20")
    hint = honest(state, 1)
    shown = {hint.action.notation} | {a["action"]["notation"] for a in hint.alternatives}
    assert {"play FOOL 0", "play FOOL 22"} <= shown
    assert hint.action.kind == "play" and "points against the others" in hint.reason


def test_the_exact_tail_search_takes_a_needed_trick_with_the_fool():
    # two cards each, seat 0 bid 2 with the Fool and the 1: it must win both tricks
    hands = ((-1, 1), (20, 21), (2, 3), (4, 5))
    values = solve_tail(hands, (), 0, (0, 0, 0, 0), (2, 0, 0, 0))
    # seat 0 cannot win the second trick with the 1 unless everyone else ducks below it: impossible
    assert values[0] < 0
    values = solve_tail(((-1,), (20,), (2,), (4,)), (), 0, (0, 0, 0, 0), (1, 0, 0, 0))
    assert values[0] == pytest.approx(0.0), "the Fool as 22 takes the one trick bid"


def test_the_blind_deal_hints_bid_from_the_cards_seen_and_declare_the_fool():
    state = start(BLIND, blind_single=True)
    hint = honest(state, 1)                     # seat 1 sees the 5, the 20 and the 9, not its Fool
    assert hint.action.kind == "bid"
    assert heuristic_bid(state, 1)[0] == 0, "only the Fool or the 21 beat the 20"
    state = bid(state, 1, 0, 0, 1).apply("play")
    assert state.phase == "declare"
    hint = honest(state, 1)
    assert hint.action.notation == "fool 22", "seat 1 bid one trick: the Fool counts 22"
    assert choose(state, 1)[0].notation == "fool 22"


def test_a_forced_move_says_so():
    state = bid(start(BLIND, blind_single=True), 1, 0, 0, 1)
    hint = GAME.hint(state, 1, rng=Rng(1), iterations=3)
    assert hint.action.notation == "play" and hint.reason == "the only legal move"


def test_rules_of_thumb():
    state = start()
    pool = unseen(state, 0)
    assert len(pool) == 17
    assert expected_tricks(state.hands[0], pool, 4, 5) > expected_tricks(state.hands[2], unseen(state, 2), 4, 5) - 1
    assert heuristic_bid(state, 0)[0] >= 1
    state = bid(state, 2, 1, 1, 2)
    action, reason = choose(state, 0)
    assert action.notation == "play T20" and "only the Fool" in reason, "the cheaper of two winners"
    # seat 1, with its one trick still to take, wins the 20 with the Fool only when nothing else can
    state = play(state, "T21", "T4", "T7", "T10", "T20")
    action, reason = choose(state, 1)
    assert action.notation == "play T5" and "play low" in reason
    # once the bid is made, lose with the highest card that already loses
    made = play(bid(start(), 1, 0, 0, 0), "T21")
    action, reason = choose(made, 1)
    assert action.notation == "play T19"
    action, _ = choose(play(made, "T19"), 2)
    assert action.notation == "play T18"


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_the_bots_play_whole_matches_at_every_table_size(players):
    state = GAME.new(seed=players, options={"players": players, "blind_single": True, "start_score": 4})
    bot = GAME.bots()["heuristic"]
    rng = Rng(players)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    assert min(state.scores) <= 0


@pytest.mark.slow
def test_the_hint_answers_within_its_budget():
    import time
    state = start()
    began = time.perf_counter()
    GAME.hint(state, 0, 0.5)
    assert time.perf_counter() - began < 1.5


def _ending(seed: int):
    """A real deal played by the rules of thumb until the hands are small enough to solve."""
    from solvers.games.whist_22_bot import heuristic_bot
    from solvers.games.whist_22_search import EXACT_ORDERS, orders
    state = GAME.new(seed=seed)
    rng = Rng(seed)
    while state.phase != "play" or orders(state) > EXACT_ORDERS:
        seat = min(state.to_move)
        state = state.apply(heuristic_bot(state, seat, rng), seat)
    return state


def test_one_solve_values_every_card_as_playing_each_card_does():
    # the root solve of a sampled deal gives each card the same result as solving the deal
    # after that card
    from solvers.games.whist_22_search import _numbers, root_values
    for seed in range(6):
        state = _ending(seed)
        seat = state.turn
        legal = state.legal_actions(seat)
        values = root_values(state, seat, legal)
        for action in legal:
            after = state.apply(action, seat)
            if after.phase != "play" or after.hands_played:
                continue
            hands, trick = _numbers(after)
            expected = solve_tail(hands, trick, after.leader, after.tricks, after.bids)[seat]
            assert values[action] == pytest.approx(expected), (seed, action)


def test_the_search_bot_plays_legal_cards_by_sampled_double_dummy_in_the_ending():
    bot = GAME.bots()["search"]
    for seed in range(3):
        state = _ending(seed)
        seat = state.turn
        assert bot(state, seat, Rng(seed)) in state.legal_actions(seat)
