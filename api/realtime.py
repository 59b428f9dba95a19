"""Real time for real-time games: the server's clock, bots' reaction times, the ticker.

A session of a real-time game (a game whose state runs on a game clock, see
``solvers/realtime.py``: Twenty-Four, James Bond's race) is created with ``clock``:

* ``"server"`` (the default): game time is wall time since the session began, in whole
  seconds. The server writes it into the log as *clock events* (``clock T`` by the
  system seat -1): before any seat's action (so a late slap is late), whenever a deadline
  passes (an answer window, the no-solution time) and whenever a waiting seat may act
  again, whether or not anyone sends a request. Bots act on that clock after their
  reaction time. Replay reads the events, never the wall clock, so it stays exact.
* ``"turns"``: the turn-based fallback (tests, hints, scripted play): time passes only
  when every seat to move sends ``wait N``, and bots act at once.

Bots' reaction time (``reactions``: per bot seat ``instant``, ``human``, ``slow`` or a
median in seconds): a bot able to act at wall time ``t`` (the board changed so it is to
move, or its own wait ended, or it just acted and may act again) acts at ``t + delay``,
the delay drawn from a generator seeded by the match seed, the seat and the version it
became able at. ``wait`` decisions of the game's bot (thinking time in game seconds,
Twenty-Four's ``bot_reaction_s``; James Bond's ``bot_reaction``) are written at once;
the reaction delay is added only before a move that others can see. The action is
chosen when it is due, from the state at that moment, so it is never stale; a human
action accepted first wins the race.

Who writes what is due: the next request on the session, or the ticker, a daemon thread
per server process that looks every ``interval`` seconds for sessions whose ``wake``
(an indexed column of ``session_clocks``) has passed. Two processes may try at once:
both append after the same version and the storage accepts one (the other's
``StaleVersion`` is dropped), so an event is never written twice.
"""

from __future__ import annotations

import logging
import math
import random
import threading
from typing import Any, Callable

from solvers.errors import CardsageError

log = logging.getLogger(__name__)

CLOCK_MODES = ("server", "turns")
# median seconds between a bot being able to act and its action
REACTION_MEDIANS = {"instant": 0.0, "human": 1.0, "slow": 3.0}
DEFAULT_REACTION = "human"
SPREAD = 0.45          # a human-like delay is the median times e^N(0, SPREAD): about ×/÷ 1.6
MAX_REACTION_S = 60.0
EPSILON = 1e-6


def game_time(origin: float, wall: float) -> int:
    """Whole game seconds at wall time ``wall`` of a clock that began at ``origin``."""
    return max(0, int(math.floor(wall - origin + EPSILON)))


def reaction_delay(reaction: Any, seed: int, seat: int, version: int) -> float:
    """Seconds a bot with ``reaction`` takes to act once able at ``version``: 0 for
    instant, else a log-normal spread around the median, the same on every server."""
    median = REACTION_MEDIANS.get(reaction, reaction) if isinstance(reaction, str) else reaction
    median = float(median or 0.0)
    if median <= 0:
        return 0.0
    rng = random.Random(f"reaction:{seed}:{seat}:{version}")
    return min(median * 4, max(median / 4, median * math.exp(rng.gauss(0.0, SPREAD))))


def parse_clock(value: Any) -> str | None:
    """The ``clock`` choice of a new session (None: the default)."""
    if value is None:
        return None
    if value not in CLOCK_MODES:
        raise CardsageError(f"'clock' must be one of {', '.join(CLOCK_MODES)}; got {value!r}", field="clock")
    return value


def parse_reactions(value: Any, seats: tuple[str, ...], human: str) -> tuple:
    """Per seat, the bot's reaction (None for human seats); ``value`` is a list per seat
    or an object keyed by seat number, each ``instant``, ``human``, ``slow`` or seconds."""
    chosen: dict[int, Any] = {}
    if value is None:
        pass
    elif isinstance(value, list):
        if len(value) != len(seats):
            raise CardsageError(f"'reactions' lists {len(value)} seats; the session has {len(seats)}",
                                field="reactions")
        chosen = {i: v for i, v in enumerate(value) if v is not None}
    elif isinstance(value, dict):
        for key, v in value.items():
            if not str(key).isdigit() or int(key) >= len(seats):
                raise CardsageError(f"'reactions' has no seat {key!r}", field="reactions")
            chosen[int(key)] = v
    else:
        raise CardsageError("'reactions' must be a list per seat or an object keyed by seat number",
                            status=400, field="reactions")
    out = []
    for seat, kind in enumerate(seats):
        v = chosen.get(seat, DEFAULT_REACTION)
        if kind == human:
            if seat in chosen and chosen[seat] is not None:
                raise CardsageError(f"seat {seat} is human: a reaction time is for bots", field=f"reactions.{seat}")
            out.append(None)
            continue
        if isinstance(v, bool) or not (v in REACTION_MEDIANS or isinstance(v, (int, float))):
            raise CardsageError(f"a reaction is one of {', '.join(REACTION_MEDIANS)} or a median in seconds; "
                                f"got {v!r}", field=f"reactions.{seat}")
        if isinstance(v, (int, float)) and not 0 <= v <= MAX_REACTION_S:
            raise CardsageError(f"a reaction in seconds is from 0 to {MAX_REACTION_S:g}", field=f"reactions.{seat}")
        out.append(v)
    return tuple(out)


class Ticker:
    """A daemon thread that writes what is due on server-clock sessions (one per process)."""

    def __init__(self, tick: Callable[[float], int], now: Callable[[], float], interval: float = 0.2):
        self.tick = tick
        self.now = now
        self.interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> "Ticker":
        self._thread = threading.Thread(target=self._run, daemon=True, name="cardsage-ticker")
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.tick(self.now())
            except Exception:  # noqa: BLE001 - the thread must outlive one bad session or a busy store
                log.exception("realtime ticker")
