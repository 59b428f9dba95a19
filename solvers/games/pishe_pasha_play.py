"""Pishe Pasha's rules of thumb: what a careful player does without looking ahead.

* Foundation plays first, always (even where Stop! calls would allow skipping one), the top
  of your own pile before the turned card.
* Give cards to the opponent whenever one fits their pile; of several, give the one that
  leaves you another give or a foundation play next (a chain), and avoid handing over a
  card that will fit a foundation soon (they would play it up on their turn).
* Nothing else fits: the turned card goes on your own pile.
* When the opponent skipped a foundation play, call Stop! and end their turn: the card
  stays with them and you take the turn.
"""

from __future__ import annotations

from solvers.cards import Card, Rng, parse_card
from solvers.game import Action, card_action
from solvers.games.pishe_pasha import (
    ALLOW, DISCARD, FOUND, GIVE, STOP, PishePashaState, fits_foundation, neighbours, value,
)

__all__ = ["heuristic_choice", "heuristic_bot", "give_score"]


def give_score(state: PishePashaState, seat: int, card: Card) -> int:
    """How good giving ``card`` looks: +2 for each known card of ours that could follow it
    (onto it, or up a foundation), -2 when it is one card short of its foundation."""
    rest = [c for c in state.exposed(seat) if c != card]
    if card != state.current and len(state.discards[seat]) >= 2:
        rest.append(state.discards[seat][-2])    # the card it uncovers on our pile
    wrap = state.options.wrap_king_ace
    score = sum(2 for c in rest if neighbours(c, card, wrap) or fits_foundation(c, state.foundations))
    if state.foundations[card.suit] == value(card) - 2:
        score -= 2
    if card != state.current:
        score += 1      # emptying the pile beats turning a new card: the pile's cards are known
    return score


def heuristic_choice(state: PishePashaState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's move for ``seat`` and why, in a player's words."""
    legal = state.legal_actions(seat)
    if state.pending:
        if Action(STOP) in legal:
            return Action(STOP), ("call Stop! and end their turn: the skipped card stays with them and "
                                  "the turn is yours")
        return Action(ALLOW), "let the move stand"
    ups = [a for a in legal if a.kind == FOUND]
    if ups:
        # the pile's top first: should the stock run out while new cards are turned, the pile
        # is turned over and a card waiting on it would be buried
        up = ups[-1]
        return up, f"{up.args[0]} goes up to its foundation: foundation plays come first"
    gives = [a for a in legal if a.kind == GIVE]
    if gives:
        best = max(gives, key=lambda a: give_score(state, seat, parse_card(a.args[0])))
        return best, (f"give {best.args[0]} to your opponent's pile: one card fewer for you, one more for "
                      f"them, and it leaves them the least to build on")
    return card_action(DISCARD, state.current), "nothing fits: the turned card goes on your pile and the turn ends"


def heuristic_bot(state: PishePashaState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]

