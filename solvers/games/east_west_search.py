"""East–West's search: exact expectimax near the end of a game, paired sampling before.

What a player knows: every placed card and the board (all face up), the card just drawn,
and so the exact multiset of cards still in the stock; only their order is unknown. Every
order is equally likely, so the next card drawn is uniform over the unseen cards.

Exact. From the current placement to the end of the game the tree alternates a decision
(the mover picks one of their open rows; West maximises, East minimises) with a chance
node (the next card drawn, uniform over the cards left). Positions are memoised by the
six rows' card sets (bit masks), so draw orders that reach the same rows are solved
once. The search stops and gives up past a fixed number of positions (deterministic, so a
hint never depends on the clock); it then falls back to sampling.

Sampled. Every open row is tried on the same sampled stock orders (the paired sampling of
:mod:`solvers.paired_search`, done here on bit masks); each game is played out to its end by
the rules of thumb for both players, a row's potential cached by its card set, so a play-out
costs a fraction of a millisecond and hundreds of orders fit in a decision.

A game's value to a player: +1 for a won game, −1 for a lost one, 0 for a draw, plus a
tenth of the rows won less the rows lost (the match's tie-break).
"""

from __future__ import annotations

import random
import time

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.east_west import PLACEMENTS, ROW_SIZE, ROWS, EastWestState
from solvers.games.east_west_hands import card_index, mask_value
from solvers.games.east_west_play import row_potential
from solvers.paired_search import Candidate, Evaluation

__all__ = ["game_value", "rollout_value", "exact_values", "sampled", "TooBig", "EXACT_POSITIONS"]

EXACT_POSITIONS = 6_000      # positions the exact search may solve before it gives up (about 0.8 s)
FULL = (1 << 32) - 1
ROW_WEIGHT = 0.1


class TooBig(Exception):
    """The exact tree has more positions than the limit allows."""


def game_value(margin: int) -> float:
    """A finished game's value from rows won minus rows lost."""
    return (margin > 0) - (margin < 0) + ROW_WEIGHT * margin


def _ranking(state: EastWestState) -> tuple[bool, bool]:
    return state.options.flush_beats_full_house, state.options.low_straight_a789t


# ---------------------------------------------------------------- play-outs by the rules of thumb

_POTENTIALS: dict[tuple[bool, bool], dict[int, float]] = {}


def _indexes(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


class _Playout:
    """The rules of thumb (:func:`solvers.games.east_west_play.choose_row`) on bit masks, a
    row's potential cached by its card set, so a whole game plays out in a fraction of a
    millisecond."""

    def __init__(self, state: EastWestState):
        self.flush_high, self.low = _ranking(state)
        self.board = [1 << card_index(c) for c in state.board]
        self.potentials = _POTENTIALS.setdefault((self.flush_high, self.low), {})

    def potential(self, mask: int) -> float:
        value = self.potentials.get(mask)
        if value is None:
            value = row_potential(_indexes(mask), self.flush_high, self.low)
            self.potentials[mask] = value
        return value

    def choose(self, rows: list[int], mover: int, bit: int) -> int:
        """The rules of thumb's row (0–2) for the card ``bit``; ``rows``: six masks, West's first."""
        best = None
        row = 0
        for r in range(ROWS):
            mask = rows[mover * ROWS + r]
            if mask.bit_count() >= ROW_SIZE:
                continue
            base = self.board[r] | mask
            before = self.potential(base)
            key = (round(self.potential(base | bit) - before, 6), -before, -r)
            if best is None or key > best:
                best, row = key, r
        return row

    def finish(self, rows: list[int], mover: int, order: list[int], placed: int) -> int:
        """Play the game to its end (cards drawn in ``order``; ``rows`` changed in place);
        rows won by West less rows won by East."""
        at = 0
        while placed < PLACEMENTS:
            bit = order[at]
            rows[mover * ROWS + self.choose(rows, mover, bit)] |= bit
            at += 1
            placed += 1
            mover = 1 - mover
        margin = 0
        for r in range(ROWS):
            west = mask_value(self.board[r] | rows[r], self.flush_high, self.low)
            east = mask_value(self.board[r] | rows[ROWS + r], self.flush_high, self.low)
            margin += (west > east) - (west < east)
        return margin


def _rows(state: EastWestState) -> list[int]:
    return [_mask(card_index(c) for c in row) for side in state.rows for row in side]


def rollout_value(state: EastWestState, seat: int, rng: Rng) -> tuple[bool, float]:
    """Play the game under way to its end by the rules of thumb (the stock order as it lies in
    ``state``); whether ``seat`` won it and its value to ``seat``."""
    playout = _Playout(state)
    rows = _rows(state)
    order = [1 << card_index(c) for c in state.stock]
    placed = state.placed
    if state.drawn is not None and placed < PLACEMENTS:
        order.insert(0, 1 << card_index(state.drawn))
    margin = playout.finish(rows, state.turn, order, placed)
    if seat == 1:
        margin = -margin
    return margin > 0, game_value(margin)


def _mask(cards) -> int:
    m = 0
    for i in cards:
        m |= 1 << i
    return m


def sampled(state: EastWestState, seat: int, rng: Rng, *, samples: int | None = None,
            budget: float | None = None, prefer: Action | None = None,
            value=game_value) -> Evaluation:
    """Every open row tried on the same sampled stock orders, each game played out by the
    rules of thumb; ranked by mean value, ``prefer`` winning ties.

    The stock's cards are known (the pack less the board and every placed card, and the card
    drawn); each sample is a uniform order of them. With neither ``samples`` nor ``budget``
    one sample is taken. ``value`` turns a play-out's row margin (the seat's rows won less
    rows lost) into its value: :func:`game_value` by default."""
    started = time.perf_counter()
    playout = _Playout(state)
    rows = _rows(state)
    drawn = 1 << card_index(state.drawn)
    used = drawn | playout.board[0] | playout.board[1] | playout.board[2]
    for m in rows:
        used |= m
    unseen = [1 << i for i in range(32) if not used >> i & 1]
    placed = state.placed + 1
    need = PLACEMENTS - placed
    arms = [Candidate(a) for a in state.legal_actions(seat)]
    targets = [seat * ROWS + int(a.action.args[0]) - 1 for a in arms]
    sign = 1 if seat == 0 else -1
    shuffler = random.Random(rng.next64())
    if samples is None and budget is None:
        samples = 1
    done = 0
    while True:
        if samples is not None and done >= samples:
            break
        if budget is not None and done and time.perf_counter() - started >= budget:
            break
        order = shuffler.sample(unseen, need) if need else []
        for arm, target in zip(arms, targets):
            after = rows.copy()
            after[target] |= drawn
            margin = sign * playout.finish(after, 1 - seat, order, placed)
            arm.values.append(value(margin))
            arm.wins += margin > 0
        done += 1
    ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - started)


