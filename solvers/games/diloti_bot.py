"""Diloti's players and hints.

* ``heuristic``: rules of thumb. Take as many cards and points as possible (a xeri above
  all), bind cards into declarations you can capture next turn, and never leave a table
  that one card could sweep (xeri denial); lay cheap cards, keep aces, the 10♦ and the 2♣.
* ``search`` and the hint: the generic information-set search over sampled deals of the
  unseen cards, its play-outs made by the rules of thumb (``SEARCH``).
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.diloti import XERI, DilotiState, card_points
from solvers.games.diloti_cover import coverable
from solvers.games.diloti_moves import CAPTURE, GROUP, LAY, RAISE, Decl, Move, is_face, value_of
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "heuristic_bot", "rank_moves", "sweepable"]


def sweepable(loose, decls) -> bool:
    """True when a single card could take everything on this table (a xeri chance)."""
    if not loose and not decls:
        return False
    faces = [c for c in loose if is_face(c)]
    if faces:
        return len(loose) == 1 and not decls
    values = {d.value for d in decls}
    if len(values) > 1:
        return False
    targets = values or set(range(1, 11))
    for v in targets:
        same = [c for c in loose if value_of(c) == v]
        rest = [c for c in loose if value_of(c) != v]
        if any(value_of(c) > v for c in rest):
            continue
        if (1 << len(rest)) - 1 in coverable([value_of(c) for c in rest], v):
            return True
        if not rest and (same or decls):
            return True
    return False


def _worth(cards) -> float:
    """How much captured cards are worth: their points and a share of the 4 for most cards."""
    return card_points(cards) + len(cards) * 0.16


def score_move(state: DilotiState, seat: int, move: Move) -> float:
    """The rules of thumb's value of a move (higher is better)."""
    loose = [c for c in state.loose if c not in move.loose]
    decls = [d for d in state.decls if d.ident not in move.decls]
    used = [d for d in state.decls if d.ident in move.decls]
    risk = 0.0
    if move.kind == CAPTURE:
        taken = [move.card, *move.loose, *(c for d in used for c in d.cards)]
        value = _worth(taken) + 1.0
        if state.plays > 0 and not loose and not decls:
            value += XERI
    elif move.kind == LAY:
        loose = loose + [move.card]
        value = -card_points([move.card]) * 1.5 - (0.3 if move.card.rank == 10 else 0)
        value -= 0.02 * value_of(move.card)
    elif move.kind == RAISE:
        (d,) = used
        value = _worth(d.cards + (move.card,)) * 0.7
        decls = [x for x in decls if x.ident != d.ident] + [d]
    else:      # a declaration or group we mean to capture next turn
        bound = [move.card, *move.loose, *(c for d in used for c in d.cards)]
        value = _worth(bound) * 0.7
        decls = decls + [Decl(0, seat, move.value, tuple(bound), move.kind == GROUP)]
    if state.stock or any(state.hands[s] for s in range(state.players) if s != seat):
        if sweepable(loose, decls):
            risk = XERI * 0.5
    return value - risk


def rank_moves(state: DilotiState, seat: int) -> list[tuple[float, Move]]:
    """Every legal move with its rules-of-thumb value, best first."""
    scored = [(score_move(state, seat, m), m) for m in state.moves(seat)]
    scored.sort(key=lambda x: -x[0])
    return scored


def heuristic_bot(state: DilotiState, seat: int, rng: Rng) -> Action:
    """Play the move the rules of thumb value most."""
    return rank_moves(state, seat)[0][1].action


BOTS = {"heuristic": heuristic_bot}
SEARCH = SearchConfig(method="flat", rollout=heuristic_bot)
