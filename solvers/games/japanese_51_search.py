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
draw (:func:`kept_deal`): a player with ``h`` unseen cards has put down ``5 - h`` of the
cards dealt to them, so ``5`` cards (``5 + EXTRA`` once they have had a turn: they chose
among the table's cards as well) are drawn from the unseen ones and the ``h`` that best
fit the cards seen taken are kept. Checked against the rules of thumb's own play: the
others' mean hand value matches (18 sampled, 18 real) and so does a stopper's chance of
winning the hand (0.59 sampled, 0.61 real; a uniform draw says 0.92, the strongest of
three draws 0.85), so Stop or not is weighed against a sound picture of the others.

A move other than the rules of thumb's is played only when it beats that move by more than
one standard error of the paired difference, so the sampling's noise does not talk the
player out of a sound move.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import replace

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.japanese_51 import HAND, Japanese51State, first_player, _sorted, card_value, hand_value
from solvers.games.japanese_51_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until
from solvers.sampling import determinize

__all__ = ["evaluate", "play_to_hand_end", "hand_outcome", "kept_deal", "sound_choice"]

MAX_STEPS = 2000    # a hand ends by its round limit well before this
EXTRA = 3           # more cards a player who has had a turn chose among (the table's)
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


def _keep(known: tuple, drawn: list, keep: int) -> list:
    """Of ``drawn``, the ``keep`` cards a player holding ``known`` as well would keep: the
    others are put down one at a time, each the one whose loss costs least."""
    drawn = list(drawn)
    while len(drawn) > keep:
        worst = max(drawn, key=lambda c: (hand_value(known + tuple(x for x in drawn if x != c)), -card_value(c)))
        drawn.remove(worst)
    return drawn


def _turns_had(state: Japanese51State, seat: int) -> int:
    """How many turns ``seat`` has completed this hand."""
    first = first_player(state.options, state.dealer)
    return (state.turns - (seat - first) % state.players + state.players - 1) // state.players


def kept_deal(state: Japanese51State, seat: int, rng: Rng) -> Japanese51State:
    """A deal of the unseen cards in which each other player's unseen cards are the ones
    they kept: a player whose hand holds ``h`` unseen cards has put down ``5 - h`` of the
    cards dealt to them, so ``5`` are drawn and the ``h`` that suit the hand best (with the
    cards seen taken) are kept; the rest of the unseen cards are the stock."""
    world = determinize(state, seat, rng)
    if state.reshuffled:
        return world
    hidden = {s: [c for c in world.hands[s] if c not in state.known[s]] for s in range(world.players) if s != seat}
    pool = rng.shuffled(list(world.stock) + [c for cards in hidden.values() for c in cards])
    hands = list(world.hands)
    order = rng.shuffled(sorted(hidden))
    for i, s in enumerate(order):
        keep = len(hidden[s])
        if not keep:
            continue
        reserve = sum(len(hidden[t]) for t in order[i + 1:])
        extra = EXTRA if _turns_had(state, s) else 0
        take = max(keep, min(HAND + extra, len(pool) - reserve))
        drawn, pool = pool[:take], pool[take:]
        kept = _keep(tuple(state.known[s]), drawn, keep)
        pool += [c for c in drawn if c not in kept]
        hands[s] = _sorted(tuple(state.known[s]) + tuple(kept))
    return replace(world, hands=tuple(hands), stock=tuple(rng.shuffled(pool)))


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
                           samples=samples, budget=budget, prefer=prefer, deal=kept_deal)
