"""Mao's own sampled search: every move that earns no penalty tried on the same sampled deals.

A penalty never pays in Mao (a bad card is a draw that also shows the card; a wrong word is
a card more), so the candidates are the faultless moves under the rules the searcher plays
by: each fitting card with exactly the words asked for (a jack with each suit it may call)
and the draw. Each candidate is played on the same ``samples`` deals of the unseen cards
and finished by the rules of thumb for every seat a few turns ahead; a move replaces
the rules-of-thumb move only when its paired gain over it is clearly more than noise.
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Rng, Suit
from solvers.game import Action
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, PLAY, MaoState
from solvers.sampling import determinize

SAMPLES = 32
ORBITS = 4          # a play-out looks this many turns per player ahead: the hand sizes then
                    # tell more than a far-off, noisy win or loss
KEEP_MARGIN = 0.5   # leave the rules-of-thumb move only for one better by this many standard errors


def candidates(state: MaoState, seat: int) -> list[Action]:
    """The moves that earn no penalty under ``state.rules`` (the draw when it is allowed)."""
    table = state.table(seat)
    rules = state.rules
    moves: list[Action] = []
    for card in sorted(set(state.hands[seat]), key=lambda c: (c.suit, c.rank, c.copy)):
        if R.fits(rules, card, table) is not None:
            continue
        need = R.required_words(rules, card, table)
        said = tuple(w for w in _ordered(need) if w != R.SUIT)
        if R.SUIT in need:
            moves.extend(Action(PLAY, (str(card),) + said + (R.SUIT + s.letter,)) for s in Suit)
        else:
            moves.append(Action(PLAY, (str(card),) + said))
    able = bool(moves)
    if not (able and R.NO_DRAW_WHEN_ABLE in rules):
        moves.append(Action(DRAW))
    return moves


def _ordered(words) -> list[str]:
    order = {"name": 0, "nice": 1, "hail": 2, "mao": 3, "suit": 4}

    def key(w: str) -> int:
        if w == R.SUIT:
            return order["suit"]
        text = w[len(R.SAY):]
        if text.endswith("nice-day"):
            return order["nice"]
        if text == R.HAIL_WORD:
            return order["hail"]
        if text == R.MAO_WORD:
            return order["mao"]
        return order["name"]
    return sorted(words, key=key)


def rollout(state: MaoState, policy, rng: Rng) -> MaoState:
    """Play on with ``policy`` for every seat to the end of the round (or a step limit)."""
    hand = state.hands_played
    for _ in range(ORBITS * state.players):
        if state.is_over or state.hands_played > hand:
            break
        seat = state.turn
        state = state.apply(policy(state, seat, rng), seat)
    return state


def value(state: MaoState, seat: int, hand: int) -> float:
    """How a play-out ended for ``seat``: the round won (+1) or lost (-1), else how far its
    hand is behind the smallest other hand (a tenth of a round per card)."""
    if state.hands_played > hand:
        return 1.0 if seat in state.sheet[hand].winners else -1.0
    own = len(state.hands[seat])
    rival = min(len(h) for s, h in enumerate(state.hands) if s != seat)
    return 0.1 * (rival - own)


def evaluate(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
             budget: float | None = None) -> tuple[list[tuple[Action, float, int]], list[list[float]]]:
    """Each faultless move's mean value over the same sampled deals, (move, mean, samples),
    and every move's value on each sampled deal (for paired comparisons)."""
    moves = candidates(state, seat)
    hand = state.hands_played
    totals = [0.0] * len(moves)
    per_move: list[list[float]] = [[] for _ in moves]
    done = 0
    start = time.perf_counter()
    if len(moves) > 1:
        for i in range(samples):
            if budget is not None and i and time.perf_counter() - start > budget:
                break
            world = determinize(state, seat, rng.fork(i))
            seed = rng.fork(10_000 + i).next64()
            for k, move in enumerate(moves):
                after = rollout(world.apply(move, seat), policy, Rng(seed))
                worth = value(after, seat, hand)
                totals[k] += worth
                per_move[k].append(worth)
            done += 1
    return [(m, (t / done if done else 0.0), done) for m, t in zip(moves, totals)], per_move


def choose(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
           budget: float | None = None) -> tuple[Action, list[tuple[Action, float, int]]]:
    """The best faultless move (the rules-of-thumb move on a tie) and every move's value."""
    prior = policy(state, seat, rng.fork("prior"))
    values, per_move = evaluate(state, seat, policy, rng, samples, budget)
    if prior not in [m for m, _, _ in values] or not per_move or len(values) < 2:
        return max(values, key=lambda v: v[1])[0], values
    p = [m for m, _, _ in values].index(prior)
    best, best_gain = prior, 0.0
    for k, (move, _, n) in enumerate(values):
        if k == p or n < 2:
            continue
        diffs = [a - b for a, b in zip(per_move[k], per_move[p])]
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5
        if mean > KEEP_MARGIN * spread and mean > best_gain:
            best, best_gain = move, mean
    return best, values


def make_search_bot(policy, samples: int = SAMPLES):
    """A bot that plays by the rules in force, each move chosen by :func:`choose`."""
    def search_bot(state: MaoState, seat: int, rng: Rng) -> Action:
        if seat != state.turn:
            return policy(state, seat, rng)
        return choose(state, seat, policy, rng, samples)[0]
    return search_bot


def with_rules(state: MaoState, rules: frozenset) -> MaoState:
    """The state played under another rule set (a seat's belief)."""
    return replace(state, rules=rules)
