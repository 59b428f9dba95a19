"""The second hand's sure-trick counts of a packed state, for the tests of
``quick.second_hand_trumps_kept``."""

from solvers.doubledummy import kernel as K
from solvers.doubledummy.quick import remaining_cards, second_hand_tricks_rem, second_hand_trumps_kept


def second_hand_count(state):
    """The trick the second hand's side surely wins (0 or more) and the top trumps it
    keeps after it, for the seat to play of ``state`` (an encoded 4-seat position);
    ``(0, 0)`` when the side does not surely win the trick."""
    S = state.packed()
    seat = state.to_play
    trump = int(state.cfg[K.C_TRUMP])
    rem = remaining_cards(S, 4)
    q, _ = second_hand_tricks_rem(S, 4, seat, trump, rem)
    if q == 0:
        return 0, 0
    kept, _ = second_hand_trumps_kept(S, 4, seat, trump, rem)
    return q, kept
