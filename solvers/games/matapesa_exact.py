"""Mätäpesä's exact ending solver: every hand known, who takes the last trick?

On a deal where every hand is known (a sampled deal of what the seat cannot see, or a
position replayed with all cards face up) Mätäpesä is a game of perfect information with
one loser: whoever takes the last trick. This module plays such a position out exactly.

What "exact" means here (the solution concept). Each player plays for itself: at every
turn the player to move picks the card that minimises what it pays itself (one game
lost; with cucumber points, the value of the card that took the last trick), knowing
that every later player will do the same. Among cards that cost it the same (usually:
every card that keeps it off the last trick) it plays the highest, as the rules of thumb
would. This is a subgame-perfect equilibrium of the n-player game with one fixed,
stated tie-break, so every position has exactly one result: a loser and the rank that
took the last trick. It is not "paranoid": the others do not gang up on the seat, each
of them only avoids the last trick itself, and a player that cannot avoid it anyway
plays the highest card (in a cucumber match: the card that makes the last trick cheapest).
A paranoid variant (``paranoid=True``: every other player plays to make ``seat`` lose)
is there for comparison and for the tests; it is a plain two-sided search.

Cards play by rank alone (suits never matter), so a hand is a sorted tuple of ranks and
each player weighs one card of each rank it may play. Positions are memoised over
(hands, the trick so far, the player to move); a trick is kept as the number of cards in
it, the highest rank and the seat holding it. With one card each the last trick is
played out directly.

Cost (measured on a shared, loaded machine; the table is in ``docs/games/matapesa.md``):
a player who can keep off the last trick stops at the first (highest) card that does, so
few positions are visited, at 2–3.5 µs of processor time each: with 6 cards each a few
hundred positions (about a millisecond) a deal, median, for 3 to 8 players, and a few
thousand at worst; with 7 cards each one to three thousand (median) and up to twenty
thousand; with 8 cards each about ten thousand. The search bot and hint solve sampled
deals exactly from ``exact_horizon(players)`` cards down.
"""

from __future__ import annotations

import time

from solvers.games.matapesa import CUCUMBER, MatapesaState

__all__ = ["Solver", "OutOfTime", "position", "solve_cards", "exact_horizon", "HORIZON"]

# cards in the hand of the seat to move from which the bot and hint solve sampled deals
# exactly, by the number of players in the deal. Chosen from the measured node counts
# (docs/games/matapesa.md): with 6 cards each a deal visits a few hundred positions
# (median; about a millisecond) and at worst about five thousand; with 7 cards each one
# to three thousand and up to twenty thousand, too dear for tens of deals a decision
# on a loaded machine.
HORIZON = {2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6}


def exact_horizon(players: int) -> int:
    """Cards each from which sampled deals are solved exactly."""
    return HORIZON.get(players, 3)


class OutOfTime(Exception):
    """The solver's deadline passed before the position was solved."""


