"""Reading an explicit deal given as JSON, so a real table's deal can be replayed.

Every game's ``new(deal=...)`` takes a JSON object (hands, stock order, turned cards: what
the game needs). ``DealReader`` does the checking they share: the object's shape, a seat
number, lists of cards in any accepted notation, each card in the game's pack and dealt
only once, hands of the right size, and the undealt rest either given in order or
shuffled from the match seed. Every refusal names the field and what is wrong with it.

    reader = DealReader(deal, PACK, shape="a Sedma deal is an object with 'dealer', 'hands' …",
                        pack_name="the 32-card pack (A K Q J 10 9 8 7)")
    dealer = reader.seat("dealer", players)
    hands = reader.hands(players, 4)
    stock = reader.rest("stock", rng)
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from solvers.cards import Card, Rng, parse_card
from solvers.errors import CardsageError

__all__ = ["DealReader"]


class DealReader:
    """Checks the parts of one explicit deal against a pack, each card dealt at most once
    (``fields``: the keys a deal may have; any other is refused)."""

    def __init__(self, deal: Any, pack: Sequence[Card], *, shape: str, pack_name: str = "the pack",
                 fields: Sequence[str] | None = None, example: str = "AS", fill_copies: bool = False):
        """``example``: a card of the pack, named when a card is not a string; ``fill_copies``:
        for a pack of numbered copies (``7H#1``, ``7H#2``), a card written without its index
        (``7H``) is the first of its copies not dealt yet."""
        if not isinstance(deal, Mapping):
            raise CardsageError(shape, field="deal")
        unknown = sorted(str(k)[:30] for k in deal if fields is not None and k not in fields)
        if unknown:
            raise CardsageError(f"unknown deal field(s) {', '.join(unknown[:5])}; {shape}", field="deal")
        self.deal = deal
        self.pack = list(pack)
        self.pack_name = pack_name
        self.example = example
        self._in_pack = set(pack)
        self._copies: dict[Card, list[Card]] = {}
        if fill_copies:
            for card in self.pack:
                if card.copy:
                    self._copies.setdefault(card.face, []).append(card)
        self.seen: dict[Card, str] = {}

    def seat(self, key: str, players: int, *, default: int | None = 0, names: Sequence[str] = ()) -> int:
        """A seat number (e.g. the dealer) from 0 to ``players`` − 1 (``names``: the seats' names,
        said in the refusal)."""
        value = self.deal.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
            named = f" ({', '.join(f'{s} {name}' for s, name in enumerate(names))})" if names else ""
            raise CardsageError(f"deal.{key} must be a seat from 0 to {players - 1}{named}", field=f"deal.{key}")
        return value

    def cards(self, value: Any, where: str, field: str, *, size: int | None = None) -> list[Card]:
        """A list of cards (or one string of cards separated by spaces or commas), each in the
        pack and not dealt before; exactly ``size`` of them when given."""
        if not isinstance(value, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        texts = [t for t in re.split(r"[\s,]+", value) if t] if isinstance(value, str) else value
        out = []
        for text in texts:
            if not isinstance(text, str):
                raise CardsageError(f"{where} must list cards as strings like {self.example!r}, got {text!r}"[:200],
                                    field=field)
            try:
                card = parse_card(text)
            except CardsageError as error:
                raise CardsageError(f"{where}: {error.message}", field=field) from None
            if card not in self._in_pack and card in self._copies:
                card = self._free_copy(card, where, field)
            if card not in self._in_pack:
                raise CardsageError(f"{card} is not in {self.pack_name}", field=field)
            if card in self.seen:
                raise CardsageError(f"{card} is dealt twice ({self.seen[card]} and {where})", field=field)
            self.seen[card] = where
            out.append(card)
        if size is not None and len(out) != size:
            raise CardsageError(f"{where} has {len(out)} cards; it needs {size}", field=field)
        return out

    def _free_copy(self, card: Card, where: str, field: str) -> Card:
        """The first copy of ``card`` not dealt yet (``fill_copies``)."""
        copies = self._copies[card]
        for copy in copies:
            if copy not in self.seen:
                return copy
        times = {1: "once", 2: "twice"}.get(len(copies), f"{len(copies)} times")
        raise CardsageError(f"{card} is dealt more than {times} (the pack has {len(copies)} of each card; "
                            f"last at {where})", field=field)

    def hands(self, players: int, size: int | Sequence[int], *, key: str = "hands",
              what: str = "hand") -> list[list[Card]]:
        """One hand a seat, seat 0 first, of ``size`` cards each (or ``size[seat]``); ``what``
        names one of them in a refusal (a "stock", a "layout": "deal.stocks must list 2 stocks")."""
        value = self.deal.get(key)
        if not isinstance(value, list) or len(value) != players:
            raise CardsageError(f"deal.{key} must list {players} {what}s, seat 0 first", field=f"deal.{key}")
        sizes = [size] * players if isinstance(size, int) else list(size)
        return [self.cards(hand, f"{what} {s}", f"deal.{key}.{s}", size=sizes[s]) for s, hand in enumerate(value)]

    def one_each(self, key: str, players: int, where: str) -> list[Card]:
        """One card a seat, seat 0 first (e.g. Red7's palettes): a list of ``players`` cards."""
        value = self.deal.get(key)
        if not isinstance(value, (str, list)):
            raise CardsageError(f"deal.{key} must list {players} cards, one per seat", field=f"deal.{key}")
        return self.cards(value, where, f"deal.{key}", size=players)

    def optional(self, key: str, where: str, *, size: int | None = None) -> list[Card] | None:
        """The cards under ``key`` when the deal gives them, else None."""
        if self.deal.get(key) is None:
            return None
        return self.cards(self.deal[key], where, f"deal.{key}", size=size)

    def undealt(self) -> list[Card]:
        """The cards of the pack not dealt so far, in pack order."""
        return [c for c in self.pack if c not in self.seen]

    def rest(self, key: str, rng: Rng, *, where: str = "the stock") -> list[Card]:
        """The undealt cards: in the order the deal gives under ``key`` (the next card first),
        which must be exactly the cards left, or shuffled from ``rng`` when it gives none."""
        left = self.undealt()
        if self.deal.get(key) is None:
            return rng.shuffled(left)
        given = self.cards(self.deal[key], where, f"deal.{key}")
        if len(given) != len(left):
            absent = [str(c) for c in left if c not in set(given)]
            missing = ", ".join(absent[:12]) + (f" and {len(absent) - 12} more" if len(absent) > 12 else "")
            raise CardsageError(f"{where} must hold the {len(left)} undealt cards; missing: {missing}",
                                field=f"deal.{key}")
        return given
