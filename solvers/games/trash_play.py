"""Trash's rules of thumb: take what fits, swap out jacks, and put a jack where nature won't reach.

What a player knows: every face-up card (all layouts, the discard pile, the card in hand).
For each rank the player can count how many cards are still to come: not face up in a
layout, not in the discard pile and not in hand, so in the stock or face down somewhere.

* Take the previous player's discard whenever it fits: a card that fits is sure to be
  placed, a stock card may well not be.
* Swap a natural card for a jack in your layout: the slot stays filled and the jack, wild
  again, turns up one more face-down card.
* Put a jack on the face-down slot whose rank has the fewest cards still to come (the slot
  least likely to be filled naturally); among equals, the higher slot.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.trash import DRAW, JACK, PLACE_JACK, START, SWAP, TAKE, TrashState, make_pack, slot_of

__all__ = ["heuristic_bot", "heuristic_choice", "still_to_come"]


def still_to_come(state: TrashState, seat: int) -> Counter:
    """Cards of each slot rank (1 = ace … 10) not yet seen: in the stock or face down somewhere."""
    seen = list(state.discard) + list(state.held)
    for s in range(state.players):
        seen += [c for c, up in zip(state.slots[s], state.face_up[s]) if up]
    left = Counter(slot_of(c) for c in make_pack(state.players))
    left.subtract(Counter(slot_of(c) for c in seen))
    left.pop(None, None)
    return left


def jack_slot(state: TrashState, seat: int) -> tuple[int, str]:
    """The face-down slot for a jack by the rule of thumb, and why."""
    come = still_to_come(state, seat)
    down = state.face_down_slots(seat)
    best = min(down, key=lambda r: (come[r], -r))
    name = "ace" if best == 1 else str(best)
    return best, (f"put the jack on slot {best}: only {come[best]} card(s) of rank {name} are still to come, "
                  f"the least likely slot to fill by itself")


def heuristic_choice(state: TrashState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player understands."""
    legal = state.legal_actions(seat)
    if state.phase == START:
        take = next((a for a in legal if a.kind == TAKE), None)
        if take is not None:
            return take, f"take the {take.args[0]}: it fits your layout, a stock card may not"
        return Action(DRAW), "the discard does not fit your layout: draw from the stock"
    if state.phase == PLACE_JACK:
        slot, why = jack_slot(state, seat)
        return Action(JACK, (str(slot),)), why
    return Action(SWAP), ("swap: the slot stays filled and the freed jack turns up one more face-down card")


def heuristic_bot(state: TrashState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb action."""
    return heuristic_choice(state, seat)[0]
