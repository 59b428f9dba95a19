"""Bura's cards: the 36-card pack, card order and points, what beats what, the special
combinations, and reading an explicit deal.

Per suit the cards rank A > 10 > K > Q > J > 9 > 8 > 7 > 6 and are worth A 11, 10 10,
K 4, Q 3, J 2, the rest nothing: 120 card points in the pack.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Iterable, Mapping, Sequence

from solvers.cards import Card, parse_card, stripped_pack
from solvers.errors import CardsageError

PACK_POINTS = 120
HAND_SIZE = 3
CLAIM_TARGET = 31

# strength within a suit: the ten ranks just below the ace
POWER = {14: 8, 10: 7, 13: 6, 12: 5, 11: 4, 9: 3, 8: 2, 7: 1, 6: 0}
POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}

# the special combinations, by priority (higher first)
BURA, ACES, MOLODKA = "bura", "aces", "molodka"
PRIORITY = {BURA: 3, ACES: 2, MOLODKA: 1}
COMBINATION_NAMES = {BURA: "Bura (three trumps)", ACES: "three aces",
                     MOLODKA: "Molodka (three cards of one plain suit)"}


def bura_pack() -> list[Card]:
    """The 36-card pack: A, K, Q, J, 10, 9, 8, 7, 6 in each suit."""
    return stripped_pack(range(6, 15))


def card_points(cards: Iterable[Card]) -> int:
    """Card points of some cards (A 11, 10 10, K 4, Q 3, J 2)."""
    return sum(POINTS.get(c.rank, 0) for c in cards)


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: spades, hearts, diamonds, clubs; strongest first within a suit."""
    return (-card.suit, -POWER[card.rank])


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the order actions name them."""
    return tuple(sorted(cards, key=card_order))


def card_beats(card: Card, other: Card, trump: int) -> bool:
    """True when ``card`` beats ``other``: a higher card of its suit, or a trump over a plain card."""
    if card.suit == other.suit:
        return POWER[card.rank] > POWER[other.rank]
    return card.suit == trump


def play_beats(cards: Sequence[Card], best: Sequence[Card], trump: int) -> bool:
    """True when ``cards`` beat the play ``best`` of as many cards: the cards can be paired
    one to one with ``best`` so that each beats its partner (a perfect matching in the
    bipartite graph of "beats"; with at most three cards every pairing is tried)."""
    if len(cards) != len(best):
        return False
    return any(all(card_beats(c, b, trump) for c, b in zip(order, best)) for order in permutations(cards))


def combination_of(hand: Sequence[Card], trump: int) -> str | None:
    """The special combination a three-card hand forms, if any (a hand forms at most one)."""
    if len(hand) != HAND_SIZE:
        return None
    suits = {c.suit for c in hand}
    if suits == {trump}:
        return BURA
    if all(c.rank == 14 for c in hand):
        return ACES
    if len(suits) == 1:
        return MOLODKA
    return None


def leads_from(hand: Sequence[Card], trump: int, aces_together: bool) -> list[tuple[Card, ...]]:
    """Every lead a hand allows: one card, or two or three cards of one suit (and three
    aces together where allowed)."""
    leads = [(c,) for c in hand]
    for size in (2, 3):
        for group in combinations(hand, size):
            if len({c.suit for c in group}) == 1:
                leads.append(group)
    if aces_together and combination_of(hand, trump) == ACES:
        leads.append(tuple(hand))
    return sorted({canonical(g) for g in leads}, key=lambda g: (len(g), [card_order(c) for c in g]))


def responses_from(hand: Sequence[Card], count: int) -> list[tuple[Card, ...]]:
    """Every answer of ``count`` cards a hand allows (any cards at all)."""
    return sorted({canonical(g) for g in combinations(hand, count)}, key=lambda g: [card_order(c) for c in g])


def parse_deal(deal: Any, players: int) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the pack in dealing order.

    The deal is ``{"dealer": 0, "hands": [[3 cards] per seat, seat 0 first], "turned": "9D",
    "stock": [the other cards, top first]}``. The turned card fixes trumps and is drawn
    last. Without ``stock`` the rest of the pack lies in pack order (see the docs).
    """
    shape = ("a Bura deal is an object with 'dealer', 'hands' (three cards for each seat, seat 0 first), "
             "'turned' (the trump card) and 'stock' (the other cards, top first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    unknown = sorted(set(deal) - {"dealer", "hands", "turned", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {players - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise CardsageError(f"deal.hands must list {players} hands, seat 0 first", field="deal.hands")
    pack = set(bura_pack())
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str) -> list[Card]:
        if not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = []
        for text in cards.split() if isinstance(cards, str) else cards:
            if not isinstance(text, str):
                raise CardsageError(f"{where} must list cards as text like 'AS'", field=field)
            card = parse_card(text)
            if card not in pack:
                raise CardsageError(f"{card} is not in the 36-card Bura pack (A, K, Q, J, 10 down to 6)",
                                    field=field)
            if card in seen:
                raise CardsageError(f"{card} is dealt twice ({seen[card]} and {where})", field=field)
            seen[card] = where
            out.append(card)
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}") for s, h in enumerate(hands)]
    for s, cards in enumerate(parsed):
        if len(cards) != HAND_SIZE:
            raise CardsageError(f"hand {s} has {len(cards)} cards; every hand needs {HAND_SIZE}",
                                field=f"deal.hands.{s}")
    if "turned" not in deal:
        raise CardsageError("deal.turned must name the card turned up for trumps", field="deal.turned")
    if not isinstance(deal["turned"], str):
        raise CardsageError("deal.turned must be one card, like '9D'", field="deal.turned")
    (turned,) = read([deal["turned"]], "the turned card", "deal.turned")
    rest = [c for c in bura_pack() if c not in seen]
    if "stock" in deal:
        stock = read(deal["stock"], "the stock", "deal.stock")
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} cards not dealt or turned; "
                                f"missing: {missing}", field="deal.stock")
        rest = stock
    deck = [parsed[(dealer + 1 + i) % players][i // players] for i in range(HAND_SIZE * players)]
    return dealer, deck + [turned] + rest
