"""Tëtka positions for the double-dummy solver: the penalties as trick rules.

The solver (:mod:`solvers.doubledummy`) maximises the points the side to play takes;
every Tëtka seat plays for itself, so each seat is its own side (the *paranoid*
assumption: the other three play as one against the seat to move). The penalties are
negative points, scaled by ``SCALE``:

* card points: the bum card −1, Tëtka (the queen of the bum suit) −2, every other
  queen −1 (a queen as bum card −3), only for cards still to be played;
* the bum-rank trick −1 and the 13th trick −1, as ``last_trick_points`` counted from
  the end of the hand (index 0 is the 13th trick), and the bum-rank trick only while it
  is still to come.

The most-tricks point (1 after the hand to the seat with most tricks, with its
tie-breaks) depends on the whole hand, not on single tricks, so the rules cannot state
it. With ``tiebreak`` on, every trick costs one point at the scaled level
(``trick_points = -1``) and the penalties ``SCALE`` (16, more than the 13 tricks of a
hand), so among lines with the same penalty the one with fewer tricks is worth more,
and no trick count can outweigh a single penalty point: the penalty part of the value
is exactly the game's (minimax over a lexicographic order keeps the first component's
minimax). :func:`card_penalties` returns the exact penalty and the tricks of each card.

Seats are numbered in playing order in both the game and the solver (clockwise, the
seat to play next after ``s`` is ``s + 1``), so a Tëtka seat is the solver's seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cards import Card, parse_card
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.games.tetka import SEATS, TetkaState
from solvers.games.tetka_penalties import TRICKS, card_penalty

__all__ = ["SCALE", "CardValue", "tetka_rules", "position", "card_penalties"]

SCALE = 16            # penalty points are worth this many trick units (more than 13 tricks)


@dataclass(frozen=True)
class CardValue:
    """What a card leads to from here, every card known, the others playing against the seat:
    the penalty points the seat takes in the rest of the hand (the current trick included,
    no most-tricks point) and, with the tie-break, the tricks it takes among lines of that
    penalty (fewest first)."""

    penalty: int
    tricks: int = 0


def _tricks_left(state: TetkaState) -> int:
    """Tricks still to be completed in this hand, the current one included."""
    return TRICKS - len(state.history)


def tetka_rules(state: TetkaState, *, tiebreak: bool = False) -> TrickRules:
    """The Tëtka penalties of the rest of ``state``'s hand as solver rules (see the module)."""
    scale = SCALE if tiebreak else 1
    live = set(c for _, c in state.trick)
    for seat in range(SEATS):
        live.update(state.holding(seat))
    points = {str(c): -scale * card_penalty(c, state.bum) for c in live if card_penalty(c, state.bum)}
    left = _tricks_left(state)
    last = [0] * left
    last[0] -= scale                                   # the 13th trick
    number = state.penalty_trick                       # 1–13
    if number > len(state.history):                    # still to come (or being played)
        last[TRICKS - number] -= scale
    return TrickRules(seats=SEATS, objective="points", card_points=points,
                      trick_points=-1 if tiebreak else 0, last_trick_points=tuple(last),
                      sides=tuple(range(SEATS)), name="tetka")


def position(state: TetkaState, *, tiebreak: bool = False) -> Position:
    """The rest of the hand as a solver position (the dealer holds the shown bum card)."""
    return Position.from_hands([state.holding(s) for s in range(SEATS)], state.leader,
                               [c for _, c in state.trick], tetka_rules(state, tiebreak=tiebreak))


def split(value: int, tiebreak: bool) -> CardValue:
    """A solver value (for the seat to play) as penalty points and tricks."""
    cost = -value
    if not tiebreak:
        return CardValue(cost)
    return CardValue(cost // SCALE, cost % SCALE)


def card_penalties(solver: Solver, state: TetkaState, *, tiebreak: bool = False,
                   budget_nodes: int | None = None, budget_ms: float | None = None
                   ) -> dict[Card, CardValue] | None:
    """Every legal card of the seat to play valued by one exact solve of the rest of the
    hand; None when a budget ran out first."""
    result = solver.solve(position(state, tiebreak=tiebreak), values="all", budget_nodes=budget_nodes,
                          budget_ms=budget_ms)
    if not result.exact:
        return None
    return {parse_card(name): split(v, tiebreak) for name, v in result.cards.items()}
