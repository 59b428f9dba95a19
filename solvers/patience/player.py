"""A player that sees only what a person at the table sees and follows the fair hint.

It is the measure of the fair hint: a whole game is played from a seeded deal with the
face-down and unseen stock cards hidden, and the win rate over many deals says how good
the advice is. Each choice is the fair hint's: sample the unseen cards, solve each
sample, and play the move that wins in the most samples (ties go to tableau progress
before the stock).

Two things make a whole game affordable without changing the advice:

* the samples stay in use while the player learns nothing new (no card turned face up,
  no new stock card seen), since they are then still consistent with everything seen;
  each one keeps its winning line, so following it costs no search at all;
* an ace or a two goes to its foundation without asking: nothing can ever be built on
  it in the tableau, so playing it up loses nothing.

Budgets are node counts only, so a game plays the same way on every machine.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from solvers.cards import Rng
from solvers.patience.hints import sample_unseen
from solvers.patience.position import Position, patience_rank, player_view, visible_cards
from solvers.patience.rules import apply_move, legal_moves
from solvers.patience.search import UNWINNABLE, WINNABLE, compiled_helps, solve


@dataclass
class GameRecord:
    """How one game went: ``won``, the ``moves`` played, how many choices the fair hint
    made (``hints``), how many sample solves they took, the ``seconds`` spent, and why
    the game ``ended``."""

    won: bool
    moves: list[str]
    hints: int
    solves: int
    seconds: float
    ended: str

    def to_json(self) -> dict:
        """JSON-able form."""
        return {"won": self.won, "moves": len(self.moves), "hints": self.hints, "solves": self.solves,
                "seconds": round(self.seconds, 3), "ended": self.ended}


@dataclass
class _Sample:
    """One way the unseen cards may lie, and what the solver knows of it from here."""

    position: Position
    line: list[str] | None = None      # a winning line from here, when one is known
    lost: bool = False                 # proven: no win from here
    undecided: bool = False            # the budget ran out; not tried again until news
    dead: set = field(default_factory=set)


class FairPlayer:
    """Chooses moves for a player from what the player has seen (see the module text)."""

    def __init__(self, rules, rng: Rng, *, samples: int = 5, nodes_per_solve: int = 2_000,
                 compiled: bool = True):
        self.rules, self.rng = rules, rng
        self.samples, self.nodes = samples, nodes_per_solve
        # the compiled search (where it runs for the rules) is far faster but keeps no
        # lost positions between solves; at these budgets it gives the same games
        self.compiled = compiled
        self._compiled_helps: bool | None = None
        self.solves = 0
        self._pool: list[_Sample] = []

    def forget(self) -> None:
        """Drop the samples: the player has just seen something new."""
        self._pool = []

    def choose(self, view: Position, moves: list[str]) -> str:
        """The move to play among ``moves`` (a subset of the legal moves of ``view``)."""
        if not self._pool:
            self._pool = [_Sample(sample_unseen(view, self.rng)) for _ in range(self.samples)]
        for sample in self._pool:
            if sample.line is None and not sample.lost and not sample.undecided:
                self._solve(sample, sample.position)
        open_samples = [s for s in self._pool if not s.lost]
        allowed = set(moves)
        votes = Counter(s.line[0] for s in open_samples if s.line and s.line[0] in allowed)
        if not votes:
            # no sample shows a way on (all lost, or none decided within the budget): play
            # on by the obvious progress, as a person would, until something new is seen
            best = min(moves, key=lambda m: _progress(view, m))
            self._advance(open_samples, best, {})
            return best
        candidates = list(votes)
        wins = Counter(votes)
        lines: dict = {}
        if len(candidates) > 1:
            for move in candidates:
                for i, sample in enumerate(open_samples):
                    if sample.line is None or sample.line[0] == move:
                        continue
                    child = _Sample(apply_move(sample.position, move, self.rules), dead=sample.dead)
                    if self._solve(child, child.position) is not None:
                        wins[move] += 1
                        lines[move, i] = child.line
        best = min(candidates, key=lambda m: (-wins[m], _progress(view, m), -votes[m]))
        self._advance(open_samples, best, lines)
        return best

    def _advance(self, samples: list[_Sample], move: str, lines: dict) -> None:
        """Play ``move`` in every open sample too, keeping the lines that still hold."""
        for i, sample in enumerate(samples):
            sample.position = apply_move(sample.position, move, self.rules)
            if sample.line and sample.line[0] == move:
                sample.line = sample.line[1:]
            else:
                sample.line = lines.get((move, i))
        self._pool = samples

    def _compiled(self, position: Position) -> bool:
        """Solve with the compiled search? (the answer depends on the rules only)"""
        if self._compiled_helps is None:
            self._compiled_helps = self.compiled and compiled_helps(position, self.rules)
        return self._compiled_helps

    def _solve(self, sample: _Sample, position: Position) -> list[str] | None:
        self.solves += 1
        result = solve(position, self.rules, max_nodes=self.nodes, max_seconds=None, shorten=False,
                       dead=None if self._compiled(position) else sample.dead)
        if result.verdict == WINNABLE:
            sample.line = list(result.solution)
            return sample.line
        sample.lost = result.verdict == UNWINNABLE
        sample.undecided = not sample.lost
        return None


def play_with_fair_hints(position: Position, rules, rng: Rng, *, samples: int = 5,
                         nodes_per_solve: int = 2_000, max_moves: int = 600,
                         compiled: bool = True) -> GameRecord:
    """Play ``position`` (the real deal) to the end as a player who only sees what the
    rules show, taking the fair hint's move each time there is a choice. With
    ``compiled`` (the default) the samples are solved by the compiled search where it
    covers the rules; otherwise by the plain search, which keeps each sample's lost
    positions between solves."""
    start = time.perf_counter()
    player = FairPlayer(rules, rng, samples=samples, nodes_per_solve=nodes_per_solve, compiled=compiled)
    seen = set(visible_cards(position))
    visits = {_state(position, len(seen))}
    played: list[str] = []
    hints = 0
    ended = "move limit"
    for _ in range(max_moves):
        if position.is_won():
            break
        moves = legal_moves(position, rules)
        # a move back to a position already met, with nothing learnt since, only goes round
        fresh = [m for m in moves if _state(apply_move(position, m, rules), len(seen)) not in visits]
        if not fresh:
            ended = "no legal move" if not moves else "going round in circles"
            break
        move = _never_harmful(position, fresh)
        if move is None and len(fresh) == 1:
            move = fresh[0]
        if move is None:
            hints += 1
            move = player.choose(player_view(position, seen), fresh)
        else:
            player.forget()
        position = apply_move(position, move, rules)
        played.append(move)
        before = len(seen)
        seen |= visible_cards(position)
        if len(seen) != before:
            player.forget()
        visits.add(_state(position, len(seen)))
    won = position.is_won()
    return GameRecord(won, played, hints, player.solves, time.perf_counter() - start,
                      "won" if won else ended)


def _state(position: Position, seen: int) -> tuple:
    # turn-overs only count down to a limit; with none left the stock is fixed anyway
    return position.with_(redeals_used=0), seen


def _progress(view: Position, move: str) -> int:
    """How much a move obviously gets done, lowest first: a card up to its foundation,
    a move that turns a face-down card, the waste onto the tableau, a draw, then
    the rest (moves that only shuffle cards between columns come last)."""
    parts = move.split()
    if parts[-1] == "f":
        return 0
    if parts[0].startswith("t") and parts[1].startswith("t"):
        column = view.columns[int(parts[0][1:]) - 1]
        count = int(parts[2]) if len(parts) > 2 else 1
        return 1 if count == len(column.up) and column.down else 5
    if parts[0] == "w":
        return 2
    if parts[0] in ("draw", "redeal", "switch"):
        return 3
    return 6


def _never_harmful(position: Position, moves: list[str]) -> str | None:
    """A move of an ace or a two to its foundation."""
    for move in moves:
        if not move.endswith(" f"):
            continue
        source = move.split()[0]
        if source == "w":
            card = position.waste[-1]
        elif source.startswith("t"):
            card = position.columns[int(source[1:]) - 1].up[-1]
        else:
            continue
        if patience_rank(card) <= 2:
            return move
    return None
