"""Empat Satu's rules of thumb, and the words that explain a decision.

* Discard the card whose loss leaves the best hand: a card outside the suit you keep
  counts against you, so it goes first, the biggest first; between equal hands keep the
  one with the better worst cards (that settles ties), and discard the lower card.
* Take the previous discard only when it raises your hand by at least ``TAKE_GAIN``
  points (after your best discard): a stock card is a fresh chance, and taking shows the
  table which suit you collect.
* Once the stock is empty, take the discard if it helps at all; otherwise end the play.
* Stop with four of a suit when the hand is worth at least the bar for how far play has
  gone: early on the others still hold near-random hands (worth about nothing), so a
  modest flush wins; every round they improve, so the bar rises by ``STOP_RISE`` a round.

The decisions work on plain card lists, so the search's play-outs use the very same rules.
"""

from __future__ import annotations

from typing import Sequence

from solvers.cards import Card, Rng
from solvers.game import Action, card_action
from solvers.games.empat_satu import DISCARD, DISCARD_PHASE, DRAW, END, STOP, TAKE, EmpatSatuState
from solvers.games.empat_satu_cards import best_suit, card_value, hand_value, rank_key, suit_totals

__all__ = ["best_discard", "take_gain", "stop_bar", "draw_choice", "heuristic_choice", "heuristic_bot",
           "suit_name", "show"]

TAKE_GAIN = 4
STOP_BASE = 14
STOP_RISE = 4
STOP_CAP = 35
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def suit_name(suit: int) -> str:
    """The suit's name in the plural (``hearts``)."""
    return SUIT_NAMES[suit]


def show(cards: Sequence[Card]) -> str:
    """Cards as a player writes them (``A♥ K♥ 7♥``), highest first."""
    return " ".join(c.pretty() for c in sorted(cards, key=lambda c: (-card_value(c), -c.rank, c.suit)))


def best_discard(hand: Sequence[Card], banned: Card | None = None) -> Card:
    """The card to discard from five: the one leaving the best hand (then the better worst
    cards, then the lower card)."""
    totals = suit_totals(hand)
    whole = sum(totals)
    best, best_key, ties = None, None, []
    for card in hand:
        if card is banned or card == banned:
            continue
        value = card_value(card)
        totals[card.suit] -= value
        key = (2 * max(totals) - whole + value, -value, -card.rank, -card.suit)
        totals[card.suit] += value
        if best_key is None or key[0] > best_key[0]:
            ties = [card]
        elif key[0] == best_key[0]:
            ties.append(card)
        if best_key is None or key > best_key:
            best, best_key = card, key
    if len(ties) > 1:
        # equal values: the better worst cards decide ties at the show-down
        best = max(ties, key=lambda c: (rank_key([d for d in hand if d is not c]), -card_value(c), -c.rank,
                                        -c.suit))
    return best


def take_gain(hand: Sequence[Card], offer: Card) -> int:
    """How much taking ``offer`` raises the hand, after the best discard (which may not be it)."""
    five = list(hand) + [offer]
    out = best_discard(five, offer)
    return hand_value([c for c in five if c is not out]) - hand_value(hand)


def stop_bar(rounds_done: int) -> int:
    """The hand value worth stopping with after this many rounds of turns."""
    return min(STOP_CAP, STOP_BASE + STOP_RISE * rounds_done)


def draw_choice(hand: Sequence[Card], offer: Card | None, stock_left: int, rounds_done: int) -> str:
    """The start of a turn by the rules of thumb: ``stop``, ``take``, ``draw`` or ``end``."""
    if len({c.suit for c in hand}) == 1 and hand_value(hand) >= stop_bar(rounds_done):
        return STOP
    if offer is not None:
        gain = take_gain(hand, offer)
        if gain >= (TAKE_GAIN if stock_left else 1):
            return TAKE
    return DRAW if stock_left else END


def heuristic_choice(state: EmpatSatuState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player understands."""
    hand = state.hands[seat]
    if state.phase == DISCARD_PHASE:
        card = best_discard(hand, state.taken)
        rest = [c for c in hand if c != card]
        suit = best_suit(rest)
        plan = f"keep the {suit_name(suit)} for {hand_value(rest)} ({show(rest)})"
        if card.suit != suit:
            return card_action(DISCARD, card), f"{plan}; discard {card.pretty()}: it counts against your " \
                                               f"{suit_name(suit)}"
        return card_action(DISCARD, card), f"{plan}; {card.pretty()} is your weakest card of the suit"
    rounds = state.turns_done // state.players
    offer = state.offer
    choice = draw_choice(hand, offer, len(state.stock), rounds)
    value = hand_value(hand)
    if choice == STOP:
        return Action(STOP), (f"stop: your four {suit_name(hand[0].suit)} count {value}, at least the "
                              f"{stop_bar(rounds)} worth stopping with after {rounds} round(s)")
    if choice == TAKE:
        gain = take_gain(hand, offer)
        return card_action(TAKE, offer), f"take {offer.pretty()}: it raises your hand by {gain} to {value + gain}"
    if choice == DRAW:
        why = "draw from the stock"
        if offer is not None:
            why += f": {offer.pretty()} would raise your hand by only {max(0, take_gain(hand, offer))}"
        return Action(DRAW), why
    return Action(END), (f"end the play: the stock is empty and {offer.pretty()} does not help your hand "
                         f"({value})" if offer is not None else "end the play: the stock is empty")


def heuristic_bot(state: EmpatSatuState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb action."""
    return heuristic_choice(state, seat)[0]
