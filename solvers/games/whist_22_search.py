"""Sampled valuation of Whist 22 moves: the hint for bids, cards and the Fool's value.

Each sample deals the cards the seat cannot see afresh (``determinize``: honest by
construction). On the same samples every legal move is tried and the deal is played
to its end: exactly once few enough cards are left, otherwise by the rules of thumb for
every seat. The exact play is the double-dummy solver's, under the game's suitless rules
(:func:`whist_22_rules`: one suit, the Fool said as 0 or 22, each player aiming at its
own result, max-n); when the position itself is small enough, one solve of a sampled
deal values every card (:func:`root_values`). A move's value is the seat's result at the end of the deal: the points it
keeps against the mean of the others (``State.utility``); for bids the reason also
gives the expected number of tricks missed, ``|tricks - bid|``.
"""

from __future__ import annotations

import time
from functools import lru_cache
from math import factorial
from typing import Callable

from solvers.cards import Card, Kind, Rng, tarot_trumps
from solvers.doubledummy import Position, Suitless, TrickRules
from solvers.doubledummy.suitless import SuitlessSearch, card_vectors
from solvers.game import Action, Hint
from solvers.games.whist_22 import BID, DECLARE, FOOL, FOOL_HIGH, FOOL_LOW, PLAY, Whist22State
from solvers.sampling import determinize

__all__ = ["sampled_hint", "finish_deal", "solve_tail", "root_values", "orders", "tail_position", "whist_22_rules",
           "EXACT_ORDERS"]

# a deal is finished by the exact search once the hands can be played out in at most this
# many orders (the product of the hand sizes' factorials: 4 hands of 3 cards give 1296)
EXACT_ORDERS = 2000
DEFAULT_BUDGET = 1.0
TOO_SHORT = 0.05          # seconds: below this the rules of thumb answer alone


# ---------------------------------------------------------------- exact tail search


@lru_cache(maxsize=512)
def whist_22_rules(players: int, targets: tuple[int, ...], fool_played: int | None = None) -> TrickRules:
    """Whist 22's trick rules for the double-dummy solver: one suit of 22 cards, any card
    to any trick, the highest wins, the Fool said as 0 or 22 as it is played
    (``fool_played``: what it was said as if it is on the current trick). Each seat wants
    exactly ``targets[seat]`` more tricks (its bid less the tricks it has) and plays for
    its own result against the mean of the others' (max-n; among equally good cards the
    lowest first, the Fool as 0 before the 1 and as 22 after the 21)."""
    powers = {str(c): (FOOL_LOW if c == FOOL else c.rank) for c in tarot_trumps()}
    spec = Suitless(powers=powers, choices={"FOOL": (FOOL_LOW, FOOL_HIGH)}, payoff="exact",
                    targets=targets, relative=True, prefer="low",
                    played_as={} if fool_played is None else {"FOOL": fool_played})
    return TrickRules(seats=players, sides=tuple(range(players)), suitless=spec, name="whist-22")


def _card_of(number: int) -> Card:
    return FOOL if number < 0 or number in (FOOL_LOW, FOOL_HIGH) else Card(Kind.TAROT, None, number)


def tail_position(hands: tuple[tuple[int, ...], ...], trick: tuple[tuple[int, int], ...], leader: int,
                  tricks: tuple[int, ...], bids: tuple[int, ...]) -> Position:
    """The rest of a deal as a solver position: cards as numbers (the Fool -1), the
    trick as (seat, value played) pairs."""
    players = len(hands)
    fool = next((v for _, v in trick if v in (FOOL_LOW, FOOL_HIGH)), None)
    rules = whist_22_rules(players, tuple(b - t for b, t in zip(bids, tricks)), fool)
    return Position.from_hands([[_card_of(c) for c in h] for h in hands], leader,
                               [_card_of(v) for _, v in trick], rules)


