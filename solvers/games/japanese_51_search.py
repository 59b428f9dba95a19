"""Japanese 51's sampled search: every choice tried on the same deals of the unseen cards.

What a player cannot see is the other players' original cards (cards they took from the
table are known and stay with them) and the order of the stock (after a reshuffle, the
stock is known to hold exactly the set-aside cards). For each sample those are dealt
afresh (:func:`solvers.sampling.determinize`, which keeps what is public), every candidate
is applied to that same deal and the hand is played out by the rules of thumb for everyone.
A candidate's value is 1 when the player is among the hand's winners, 0 otherwise, plus a
hundredth of its value over the best other hand (a cumulative match: the value margin
itself, over the mean of the others).
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.japanese_51 import Japanese51State
from solvers.games.japanese_51_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["evaluate", "play_to_hand_end", "hand_outcome"]

MAX_STEPS = 2000    # a hand ends by its round limit well before this


def play_to_hand_end(state: Japanese51State, rng: Rng) -> Japanese51State:
    """Play on by the rules of thumb for everyone until the current hand is scored."""
    hand = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > hand, MAX_STEPS)


def hand_outcome(start: Japanese51State, end: Japanese51State, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the hand under way at ``start``, and the hand's value to ``seat``."""
    if end.hands_played == start.hands_played:
        values = [end.value(s) for s in range(end.players)]
        winners = ()
    else:
        record = end.sheet[start.hands_played]
        values, winners = list(record.values), record.winners
    others = [v for s, v in enumerate(values) if s != seat]
    if start.options.match == "cumulative":
        return seat in winners, values[seat] - sum(others) / len(others)
    won = seat in winners
    return won, float(won) + (values[seat] - max(others)) / 100


def evaluate(state: Japanese51State, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every legal action on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: hand_outcome(state, play_to_hand_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
