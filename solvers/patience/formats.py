"""Deal formats: our JSON deal format and the Solvitaire JSON format.

Both formats are described in ``docs/patience-deals.md``. Every parser validates the
result, so a deal with a missing, duplicated or unknown card is refused with an error
naming the card.
"""

from __future__ import annotations

import json

from solvers.cards import Card, parse_card
from solvers.errors import CardsageError
from solvers.patience.position import Column, Position, GAMES, patience_rank, validate

UNSEEN = "??"


# ---------------------------------------------------------------- our format


def position_to_json(position: Position) -> dict:
    """A position in our JSON deal format (unseen cards are ``null``)."""
    return {
        "game": position.game,
        "ranks": position.ranks,
        "tableau": [{"down": [_out(c) for c in col.down], "up": [str(c) for c in col.up]}
                    for col in position.columns],
        "stock": [_out(c) for c in position.stock],
        "waste": [str(c) for c in position.waste],
        "foundations": [[str(c) for c in pile] for pile in position.foundations],
        "redeals_used": position.redeals_used,
        "single_pass": position.single_pass,
    }


def position_from_json(data: dict | str) -> Position:
    """Read our JSON deal format (a dict or JSON text) into a validated position."""
    data = _load(data)
    game = data.get("game", "klondike")
    if game not in GAMES:
        raise CardsageError(f"unknown patience game {game!r}; use klondike or forty-thieves", field="game")
    tableau = data.get("tableau")
    if not isinstance(tableau, list):
        raise CardsageError("a deal needs a \"tableau\" list of columns", field="tableau")
    columns = []
    for number, col in enumerate(tableau, 1):
        if isinstance(col, list):
            col = {"up": col}
        if not isinstance(col, dict):
            raise CardsageError(f"column {number} must be an object with \"down\" and \"up\"", field="tableau")
        columns.append(Column(_cards(col.get("down", []), "tableau", unseen_ok=True),
                              _cards(col.get("up", []), "tableau")))
    piles = 4 if game == "klondike" else 8
    foundations = _foundations(data.get("foundations"), piles, game)
    ranks = data.get("ranks", 13)
    position = Position(
        game, tuple(columns), foundations,
        _cards(data.get("stock", []), "stock", unseen_ok=True),
        _cards(data.get("waste", []), "waste"),
        ranks if isinstance(ranks, int) else _bad_ranks(),
        _int(data.get("redeals_used", 0), "redeals_used"),
        bool(data.get("single_pass", False)),
    )
    return validate(position)


def dumps(position: Position) -> str:
    """Our JSON deal format as text."""
    return json.dumps(position_to_json(position))


# ---------------------------------------------------------------- Solvitaire


def to_solvitaire(position: Position) -> dict:
    """A fully known position in Solvitaire's JSON deal format.

    Solvitaire lists each tableau pile bottom to top, writes a face-down card with a
    lower-case suit letter and the ten as ``10``, and lists the stock with the card
    dealt first *last*.
    """
    if not position.all_known():
        raise CardsageError("Solvitaire deals need every card known")
    return {
        "tableau piles": [[_solv(c, True) for c in col.down] + [_solv(c, False) for c in col.up]
                          for col in position.columns],
        "stock": [_solv(c, False) for c in reversed(position.stock)],
        "waste": [_solv(c, False) for c in position.waste],
        "foundations": [[_solv(c, False) for c in pile] for pile in position.foundations],
    }


def from_solvitaire(data: dict | str, game: str = "klondike") -> Position:
    """Read a Solvitaire JSON deal (``"tableau piles"``, ``"stock"`` with the first card
    to deal last, optional ``"waste"`` bottom to top and ``"foundations"``)."""
    data = _load(data)
    piles = data.get("tableau piles")
    if not isinstance(piles, list):
        raise CardsageError("a Solvitaire deal needs a \"tableau piles\" list", field="tableau piles")
    columns = []
    for number, pile in enumerate(piles, 1):
        if not isinstance(pile, list):
            raise CardsageError(f"tableau pile {number} must be a list of cards", field="tableau piles")
        read = [_solv_in(text) for text in pile]
        down = tuple(c for c, hidden in read if hidden)
        up = tuple(c for c, hidden in read if not hidden)
        if any(hidden for _, hidden in read[len(down):]):
            raise CardsageError(f"tableau pile {number}: a face-down card lies on a face-up one",
                                field="tableau piles")
        columns.append(Column(down, up))
    stock = tuple(_solv_in(t)[0] for t in reversed(_list(data.get("stock", []), "stock")))
    waste = tuple(_solv_in(t)[0] for t in _list(data.get("waste", []), "waste"))
    found_raw = _list(data.get("foundations", data.get("foundation", [])), "foundations")
    found = [[_solv_in(t)[0] for t in _list(p, "foundations")] for p in found_raw]
    n_piles = 4 if game == "klondike" else 8
    foundations = _place_piles([p for p in found if p], n_piles, game)
    top = max((patience_rank(c) for c in _every(columns, stock, waste, foundations)), default=13)
    ranks = 13 if top > 12 else top
    return validate(Position(game, tuple(columns), foundations, stock, waste, ranks))


# ---------------------------------------------------------------- helpers


def _load(data):
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise CardsageError(f"the deal is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CardsageError("a deal must be a JSON object")
    return data


def _list(value, name):
    if not isinstance(value, list):
        raise CardsageError(f"\"{name}\" must be a list", field=name)
    return value


def _cards(values, name, unseen_ok=False):
    out = []
    for text in _list(values, name):
        if text is None or text == UNSEEN:
            if not unseen_ok:
                raise CardsageError(f"an unseen card is not allowed in the {name}", field=name)
            out.append(None)
        else:
            card = parse_card(text)
            if not card.is_standard:
                raise CardsageError(f"unknown card {text!r} in the {name}", field=name)
            out.append(card)
    return tuple(out)


def _foundations(value, piles, game):
    if value is None:
        return ((),) * piles
    if isinstance(value, dict):
        value = list(value.values())
    lists = [list(_cards(p, "foundations")) for p in _list(value, "foundations")]
    return _place_piles([p for p in lists if p], piles, game)


def _place_piles(lists, piles, game):
    if len(lists) > piles:
        raise CardsageError(f"{game} has only {piles} foundation piles", field="foundations")
    if game == "klondike":
        out = [()] * 4
        for pile in lists:
            if out[pile[0].suit]:
                raise CardsageError(f"two foundation piles of suit {pile[0].suit.letter}", field="foundations")
            out[pile[0].suit] = tuple(pile)
        return tuple(out)
    return tuple(tuple(p) for p in lists) + ((),) * (piles - len(lists))


def _out(card):
    return None if card is None else str(card)


def _solv(card: Card, hidden: bool) -> str:
    rank = patience_rank(card)
    text = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    suit = card.suit.letter
    return text + (suit.lower() if hidden else suit)


def _solv_in(text):
    if not isinstance(text, str) or len(text) < 2:
        raise CardsageError(f"unknown card {text!r} in a Solvitaire deal", field="deal")
    hidden = text[-1].islower()
    return parse_card(text.upper()), hidden


def _every(columns, stock, waste, foundations):
    for col in columns:
        yield from col.down
        yield from col.up
    yield from stock
    yield from waste
    for pile in foundations:
        yield from pile


def _int(value, name):
    if not isinstance(value, int) or value < 0:
        raise CardsageError(f"{name} must be a whole number from 0", field=name)
    return value


def _bad_ranks():
    raise CardsageError("ranks must be a number from 1 to 13", field="ranks")