def solve_tail(hands: tuple[tuple[int, ...], ...], trick: tuple[tuple[int, int], ...], leader: int,
               tricks: tuple[int, ...], bids: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's result of the rest of the deal played with every card open, every
    player choosing what is best for themselves (max-n, by the double-dummy solver's
    suitless rules): the points it keeps in this deal against the mean of the others'.
    Cards are numbers, the Fool -1."""
    players = len(hands)
    position = tail_position(hands, trick, leader, tricks, bids)
    search = SuitlessSearch(position.rules)
    vector = search.value(*search.encode(position))
    return tuple(v / (players - 1) for v in vector)


def _numbers(state: Whist22State):
    hands = tuple(tuple(sorted(-1 if c == FOOL else c.rank for c in h)) for h in state.hands)
    trick = tuple((s, v) for s, _, v in state.trick)
    return hands, trick


def root_values(state: Whist22State, seat: int, legal: list[Action]) -> dict[Action, float] | None:
    """Each legal card's exact result for ``seat`` from one solve of the whole position
    (every card open), or None when the hands are too big to solve or the deal is blind."""
    if state.phase != PLAY or state.blind or orders(state) > EXACT_ORDERS:
        return None
    hands, trick = _numbers(state)
    position = tail_position(hands, trick, state.leader, state.tricks, state.bids)
    vectors = card_vectors(position, SuitlessSearch(position.rules))
    scale = state.players - 1
    out = {}
    for action in legal:
        label = "FOOL=" + action.args[1] if action.args[0] == "FOOL" else action.args[0]
        out[action] = vectors[label][seat] / scale
    return out


def orders(state: Whist22State) -> int:
    """In how many orders the cards left in the hands could be played (the exact search's size)."""
    total = 1
    for hand in state.hands:
        total *= factorial(len(hand))
    return total


def finish_deal(state: Whist22State, seat: int, rng: Rng, policy: Callable) -> float:
    """``seat``'s result of a sampled deal played to its end: exactly when few cards are
    left and every bid is made, by ``policy`` for every seat otherwise."""
    hands_before = state.hands_played
    while not state.is_over and state.hands_played == hands_before:
        if state.phase == PLAY and not state.blind and orders(state) <= EXACT_ORDERS:
            hands, trick = _numbers(state)
            values = solve_tail(hands, trick, state.leader, state.tricks, state.bids)
            return values[seat]
        actor = min(state.to_move)
        state = state._apply(policy(state, actor, rng), actor)
    last = state.sheet[-1]
    players = len(last.losses)
    total = sum(last.losses)
    return -last.losses[seat] + (total - last.losses[seat]) / (players - 1)


def _deal_miss(state: Whist22State, seat: int, rng: Rng, policy: Callable) -> tuple[float, float]:
    """(result, tricks missed) of ``seat`` when the deal is played on by ``policy``."""
    hands_before = state.hands_played
    while not state.is_over and state.hands_played == hands_before:
        actor = min(state.to_move)
        state = state._apply(policy(state, actor, rng), actor)
    last = state.sheet[-1]
    players = len(last.losses)
    total = sum(last.losses)
    return -last.losses[seat] + (total - last.losses[seat]) / (players - 1), float(last.losses[seat])


# ---------------------------------------------------------------- the hint


def sampled_hint(state: Whist22State, seat: int, budget: float | None, *, rng: Rng | None,
                 iterations: int | None, policy: Callable, fallback: Callable) -> Hint:
    """The legal move with the best mean result over sampled deals, with the ranked others.

    ``policy`` plays the deals on (every seat) until the exact search takes over;
    ``fallback(state, seat)`` answers when the budget is too short to sample."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", evaluation={"kind": "forced"}, method="exact")
    rng = rng or Rng("whist-22 hint")
    budget = DEFAULT_BUDGET if budget is None else budget
    start = time.perf_counter()
    totals = {a: 0.0 for a in legal}
    misses = {a: 0.0 for a in legal}
    if iterations is None and budget < TOO_SHORT:
        return fallback(state, seat)
    samples = 0
    # a timed hint samples until its budget: late in a hand a deal takes well under a
    # millisecond, and more deals weigh close cards more surely
    while iterations is None or samples < iterations:
        spent = time.perf_counter() - start
        # stop before a sample that would run past the budget (one sample always runs)
        if iterations is None and samples and spent * (samples + 1) / samples > budget:
            break
        world = determinize(state, seat, rng.fork(samples))
        base = rng.fork(f"play {samples}")
        exact = root_values(world, seat, legal) if state.phase == PLAY else None
        for action in legal:
            if exact is not None:
                totals[action] += exact[action]
                continue
            after = world._apply(action, seat)
            if state.phase == BID:
                value, miss = _deal_miss(after, seat, Rng(base.state), policy)
                misses[action] += miss
            else:
                value = finish_deal(after, seat, Rng(base.state), policy)
            totals[action] += value
        samples += 1
    if samples == 0:
        return fallback(state, seat)
    if state.phase == BID:
        # a bid aims at the tricks: fewest expected missed, then the best result
        ranked = sorted(legal, key=lambda a: (misses[a], -totals[a]))
    else:
        ranked = sorted(legal, key=lambda a: -totals[a])
    best = ranked[0]
    mean = totals[best] / samples
    alternatives = [{"action": a.to_json(), "mean": round(totals[a] / samples, 3),
                     **({"expected_miss": round(misses[a] / samples, 3)} if state.phase == BID else {})}
                    for a in ranked[1:]]
    evaluation = {"kind": "sampled", "samples": samples, "mean": round(mean, 3)}
    if state.phase == BID:
        evaluation["expected_miss"] = round(misses[best] / samples, 3)
    reason = _reason(state, seat, best, ranked, totals, misses, samples)
    return Hint(best, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def _reason(state, seat, best: Action, ranked, totals, misses, samples) -> str:
    mean = totals[best] / samples
    runner = ranked[1] if len(ranked) > 1 else None
    gap = f"; next best {runner.notation} ({totals[runner] / samples:+.2f})" if runner else ""
    over = f"over {samples} deals of the cards you cannot see"
    if state.phase == BID:
        return (f"bid {best.args[0]}: {over} you would miss it by {misses[best] / samples:.2f} tricks on "
                f"average and end the deal {mean:+.2f} points against the others{gap}")
    if state.phase == DECLARE:
        value = best.args[0]
        return (f"count the Fool as {value}: {over} that leaves you {mean:+.2f} points against the others "
                f"at the end of the deal{gap}")
    card = best.args[0]
    what = f"the Fool as {best.args[1]}" if card == "FOOL" else card
    return (f"play {what}: {over} it leaves you {mean:+.2f} points against the others at the end of the "
            f"deal{gap}")

