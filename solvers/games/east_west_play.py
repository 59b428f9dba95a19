"""East–West's rules of thumb: build toward made hands and dump dead cards in one row.

The seed gives no strategy tips; these are the ordinary ones of placement poker:

* Put a card where it makes or improves a combination: a pair, trips, quads, two pairs
  or a full house with the row's board card and the cards already there.
* Keep flush and straight draws alive: a card of a row's only suit, or one that still
  fits a five-rank window with the row's ranks, adds to the draw; a card that breaks a
  draw costs what the draw was worth.
* A card that helps nowhere goes to the row that is already weakest (a row you give up
  on), so the other two rows stay clean: two rows of three win the game.

Cards are handled as indexes 0–31 (:func:`solvers.games.east_west_hands.card_index`) so
the search can play whole games quickly with the same rules.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.east_west import PLACE, ROW_SIZE, EastWestState
from solvers.games.east_west_hands import card_index, hand_key

__all__ = ["row_potential", "choose_row", "heuristic_choice", "heuristic_bot"]

# what a made (five-card) hand is worth to the rules of thumb, by category
MADE = {"high-card": 0.0, "pair": 10.0, "two-pairs": 20.0, "three-of-a-kind": 28.0, "straight": 35.0,
        "flush": 45.0, "full-house": 53.0, "four-of-a-kind": 62.0, "straight-flush": 80.0}
SETS = {1: 0.0, 2: 10.0, 3: 28.0, 4: 62.0}
FLUSH_DRAW = {1: 0.0, 2: 1.5, 3: 4.5, 4: 11.0}
STRAIGHT_DRAW = {1: 0.0, 2: 1.0, 3: 3.0, 4: 7.0}
LOW_ACE = 6                      # the ace below the seven in A-7-8-9-10


def row_potential(cards: list[int], flush_high: bool = False, low_straight: bool = True) -> float:
    """What a row's cards (board card included, indexes) are worth toward a final hand."""
    ranks = [i % 8 + 7 for i in cards]
    if len(cards) == 5:
        category, key = hand_key(ranks, [i // 8 for i in cards], flush_high, low_straight)
        value = MADE[category]
        if flush_high and category in ("flush", "full-house"):
            value = MADE["full-house" if category == "flush" else "flush"]
        return value + key[1] / 20
    counts = Counter(ranks)
    value = sum(SETS[n] + (r / 20 if n > 1 else 0.0) for r, n in counts.items())
    if sorted(counts.values())[-2:] == [2, 3]:
        value += 15.0
    n = len(cards)
    if len({i // 8 for i in cards}) == 1:
        value += FLUSH_DRAW[n]
    if len(counts) == n and n > 1:
        if max(ranks) - min(ranks) <= 4 or (low_straight and 14 in counts and
                                             max(r for r in ranks if r != 14) - LOW_ACE <= 4):
            value += STRAIGHT_DRAW[n]
    return value + max(ranks) / 100


def choose_row(board: list[int], mine: list[list[int]], card: int, flush_high: bool = False,
               low_straight: bool = True) -> tuple[int, float, str]:
    """The row (0–2) for ``card`` by the rules of thumb, its gain and why.

    ``board``: the board card of each row; ``mine``: the cards already placed per row."""
    best = None
    for r in range(3):
        if len(mine[r]) >= ROW_SIZE:
            continue
        before = row_potential([board[r]] + mine[r], flush_high, low_straight)
        after = row_potential([board[r]] + mine[r] + [card], flush_high, low_straight)
        gain = after - before
        # equal gains: the weaker row takes the card (keep strong rows clean)
        key = (round(gain, 6), -before, -r)
        if best is None or key > best[0]:
            best = (key, r, gain, before)
    _, row, gain, before = best
    if gain >= 5:
        why = "it makes or improves a pair, trips or better there"
    elif gain > 0.5:
        why = "it keeps a flush or straight draw going there"
    else:
        why = "it helps no row, so it goes to your weakest row and keeps the others clean"
    return row, gain, why


def heuristic_choice(state: EastWestState, seat: int) -> tuple[int, str]:
    """The rules-of-thumb row (1–3) for the drawn card and why."""
    board = [card_index(c) for c in state.board]
    mine = [[card_index(c) for c in row] for row in state.rows[seat]]
    options = state.options
    row, _, why = choose_row(board, mine, card_index(state.drawn), options.flush_beats_full_house,
                             options.low_straight_a789t)
    return row + 1, f"place {state.drawn} in row {row + 1}: {why}"


def heuristic_bot(state: EastWestState, seat: int, rng: Rng) -> Action:
    """Place the drawn card by the rules of thumb."""
    return Action(PLACE, (str(heuristic_choice(state, seat)[0]),))
