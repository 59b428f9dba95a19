"""The double-dummy table of a bridge deal: tricks for every declarer and strain."""

from __future__ import annotations

from solvers.doubledummy.position import SEAT_LETTERS, Position, parse_pbn_hands
from solvers.doubledummy.rules import TrickRules
from solvers.doubledummy.solver import Solver
from solvers.errors import CardsageError

__all__ = ["solve_table", "table_solver", "STRAIN_LETTERS", "TABLE_BITS"]

STRAIN_LETTERS = "SHDCN"
_STRAIN_TRUMP = {"S": 3, "H": 2, "D": 1, "C": 0, "N": None}
# a table's solver lives for one table only, so it can afford twice the default shape
# slots (2**17: about 107 MB of address space, touched only as used): one strain's four
# leaders then fit without the pool being emptied (about 7% less work a table)
TABLE_BITS = 17


def table_solver() -> Solver:
    """A solver sized for the 20 solves of one table."""
    return Solver(TABLE_BITS)


def solve_table(deal: Position | str, *, solver: Solver | None = None,
                budget_ms: float | None = None) -> dict[str, dict[str, int]]:
    """Tricks declarer takes for each declarer ``N E S W`` and strain ``S H D C N``.

    ``deal`` is a PBN string or a 4-seat position with no trick in progress (every
    hand the same size). The opening lead is made by the seat on declarer's left.
    A ``budget_ms`` per solve that runs out raises an error rather than give a guess.
    """
    hands = _hands(deal)
    solver = solver or table_solver()
    table: dict[str, dict[str, int]] = {seat: {} for seat in SEAT_LETTERS}
    total = len(hands[0])
    for strain in STRAIN_LETTERS:
        rules = TrickRules.bridge(_STRAIN_TRUMP[strain])
        # the four leaders of a strain share the solver's table (its entries hold for
        # either side), and each starts its probes from the last leader's answer
        guess = None
        for leader in range(4):
            position = Position.from_hands(hands, leader, (), rules)
            result = solver._solve(position, budget_ms=budget_ms, guess=guess)
            if not result.exact:
                raise CardsageError("the table ran out of time", status=503)
            declarer = (leader + 3) % 4
            table[SEAT_LETTERS[declarer]][strain] = total - result.value
            # the next leader sits on the other side: it takes about the tricks this
            # leader's side did not
            guess = total - result.value
    return table


def _hands(deal: Position | str) -> list[list]:
    if isinstance(deal, str):
        return parse_pbn_hands(deal)
    if not isinstance(deal, Position) or deal.seats != 4:
        raise CardsageError("a table needs a 4-seat deal (PBN or Position)", field="deal")
    if deal.trick:
        raise CardsageError("a table is for a deal with no trick in progress", field="deal")
    return [list(h) for h in deal.hands]