class Solver:
    """Exact results for one table: ``n`` players in play order, ``cucumber`` pricing.

    Hands are indexed by place at the table (0…n−1 in play order), each a sorted tuple
    of ranks. ``result`` returns ``(loser place, rank that took the last trick)``.
    The memo is kept between calls (a sampled deal's candidate cards share it). With a
    ``deadline`` (``time.perf_counter()`` seconds) a search that runs past it raises
    :class:`OutOfTime`."""

    def __init__(self, n: int, cucumber: bool = False, paranoid_for: int | None = None,
                 deadline: float | None = None):
        self.n = n
        self.cucumber = cucumber
        self.paranoid_for = paranoid_for
        self.deadline = deadline
        self.memo: dict = {}
        self.nodes = 0

    # ---------------------------------------------------------------- moves
    @staticmethod
    def moves(hand: tuple[int, ...], count: int, top: int) -> list[int]:
        """One card of each rank the player may play, highest first."""
        if count == 0:
            ranks = set(hand)
        else:
            ranks = {r for r in hand if r >= top}
            ranks.add(hand[0])
        return sorted(ranks, reverse=True)

    def play(self, hands, turn, count, top, win, rank):
        """The position after ``turn`` plays ``rank``: (hands, turn, count, top, win),
        or ``(None, loser, rank)`` once the last trick is complete."""
        hand = hands[turn]
        i = hand.index(rank)
        hands = hands[:turn] + (hand[:i] + hand[i + 1:],) + hands[turn + 1:]
        if count == 0 or rank >= top:
            top, win = rank, turn
        count += 1
        if count < self.n:
            return hands, (turn + 1) % self.n, count, top, win
        if not hands[win]:
            return None, win, top
        return hands, win, 0, 0, -1

    def cost(self, place: int, result: tuple[int, int]) -> int:
        """What ``place`` pays for a result."""
        if result[0] != place:
            return 0
        return result[1] if self.cucumber else 1

    # ---------------------------------------------------------------- search
    def result(self, hands, turn, count=0, top=0, win=-1) -> tuple[int, int]:
        """The exact result of a position: (loser place, losing rank)."""
        key = (hands, turn, count, top, win)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 63 and time.perf_counter() > self.deadline:
            raise OutOfTime
        n = self.n
        if count == 0 and len(hands[turn]) == 1:
            # the last trick: everyone plays the card left, the highest (the later of equals) takes it
            top, win = 0, -1
            for k in range(n):
                place = (turn + k) % n
                if hands[place][0] >= top:
                    top, win = hands[place][0], place
            got = (win, top)
            self.memo[key] = got
            return got
        paranoid = self.paranoid_for
        best = None
        best_cost = None
        for rank in self.moves(hands[turn], count, top):
            after = self.play(hands, turn, count, top, win, rank)
            value = (after[1], after[2]) if after[0] is None else self.result(*after)
            if paranoid is not None:
                # the seat minimises its own cost, everyone else maximises it
                c = self.cost(paranoid, value)
                c = c if turn == paranoid else -c
            else:
                c = self.cost(turn, value)
            if best is None or c < best_cost:
                best, best_cost = value, c
                if c == 0 and paranoid is None:
                    break   # nothing is cheaper than paying nothing; the highest such card
                if paranoid is not None and c == (0 if turn == paranoid else -self.worst()):
                    break
        self.memo[key] = best
        return best

    def worst(self) -> int:
        return 14 if self.cucumber else 1

    def card_results(self, hands, turn, count=0, top=0, win=-1) -> dict[int, tuple[int, int]]:
        """Each rank the player to move may play, with the exact result after it."""
        out = {}
        for rank in self.moves(hands[turn], count, top):
            after = self.play(hands, turn, count, top, win, rank)
            out[rank] = (after[1], after[2]) if after[0] is None else self.result(*after)
        return out


def position(state: MatapesaState, ranks: dict[int, list[int]] | None = None):
    """A game state as the solver's position: (places in play order, hands, turn, count,
    top, win). ``ranks`` (seat → ranks) replaces the hands, e.g. a sampled deal."""
    seats = list(state.seats)
    place = {s: i for i, s in enumerate(seats)}
    if ranks is None:
        ranks = {s: [c.rank for c in state.hands[s]] for s in seats}
    hands = tuple(tuple(sorted(int(r) for r in ranks[s])) for s in seats)
    top, win = 0, -1
    for s, c in state.trick:
        if c.rank >= top:
            top, win = int(c.rank), place[s]
    return seats, hands, place[state.turn], len(state.trick), top, win


def solve_cards(state: MatapesaState, ranks: dict[int, list[int]] | None = None, *,
                paranoid: bool = False, solver: Solver | None = None) -> dict[int, tuple[int, int]]:
    """For the seat to move: each rank it may play → (loser seat, rank that took the last
    trick), every hand as in ``state`` (or ``ranks``), everyone playing exactly."""
    seats, hands, turn, count, top, win = position(state, ranks)
    if solver is None:
        solver = Solver(len(seats), state.options.match == CUCUMBER, turn if paranoid else None)
    results = solver.card_results(hands, turn, count, top, win)
    return {rank: (seats[loser], lost) for rank, (loser, lost) in results.items()}
