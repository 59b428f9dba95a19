"""Empat Satu's sampled search: every choice tried on the same deals of the unseen cards.

For each sample the cards the player cannot see (the other hands, less the discards they
were seen to take, and the stock order) are dealt afresh by
:func:`solvers.sampling.determinize`; every candidate (draw, take, stop, end, or each card
to discard) is applied to that same deal and the hand is played to its end by the rules of
thumb (:mod:`solvers.games.empat_satu_play`) for every player. The play-out runs on plain
card lists rather than on states, as the rules are simple and it is many times faster.

A candidate's value: in a match of hand wins, the share of the hand's win the player gets
(1, or 1/k for a win shared by k) plus a hundredth of its hand value ahead of the others'
mean; in a cumulative match, that margin itself.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.empat_satu import DISCARD_PHASE, END, STOP, TAKE, EmpatSatuState
from solvers.games.empat_satu_cards import hand_value, winners_and_losers
from solvers.games.empat_satu_play import best_discard, draw_choice
from solvers.paired_search import Evaluation, evaluate as paired_evaluate

__all__ = ["play_out", "hand_outcome", "evaluate"]


def play_out(state: EmpatSatuState) -> list[list[Card]]:
    """Play the hand under way to its end by the rules of thumb; the hands shown at the end."""
    n = state.players
    hands = [list(h) for h in state.hands]
    stock = state.stock
    drawn = 0
    offer = state.discards[-1][1] if state.discards else None
    turn, phase, taken = state.turn, state.phase, state.taken
    done, left = state.turns_done, state.turns_left
    rounds_after = state.options.rounds_after_stock
    while True:
        hand = hands[turn]
        if phase == DISCARD_PHASE:
            card = best_discard(hand, taken)
            hand.remove(card)
            offer, taken, phase = card, None, "draw"
            turn = (turn + 1) % n
            done += 1
            if drawn >= len(stock):
                left = n * rounds_after if left is None else left - 1
                if left <= 0:
                    return hands
            continue
        choice = draw_choice(hand, offer, len(stock) - drawn, done // n)
        if choice == STOP or choice == END:
            return hands
        if choice == TAKE:
            hand.append(offer)
            taken, offer = offer, None
        else:
            hand.append(stock[drawn])
            drawn += 1
        phase = DISCARD_PHASE


def hand_outcome(start: EmpatSatuState, after: EmpatSatuState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` wins the hand under way at ``start`` (reached ``after`` a candidate),
    and what it is worth to ``seat``."""
    if after.hands_played > start.hands_played:
        shown = [list(h) for h in after.sheet[start.hands_played].shown]
    else:
        shown = play_out(after)
    winners, _ = winners_and_losers(shown)
    values = [hand_value(h) for h in shown]
    margin = values[seat] - (sum(values) - values[seat]) / (len(values) - 1)
    won = seat in winners
    if start.options.match == "cumulative":
        return won, float(margin)
    return won, (1.0 / len(winners) if won else 0.0) + margin / 100


def evaluate(state: EmpatSatuState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every legal action on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: hand_outcome(state, world, seat),
                           samples=samples, budget=budget, prefer=prefer)

