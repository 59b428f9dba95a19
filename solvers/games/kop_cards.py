"""Kop's 16-card pack, its trump ladder and the must follow / must trump / must win rule.

Twelve cards are trumps and form one suit, high to low: A♥ 10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥
J♦ A♦ 10♦. The other four cards make two plain suits of two cards: clubs (A♣ > 10♣)
and spades (A♠ > 10♠). Card points: ace 11, ten 10, queen 3, jack 2 (104 a deal).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from solvers.cards import Card, Suit, parse_card

__all__ = [
    "PACK", "TRUMP_LADDER", "TRUMPS", "TRUMP", "TOTAL_POINTS", "WIN_POINTS", "QUEEN_CLUBS",
    "QUEEN_SPADES", "BLACK_QUEENS", "CALL_ORDER", "suit_of", "power", "points", "beats",
    "winning_play", "legal_cards", "shown_absent", "display_key", "ladder_text", "SUIT_WORDS",
]

TRUMP = "T"
TRUMP_LADDER: tuple[Card, ...] = tuple(parse_card(c) for c in
                                       ("AH", "TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD"))
TRUMPS = frozenset(TRUMP_LADDER)
PACK: tuple[Card, ...] = TRUMP_LADDER + tuple(parse_card(c) for c in ("AC", "TC", "AS", "TS"))
_POINTS = {14: 11, 10: 10, 12: 3, 11: 2}
TOTAL_POINTS = 104
WIN_POINTS = 53
QUEEN_CLUBS = parse_card("QC")
QUEEN_SPADES = parse_card("QS")
BLACK_QUEENS = (QUEEN_CLUBS, QUEEN_SPADES)
# a player holding both black queens calls the holder of the first jack here it lacks
CALL_ORDER: tuple[Card, ...] = tuple(parse_card(c) for c in ("JC", "JS", "JH", "JD"))
SUIT_WORDS = {TRUMP: "trumps", "C": "clubs", "S": "spades"}
_LADDER_INDEX = {c: i for i, c in enumerate(TRUMP_LADDER)}


def suit_of(card: Card) -> str:
    """The suit a card is played as: ``T`` for every trump, else ``C`` or ``S``."""
    return TRUMP if card in TRUMPS else Suit(card.suit).letter


def power(card: Card) -> int:
    """How high a card stands within its suit (higher wins)."""
    if card in TRUMPS:
        return 100 - _LADDER_INDEX[card]
    return card.rank


def points(card: Card) -> int:
    """Card points: ace 11, ten 10, queen 3, jack 2."""
    return _POINTS[card.rank]


def beats(card: Card, best: Card) -> bool:
    """True when ``card`` takes the trick from ``best``, the card winning it so far."""
    if card in TRUMPS:
        return best not in TRUMPS or power(card) > power(best)
    return suit_of(card) == suit_of(best) and power(card) > power(best)


def winning_play(plays: Sequence[tuple[int, Card]]) -> tuple[int, Card]:
    """The seat and card winning a (possibly unfinished) trick."""
    best = plays[0]
    for play in plays[1:]:
        if beats(play[1], best[1]):
            best = play
    return best


def legal_cards(hand: Iterable[Card], trick: Sequence[Card]) -> list[Card]:
    """Cards ``hand`` may play to ``trick`` (the cards played so far, in order).

    Follow suit; unable, trump; and among the cards so allowed, one that wins the
    trick as it stands if there is one. Without the led suit or a trump: any card."""
    hand = list(hand)
    if not trick:
        return hand
    led = suit_of(trick[0])
    allowed = [c for c in hand if suit_of(c) == led]
    if not allowed:
        allowed = [c for c in hand if c in TRUMPS] or hand
    best = winning_play(list(enumerate(trick)))[1]
    return [c for c in allowed if beats(c, best)] or allowed


def shown_absent(trick: Sequence[Card], card: Card) -> frozenset[Card]:
    """Cards a player has shown it does not hold by playing ``card`` to ``trick``.

    Not following shows a void in the led suit, a plain card on a plain lead of another
    suit shows no trumps either, and a card that does not win shows that the player had
    no card of the same obligation that would have won."""
    if not trick:
        return frozenset()
    led = suit_of(trick[0])
    best = winning_play(list(enumerate(trick)))[1]
    played = suit_of(card)
    out: set[Card] = set()
    if played != led:
        out.update(c for c in PACK if suit_of(c) == led)
        if played != TRUMP:
            out.update(TRUMPS)
    obliged = led if played == led else TRUMP if played == TRUMP else None
    if obliged is not None and not beats(card, best):
        out.update(c for c in PACK if suit_of(c) == obliged and beats(c, best))
    return frozenset(out)


def display_key(card: Card) -> tuple[int, int]:
    """Trumps high to low, then clubs, then spades."""
    if card in TRUMPS:
        return (0, _LADDER_INDEX[card])
    return (1 if card.suit == Suit.CLUBS else 2, -card.rank)


def ladder_text() -> str:
    """The trump ladder, high to low, as players write it."""
    return " ".join(c.pretty() for c in TRUMP_LADDER)
