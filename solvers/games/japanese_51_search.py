"""Japanese 51's sampled search: every choice tried on the same deals of the unseen cards.

What a player cannot see is the other players' original cards (cards they took from the
table are known and stay with them) and the order of the stock (after a reshuffle, the
stock is known to hold exactly the set-aside cards). For each sample those are dealt
afresh (:func:`solvers.sampling.determinize`, which keeps what is public), every candidate
is applied to that same deal and the hand is played out by the rules of thumb for everyone.
A candidate's value is 1 when the player is among the hand's winners, 0 otherwise, plus a
fiftieth of its value over the best other hand (a cumulative match: the value margin
itself, over the mean of the others).

The other players keep the cards that suit them, so their hidden cards are not a random
draw: of ``DRAWS`` sampled deals the one where the others' hands are worth most is used
(a deal still depends only on what the player knows). A move other than the rules of
thumb's is played only when it beats that move by more than one standard error of the
paired difference, so the sampling's noise does not talk the player out of a sound move.
"""

from __future__ import annotations

import math
import statistics

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.japanese_51 import Japanese51State
from solvers.games.japanese_51_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until
from solvers.sampling import determinize

__all__ = ["evaluate", "play_to_hand_end", "hand_outcome", "plausible_deal", "sound_choice"]

MAX_STEPS = 2000    # a hand ends by its round limit well before this
DRAWS = 3           # sampled deals a sample is chosen from (the others' strongest hands)
MARGIN_WEIGHT = 1 / 50


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
    return won, float(won) + (values[seat] - max(others)) * MARGIN_WEIGHT


def plausible_deal(state: Japanese51State, seat: int, rng: Rng) -> Japanese51State:
    """Of ``DRAWS`` deals of the unseen cards, the one where the other players' hands are
    worth most (they have been keeping the cards that suit them)."""
    best, best_strength = None, None
    for _ in range(DRAWS):
        world = determinize(state, seat, rng)
        strength = sum(world.value(s) for s in range(world.players) if s != seat)
        if best is None or strength > best_strength:
            best, best_strength = world, strength
    return best


def sound_choice(result: Evaluation, prefer: Action) -> Action:
    """The best-ranked move, unless it beats ``prefer`` by no more than one standard error
    of the paired difference (then ``prefer``)."""
    best = result.best
    base = next((c for c in result.ranked if c.action == prefer), None)
    if base is None or best.action == prefer or len(best.values) < 2:
        return best.action
    diffs = [a - b for a, b in zip(best.values, base.values)]
    spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return best.action if statistics.fmean(diffs) > spread else prefer


def evaluate(state: Japanese51State, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every legal action on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: hand_outcome(state, play_to_hand_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer, deal=plausible_deal)
