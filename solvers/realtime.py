"""Real-time games on a server clock: the small protocol a game state follows.

A real-time game (Twenty-Four, James Bond's race) keeps a game clock in whole seconds
that moves only through its log. In the turn-based fallback it moves when every seat to
move sends ``wait N``. On a server clock (``api/realtime.py``) the server also writes
*clock events*: the action ``clock T`` taken by the system seat :data:`CLOCK_SEAT`, which
moves the game clock to ``T`` and lets every deadline passed on the way expire, in order.
Replaying the log reads these events, never the wall clock, so a replay stays exact.

A state that runs on a clock has:

* ``clock_now`` – its game clock (None when this match has none, e.g. James Bond in turns);
* ``next_wake()`` – the earliest game time after the clock at which something happens with
  nobody acting (a deadline expires, a waiting seat may act again), or None;
* ``apply(clock_action(T), CLOCK_SEAT)`` – the state at game time ``T``.
"""

from __future__ import annotations

from solvers.errors import IllegalAction
from solvers.game import Action

CLOCK_SEAT = -1          # the log's seat for clock events: the server, not a player
CLOCK = "clock"


def clock_action(t: int) -> Action:
    """The clock event moving the game clock to ``t`` seconds."""
    return Action(CLOCK, (str(int(t)),))


def is_clock_event(seat: int, action: Action) -> bool:
    """True for a clock event written by the server."""
    return seat == CLOCK_SEAT and isinstance(action, Action) and action.kind == CLOCK


def clock_target(action: Action) -> int:
    """The game time a clock event moves to (refused unless a whole number of seconds)."""
    if len(action.args) != 1 or not str(action.args[0]).isdigit():
        raise IllegalAction(f"a clock event is 'clock <seconds>', not {action.notation!r}")
    return int(action.args[0])


def has_clock(state) -> bool:
    """True when the state runs on a game clock the server may drive."""
    return getattr(state, "clock_now", None) is not None
