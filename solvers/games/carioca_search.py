"""Carioca's sampled search: a few candidate moves tried on the same sampled deals.

For each sample the cards the player cannot see (the other hands and the stock) are dealt
afresh by :func:`solvers.sampling.determinize`, keeping every card known to lie in a hand
(those taken from the discard pile) where it is; every candidate is applied to that same
deal and the hand is played out by the rules of thumb for every seat
(:mod:`solvers.games.carioca_play`). A candidate's value is the hand's result for the
player: the other players' mean penalty minus its own (going out scores 0), so higher is
better. The candidates are the moves the rules of thumb rank best: both draws; the best
ways to lay the contract down and holding back; every lay-off and joker swap; the
discards that do least for the contract.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Rng
from solvers.game import Action, card_action
from solvers.games.carioca import DISCARD, DRAW_PHASE, CariocaState
from solvers.games.carioca_melds import card_value
from solvers.games.carioca_play import heuristic_bot, heuristic_choice, ranked_discards, usefulness
import time

from solvers.paired_search import Candidate, Evaluation, evaluate as paired_evaluate, paired_gain, play_until
from solvers.sampling import determinize

__all__ = ["candidates", "evaluate", "evaluate_pruned", "play_to_hand_end", "hand_value", "MAX_STEPS"]

MAX_STEPS = 600          # a hand's play-out by the rules of thumb ends long before this
DISCARDS = 3             # discards tried
LAYOUTS = 2              # ways of laying the contract down tried


def candidates(state: CariocaState, seat: int) -> list[Action]:
    """The moves worth comparing, the rules of thumb's first."""
    legal = state.legal_actions(seat)
    prior = heuristic_choice(state, seat)[0]
    if state.phase == DRAW_PHASE:
        return [prior] + [a for a in legal if a != prior]
    out = [prior]
    hand = state.hands[seat]
    layouts = state.layouts(seat)
    if layouts:
        def left(item):
            used = Counter(c for m in item[1] for c in m.cards)
            rest = list((Counter(hand) - used).elements())
            return sum(card_value(c) for c in rest), -sum(usefulness(c, rest, (1, 1)) for c in rest)
        out += [a for a, _ in sorted(layouts, key=left)[:LAYOUTS]]
    out += [a for a, _, _ in state.extensions(seat)]
    out += [card_action(DISCARD, c) for c in ranked_discards(state, seat)[:DISCARDS]]
    seen, unique = set(), []
    for a in out:
        if a not in seen and a in legal:
            seen.add(a)
            unique.append(a)
    return unique


def play_to_hand_end(state: CariocaState, rng: Rng) -> CariocaState:
    """Play on by the rules of thumb for every seat until the current hand is scored."""
    hand = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > hand, MAX_STEPS)


def hand_value(start: CariocaState, end: CariocaState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` went out of the hand under way at ``start``, and the hand's value
    to it: the others' mean penalty minus its own."""
    if end.hands_played == start.hands_played:
        points = [end.deadwood(s) for s in range(end.players)]
        out = None
    else:
        record = end.sheet[start.hands_played]
        points, out = list(record.points), record.out
    others = [p for s, p in enumerate(points) if s != seat]
    return out == seat, sum(others) / len(others) - points[seat]


def evaluate(state: CariocaState, seat: int, rng: Rng, *, moves: list[Action] | None = None,
             samples: int | None = None, budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try the candidate moves on ``samples`` sampled deals (or as many as ``budget``
    seconds allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=moves or candidates(state, seat),
                           outcome=lambda world, r: hand_value(state, play_to_hand_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)


def evaluate_pruned(state: CariocaState, seat: int, rng: Rng, *, moves: list[Action], samples: int,
                    prefer: Action, prune_after: int = 6, prune_margin: float = 2.0,
                    futile_after: int | None = None, futile_z: float = 0.5) -> Evaluation:
    """Like :func:`evaluate` on up to ``samples`` deals, but from ``prune_after`` deals on a
    candidate that trails ``prefer`` by more than ``prune_margin`` standard errors of
    their paired difference (or never differs from it and gains nothing) is no longer
    played out; from ``futile_after`` deals on, neither is one whose gain over ``prefer``
    is under ``futile_z`` standard errors (it is unlikely to become clearly better).
    Sampling stops once only ``prefer`` is left: the deals go to the moves still in
    doubt. A dropped candidate keeps the values of the deals it was tried on."""
    started = time.perf_counter()
    arms = [Candidate(a) for a in moves]
    own = next(a for a in arms if a.action == prefer)
    live = list(arms)
    done = 0
    while done < max(samples, 1) and (len(live) > 1 or not done):
        world = determinize(state, seat, rng)
        for arm in live:
            won, value = hand_value(state, play_to_hand_end(world._apply(arm.action, seat), rng), seat)
            arm.values.append(float(value))
            arm.wins += bool(won)
        done += 1
        if done >= prune_after:
            futile = futile_after is not None and done >= futile_after
            kept = []
            for arm in live:
                if arm is not own:
                    mean, spread = paired_gain(arm, own)
                    if mean + prune_margin * spread < 0 or (spread == 0 and mean <= 0):
                        continue
                    if futile and mean < futile_z * spread:
                        continue
                kept.append(arm)
            live = kept
    ranked = sorted(arms,
                    key=lambda a: (len(a.values) < done, -round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - started)
