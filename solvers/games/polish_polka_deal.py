"""Polish Polka's pack and the reading of an explicit deal.

The pack is two 52-card packs (copies ``#1`` and ``#2``) and 2 or 4 jokers (``X1``…).
An explicit deal is ``{"dealer": 0, "layouts": [[six cards, row by row], … one per seat,
seat 0 first], "discard": "7H#1", "stock": [the rest, the next drawn first]}``. A card
may be written without its copy index (``7H``): it is then the first copy not yet used.
``discard`` and ``stock`` may be left out (the rest is then shuffled from the match seed
and its top card turned); ``stock`` needs ``discard``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from solvers.cards import Card, Kind, Rng, pack_with_jokers, parse_card
from solvers.errors import CardsageError

__all__ = ["pack", "parse_deal", "LAYOUT"]

LAYOUT = 6


@lru_cache(maxsize=8)
def pack(jokers: int) -> tuple[Card, ...]:
    """Two standard packs and ``jokers`` jokers."""
    return tuple(pack_with_jokers(jokers, packs=2))


def parse_deal(deal: Any, players: int, jokers: int, rng: Rng) -> tuple[int, list[tuple[Card, ...]], list[Card]]:
    """Read an explicit deal; return the dealer, the layouts and the rest of the pack with the
    turned discard first and then the stock, next drawn first."""
    shape = ("a Polish Polka deal is an object with 'dealer' (a seat), 'layouts' (six cards for each "
             "seat, row by row, seat 0 first), optionally 'discard' (the turned card) and 'stock' "
             "(the other cards, next drawn first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    unknown = sorted(set(deal) - {"dealer", "layouts", "discard", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {players - 1}", field="deal.dealer")
    layouts = deal.get("layouts")
    if not isinstance(layouts, list) or len(layouts) != players:
        raise CardsageError(f"deal.layouts must list {players} layouts, seat 0 first", field="deal.layouts")
    full = pack(jokers)
    left = set(full)
    where: dict[Card, str] = {}

    def take(text: Any, place: str, field: str) -> Card:
        card = parse_card(text) if isinstance(text, str) else None
        if card is None:
            raise CardsageError(f"{place} must be a card like 7H or X1, got {text!r}", field=field)
        if card.kind == Kind.STANDARD and card.copy == 0:
            free = [Card(card.kind, card.suit, card.rank, k) for k in (1, 2)
                    if Card(card.kind, card.suit, card.rank, k) in left]
            if not free:
                raise CardsageError(f"{card} is dealt more than twice (the pack has two of each card; "
                                    f"last at {place})", field=field)
            card = free[0]
        if card not in set(full):
            raise CardsageError(f"{card} is not in this pack (two 52-card packs and {jokers} jokers)",
                                field=field)
        if card not in left:
            raise CardsageError(f"{card} is dealt twice ({where[card]} and {place})", field=field)
        left.discard(card)
        where[card] = place
        return card

    def cards_of(value: Any, place: str, field: str) -> list:
        if isinstance(value, str):
            value = value.split()
        if not isinstance(value, list):
            raise CardsageError(f"{place} must be a list of cards", field=field)
        return value

    parsed = []
    for seat, layout in enumerate(layouts):
        items = cards_of(layout, f"layout {seat}", f"deal.layouts.{seat}")
        if len(items) != LAYOUT:
            raise CardsageError(f"layout {seat} has {len(items)} cards; it needs {LAYOUT}",
                                field=f"deal.layouts.{seat}")
        parsed.append(tuple(take(c, f"layout {seat}", f"deal.layouts.{seat}") for c in items))
    rest: list[Card] = []
    if deal.get("discard") is not None:
        rest.append(take(deal["discard"], "the discard", "deal.discard"))
    elif deal.get("stock") is not None:
        raise CardsageError("give the turned discard when you give the stock", field="deal.discard")
    if deal.get("stock") is not None:
        items = cards_of(deal["stock"], "the stock", "deal.stock")
        stock = [take(c, "the stock", "deal.stock") for c in items]
        if left:
            missing = " ".join(str(c) for c in sorted(left)[:8])
            raise CardsageError(f"the deal leaves {len(left)} card(s) out, e.g. {missing}: the stock must "
                                f"hold every card not in a layout or the discard", field="deal.stock")
        rest += stock
    else:
        rest += rng.shuffled(sorted(left))
    return dealer, parsed, rest
