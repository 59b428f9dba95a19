"""Manille's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.manille_play`).
* ``search``: trumps, taps and re-taps valued on sampled deals played out
  (:mod:`solvers.games.manille_calls`); every card by sampled double dummy: the unseen
  cards are dealt many times, each deal is solved exactly for the card points each legal
  card brings the side, and the card with the best average is played.
* The hint does the same for every decision, with the rules of thumb as the answer when the
  budget is too small for one sampled deal.
"""

from __future__ import annotations

import threading
import time

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint, card_action
from solvers.games.manille import HALF, HAND, PLAY, TOTAL_POINTS, ManilleState
from solvers.games.manille_calls import call_hint, sampled_call
from solvers.games.manille_play import choose_card, heuristic_bot, heuristic_hint
from solvers.pimc.adapters import Adapter
from solvers.pimc.hint import CardSamples, sample_card_values

__all__ = ["BOTS", "TRICK_ADAPTER", "ManilleAdapter", "hint", "search_bot", "card_hint"]

DEFAULT_BUDGET = 1.0
MIN_SAMPLED_BUDGET = 0.02
SOLVER_WAIT_SHARE = 0.5      # share of a hint's budget it may wait for the solver's kernels
SEARCH_SAMPLES = 16          # sampled deals a card decision for the search bot
SEARCH_CARD_BUDGET = 1.5     # seconds a card decision for the search bot
SEARCH_CALL_SAMPLES = 48     # sampled deals a trump or tap decision for the search bot
KEEP_MARGIN = 0.25           # card points on average a card must gain over the rules of thumb's
MIN_DEALS = 3                # fewer solved deals than this (a full deal is dear) leave the rules of thumb's card


def trick_rules(state: ManilleState) -> TrickRules:
    """The double-dummy rules of the deal. With the Belgian options the solver lets a void
    player play any card (its rules know no overtrump or partner exemption), which still
    values every card the game allows."""
    rules = TrickRules.manille(state.trump)
    if state.options.must_overtrump or state.options.partner_winning_exempt:
        rules = TrickRules(trump=state.trump, rank_order=rules.rank_order, objective="points",
                           card_points=rules.card_points, name="manille")
    return rules


class ManilleAdapter(Adapter):
    """Manille for the sampled double-dummy search: card points, partners opposite, clockwise."""

    def in_card_play(self, state: ManilleState) -> bool:
        return state.phase == PLAY and not state.over

    def taken(self, state: ManilleState) -> tuple[int, int]:
        return state.card_points

    def goal(self, state, side) -> int:
        return HALF + 1

    def goal_text(self, state, side) -> str:
        return "takes more than 30 card points"

    def position(self, state: ManilleState) -> Position:
        return Position.from_hands(list(state.hands), state.leader, [c for _, c in state.trick], trick_rules(state))

    def live_hands(self, state):
        return list(state.hands)

    def rollout_action(self, state, seat, rng):
        return heuristic_bot(state, seat, rng)

    def final_tricks(self, state) -> tuple[int, int]:
        return tuple(state.sheet[-1].card_points)


TRICK_ADAPTER = ManilleAdapter()
_LOCAL = threading.local()


def _solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver()
    return solver


def _card_samples(state: ManilleState, seat: int, budget: float | None, samples: int | None,
                  rng: Rng) -> CardSamples:
    # every deal is solved exactly (eight cards a hand at most)
    return sample_card_values(state, seat, budget, samples=samples, rng=rng, solver=_solver(), horizon=HAND)


def _means(data: CardSamples) -> dict[Card, float]:
    return {c: sum(v[c] for v in data.values) / data.count for c in data.cards}


def card_hint(state: ManilleState, seat: int, budget: float | None, *, samples: int | None,
              rng: Rng | None) -> Hint | None:
    """The sampled double-dummy card hint; None when not one deal was solved in time."""
    data = _card_samples(state, seat, budget, samples, rng or Rng(0))
    if not data.count:
        return None
    means = _means(data)
    best_share = {c: sum(v[c] >= max(v.values()) for v in data.values) / data.count for c in data.cards}
    ranked = sorted(data.cards, key=lambda c: (-means[c], -best_share[c], str(c)))
    card = ranked[0]
    mult = state.multiplier
    lead = (means[card] - HALF) * mult
    reason = (f"{card.pretty()} brings your side {means[card]:.1f} of the {TOTAL_POINTS} card points on average "
              f"(a lead of {lead:+.1f} in this deal's score); best in {best_share[card]:.0%} of "
              f"{data.count} sampled deals")
    evaluation = {"kind": "sampled", "samples": data.count, "valuation": "double dummy",
                  "expected_card_points": round(means[card], 2), "expected_lead": round(lead, 2),
                  "best_share": round(best_share[card], 3), "elapsed_s": round(data.elapsed, 3)}
    if budget is not None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": card_action("play", c).to_json(), "expected_card_points": round(means[c], 2),
                     "best_share": round(best_share[c], 3)} for c in ranked[1:]]
    return Hint(card_action("play", card), reason, evaluation=evaluation, alternatives=alternatives,
                method="sampled")


def _kernels_ready(wait: float) -> bool:
    from solvers.doubledummy.solver import kernels_ready_within
    return kernels_ready_within(wait)


def hint(state: ManilleState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Sampled valuation for every decision (``iterations``: sampled deals): calls by play-outs,
    cards by double dummy; the rules of thumb when the budget is too small for one deal."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    timed = not (iterations is not None and budget is None)
    if timed:
        budget = DEFAULT_BUDGET if budget is None else budget
        if budget < MIN_SAMPLED_BUDGET:
            return heuristic_hint(state, seat)
    if not TRICK_ADAPTER.in_card_play(state):
        return call_hint(state, seat, budget if timed else None, samples=iterations, rng=rng)
    if timed:
        start = time.perf_counter()
        if not _kernels_ready(budget * SOLVER_WAIT_SHARE):
            fallback = heuristic_hint(state, seat)
            fallback.reason += " (the sampled search is still being prepared)"
            return fallback
        budget = max(MIN_SAMPLED_BUDGET, budget - (time.perf_counter() - start))
    found = card_hint(state, seat, budget if timed else None, samples=iterations, rng=rng)
    return found if found is not None else heuristic_hint(state, seat)


def search_bot(state: ManilleState, seat: int, rng: Rng) -> Action:
    """Sampled valuation for every decision: trumps and taps by play-outs, cards by double dummy."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if not TRICK_ADAPTER.in_card_play(state):
        return sampled_call(state, seat, rng.fork("calls"), SEARCH_CALL_SAMPLES)
    base, _ = choose_card(state, seat)
    data = _card_samples(state, seat, SEARCH_CARD_BUDGET, SEARCH_SAMPLES, rng.fork("cards"))
    if data.count < MIN_DEALS:
        return card_action("play", base)
    means = _means(data)
    best = max(data.cards, key=lambda c: (means[c], str(c)))
    keep = base in means and means[base] >= means[best] - KEEP_MARGIN
    return card_action("play", base if keep else best)


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
