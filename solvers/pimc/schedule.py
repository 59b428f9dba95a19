"""The pimc bot's strength schedule: exact sampled search late in a hand, the heuristic before.

From ``exact_from`` cards a hand down, every sampled deal is solved exactly for every
legal card (true PIMC), and the bot leaves the heuristic's card only for a card that is
better on average by a clear margin. Earlier, an exact solve per deal costs too much,
so the heuristic plays; with ``early_check`` a sampled valuation (quick play, then
double dummy) may still overrule it when it is confident.
"""

from __future__ import annotations

from typing import Callable

from solvers.cards import Card, Rng
from solvers.doubledummy import Solver
from solvers.game import Action, State
from solvers.pimc.adapters import Adapter, adapter_for
from solvers.pimc.hint import CardSamples, gone_cards, legal_cards, sample_card_values, seat_hand
from solvers.pimc.search import card_groups

__all__ = ["EXACT_FROM", "scheduled_card", "exact_choice", "confident_choice"]

EXACT_FROM = 9          # cards a hand from which each sampled deal is solved exactly
EXACT_MARGIN = 0.1      # tricks on average a card must gain over the heuristic's card
CHECK_SHARE = 2 / 3     # early overrule: share of deals where the card gains a whole trick
CHECK_MIN_DEALS = 4


def scheduled_card(state: State, seat: int, rng: Rng, heuristic: Callable, *, samples: int | None,
                   budget: float, exact_from: int, early_check: bool, solver: Solver) -> Action:
    """The card action the schedule picks (the heuristic's action when search adds nothing)."""
    adapter = adapter_for(state)
    base = heuristic(state, seat, rng)
    base_card = adapter.card_of(base)
    if base_card is None:
        return base  # not a plain card (a raise): the heuristic's call stands
    exact = adapter.hand_size(state) <= exact_from
    if not (exact or early_check) or _all_equal(adapter, state, seat):
        return base
    data = sample_card_values(state, seat, budget, samples=samples, rng=rng.fork("pimc"), solver=solver,
                              horizon=exact_from)
    if base_card not in data.cards or not data.count:
        return base
    goal = adapter.goal(state, adapter.side(state, seat))
    contract = state.game.name != "whist"
    card = exact_choice(data, base_card, goal, contract) if exact else confident_choice(data, base_card)
    return base if card == base_card else adapter.play_action(state, seat, card)


def _all_equal(adapter: Adapter, state: State, seat: int) -> bool:
    cards = legal_cards(adapter, state, seat)
    return len(card_groups(cards, set(seat_hand(state, seat)) | set(cards), gone_cards(state),
                           adapter.position(state).rules)) <= 1


def _utility(values: list[float], goal: int, contract: bool) -> float:
    mean = sum(values) / len(values)
    if not contract:
        return mean
    # a contract is all or nothing: the chance of reaching the goal first, tricks to break ties
    return sum(v >= goal for v in values) / len(values) + mean / 100.0


def exact_choice(data: CardSamples, base: Card, goal: int, contract: bool) -> Card:
    """The best card on exactly valued deals; the heuristic's card unless clearly beaten."""
    score = {c: _utility([v[c] for v in data.values], goal, contract) for c in data.cards}
    best = max(data.cards, key=lambda c: score[c])
    margin = EXACT_MARGIN / 100.0 if contract else EXACT_MARGIN
    return best if score[best] > score[base] + margin - 1e-9 else base


def confident_choice(data: CardSamples, base: Card) -> Card:
    """A card that gains at least a trick over the heuristic's in a clear majority of deals."""
    if data.count < CHECK_MIN_DEALS:
        return base
    best, best_share = base, 0.0
    for card in data.cards:
        gains = [v[card] - v[base] for v in data.values]
        share = sum(g >= 1 for g in gains) / len(gains)
        if share >= CHECK_SHARE and sum(gains) > 0 and share > best_share:
            best, best_share = card, share
    return best
