"""Hints: an oracle hint when the whole deal is known, and a fair hint that only uses
what the player has seen.

The fair hint samples the unseen cards (face-down tableau cards and unseen stock
cards) uniformly among the layouts consistent with what the player knows, solves each
sample exactly with a budget, and recommends the move that wins in the most samples.
"""

from __future__ import annotations

import functools
import time
from collections import Counter
from dataclasses import dataclass, field

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.patience.position import Column, Position, pack_for, validate
from solvers.patience.rules import apply_move, legal_moves
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, compiled_helps, solve

PRIORITY = ("t", "w", "f", "draw", "redeal", "switch")  # after moves to a foundation
TRIED = ("all", "candidates")


@dataclass
class Hint:
    """A recommended move with its evaluation.

    ``mode`` is ``oracle`` (the real hidden cards were used) or ``fair``. ``verdict``
    is ``winnable``/``unwinnable``/``unknown`` for the oracle; ``win_probability`` is
    1/0 for a decided oracle hint and the share of winning samples for a fair one.
    ``alternatives`` ranks the moves considered as ``(move, estimated win probability)``.
    """

    move: str | None
    mode: str
    verdict: str
    win_probability: float | None
    samples: int = 0
    line: list[str] = field(default_factory=list)
    alternatives: list[tuple[str, float]] = field(default_factory=list)
    reason: str = ""

    def to_json(self) -> dict:
        """JSON-able form."""
        return {"move": self.move, "mode": self.mode, "verdict": self.verdict,
                "win_probability": self.win_probability, "samples": self.samples,
                "line": self.line, "alternatives": [list(a) for a in self.alternatives],
                "reason": self.reason}


def oracle_hint(position: Position, rules, *, max_nodes: int | None = 2_000_000,
                max_seconds: float | None = 10.0) -> Hint:
    """The next move on a short winning line of a fully known position, or the news
    that it can no longer be won (labelled ``oracle``: it uses the hidden cards)."""
    result = solve(position, rules, max_nodes=max_nodes, max_seconds=max_seconds)
    if result.verdict == WINNABLE:
        line = result.solution
        if not line:
            return Hint(None, "oracle", WINNABLE, 1.0, reason="the game is already won")
        return Hint(line[0], "oracle", WINNABLE, 1.0, line=line,
                    reason=f"wins in {len(line)} moves with the real hidden cards")
    if result.verdict == UNWINNABLE:
        return Hint(None, "oracle", UNWINNABLE, 0.0, reason="this position can no longer be won")
    return Hint(None, "oracle", UNKNOWN, None,
                reason=f"no answer within the budget ({result.nodes} positions searched)")


def sample_unseen(position: Position, rng: Rng) -> Position:
    """One full position consistent with a player's view: the unseen cards (``None``)
    are dealt at random from the cards the player has not seen anywhere."""
    return sampler(position)(rng)


def sampler(position: Position):
    """``sample_unseen`` for many samples of one view: a function of the generator
    that deals a sample (the view is checked and its unseen cards counted once)."""
    validate(position)
    counts = Counter(c.face for c in _pack(position.game, position.ranks))
    for card in _known_cards(position):
        counts[card.face] -= 1
    pool = [c for c in _pack(position.game, position.ranks) if c.copy <= 1]
    missing = [face for face in (c.face for c in pool) for _ in range(counts[face])]
    missing = [_with_copy(position, f) for f in missing]

    def deal(rng: Rng) -> Position:
        it = iter(rng.shuffle(list(missing)))

        def fill(cards):
            return tuple(next(it) if c is None else c for c in cards)
        cols = tuple(Column(fill(col.down), col.up) if None in col.down else col for col in position.columns)
        return position.with_(columns=cols, stock=fill(position.stock))
    return deal


@functools.lru_cache(maxsize=None)
def _pack(game: str, ranks: int) -> tuple:
    return tuple(pack_for(game, ranks))


