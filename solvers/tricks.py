"""Shared trick-taking machinery (GAMES.md 2.0): following suit and who wins a trick."""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping, Sequence, TypeVar

from solvers.cards import Card, Rank, parse_card
from solvers.errors import CardsageError

_S = TypeVar("_S")
_FIELDS: dict[type, frozenset[str]] = {}


def evolve(state: _S, **changes) -> _S:
    """A copy of a frozen dataclass ``state`` with ``changes``: what ``dataclasses.replace``
    gives, for a class without ``__post_init__``, at a fraction of its cost.

    Only the dataclass fields are copied, so what a state caches in its ``__dict__`` (its
    legal actions) is not carried over to a state it no longer describes. Trick-taking
    states take a step per card, and the sampled search plays thousands of cards a second.
    """
    cls = type(state)
    names = _FIELDS.get(cls)
    if names is None:
        if (not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__")
                or not all(f.init for f in dataclasses.fields(cls))):
            raise TypeError(f"{cls.__name__} is not a dataclass of plain fields without __post_init__")
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    fresh = state.__dict__.copy()
    if len(fresh) > len(names):
        # __init__ set the fields first; whatever came after is a cache
        for key in list(fresh)[len(names):]:
            del fresh[key]
    fresh.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", fresh)
    return new


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less ``card`` (which it holds once). The card is looked for as the same
    object first: the bots play the very cards of the hand, and comparing cards field by
    field costs more than the search."""
    for at, held in enumerate(hand):
        if held is card:
            break
    else:
        at = hand.index(card)
    return hand[:at] + hand[at + 1:]


ALL_RANKS = (1 << (Rank.ACE + 1)) - 1
"""Every rank's bit (ranks 2 to 14, the ace high), for rank masks of a suit."""

RANKS_ABOVE = tuple(ALL_RANKS & ~((1 << (rank + 1)) - 1) for rank in range(Rank.ACE + 1))
"""Per rank, the bits of the ranks above it."""


def played_rank_masks(cards: Iterable[Card]) -> list[int]:
    """Per suit, a bit for each rank among ``cards`` (the cards played so far)."""
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[c.suit] |= 1 << c.rank
    return masks


def hand_codes_and_masks(hands: Iterable[Sequence[Card]]) -> tuple[list[list[int]], list[list[int]]]:
    """Each hand's cards as small numbers (the rank, the suit above it), in the hand's
    order, and the hand's rank mask per suit: what quick play on bit masks reads."""
    codes, masks = [], []
    for hand in hands:
        hand_codes, hand_masks = [], [0, 0, 0, 0]
        for c in hand:
            suit, rank = c.suit, c.rank
            hand_codes.append(rank | suit << 4)
            hand_masks[suit] |= 1 << rank
        codes.append(hand_codes)
        masks.append(hand_masks)
    return codes, masks


def is_master(card: Card, played: Sequence[int], mine: Iterable[Card]) -> bool:
    """True when no card unseen by the holder of ``mine`` outranks ``card`` in its suit:
    every higher rank is among the ranks ``played`` (a mask per suit) or in ``mine``."""
    suit = card.suit
    gone = played[suit]
    for c in mine:
        if c.suit == suit:
            gone |= 1 << c.rank
    above = RANKS_ABOVE[card.rank]
    return gone & above == above


def cards_that_follow(hand: Iterable[Card], led: Card | None) -> list[Card]:
    """The cards of ``hand`` that may be played: the led suit if held, else anything."""
    hand = list(hand)
    if led is None:
        return hand
    same = [c for c in hand if c.suit == led.suit]
    return same or hand


def trick_winner(plays: Sequence[tuple[int, Card]], trump: int | None) -> int:
    """Seat that wins a trick: the highest trump, else the highest card of the led suit."""
    return _winning_play(plays, trump)[0]


def _winning_play(plays: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card]:
    # a card beats the best so far by ranking above it in its suit, or by trumping it
    best_play = plays[0]
    best = best_play[1]
    for play in plays[1:]:
        card = play[1]
        if card.rank > best.rank if card.suit == best.suit else (trump is not None and card.suit == trump):
            best_play, best = play, card
    return best_play


def current_winner(plays: Sequence[tuple[int, Card]], trump: int | None) -> tuple[int, Card] | None:
    """The seat and card winning the trick so far (None before the lead)."""
    if not plays:
        return None
    return _winning_play(plays, trump)


def parse_four_hands(deal: Any, shape: str) -> tuple[int, list[list[Card]]]:
    """Read ``{"dealer": 0, "hands": [13 cards] x4}`` (seat 0 first) for a 52-card game.

    ``shape`` names the object in the error for a deal that is not one (e.g. "a Whist
    deal is an object with …"). Every card must be a distinct standard card; returns the
    dealer and the four hands as given.
    """
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < 4:
        raise CardsageError("deal.dealer must be a seat from 0 to 3", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise CardsageError("deal.hands must list the four hands, seat 0 first", field="deal.hands")
    parsed: list[list[Card]] = []
    seen: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        if hand is not None and not isinstance(hand, (str, list)):
            raise CardsageError(f"hand {seat} must be a list of cards", field=f"deal.hands.{seat}")
        cards = [parse_card(c) for c in (hand.split() if isinstance(hand, str) else hand or [])]
        if len(cards) != 13:
            raise CardsageError(f"hand {seat} has {len(cards)} cards; each hand needs 13",
                                field=f"deal.hands.{seat}")
        for c in cards:
            if not c.is_standard or c.copy:
                raise CardsageError(f"{c} is not a card of the standard pack", field=f"deal.hands.{seat}")
            if c in seen:
                raise CardsageError(f"{c} is dealt twice (hands {seen[c]} and {seat})",
                                    field=f"deal.hands.{seat}")
            seen[c] = seat
        parsed.append(cards)
    return dealer, parsed
