"""Trash's sampled search: each choice tried on the same sampled deals of the face-down cards.

Nobody sees a face-down slot, its owner included, so a sample re-deals every face-down
card of every layout and the stock (:func:`sample_world`): the cards nobody has seen are
shuffled into the face-down slots and, before any reshuffle, the stock; after a reshuffle
the stock holds exactly the discards shuffled back into it, in a fresh order. Every
candidate is applied to that same deal and the hand is played out by the rules of thumb
for everyone. A candidate's value is 1 for a hand won by the deciding player and 0
otherwise, plus a tenth of the share of its layout face up at the end (ties broken by
progress), so close choices separate on the same deals.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.trash import MAX_TURNS, TrashState
from solvers.games.trash_play import heuristic_bot
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["evaluate", "sample_world", "hand_value"]

PROGRESS_WEIGHT = 0.1


def _order(card: Card):
    return (card.kind, -1 if card.suit is None else card.suit, card.rank, card.copy)


def sample_world(state: TrashState, seat: int, rng: Rng) -> TrashState:
    """A copy of ``state`` with every face-down card and the stock dealt afresh, consistent
    with what is public (cards shuffled back from the discard pile stay in the stock)."""
    down = [(s, i) for s in range(state.players) for i, up in enumerate(state.face_up[s]) if not up]
    unseen = [state.slots[s][i] for s, i in down]
    recycled = sorted(state.stock, key=_order) if state.recycled else []
    if not state.recycled:
        unseen += list(state.stock)
    # a fixed order first: the order the cards really lie in is what the seat does not know
    pool = rng.shuffled(sorted(unseen, key=_order))
    slots = [list(layout) for layout in state.slots]
    for (s, i), card in zip(down, pool):
        slots[s][i] = card
    stock = pool[len(down):] if not state.recycled else rng.shuffled(recycled)
    return replace(state, slots=tuple(tuple(x) for x in slots), stock=tuple(stock), rng_state=rng.next64())


def hand_value(start: TrashState, end: TrashState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the hand under way at ``start``, and its value to ``seat``."""
    if end.hands_played > start.hands_played:
        record = end.sheet[start.hands_played]
        won = record.winner == seat
        return won, float(won) + PROGRESS_WEIGHT * record.face_up[seat] / record.slots[seat]
    return False, PROGRESS_WEIGHT * sum(end.face_up[seat]) / end.sizes[seat]


def play_to_hand_end(state: TrashState, rng: Rng, steps: int) -> TrashState:
    """Play on by the rules of thumb for everyone until the hand ends (or ``steps`` moves)."""
    hand = state.hands_played
    return play_until(state, heuristic_bot, rng, lambda s: s.hands_played > hand, steps)


def evaluate(state: TrashState, seat: int, rng: Rng, candidates: list[Action], *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None, steps: int = 4 * MAX_TURNS) -> Evaluation:
    """Try ``candidates`` on ``samples`` sampled deals (or as many as ``budget`` seconds allow);
    rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=candidates,
                           outcome=lambda world, r: hand_value(state, play_to_hand_end(world, r, steps), seat),
                           samples=samples, budget=budget, prefer=prefer, deal=sample_world)
