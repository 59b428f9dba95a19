"""The pimc bot's schedule: exact search late in a hand, the heuristic's card before."""

from __future__ import annotations

from dataclasses import replace

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.game import Action
from solvers.pimc import make_pimc_bot
from solvers.pimc.hint import CardSamples
from solvers.pimc.schedule import confident_choice, exact_choice
from tests.pimc.helpers import advance

AS, KS, QS = (parse_card(c) for c in ("AS", "KS", "QS"))


def _ruff_ending():
    """Two cards a hand, spades trumps: West led the heart ace and South must ruff for the 7th trick."""
    state = advance(games.get("whist"), 8, 44)
    hands = (tuple(map(parse_card, ("2S", "2C"))), (parse_card("3S"),), (parse_card("5D"),),
             (parse_card("6D"),))
    trick = ((1, parse_card("AH")), (2, parse_card("3H")), (3, parse_card("4H")))
    return replace(state, hands=hands, turned=parse_card("9S"), turned_on_table=False, leader=1, trick=trick,
                   history=state.history[:11], tricks=(6, 5), voids=(frozenset({1}),) + (frozenset(),) * 3)


def _discard(state, seat, rng):
    return Action("play", ("2C",))


def test_exact_search_overrules_a_wrong_heuristic_card():
    bot = make_pimc_bot(samples=4, budget_ms=60_000, fallback=_discard)  # room to compile the solver
    assert bot(_ruff_ending(), 0, Rng(1)) == Action("play", ("2S",))


def test_early_in_a_hand_the_heuristic_plays():
    game = games.get("whist")
    state = game.new(seed=5)
    seat = min(state.to_move)
    chosen = []

    def heuristic(s, seat, rng):
        chosen.append(game.bots()["heuristic"](s, seat, rng))
        return chosen[-1]

    bot = make_pimc_bot(samples=4, budget_ms=50, exact_from=7, fallback=heuristic)
    assert bot(state, seat, Rng(5)) == chosen[-1]


def test_exact_choice_keeps_the_heuristic_card_on_ties():
    data = CardSamples([AS, KS, QS], values=[{AS: 7, KS: 7, QS: 6}, {AS: 8, KS: 8, QS: 8}])
    assert exact_choice(data, KS, 7, contract=False) == KS
    data.values.append({AS: 9, KS: 8, QS: 8})
    assert exact_choice(data, KS, 7, contract=False) == AS


def test_exact_choice_at_a_contract_prefers_reaching_the_goal():
    # QS makes the contract more often though it takes fewer tricks on average
    data = CardSamples([AS, QS], values=[{AS: 10, QS: 8}, {AS: 7, QS: 8}, {AS: 10, QS: 8}, {AS: 7, QS: 8}])
    assert exact_choice(data, AS, 8, contract=True) == QS
    assert exact_choice(data, AS, 8, contract=False) == AS


def test_confident_choice_needs_a_clear_majority():
    base = KS
    clear = [{AS: 8, KS: 7}] * 3 + [{AS: 7, KS: 7}]
    assert confident_choice(CardSamples([AS, KS], values=clear), base) == AS
    split = [{AS: 8, KS: 7}] * 2 + [{AS: 6, KS: 7}] * 2
    assert confident_choice(CardSamples([AS, KS], values=split), base) == KS
    assert confident_choice(CardSamples([AS, KS], values=clear[:2]), base) == KS


def test_pimc_bot_plays_a_teka_hand_legally():
    game = games.get("teka")
    bot = make_pimc_bot(samples=2, budget_ms=20)
    state = game.new(seed=4)
    rng = Rng(4)
    while not state.sheet:
        seat = min(state.to_move)
        action = bot(state, seat, rng)
        assert action in state.legal_actions(seat)
        state = state.apply(action, seat)


def test_horizon_sets_where_exact_solving_starts():
    from solvers.pimc.hint import sample_card_values
    state = advance(games.get("whist"), 3, 20)   # eight cards a hand
    seat = min(state.to_move)
    exact = sample_card_values(state, seat, None, samples=2, rng=Rng(3), horizon=8)
    assert not exact.long_deal and exact.count == 2
    assert sample_card_values(state, seat, None, samples=1, rng=Rng(3), horizon=7).long_deal
