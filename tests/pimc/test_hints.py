"""Sampled and oracle hints: legal, explained, anytime, right in plain endings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.doubledummy import Solver
from solvers.game import Action
from solvers.pimc import make_pimc_bot, oracle_hint, pimc_hint
from solvers.pimc.adapters import WhistAdapter
from tests.pimc.helpers import advance


@pytest.fixture(autouse=True, scope="module")
def _compiled_solver():
    # the solver's kernels compile on first use; a budgeted hint must not pay for that
    game = games.get("whist")
    state = advance(game, 0, 40)
    pimc_hint(state, min(state.to_move), None, samples=1)


def test_whist_hint_is_legal_and_explained():
    game = games.get("whist")
    state = advance(game, 1, 30)
    seat = min(state.to_move)
    hint = game.hint(state, seat, 0.3)
    assert hint.method == "sampled"
    assert hint.action in state.legal_actions(seat)
    assert "tricks on average" in hint.reason and "sampled deals" in hint.reason
    ev = hint.evaluation
    assert ev["samples"] >= 1 and {"std", "min", "max", "goal_probability"} <= set(ev)
    assert len(hint.alternatives) == len(state.legal_actions(seat)) - 1


def test_tiny_budget_still_answers_legally():
    for name in ("whist", "teka"):
        game = games.get(name)
        state = advance(game, 2, 12)
        seat = min(state.to_move)
        hint = game.hint(state, seat, 0.001)
        assert hint.action in state.legal_actions(seat)


@pytest.mark.slow  # timed: the benchmarks measure budgets on an unloaded machine
def test_anytime_returns_within_budget():
    import time
    game = games.get("whist")
    state = game.new(seed=4)
    seat = min(state.to_move)
    pimc_hint(state, seat, 0.2, rng=Rng(0))  # warm the compiled solver
    start = time.perf_counter()
    hint = pimc_hint(state, seat, 0.3, rng=Rng(0))
    assert time.perf_counter() - start < 1.0
    assert hint is not None and hint.action in state.legal_actions(seat)


def test_oracle_equals_double_dummy_best_card():
    game = games.get("whist")
    state = advance(game, 6, 34)   # six cards a hand or fewer
    seat = min(state.to_move)
    hint = oracle_hint(state, seat)
    assert hint.method == "oracle"
    result = Solver().solve(WhistAdapter().position(state), values="all")
    best = max(result.cards.values())
    assert result.cards[hint.action.args[0]] == best


def test_ruff_to_make_the_seventh_trick():
    game = games.get("whist")
    state = advance(game, 8, 44)
    # two-card ending, trumps spades: West led the heart ace, South (void) ruffs or throws
    hands = (tuple(map(parse_card, ("2S", "2C"))), (parse_card("3S"),), (parse_card("5D"),),
             (parse_card("6D"),))
    trick = ((1, parse_card("AH")), (2, parse_card("3H")), (3, parse_card("4H")))
    state = replace(state, hands=hands, turned=parse_card("9S"), turned_on_table=False, leader=1, trick=trick,
                    history=state.history[:11], tricks=(6, 5), voids=(frozenset({1}),) + (frozenset(),) * 3)
    hint = pimc_hint(state, 0, 0.5, rng=Rng(1))
    assert hint.action == Action("play", ("2S",))
    assert hint.evaluation["goal_probability"] == 1.0


def test_teka_non_card_decisions_are_legal():
    game = games.get("teka")
    state = game.new(seed=3)
    rng = Rng(3)
    bot = game.bots()["heuristic"]
    seen = set()
    for _ in range(40):
        if state.is_over or state.phase == "play" and "play" in seen:
            break
        seat = min(state.to_move)
        hint = game.hint(state, seat, 0.15)
        assert hint.action in state.legal_actions(seat), (state.phase, hint.action)
        seen.add(state.phase)
        state = state.apply(bot(state, seat, rng), seat)
    assert {"bidding", "trump"} <= seen


def test_pimc_bot_plays_whist_legally():
    game = games.get("whist")
    assert "pimc" in game.bots() and "pimc" in games.get("teka").bots()
    bot = make_pimc_bot(samples=2, budget_ms=20)
    state = game.new(seed=9)
    rng = Rng(9)
    for _ in range(8):
        seat = min(state.to_move)
        action = bot(state, seat, rng)
        assert action in state.legal_actions(seat)
        state = state.apply(action, seat)


def _card_that_ends_the_hand_early():
    """A Teka position in card play where one legal card decides the hand with more than
    seven cards a hand still unplayed (play stops once a contract is made or beaten)."""
    from solvers.pimc.adapters import adapter_for
    from solvers.pimc.search import HORIZON
    game = games.get("teka")
    for seed in range(200):
        state = game.new(seed=seed)
        rng = Rng(seed)
        adapter = adapter_for(state)
        hand = adapter.hand_number(state)
        while not state.is_over and adapter.hand_number(state) == hand:
            seat = state.turn if adapter.in_card_play(state) else min(state.to_move)
            legal = state.legal_actions(seat)
            if adapter.in_card_play(state) and adapter.hand_size(state) > HORIZON:
                for action in legal:
                    if action.kind == "play" and adapter.hand_number(state.apply(action, seat)) != hand:
                        return state, seat
            state = state.apply(rng.choice(legal), seat)
    raise AssertionError("no such position in 200 seeded matches")


def test_a_card_that_decides_the_hand_early_is_valued_by_the_hands_result():
    from solvers.pimc import oracle_hint
    state, seat = _card_that_ends_the_hand_early()
    hint = oracle_hint(state, seat, budget=10.0)
    assert hint.action in state.legal_actions(seat)


def test_card_groups_follow_the_games_order_and_points():
    from solvers.cards import parse_cards
    from solvers.doubledummy import TrickRules
    from solvers.pimc.search import card_groups
    # Kop's ladder (… Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ …): neighbours on the ladder are equals, and
    # J♣, J♥ become equals once J♠ between them is out of play
    kop = TrickRules.kop()
    assert len(card_groups(parse_cards("QC QS"), parse_cards("QC QS"), set(), kop)) == 1
    cards = parse_cards("JC JH")
    assert len(card_groups(cards, cards, set(), kop)) == 2
    assert len(card_groups(cards, cards, set(parse_cards("JS")), kop)) == 1
    # card points: touching cards of different points are not equals
    rules = TrickRules(objective="points", card_points={"KS": 4, "QS": 3})
    assert len(card_groups(parse_cards("KS QS"), parse_cards("KS QS"), set(), rules)) == 2
    assert len(card_groups(parse_cards("QS JS"), parse_cards("QS JS"), set(), rules)) == 2
    assert len(card_groups(parse_cards("JS TS"), parse_cards("JS TS"), set(), rules)) == 1
    # plain ace-high suits without rules, as before
    assert len(card_groups(parse_cards("AS KS"), parse_cards("AS KS"), set())) == 1
    assert len(card_groups(parse_cards("AS QS"), parse_cards("AS QS"), set())) == 2


def test_teka_raise_window_during_play_gets_a_raise_hint():
    """A declarer's raise window while another seat is to play holds no card: the
    sampled hint answers it with a raise or no-raise, never a card (nor a crash)."""
    game = games.get("teka")
    state = game.new(seed=2)
    bot = game.bots()["heuristic"]
    rng = Rng(2)
    while not (getattr(state, "phase", "") == "play" and len(state.to_move) > 1 and state.history):
        assert not state.is_over
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    seat = next(s for s in state.to_move if not any(a.kind == "play" for a in state.legal_actions(s)))
    hint = pimc_hint(state, seat, None, samples=6, rng=Rng(5))
    assert hint is not None and hint.action in state.legal_actions(seat)
    assert hint.action.kind in ("raise", "no-raise")
