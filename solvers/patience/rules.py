"""The plain rules engine: legal moves and their effect on a :class:`Position`.

It is deliberately simple and does no search tricks; it is the referee that solver
solutions and hints are replayed through, and the base a playable game builds on.
"""

from __future__ import annotations

from solvers.errors import CardsageError, IllegalAction
from solvers.patience.moves import canonical, parse_move
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import Column, Position, patience_rank

SUIT_LETTERS = "CDHS"


def legal_moves(position: Position, rules) -> list[str]:
    """Every legal move in the position, in notation."""
    _check_game(position, rules)
    if position.game == "klondike":
        return _klondike_moves(position, rules)
    return _forty_thieves_moves(position, rules)


def apply_move(position: Position, move: str, rules) -> Position:
    """The position after ``move``; raise :class:`IllegalAction` if it is not legal."""
    text = canonical(move)
    if text not in legal_moves(position, rules):
        raise IllegalAction(f"move {text!r} is not legal here", field="move")
    return apply_legal(position, text, rules)


def apply_legal(position: Position, move: str, rules) -> Position:
    """:func:`apply_move` for a move known to be legal (one of :func:`legal_moves`, as
    spelt there): the same position, without checking the move again."""
    mv = parse_move(move)
    if mv.kind == "draw":
        k = 1 if position.game != "klondike" or position.single_pass else rules.draw
        k = min(k, len(position.stock))
        _need_known(position.stock[:k])
        return position.with_(stock=position.stock[k:], waste=position.waste + position.stock[:k])
    if mv.kind in ("redeal", "switch"):
        turned = not position.stock
        stock = position.waste + position.stock
        return position.with_(stock=stock, waste=(),
                              redeals_used=position.redeals_used + (1 if turned else 0),
                              single_pass=position.single_pass or mv.kind == "switch")
    cards, position = _take(position, mv.src, mv.count)
    return _put(position, mv.dst, cards)


def replay(position: Position, moves, rules) -> Position:
    """Apply moves one after another (raising on the first illegal one)."""
    for move in moves:
        position = apply_move(position, move, rules)
    return position


def is_won(position: Position) -> bool:
    """True when every card is on the foundations."""
    return position.is_won()


# ---------------------------------------------------------------- Klondike


def _klondike_moves(pos: Position, rules: KlondikeRules) -> list[str]:
    out = []
    cols = pos.columns
    for i, col in enumerate(cols):
        if col.up and _foundation_for(pos, col.up[-1]) is not None:
            out.append(f"t{i + 1} f")
    if pos.waste:
        card = pos.waste[-1]
        if _foundation_for(pos, card) is not None:
            out.append("w f")
        out += [f"w t{j + 1}" for j, dst in enumerate(cols) if _k_fits(card, dst, pos.ranks)]
    for i, col in enumerate(cols):
        for n in range(1, len(col.up) + 1):
            head = col.up[-n]
            for j, dst in enumerate(cols):
                if j != i and _k_fits(head, dst, pos.ranks):
                    out.append(f"t{i + 1} t{j + 1}" + (f" {n}" if n > 1 else ""))
    if rules.foundation_to_tableau:
        for s, pile in enumerate(pos.foundations):
            if pile:
                out += [f"f{SUIT_LETTERS[s]} t{j + 1}" for j, dst in enumerate(cols)
                        if _k_fits(pile[-1], dst, pos.ranks)]
    can_turn = (not pos.single_pass and bool(pos.waste)
                and (rules.max_redeals is None or pos.redeals_used < rules.max_redeals))
    if pos.stock:
        out.append("draw")
    elif can_turn:
        out.append("redeal")
    if rules.switch and not pos.single_pass and (
            (not pos.stock and can_turn) or (pos.stock and not pos.waste)):
        out.append("switch")
    return out


def _k_fits(card, dst: Column, ranks: int) -> bool:
    if not len(dst):
        return patience_rank(card) == ranks
    top = dst.up[-1]
    return patience_rank(card) == patience_rank(top) - 1 and card.is_red != top.is_red


# ---------------------------------------------------------------- Forty Thieves


def _forty_thieves_moves(pos: Position, rules: FortyThievesRules) -> list[str]:
    out = []
    cols = pos.columns
    sources = [(f"t{i + 1}", col.up[-1], i) for i, col in enumerate(cols) if col.up]
    if pos.waste:
        sources.append(("w", pos.waste[-1], None))
    for name, card, i in sources:
        if _foundation_for(pos, card) is not None:
            out.append(f"{name} f")
        for j, dst in enumerate(cols):
            if j != i and (not dst.up or (dst.up[-1].suit == card.suit and
                                          patience_rank(dst.up[-1]) == patience_rank(card) + 1)):
                out.append(f"{name} t{j + 1}")
    if pos.stock:
        out.append("draw")
    elif pos.waste and (rules.max_redeals is None or pos.redeals_used < rules.max_redeals):
        out.append("redeal")
    return out


# ---------------------------------------------------------------- shared


def _foundation_for(pos: Position, card) -> int | None:
    rank = patience_rank(card)
    if pos.game == "klondike":
        return card.suit if len(pos.foundations[card.suit]) == rank - 1 else None
    for index, pile in enumerate(pos.foundations):
        if (not pile and rank == 1) or (pile and pile[-1].suit == card.suit and len(pile) == rank - 1):
            return index
    return None


def _take(pos: Position, src: str, count: int):
    if src == "w":
        return pos.waste[-1:], pos.with_(waste=pos.waste[:-1])
    if src.startswith("f"):
        s = SUIT_LETTERS.index(src[1].upper())
        piles = list(pos.foundations)
        card = piles[s][-1]
        piles[s] = piles[s][:-1]
        return (card,), pos.with_(foundations=tuple(piles))
    i = int(src[1:]) - 1
    col = pos.columns[i]
    cards, up, down = col.up[-count:], col.up[:-count], col.down
    if not up and down:
        _need_known(down[-1:])
        up, down = down[-1:], down[:-1]
    cols = list(pos.columns)
    cols[i] = Column(down, up)
    return cards, pos.with_(columns=tuple(cols))


def _put(pos: Position, dst: str, cards) -> Position:
    if dst == "f":
        index = _foundation_for(pos, cards[0])
        piles = list(pos.foundations)
        piles[index] = piles[index] + cards
        return pos.with_(foundations=tuple(piles))
    j = int(dst[1:]) - 1
    cols = list(pos.columns)
    cols[j] = Column(cols[j].down, cols[j].up + cards)
    return pos.with_(columns=tuple(cols))


def _need_known(cards) -> None:
    if None in cards:
        raise CardsageError("this move turns up an unseen card: deal the unseen cards first")


def _check_game(position: Position, rules) -> None:
    if rules.game != position.game:
        raise CardsageError(f"{type(rules).__name__} rules cannot play a {position.game} position",
                            field="rules")
