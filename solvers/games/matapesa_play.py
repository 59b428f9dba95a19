"""Mätäpesä's rules of thumb.

The last trick is lost by the highest of the cards the players keep to the end (the
later of equal ones). So a player wants to shed high cards while the rules let them and
keep their lowest card for last. Heading a trick is the only way to get rid of a high
card when following, and the lead lets a player throw any card: so play the highest
card allowed. A player who cannot head must throw their lowest card anyway.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action, Hint, State, card_action
from solvers.games.matapesa import card_order, rank_name

__all__ = ["heuristic_card", "heuristic_bot", "heuristic_hint"]


def heuristic_card(state: State, seat: int) -> Card:
    """The rules of thumb's card: the highest card allowed (any copy of a rank will do)."""
    cards = state.playable(seat)
    return max(cards, key=card_order)


def heuristic_bot(state: State, seat: int, rng: Rng) -> Action:
    """Play the highest card the rules allow."""
    return card_action("play", heuristic_card(state, seat))


def heuristic_hint(state: State, seat: int) -> Hint:
    """The rules of thumb's card with its reason."""
    card = heuristic_card(state, seat)
    top = state.highest()
    hand = state.hands[seat]
    if len(hand) == 1:
        reason = f"{card.pretty()} is your last card"
    elif top is None:
        reason = (f"Lead {card.pretty()}, your highest card: the lead is the one chance to throw any card, "
                  f"so shed a high one and keep your low cards for the last trick")
    elif card.rank >= top.rank:
        reason = (f"Head the trick with {card.pretty()}, the highest card you hold: shed high cards while "
                  f"the rules let you, and keep your low cards for the last trick")
    else:
        reason = (f"You hold nothing of {rank_name(top.rank)} or higher, so you must throw your lowest card, "
                  f"{card.pretty()}")
    return Hint(card_action("play", card), reason, {"kind": "rules of thumb"}, [], method="heuristic")
