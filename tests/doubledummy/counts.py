"""Sure-trick counts of packed states for the tests: the second hand's (of
``quick.second_hand_trumps_kept``) and the check of the trumps a trump count names."""

from solvers.doubledummy import kernel as K
from solvers.doubledummy.encode import encode
from solvers.doubledummy.quick import MANY, remaining_cards, second_hand_tricks_rem, second_hand_trumps_kept


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


def named_from_top(count, positions):
    """Checks the trumps a trump count (``quick.hand_trump_wins``' arguments and answer)
    names for either side of each position: none when it counts nothing, else trumps
    only, a run from the top of the remaining trumps. Returns how many counts named
    cards."""
    named = 0
    for position in positions:
        state = encode(position)
        S = state.packed()
        trump = int(state.cfg[K.C_TRUMP])
        rem = remaining_cards(S, 4)[trump]
        for side in (0, 1):
            tricks, used = count(S, 4, trump, rem, side, MANY)
            used = int(used)
            if tricks == 0:
                assert used == 0
                continue
            named += 1
            assert used & ~(0xFFFF << (16 * trump)) == 0
            in_suit = (used >> (16 * trump)) & 0xFFFF
            low = in_suit & -in_suit
            assert in_suit and in_suit == rem & ~(low - 1), position
    return named
