"""Let bots take their turns until a human is to act, the match ends, or the budget runs out."""

from __future__ import annotations

import time
from typing import Callable, Sequence

from api.replay import Replay
from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action

HUMAN = "human"


class BotFailure(RuntimeError):
    """A bot returned something unusable: a server fault, never the client's."""


def bot_rng(seed: int, version: int, seat: int) -> Rng:
    """The generator a bot uses at a version: fixed by the match seed, so replays agree."""
    return Rng(f"bot:{seed}:{version}:{seat}")


def bot_to_move(replay: Replay, seats: Sequence[str]) -> int | None:
    """The bot seat that acts next, or None when the match is over or only humans are to act.

    When humans and bots may act at once (a redeal window, a race, Teka's declarer who
    may propose a raise while the next seat plays) the bots take their turn first, so a
    human is never made to act just to let the table play on."""
    bots = [s for s in replay.state.to_move if seats[s] != HUMAN]
    return min(bots) if bots else None


def run_bots(replay: Replay, seats: Sequence[str], policies: dict[str, Callable], seed: int, *,
             max_actions: int, budget_s: float) -> tuple[Replay, list[tuple[int, Action]]]:
    """Play bot turns; return the new replay and the bot actions taken, in order.

    Stops after ``max_actions`` actions or ``budget_s`` seconds; the remaining bot turns
    are taken by the next request on the session.
    """
    deadline = time.monotonic() + budget_s
    taken: list[tuple[int, Action]] = []
    while len(taken) < max_actions and time.monotonic() < deadline:
        seat = bot_to_move(replay, seats)
        if seat is None:
            break
        state = replay.state
        try:
            action = policies[seats[seat]](state, seat, bot_rng(seed, replay.version, seat))
            replay = replay.extend(seat, action)
        except CardsageError as exc:
            raise BotFailure(f"bot {seats[seat]!r} at seat {seat} failed: {exc.message}") from exc
        taken.append((seat, action))
    return replay, taken
