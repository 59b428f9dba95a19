"""Bridge positions handed to DDS through the ``endplay`` package, for cross-checks.

``endplay`` is a test and benchmark dependency only; it is imported on first use.
"""

from __future__ import annotations

from solvers.cards import Rank, Suit
from solvers.doubledummy.position import Position, _trick_seats
from solvers.errors import CardsageError

__all__ = ["to_endplay", "dds_values", "dds_best", "dds_table"]

_DENOM = {3: "spades", 2: "hearts", 1: "diamonds", 0: "clubs", None: "nt"}


def _endplay():
    try:
        from endplay import dds, types
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise CardsageError("the endplay package is needed for DDS cross-checks") from exc
    return dds, types


def to_endplay(position: Position):
    """The position as an ``endplay`` Deal (bridge rules, 4 seats, ace high)."""
    if position.seats != 4 or position.rules.name not in ("bridge", "whist", "teka", "troefcall"):
        raise CardsageError("only bridge-rule positions can go to DDS")
    _, types = _endplay()
    hands = [list(h) for h in position.hands]
    for card, seat in zip(position.trick, _trick_seats(position)):
        hands[seat].append(card)
    text = "N:" + " ".join(
        ".".join("".join(Rank(c.rank).letter for c in sorted(h, key=lambda c: -c.rank) if c.suit == s)
                 for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)) for h in hands)
    deal = types.Deal(text)
    deal.first = types.Player(position.leader)
    deal.trump = getattr(types.Denom, _DENOM[position.rules.trump])
    for card in position.trick:
        deal.play(Suit(card.suit).letter + Rank(card.rank).letter)
    return deal



def dds_values(position: Position) -> dict[str, int]:
    """DDS's value of every legal card, keyed by our card notation."""
    dds, _ = _endplay()
    from endplay.dds.solve import SolveMode
    solved = dds.solve_board(to_endplay(position), SolveMode.Default)
    return {_card_text(card): tricks for card, tricks in solved}


def dds_best(position: Position) -> int:
    """DDS's value of the position (its best card's tricks)."""
    dds, _ = _endplay()
    from endplay.dds.solve import SolveMode
    solved = dds.solve_board(to_endplay(position), SolveMode.OptimalOne)
    return max(tricks for _, tricks in solved)


def dds_table(position: Position) -> dict[str, dict[str, int]]:
    """DDS's table: tricks for declarer ``N E S W`` in strain ``S H D C N``."""
    dds, _ = _endplay()
    table = dds.calc_dd_table(to_endplay(position))
    out: dict[str, dict[str, int]] = {}
    for seat_i, seat in enumerate("NESW"):
        out[seat] = {}
        for strain, denom in zip("SHDCN", ("spades", "hearts", "diamonds", "clubs", "nt")):
            _, types = _endplay()
            out[seat][strain] = table[getattr(types.Denom, denom), types.Player(seat_i)]
    return out


def _card_text(card) -> str:
    return card.rank.abbr + "SHDC"[int(card.suit)]
