"""Teen Patti's rules of thumb, the always-raise player, and how likely each made a move.

A seen player measures their hand by its percentile p (the share of all three-card hands
it beats); against n opponents still in, p**n is a rough chance of holding the best hand.

* Seen: fold when that chance is below the price of staying in (the minimum bet over the
  pot after it) plus a margin; raise to the maximum with a strong hand (about 0.7 and
  up); with two left and a show open, show a fair hand; with three or more all seen, ask
  the previous bettor for a compromise with a middling hand; otherwise bet the minimum.
  Accept a compromise with a hand better than about half of all hands.
* Blind: bet the minimum most of the time, now and then the maximum; look more often the
  more blind bets are behind you; with two left a cheap blind show is often worth it.

The thresholds are soft: the policy draws its move from a distribution (so it bluffs a
little and cannot be read exactly), and :func:`move_likelihood` gives the probability it
would have made a recorded move holding a given hand. The hint and the search weigh an
opponent's possible hands by that likelihood: a seen player who raised has a strong range.

``always_raise_bot``: bets the most it may every turn, blind for as long as it is allowed,
never folds unless it cannot pay, never shows, refuses every compromise. The search is
benchmarked against it, and its likelihood (:func:`move_likelihood` with ``maniac``) lets
the search recognise a player who bets like it.
"""

from __future__ import annotations

import math

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.teen_patti import (ACCEPT, BET, COMPROMISE, FOLD, LOOK, REFUSE, SHOW, Move, TeenPattiState)
from solvers.games.teen_patti_hands import percentile

__all__ = ["heuristic_bot", "always_raise_bot", "distribution", "move_likelihood", "move_class",
           "context_of", "action_for", "strength"]

FLOOR = 0.01            # every open move keeps at least this weight in the likelihood


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def strength(p: float, opponents: int) -> float:
    """A rough chance that a hand of percentile ``p`` is the best of ``opponents`` + 1 hands."""
    return p ** max(1, opponents)


def context_of(state: TeenPattiState, seat: int) -> Move:
    """The decision ``seat`` faces now, as a move record without the move (kind "")."""
    return state._record_move(seat, "")[-1]


def move_class(move: Move) -> str:
    """What kind of decision a recorded move was: fold, call, raise, mid (a bet in between),
    look, show, compromise, accept, refuse."""
    if move.kind != BET:
        return move.kind
    if move.amount == move.maximum and move.maximum > move.minimum:
        return "raise"
    return "call" if move.amount == move.minimum else "mid"


def _normalise(weights: dict[str, float]) -> dict[str, float]:
    total = sum(weights.values())
    return {k: v / total for k, v in weights.items() if v > 0}


def distribution(ctx: Move, p: float | None) -> dict[str, float]:
    """The rules of thumb's probabilities over move classes in situation ``ctx`` for a
    player holding a hand of percentile ``p`` (None: blind, the hand unknown to them)."""
    choices = set(ctx.choices)
    if ACCEPT in choices:
        accept = _sigmoid((p - 0.55) / 0.08)
        return {ACCEPT: accept, REFUSE: 1 - accept}
    can_bet = BET in choices
    spread = ctx.maximum > ctx.minimum
    if not ctx.seen:
        if choices <= {FOLD, LOOK}:
            return {LOOK: 1.0} if LOOK in choices else {FOLD: 1.0}
        look = min(0.9, 0.2 + 0.25 * ctx.blind_bets) if LOOK in choices else 0.0
        rest = 1 - look
        show = rest * (0.5 if ctx.pot >= 6 * ctx.stake else 0.25) if SHOW in choices else 0.0
        rest -= show
        raise_ = rest * 0.12 if can_bet and spread else 0.0
        call = rest - raise_ if can_bet else 0.0
        fold = 0.0 if can_bet or show else rest
        return _normalise({LOOK: look, SHOW: show, "raise": raise_, "call": call, FOLD: fold})
    e = strength(p, ctx.opponents)
    price = ctx.minimum / (ctx.pot + ctx.minimum) if can_bet else 1.0
    fold = _sigmoid((0.1 + price - e) / 0.06)
    cont = 1 - fold
    raise_ = cont * _sigmoid((e - 0.72) / 0.06) if can_bet and spread else 0.0
    rest = cont - raise_
    show = rest * _sigmoid((e - 0.35) / 0.1) if SHOW in choices else 0.0
    rest -= show
    compromise = rest * 0.6 * _sigmoid((0.62 - e) / 0.08) if COMPROMISE in choices else 0.0
    rest -= compromise
    call = rest if can_bet else 0.0
    if not can_bet:
        fold += rest
    return _normalise({FOLD: fold, "raise": raise_, "call": call, SHOW: show, COMPROMISE: compromise})


def maniac_distribution(ctx: Move) -> dict[str, float]:
    """The always-raise player's move classes in situation ``ctx``."""
    choices = set(ctx.choices)
    if ACCEPT in choices:
        return {REFUSE: 1.0}
    if BET in choices:
        return {"raise" if ctx.maximum > ctx.minimum else "call": 1.0}
    if not ctx.seen and LOOK in choices and ctx.minimum == 0:
        return {LOOK: 1.0}
    return {FOLD: 1.0}


def move_likelihood(move: Move, p: float | None, *, maniac: bool = False) -> float:
    """How likely the rules of thumb (or, with ``maniac``, the always-raise player) would
    have made ``move`` holding a hand of percentile ``p``; never quite zero."""
    dist = maniac_distribution(move) if maniac else distribution(move, p if move.seen else None)
    return max(FLOOR, dist.get(move_class(move), 0.0))


def action_for(state: TeenPattiState, seat: int, kind: str) -> Action:
    """The concrete action for a move class (call: the smallest bet, raise: the largest)."""
    if kind in ("call", "raise"):
        _, low, top = state.open_moves(seat)
        return Action(BET, (state.chips_text(low if kind == "call" else top),))
    return Action(kind)


def _own_percentile(state: TeenPattiState, seat: int) -> float | None:
    return percentile(state.hands[seat], state.options.a23) if state.seen[seat] else None


def heuristic_bot(state: TeenPattiState, seat: int, rng: Rng) -> Action:
    """Draw a move from the rules of thumb for ``seat`` (its own hand only if it has looked)."""
    ctx = context_of(state, seat)
    dist = distribution(ctx, _own_percentile(state, seat))
    pick = rng.random()
    for kind, weight in dist.items():
        pick -= weight
        if pick < 0:
            return action_for(state, seat, kind)
    return action_for(state, seat, max(dist, key=dist.get))


def always_raise_bot(state: TeenPattiState, seat: int, rng: Rng) -> Action:
    """Bet the most allowed every turn, blind while allowed; refuse compromises."""
    dist = maniac_distribution(context_of(state, seat))
    return action_for(state, seat, next(iter(dist)))
