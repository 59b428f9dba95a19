"""Beggar-My-Neighbor's players and hints.

The game has no decisions: the player to move may only turn the top card. So the
``heuristic`` and ``search`` bots simply turn, like ``random``, and no bot can play better
than another (the strength benchmark's margin is 0 by construction).

The hint says so plainly (mode ``fair``, the default). Mode ``oracle`` forecasts the rest
of the deal exactly by playing it out with the real order of both stacks (the repetition
guard makes that finite): who wins, or that the deal never ends, and after how many cards
and piles. It uses cards nobody has seen, so it is only given for a deal the caller typed
in (who knows both stacks already); otherwise it is refused.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, Hint
from solvers.games.beggar_my_neighbor import (SEAT_NAMES, TURN_ACTION, BeggarState, DealEnd, payment_due,
                                             play_out)
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "forecast", "turn_bot"]


def turn_bot(state: BeggarState, seat: int, rng: Rng) -> Action:
    """Turn the top card: the only thing a player may do."""
    return TURN_ACTION


def forecast(state: BeggarState) -> DealEnd:
    """How the current deal ends, played out exactly with the real order of both stacks."""
    return play_out(state)


def _situation(state: BeggarState, seat: int) -> str:
    """What the seat is doing now, from public facts only."""
    if state.owed:
        penalty = next(c for c in reversed(state.pile) if payment_due(c))
        more = f"{state.owed} more card{'s' if state.owed > 1 else ''}"
        return f"you are paying for the {penalty.pretty()}: {more} to turn, unless you turn a penalty card"
    if not state.pile:
        return "you start a new pile"
    return "no payment is due: turn one card and your opponent turns next"


def hint(state: BeggarState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Mode ``fair`` (the default for a shuffled deal): there is nothing to choose. Mode ``oracle``
    (the default for a deal typed in, and only allowed there): the exact forecast of the deal."""
    game = state.game
    if mode is not None and mode not in game.hint_modes:
        raise CardsageError(f"unknown hint mode {mode!r}; expected one of {', '.join(game.hint_modes)}",
                            field="mode")
    if mode is None:
        mode = "oracle" if state.deal_owned else "fair"
    if mode == "oracle":
        if not state.deal_owned:
            raise CardsageError("the oracle hint uses the order of both face-down stacks: it is only for a "
                                "deal you typed in", status=403, field="mode")
        return _oracle(state, seat)
    reason = ("Nothing to choose: in Beggar-My-Neighbor the only move is to turn your top card, and the deal "
              f"alone decides who wins. Turn it ({_situation(state, seat)}).")
    return Hint(TURN_ACTION, reason, {"kind": "forced", "choices": 1}, [], method="exact")


def _oracle(state: BeggarState, seat: int) -> Hint:
    ahead = forecast(state)
    to_end = ahead.cards_turned - state.cards_turned
    if ahead.winner is None:
        outcome = f"the deal never ends: a position repeats, so it is drawn after {to_end} more cards"
    else:
        who = "you" if ahead.winner == seat else SEAT_NAMES[ahead.winner] + " (your opponent)"
        outcome = f"{who} win{'' if ahead.winner == seat else 's'} after {to_end} more cards"
    reason = (f"Nothing to choose: turn your top card. Oracle forecast (from the stacks you typed in): "
              f"{outcome}; {ahead.cards_turned} cards turned and {sum(ahead.piles_won)} piles won "
              f"in the whole deal.")
    evaluation = {"mode": "oracle", "kind": "forced", "winner": ahead.winner, "drawn": ahead.winner is None,
                  "cards_to_end": to_end, "cards_in_deal": ahead.cards_turned,
                  "piles_in_deal": list(ahead.piles_won)}
    return Hint(TURN_ACTION, reason, evaluation, [], method="oracle")


# the generic search has nothing to weigh; its play-outs just turn
SEARCH = SearchConfig(rollout=turn_bot)

BOTS = {"heuristic": turn_bot, "search": turn_bot}