# ---------------------------------------------------------------- exact expectimax


class _Solver:
    """Expectimax over the cards left, memoised by the rows' card sets (West's point of view)."""

    def __init__(self, state: EastWestState, limit: int):
        self.flush_high, self.low = _ranking(state)
        self.board = [1 << card_index(c) for c in state.board]
        self.board_mask = self.board[0] | self.board[1] | self.board[2]
        self.limit = limit
        self.positions = 0
        self.memo: dict[tuple, float] = {}
        self.values = mask_value

    def terminal(self, rows: tuple) -> float:
        margin = 0
        for r in range(ROWS):
            west = mask_value(self.board[r] | rows[r], self.flush_high, self.low)
            east = mask_value(self.board[r] | rows[ROWS + r], self.flush_high, self.low)
            margin += (west > east) - (west < east)
        return game_value(margin)

    def chance(self, rows: tuple, mover: int) -> float:
        """Expected value before ``mover`` draws."""
        hit = self.memo.get(rows)
        if hit is not None:
            return hit
        used = self.board_mask
        for m in rows:
            used |= m
        placed = sum(m.bit_count() for m in rows)
        if placed == PLACEMENTS:
            value = self.terminal(rows)
        elif placed == PLACEMENTS - 1:
            value = self.last_card(rows, mover, FULL & ~used)
        else:
            self.positions += 1
            if self.positions > self.limit:
                raise TooBig
            left = FULL & ~used
            total, count = 0.0, 0
            while left:
                bit = left & -left
                left ^= bit
                total += self.decide(rows, mover, bit)
                count += 1
            value = total / count
        self.memo[rows] = value
        return value

    def last_card(self, rows: tuple, mover: int, left: int) -> float:
        """Expected value of the last placement: one open place, each card left equally likely."""
        values = self.values
        open_row = next(r for r in range(ROWS) if rows[mover * ROWS + r].bit_count() < ROW_SIZE)
        margin = 0
        for r in range(ROWS):
            if r != open_row:
                west = values(self.board[r] | rows[r], self.flush_high, self.low)
                east = values(self.board[r] | rows[ROWS + r], self.flush_high, self.low)
                margin += (west > east) - (west < east)
        other = values(self.board[open_row] | rows[(1 - mover) * ROWS + open_row], self.flush_high, self.low)
        mine = self.board[open_row] | rows[mover * ROWS + open_row]
        sign = 1 if mover == 0 else -1
        total, count = 0.0, 0
        while left:
            bit = left & -left
            left ^= bit
            value = values(mine | bit, self.flush_high, self.low)
            total += game_value(margin + sign * ((value > other) - (value < other)))
            count += 1
        return total / count

    def children(self, rows: tuple, mover: int, bit: int) -> list[tuple[int, tuple]]:
        """(row, rows after placing ``bit`` there) for each of the mover's open rows."""
        out = []
        for r in range(ROWS):
            i = mover * ROWS + r
            if rows[i].bit_count() < ROW_SIZE:
                out.append((r, rows[:i] + (rows[i] | bit,) + rows[i + 1:]))
        return out

    def decide(self, rows: tuple, mover: int, bit: int) -> float:
        """Value after ``mover`` places the card ``bit`` as well as they can."""
        values = [self.chance(child, 1 - mover) for _, child in self.children(rows, mover, bit)]
        return max(values) if mover == 0 else min(values)


def exact_values(state: EastWestState, seat: int, limit: int = EXACT_POSITIONS) -> dict[int, float]:
    """The exact expected value to ``seat`` of placing the drawn card in each open row (1–3).

    Raises :class:`TooBig` when the tree has more than ``limit`` positions."""
    solver = _Solver(state, limit)
    rows = tuple(_mask(card_index(c) for c in row) for side in state.rows for row in side)
    bit = 1 << card_index(state.drawn)
    out = {}
    for r, child in solver.children(rows, state.turn, bit):
        value = solver.chance(child, 1 - state.turn)
        out[r + 1] = value if seat == 0 else -value
    return out


def placements_left(state: EastWestState) -> int:
    """Placements still to make in the game under way, the current one included."""
    return PLACEMENTS - state.placed
