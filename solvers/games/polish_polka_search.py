"""Polish Polka's sampled search: every move tried on the same deals of the unseen cards.

For each sample the cards nobody has seen (the stock and every face-down card, the
player's own included) and any stock card another player holds are dealt afresh
(:func:`solvers.sampling.determinize`); every candidate move is applied to that same deal
and the hole is played out by the rules of thumb for every player. A candidate's value is
the hole's result for the player: the others' mean hole score minus the player's (higher
is better), so a move is judged both by the cards it leaves and by how the hole ends.
"""

from __future__ import annotations

import statistics

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.polish_polka import (AFTER_DISCARD, CHOOSE, DISCARD, DRAW, FLIP, PASS, PLACE, POSITIONS, SWAP, TAKE,
                                        PolkaState)
from solvers.games.polish_polka_play import (PARTNER, _stock_gain, expected_after_swap, expected_layout, heuristic_bot,
                                             prior, swap_gains)
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["evaluate", "play_to_hole_end", "hole_value", "candidates", "rollout_bot"]

MAX_STEPS = 2000      # the turn limit ends a hole long before this
_STOCK_GAIN: dict[tuple, float] = {}
_STOCK_GAIN_SIZE = 200_000


def _stock_gain_memo(state: PolkaState, seat: int) -> float:
    """What a stock card is expected to save ``seat`` (the rules of thumb's figure),
    memoised by what it depends on: the scoring classes of the face-up cards and whether
    the hole's end has begun. Most of a play-out's time went on this sum."""
    pr = prior(state.options)
    key = (state.options, state.ender is None,
           tuple(pr.key(c) if u else None for c, u in zip(state.layouts[seat], state.face_up[seat])))
    value = _STOCK_GAIN.get(key)
    if value is None:
        if len(_STOCK_GAIN) >= _STOCK_GAIN_SIZE:
            _STOCK_GAIN.clear()
        value = _STOCK_GAIN[key] = _stock_gain(state, seat)
    return value


def rollout_bot(state: PolkaState, seat: int, rng: Rng) -> Action:
    """The rules of thumb's move (:func:`heuristic_bot`), the draw decided with the
    memoised stock figure: the same moves, faster, so more deals fit in the time."""
    if state.phase != CHOOSE:
        return heuristic_bot(state, seat, rng)
    top = state.discard[-1]
    gains = swap_gains(state, seat, top)
    take = gains[0][0] if gains else -99.0
    stock = _stock_gain_memo(state, seat) if state.can_draw() else -99.0
    if (take > 0 and take >= stock) or not state.can_draw():
        return Action(TAKE, (str(top),))
    return Action(DRAW)


def play_to_hole_end(state: PolkaState, rng: Rng) -> PolkaState:
    """Play on by the rules of thumb for every seat until the current hole is scored."""
    hole = state.hands_played
    return play_until(state, rollout_bot, rng, lambda s: s.hands_played > hole, MAX_STEPS)


def hole_value(start: PolkaState, end: PolkaState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` scored lowest in the hole under way at ``start``, and the others'
    mean hole score minus its own."""
    n = start.players
    if end.hands_played > start.hands_played:
        scores = end.sheet[start.hands_played].scores
    else:   # not reached in practice: value what the cards are expected to score
        scores = tuple(expected_layout(end, s) for s in range(n))
    others = [scores[s] for s in range(n) if s != seat]
    return scores[seat] <= min(others), statistics.fmean(others) - scores[seat]


SWAP_PLACES = 2       # swap places tried besides the rule of thumb's: the ones that lower most


def candidates(state: PolkaState, seat: int, thumb: Action) -> list[Action]:
    """The moves worth weighing: the rule of thumb's, and the few real alternatives.

    Placing a card: discarding it (a stock card), the places where it lowers the
    expected score most, and the last face-down place (going out). Turning a card:
    passing, and one place of each kind (a column with its other card up or down).
    Trying fewer moves gives each more deals in the same time, and a clearly bad swap
    (a king over a face-up ace) cannot win on a lucky sample."""
    legal = state.legal_actions(seat)
    if state.phase == PLACE:
        card = state.drawn[0]
        down = state.face_down(seat)
        by_gain = sorted(range(len(POSITIONS)), key=lambda i: (expected_after_swap(state, seat, card, i), i))
        keep = {thumb} | {Action(SWAP, (POSITIONS[i],)) for i in by_gain[:SWAP_PLACES]}
        if len(down) == 1:
            keep.add(Action(SWAP, (POSITIONS[down[0]],)))
        keep |= {a for a in legal if a.kind == DISCARD}
    elif state.phase == AFTER_DISCARD:
        keep = {thumb, Action(PASS)}
        up = state.face_up[seat]
        for partner_up in (True, False):
            places = [i for i in state.face_down(seat) if up[PARTNER[i]] == partner_up]
            if places:
                keep.add(Action(FLIP, (POSITIONS[places[0]],)))
    else:
        return legal
    return [a for a in legal if a in keep]


def evaluate(state: PolkaState, seat: int, rng: Rng, *, samples: int | None = None, budget: float | None = None,
             prefer: Action | None = None, moves: list[Action] | None = None) -> Evaluation:
    """Try every legal move (or ``moves``) on ``samples`` sampled deals (or as many as
    ``budget`` seconds allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=moves or state.legal_actions(seat),
                           outcome=lambda world, r: hole_value(state, play_to_hole_end(world, r), seat),
                           samples=samples, budget=budget, prefer=prefer)
