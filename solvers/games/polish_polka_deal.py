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
from typing import Any

from solvers.cards import Card, Rng, pack_with_jokers
from solvers.deals import DealReader
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
    full = pack(jokers)
    reader = DealReader(deal, full, shape=shape, fields=("dealer", "layouts", "discard", "stock"), example="7H",
                        fill_copies=True, pack_name=f"this pack (two 52-card packs and {jokers} jokers)")
    dealer = reader.seat("dealer", players)
    layouts = [tuple(lay) for lay in reader.hands(players, LAYOUT, key="layouts", what="layout")]
    rest: list[Card] = []
    if deal.get("discard") is not None:
        rest += reader.optional("discard", "the discard", size=1)
    elif deal.get("stock") is not None:
        raise CardsageError("give the turned discard when you give the stock", field="deal.discard")
    if deal.get("stock") is not None:
        rest += reader.rest("stock", rng)
    else:
        rest += rng.shuffled(sorted(reader.undealt()))
    return dealer, layouts, rest