def fair_hint(position_as_seen: Position, rules, rng: Rng, samples: int = 20,
              budget: float = 5.0, *, nodes_per_solve: int = 20_000, tried: str = "all",
              exclude: frozenset[str] | set[str] = frozenset()) -> Hint:
    """The move that wins in most samples of the unseen cards.

    ``budget`` is the time allowed in seconds (split over the samples); each exact
    solve is also capped at ``nodes_per_solve`` positions. The win probability is the
    share of samples the recommended move wins (undecided samples count as losses).
    With ``tried="all"`` every legal move is tried in every sample that can be won;
    with ``tried="candidates"`` only the moves that open the winning line found in some
    sample are weighed (much cheaper: when the samples agree on one such move no further
    solve is needed, though a move no line opens with is never recommended). Moves in ``exclude`` are
    never recommended (a player uses it to keep from going round in circles).
    """
    if samples < 1:
        raise CardsageError("a fair hint needs at least one sample", field="samples")
    if tried not in TRIED:
        raise CardsageError(f"tried must be one of {', '.join(TRIED)}", field="tried")
    moves = [m for m in legal_moves(position_as_seen, rules) if m not in exclude]
    if position_as_seen.is_won():
        return Hint(None, "fair", WINNABLE, 1.0, reason="the game is already won")
    if not moves:
        return Hint(None, "fair", UNWINNABLE, 0.0, reason="no legal move is left")
    deadline = time.perf_counter() + budget
    compiled = compiled_helps(position_as_seen, rules)
    worlds = []
    first_moves: Counter = Counter()
    for _ in range(samples):
        world = sample_unseen(position_as_seen, rng)
        seconds = max(0.01, (deadline - time.perf_counter()) / max(1, samples - len(worlds)))
        # lost positions are shared between one sample's solves, unless the compiled
        # search runs for these rules (it is much faster, but keeps no keys)
        dead = None if compiled else set()
        r = solve(world, rules, max_nodes=nodes_per_solve, max_seconds=seconds, shorten=False, dead=dead)
        first = r.solution[0] if r.verdict == WINNABLE and r.solution else None
        if first in exclude:
            first = None      # winnable, but the line found opens with a banned move
        worlds.append((world, first, r.verdict, dead))
        if first:
            first_moves[first] += 1
    if not any(verdict == WINNABLE for _, _, verdict, _ in worlds):
        lost = all(v == UNWINNABLE for _, _, v, _ in worlds)
        return Hint(None, "fair", UNWINNABLE if lost else UNKNOWN, 0.0, samples=len(worlds),
                    reason="no sample could be won" if lost else "no win found within the budget")
    if tried == "candidates" and first_moves:
        moves = [m for m in moves if first_moves[m]] or moves
    if len(moves) == 1 and tried == "candidates":
        # every winning sample opens with this move: it wins exactly there
        wins = Counter(first_moves)
    else:
        # sample by sample, every move in each, so that when the time is up every move
        # has been weighed on the same samples
        wins = Counter()
        weighed = 0
        for world, first, verdict, dead in worlds:
            if weighed and time.perf_counter() >= deadline:
                break
            for move in moves:
                if first == move:
                    wins[move] += 1
                elif verdict == WINNABLE:
                    left = (deadline - time.perf_counter()) / (len(worlds) - weighed) / len(moves)
                    child = apply_move(world, move, rules)
                    r = solve(child, rules, max_nodes=nodes_per_solve, max_seconds=max(0.002, left),
                              shorten=False, dead=dead)
                    wins[move] += r.verdict == WINNABLE
            weighed += 1
        worlds = worlds[:weighed]
        first_moves = Counter(first for _, first, _, _ in worlds if first)
    # among equally good moves, progress on the tableau beats turning the stock: in the
    # samples the stock order is known, so drawing looks free when it is not
    ranked = sorted(moves, key=lambda m: (-wins[m], move_priority(m), -first_moves[m]))
    best = ranked[0]
    n = len(worlds)
    return Hint(best, "fair", WINNABLE, wins[best] / n, samples=n,
                alternatives=[(m, wins[m] / n) for m in ranked],
                reason=f"wins in {wins[best]} of {n} samples of the unseen cards")


def move_priority(move: str) -> int:
    """Order among equally good moves: foundation moves, then tableau, waste, foundation
    moves down, and the stock last."""
    if move.endswith(" f"):
        return 0
    for i, start in enumerate(PRIORITY):
        if move.startswith(start):
            return i + 1
    return len(PRIORITY) + 1


def _known_cards(position: Position):
    for col in position.columns:
        yield from (c for c in col.down if c is not None)
        yield from col.up
    yield from (c for c in position.stock if c is not None)
    yield from position.waste
    for pile in position.foundations:
        yield from pile


def _with_copy(position: Position, face):
    return face if position.game == "klondike" else face.__class__(face.kind, face.suit, face.rank, 1)
