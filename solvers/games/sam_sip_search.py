"""Sam Sip's sampled search: every choice tried on the same sampled deals of the unseen cards.

For each sample the cards the player cannot see are dealt afresh
(:func:`solvers.sampling.determinize`: the other hands and the stock; the discard piles, the
indicator and the cards others took openly stay where they are). Every candidate (draw or
take; each card to discard) is applied to that same deal and the deal is played out by the
rules of thumb for every player. A candidate's value is the player's chips won or lost in
the deal, counted in stakes: +1 for each loser who pays them, −1 when another player wins,
0 for a void deal.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.sam_sip import SamSipState
from solvers.games.sam_sip_play import heuristic_bot
from solvers.paired_search import Candidate, Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["Candidate", "Evaluation", "evaluate", "play_to_deal_end", "deal_value"]

MAX_STEPS = 200     # a deal has at most about a hundred actions: a safe bound


def play_to_deal_end(state: SamSipState, rng: Rng) -> SamSipState:
    """Play on by the rules of thumb for every seat until the current deal is settled."""
    deal = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > deal, MAX_STEPS)


def deal_value(start: SamSipState, end: SamSipState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the deal under way at ``start``, and its chips won or lost in stakes."""
    if end.hands_played == start.hands_played:
        return False, 0.0
    record = end.sheet[start.hands_played]
    if record.winner is None:
        return False, 0.0
    stake = record.stake or 1
    if record.winner == seat:
        return True, sum(record.paid) / stake
    return False, -record.paid[seat] / stake


def evaluate(state: SamSipState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every legal action on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: deal_value(state, play_to_deal_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
