"""Double dummy over HTTP: solve a position, the trick table of a deal, play one card.

Every request names a position the same way: ``deal`` (the hands as they are now),
``trump``, ``leader`` (the seat that led the current trick, or leads next), ``played``
(the cards already on that trick) and ``game`` (whose trick rules apply). Time budgets
are clamped by the server so no request can hang.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from flask import Blueprint, current_app, jsonify

from api import workers
from api.openapi import json_body, json_response, problems, ref
from api.validation import get_object, json_object, only_fields
from api.warmup import warm_up_in_background
from solvers.cards import Card, Rank, Suit, parse_card
from solvers.doubledummy import Position, TrickRules
from solvers.doubledummy.position import SEAT_LETTERS, parse_strain
from solvers.doubledummy.randoms import beats, legal_cards
from solvers.doubledummy.solver import load_kernels
from solvers.doubledummy.table import STRAIN_LETTERS, solve_strains
from solvers.errors import CardsageError

blueprint = Blueprint("doubledummy", __name__, url_prefix="/api/v1/doubledummy")
warm_up_in_background(blueprint, load_kernels, "dd-warm-up")

BUDGET_MS_DEFAULT = 2000
BUDGET_MS_MAX = 10_000
"""Default of the ``DD_BUDGET_MS_MAX`` setting: the most one solve may take."""
TABLE_CELL_MS_DEFAULT = 1000
TABLE_BUDGET_MS_MAX = 30_000
"""Default of the ``DD_TABLE_BUDGET_MS_MAX`` setting: the most a whole table may take."""

SUIT_ORDER = "SHDC"       # PBN writes spades.hearts.diamonds.clubs


# ---------------------------------------------------------------- the games


@dataclass(frozen=True)
class Game:
    """A game the endpoints accept: how its rules are built from trump and options."""

    build: Callable[[int | None, dict], TrickRules]
    trump: str                      # "choose", "fixed" (a ladder of its own) or "none"
    description: str
    options: dict = field(default_factory=dict)   # option name -> (JSON schema, default)
    fixed_trump: int | None = None


def _seat_option(options: dict, name: str, default: str) -> int:
    value = options.get(name, default)
    if not isinstance(value, str) or value.strip().upper() not in tuple(SEAT_LETTERS):
        raise CardsageError(f"option '{name}' must be one of N E S W, got {value!r}", field=f"options.{name}")
    return SEAT_LETTERS.index(value.strip().upper())


def _int_option(options: dict, name: str, default: int, allowed) -> int:
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        listed = ", ".join(str(a) for a in allowed)
        raise CardsageError(f"option '{name}' must be one of {listed}, got {value!r}", field=f"options.{name}")
    return value


def _choice_option(options: dict, name: str, default: str | None, allowed) -> str:
    value = options.get(name, default)
    if value not in allowed:
        raise CardsageError(f"option '{name}' must be one of {', '.join(allowed)}, got {value!r}",
                            field=f"options.{name}")
    return value


def _bool_option(options: dict, name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise CardsageError(f"option '{name}' must be true or false, got {value!r}", field=f"options.{name}")
    return value


def _king(trump: int | None, options: dict) -> TrickRules:
    hand = _int_option(options, "hand", 7, range(1, 11))
    if hand <= 6 and trump is not None:
        raise CardsageError(f"King hand {hand} is played without trumps; send trump N or leave it out",
                            field="trump")
    return TrickRules.king(hand, trump, down=_bool_option(options, "down"))


def _tetka(_trump: int | None, options: dict) -> TrickRules:
    value = options.get("bum_card")
    if not isinstance(value, str):
        raise CardsageError("Tëtka needs option 'bum_card', e.g. \"7H\"", field="options.bum_card")
    try:
        return TrickRules.tetka(value)
    except CardsageError as error:
        raise CardsageError(f"option 'bum_card': {error.message}", field="options.bum_card") from None


_TRICKS = "tricks for a side, partners opposite"
GAMES: dict[str, Game] = {
    "bridge": Game(lambda t, o: TrickRules.bridge(t), "choose", f"Bridge play: {_TRICKS}"),
    "whist": Game(lambda t, o: TrickRules.whist(t), "choose", f"Whist: {_TRICKS}"),
    "troefcall": Game(lambda t, o: TrickRules.troefcall(t), "choose", f"Troefcall: {_TRICKS}"),
    "teka": Game(lambda t, o: TrickRules.teka(t), "choose", f"Teka (four hands): {_TRICKS}"),
    "napoleon": Game(
        lambda t, o: TrickRules.napoleon(t, 4, _seat_option(o, "bidder", "N"),
                                         _int_option(o, "pack", 52, (24, 28, 32, 36, 40, 52))),
        "choose", "Napoleon: the bidder against the three others, tricks",
        {"bidder": ({"type": "string", "enum": list(SEAT_LETTERS)}, "N"),
         "pack": ({"type": "integer", "enum": [24, 28, 32, 36, 40, 52]}, 52)}),
    "manille": Game(lambda t, o: TrickRules.manille(t), "choose",
                    "Manille: 32 cards ranked 10 A K Q J 9 8 7, must trump when void, card points"),
    "kop": Game(lambda t, o: TrickRules.kop(), "fixed",
                "Kop: a fixed ladder of twelve trumps, must follow, trump and head, card points",
                fixed_trump=int(Suit.HEARTS)),
    "agram": Game(lambda t, o: TrickRules.agram(4, _int_option(o, "low_card", 2, (2, 3))), "none",
                  "Agram: no trumps, only the last trick counts, every seat for itself",
                  {"low_card": ({"type": "integer", "enum": [2, 3]}, 2)}),
    "king": Game(_king, "choose",
                 "King: hands 1-6 penalties without trumps, hands 7-10 tricks (or avoiding them)",
                 {"hand": ({"type": "integer", "minimum": 1, "maximum": 10}, 7),
                  "down": ({"type": "boolean"}, False)}),
    "trex": Game(lambda t, o: TrickRules.trex(_choice_option(
                     o, "contract", "slaps", ("king_of_hearts", "diamonds", "queens", "slaps"))), "none",
                 "Trex trick contracts, penalties, every seat for itself",
                 {"contract": ({"type": "string",
                                "enum": ["king_of_hearts", "diamonds", "queens", "slaps"]}, "slaps")}),
    "tetka": Game(_tetka, "none", "Tëtka penalties, every seat for itself",
                  {"bum_card": ({"type": "string", "description": "the card turned up, e.g. 7H"}, None)}),
}


def _rules(data: dict) -> tuple[str, TrickRules]:
    name = data.get("game", "bridge")
    if not isinstance(name, str):
        raise CardsageError("'game' must be a string", status=400, field="game")
    game = GAMES.get(name.strip().lower())
    if game is None:
        raise CardsageError(f"unknown game {name[:40]!r}: use one of {', '.join(GAMES)}", field="game")
    options = get_object(data, "options")
    trump = _trump(data, game, name.strip().lower())
    return name.strip().lower(), game.build(trump, options)


def _trump(data: dict, game: Game, name: str) -> int | None:
    raw = data.get("trump")
    if raw is not None and not isinstance(raw, str):
        raise CardsageError("'trump' must be one of S H D C N", status=400, field="trump")
    trump = None if raw is None or not raw.strip() else _strain(raw)
    if game.trump == "fixed":
        if raw and trump != game.fixed_trump:
            letter = Suit(game.fixed_trump).letter
            raise CardsageError(f"{name} has a fixed trump ladder in {letter}; send trump {letter} "
                                "or leave it out", field="trump")
        return game.fixed_trump
    if game.trump == "none" and trump is not None:
        raise CardsageError(f"{name} is played without trumps; send trump N or leave it out", field="trump")
    return trump


def _strain(raw: str) -> int | None:
    try:
        return parse_strain(raw)
    except CardsageError:
        raise CardsageError(f"unknown trump {raw[:20]!r}: use S H D C, or N for no trumps",
                            field="trump") from None


# ---------------------------------------------------------------- reading a position


def _card(text: Any, where: str, field_name: str) -> Card:
    if not isinstance(text, str):
        raise CardsageError(f"{where}: a card must be a string like \"AS\", got {text!r}"[:200],
                            field=field_name)
    try:
        card = parse_card(text)
    except CardsageError:
        raise CardsageError(f"{where}: {text[:20]!r} is not a card; write rank then suit like AS, TD, "
                            "10H (suit first, like SA, is also read)", field=field_name) from None
    if not card.is_standard or card.copy:
        raise CardsageError(f"{where}: {text[:20]!r} is not a card of the 52-card pack", field=field_name)
    return card


def _card_list(value: Any, where: str, field_name: str) -> list[Card]:
    """Cards from a list of strings, or from one string of cards (or of one PBN hand)."""
    if isinstance(value, str):
        if "." in value:
            return _pbn_hand(value, where)
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise CardsageError(f"{where} must be a list of cards", status=400, field=field_name)
    return [_card(item, where, field_name) for item in value]


def _pbn_hand(text: str, seat: str) -> list[Card]:
    suits = text.strip().split(".")
    if len(suits) != 4:
        raise CardsageError(f"{seat}'s hand {text[:40]!r} needs 4 suits separated by dots "
                            "(spades.hearts.diamonds.clubs)", field="deal")
    cards = []
    for letter, ranks in zip(SUIT_ORDER, suits):
        ranks = ranks.strip().upper().replace("10", "T")
        if ranks == "-":
            continue
        for rank in ranks:
            if rank not in "AKQJT98765432":
                raise CardsageError(f"{seat}'s hand {text[:40]!r}: {rank!r} is not a rank "
                                    f"(in {_SUIT_NAMES[letter]})", field="deal")
            cards.append(parse_card(rank + letter))
    return cards


_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _pbn_deal(text: str) -> list[list[Card]]:
    first, colon, body = text.strip().partition(":")
    if not colon:
        raise CardsageError("a PBN deal starts with the first hand's seat and a colon, like "
                            "'N:AKQ.J.T9.8 ...' (hands clockwise, suits spades.hearts.diamonds.clubs)",
                            field="deal")
    start = first.strip().upper()
    if start not in tuple(SEAT_LETTERS):
        raise CardsageError(f"a PBN deal starts with N, E, S or W before the colon, not {first[:10]!r}",
                            field="deal")
    parts = body.split()
    if len(parts) != 4:
        raise CardsageError(f"a PBN deal has 4 hands separated by spaces, found {len(parts)}", field="deal")
    hands: list[list[Card]] = [[], [], [], []]
    for i, part in enumerate(parts):
        seat = (SEAT_LETTERS.index(start) + i) % 4
        hands[seat] = _pbn_hand(part, SEAT_LETTERS[seat])
    return hands


def _hands(value: Any) -> list[list[Card]]:
    """The four hands of ``deal``: PBN text, {"N": cards, ...} or a list of 4 card lists."""
    if value is None:
        raise CardsageError("'deal' is required: PBN text like 'N:AKQ.J.T9.8 ...' or the hands",
                            status=400, field="deal")
    if isinstance(value, str):
        return _pbn_deal(value)
    if isinstance(value, dict):
        unknown = [k for k in value if not isinstance(k, str) or k.strip().upper() not in tuple(SEAT_LETTERS)]
        if unknown:
            raise CardsageError(f"'deal' seats are N E S W, got {str(unknown[0])[:10]!r}", field="deal")
        by_seat = {k.strip().upper(): v for k, v in value.items()}
        return [_card_list(by_seat.get(s, []), s, "deal") for s in SEAT_LETTERS]
    if isinstance(value, list):
        if len(value) != 4:
            raise CardsageError(f"'deal' as a list holds 4 hands (N E S W), got {len(value)}", field="deal")
        return [_card_list(hand, SEAT_LETTERS[i], "deal") for i, hand in enumerate(value)]
    raise CardsageError("'deal' must be PBN text, an object of hands or a list of 4 hands",
                        status=400, field="deal")


def _leader(data: dict) -> int:
    value = data.get("leader", "N")
    if isinstance(value, str) and value.strip().upper() in tuple(SEAT_LETTERS):
        return SEAT_LETTERS.index(value.strip().upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return value
    raise CardsageError(f"unknown leader {str(value)[:20]!r}: use N, E, S or W", field="leader")


def _played(data: dict) -> list[Card]:
    value = data.get("played", [])
    if value is None:
        return []
    if not isinstance(value, (list, str)):
        raise CardsageError("'played' must be a list of cards like [\"AH\", \"3H\"]", status=400, field="played")
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    return [_card(item, "played", "played") for item in value]


# the fields that describe a position; a request refuses any field it does not take
# (a misspelt `trumps` would otherwise be solved as no trump without a word)
POSITION_FIELDS = ("game", "options", "trump", "deal", "leader", "played")


def read_position(data: dict) -> tuple[str, Position]:
    """The game name and the position a request describes; 422 naming what is wrong."""
    name, rules = _rules(data)
    hands = _hands(data.get("deal"))
    leader = _leader(data)
    played = _played(data)
    _check_cards_in_game(name, rules, hands, played)
    if not played and not hands[leader] and any(hands):
        raise CardsageError(f"the leader {SEAT_LETTERS[leader]} holds no cards, so cannot lead the "
                            "next trick", field="leader")
    try:
        position = Position.from_hands(hands, leader, played, rules)
    except CardsageError as error:
        where = {"hands": "deal", "pbn": "deal", "rules": "game"}.get(error.field, error.field)
        raise CardsageError(error.message, field=where or "deal") from None
    _check_trick_followed(position)
    return name, position


def _check_cards_in_game(name: str, rules: TrickRules, hands, played) -> None:
    game_cards = set(rules.cards)
    for seat, hand in enumerate(hands):
        for card in hand:
            if card not in game_cards:
                raise CardsageError(f"{card} (in {SEAT_LETTERS[seat]}'s hand) is not a card of {name}",
                                    field="deal")
    for card in played:
        if card not in game_cards:
            raise CardsageError(f"{card} (on the current trick) is not a card of {name}", field="played")


def _check_trick_followed(position: Position) -> None:
    """Each card on the trick must have been legal for its seat, given what it still holds."""
    trick = list(position.trick)
    for i in range(1, len(trick)):
        seat = (position.leader + i) % 4
        hand = list(position.hands[seat]) + [trick[i]]
        if trick[i] not in legal_cards(position.rules, hand, trick[:i]):
            raise CardsageError(f"{SEAT_LETTERS[seat]} could not have played {trick[i]} to this trick: "
                                f"it still holds a card the rules required instead", field="played")


# ---------------------------------------------------------------- budgets


def _budget(data: dict, default: int, setting: str, fallback: int) -> int:
    value = data.get("budget_ms", default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CardsageError("'budget_ms' must be a number of milliseconds", status=400, field="budget_ms")
    if value < 1:
        raise CardsageError(f"'budget_ms' must be at least 1, got {value}", field="budget_ms")
    return int(min(value, current_app.config.get(setting, fallback)))


def _choice(data: dict, name: str, default: str, allowed: tuple[str, ...]) -> str:
    value = data.get(name, default)
    if value not in allowed:
        raise CardsageError(f"'{name}' must be one of {', '.join(allowed)}, got {str(value)[:20]!r}",
                            field=name)
    return value


def _flag(data: dict, name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise CardsageError(f"'{name}' must be true or false", status=400, field=name)
    return value


# ---------------------------------------------------------------- answers


def _pbn(hands) -> str:
    def hand(cards):
        return ".".join("".join(Rank(c.rank).letter for c in sorted(cards, key=lambda c: -c.rank)
                                if Suit(c.suit).letter == letter) for letter in SUIT_ORDER)
    return "N:" + " ".join(hand(h) for h in hands)


def _describe(name: str, position: Position) -> dict:
    rules = position.rules
    to_play = position.to_play
    return {
        "game": name,
        "trump": "N" if rules.trump is None else Suit(rules.trump).letter,
        "objective": rules.objective,
        "deal": _pbn(position.hands),
        "leader": SEAT_LETTERS[position.leader],
        "played": [str(c) for c in position.trick],
        "to_play": SEAT_LETTERS[to_play],
        "side": [SEAT_LETTERS[s] for s in range(4) if rules.sides[s] == rules.sides[to_play]],
    }


# ---------------------------------------------------------------- endpoints


@blueprint.post("/solve")
def solve_position():
    """The double-dummy value of a position, and with values=all the value of every legal card."""
    data = json_object()
    only_fields(data, (*POSITION_FIELDS, "values", "line", "budget_ms"))
    name, position = read_position(data)
    values = _choice(data, "values", "best", ("best", "all"))
    budget = _budget(data, BUDGET_MS_DEFAULT, "DD_BUDGET_MS_MAX", BUDGET_MS_MAX)
    line = _flag(data, "line")
    # the search runs in a solver process; the request thread only waits (api/workers.py)
    result = current_app.extensions["cardsage.solvers"].run(budget / 1000, workers.doubledummy_solve, position,
                                                            values, budget, line)
    tricks = result["value"] if position.rules.objective == "tricks" else None
    return jsonify({**_describe(name, position), "tricks": tricks, **result, "budget_ms": budget})


@blueprint.post("/table")
def trick_table():
    """Tricks for every declarer and strain of a deal (bridge trick rules), within a budget."""
    data = json_object()
    only_fields(data, ("deal", "budget_ms"))
    hands = _hands(data.get("deal"))
    try:
        Position.from_hands(hands, 0, (), TrickRules.bridge())
    except CardsageError as error:
        raise CardsageError(error.message, field="deal") from None
    cell = _budget(data, TABLE_CELL_MS_DEFAULT, "DD_BUDGET_MS_MAX", BUDGET_MS_MAX)
    total = min(20 * cell, current_app.config.get("DD_TABLE_BUDGET_MS_MAX", TABLE_BUDGET_MS_MAX))
    cells = current_app.extensions["cardsage.solvers"].run(total / 1000, solve_cells, hands, cell, total)
    return jsonify({"deal": _pbn(hands), **cells, "budget_ms": cell})


def solve_cells(hands, cell_ms: int, total_ms: int) -> dict:
    """Declarer's tricks per declarer and strain; a cell whose budget ran out keeps its bounds.

    The opening lead is made by the seat on declarer's left, as in ``solve_table``; the
    strains run on one thread a processor (``solve_strains``)."""
    start = time.perf_counter()
    count = len(hands[0])
    tricks: dict = {seat: {} for seat in SEAT_LETTERS}
    bounds: dict = {seat: {} for seat in SEAT_LETTERS}
    exact = True
    for strain, results in solve_strains(hands, cell_ms=cell_ms, total_ms=total_ms).items():
        for leader, result in enumerate(results):
            declarer = SEAT_LETTERS[(leader + 3) % 4]
            low, high = (0, count) if result is None else (count - result.upper, count - result.lower)
            tricks[declarer][strain] = low if low == high else None
            bounds[declarer][strain] = [low, high]
            exact = exact and low == high
    return {"tricks": tricks, "bounds": bounds, "exact": exact,
            "ms": round((time.perf_counter() - start) * 1000, 3)}


@blueprint.post("/play")
def play_card():
    """Play one legal card: the position after it, and the trick it completes, if any."""
    data = json_object()
    only_fields(data, (*POSITION_FIELDS, "card"))
    name, position = read_position(data)
    seat = position.to_play
    card = _card(data.get("card"), "card", "card") if data.get("card") is not None else None
    if card is None:
        raise CardsageError("'card' is required: the card the seat to play plays", status=400, field="card")
    hand = list(position.hands[seat])
    if card not in hand:
        raise CardsageError(f"{SEAT_LETTERS[seat]} is to play and does not hold {card}", field="card")
    allowed = legal_cards(position.rules, hand, list(position.trick))
    if card not in allowed:
        raise CardsageError(f"{SEAT_LETTERS[seat]} may not play {card} here; legal: "
                            + " ".join(str(c) for c in allowed), field="card")
    hands = [list(h) for h in position.hands]
    hands[seat].remove(card)
    trick = list(position.trick) + [card]
    completed = None
    leader = position.leader
    if len(trick) == 4:
        completed = _completed(position.rules, leader, trick, len(hands[0]))
        leader, trick = SEAT_LETTERS.index(completed["winner"]), []
    answer = {"game": name, "deal": _pbn(hands), "hands": {s: [str(c) for c in hands[i]]
                                                            for i, s in enumerate(SEAT_LETTERS)},
              "leader": SEAT_LETTERS[leader], "played": [str(c) for c in trick], "completed": completed,
              "finished": not any(hands)}
    answer["to_play"] = None if answer["finished"] else SEAT_LETTERS[(leader + len(trick)) % 4]
    return jsonify(answer)


def _completed(rules: TrickRules, leader: int, trick: list[Card], left: int) -> dict:
    """Who won a full trick and what it was worth to the winner's side."""
    best = 0
    for i in range(1, len(trick)):
        if beats(rules, trick[i], trick[best]):
            best = i
    winner = (leader + best) % 4
    points = rules.trick_points + sum(rules.points_of(c) for c in trick)
    if left < len(rules.last_trick_points):
        points += rules.last_trick_points[left]
    side = [SEAT_LETTERS[s] for s in range(4) if rules.sides[s] == rules.sides[winner]]
    return {"cards": [str(c) for c in trick], "seats": [SEAT_LETTERS[(leader + i) % 4] for i in range(4)],
            "winner": SEAT_LETTERS[winner], "side": side, "points": points}


@blueprint.get("/games")
def list_games():
    """The games whose trick rules the endpoints accept, with their options and cards."""
    listed = []
    for name, game in GAMES.items():
        defaults = {k: d for k, (_, d) in game.options.items() if d is not None}
        sample = {"bum_card": "7H", **defaults} if name == "tetka" else defaults
        rules = game.build(game.fixed_trump, sample)
        listed.append({"name": name, "description": game.description, "trump": game.trump,
                       "objective": rules.objective,
                       "options": {k: {**schema, **({"default": d} if d is not None else {})}
                                   for k, (schema, d) in game.options.items()},
                       "cards": [str(c) for c in sorted(rules.cards, key=lambda c: (-c.suit, -c.rank))]})
    return jsonify({"games": listed})


# ---------------------------------------------------------------- OpenAPI

_EXAMPLE_DEAL = "N:AK.J.T. JT.A.8. 87.K.A. 6.T.Q.A"
_SOLVE_EXAMPLE = {"deal": _EXAMPLE_DEAL, "trump": "N", "leader": "W", "played": [], "values": "all",
                  "game": "bridge", "budget_ms": 2000}
_SOLVE_ANSWER = {
    "game": "bridge", "trump": "N", "objective": "tricks", "deal": _EXAMPLE_DEAL, "leader": "W", "played": [],
    "to_play": "W", "side": ["E", "W"], "tricks": 2, "value": 2, "lower": 2, "upper": 2, "exact": True,
    "best": "AC", "cards": {"AC": 2, "QD": 1, "TH": 1, "6S": 1}, "line": ["AC"], "nodes": 305, "ms": 0.8,
    "budget_ms": 2000,
}

_DEAL_SCHEMA = {
    "description": "The hands as they are now (cards on the current trick are not in them): PBN text "
                   "`N:spades.hearts.diamonds.clubs ...` clockwise from the named seat, an object "
                   "`{\"N\": [\"AS\", ...], ...}` (or per-seat text such as `\"AS KS\"` or `\"AK.J.T.\"`), "
                   "or a list of 4 card lists in the order N E S W.",
    "oneOf": [{"type": "string"},
              {"type": "object", "additionalProperties": {"oneOf": [
                  {"type": "array", "items": {"type": "string"}}, {"type": "string"}]}},
              {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "array", "items": {"type": "string"}}}],
}

_POSITION_PROPERTIES = {
    "deal": _DEAL_SCHEMA,
    "trump": {"type": "string", "enum": ["S", "H", "D", "C", "N"],
              "description": "the trump suit, N for none (default N; fixed for kop, none for agram, trex, tetka)"},
    "leader": {"type": "string", "enum": list(SEAT_LETTERS), "default": "N",
               "description": "the seat that led the current trick, or leads next"},
    "played": {"type": "array", "items": {"type": "string"}, "maxItems": 3,
               "description": "cards already on the current trick, in order (AH or HA)"},
    "game": {"type": "string", "enum": list(GAMES), "default": "bridge",
             "description": "whose trick rules apply; see GET /api/v1/doubledummy/games"},
    "options": {"type": "object", "description": "game options: napoleon bidder/pack, agram low_card, "
                                                 "king hand/down, trex contract, tetka bum_card"},
}

OPENAPI_SCHEMAS = {
    "DoubleDummySolveRequest": {
        "type": "object", "required": ["deal"], "additionalProperties": False,
        "properties": {
            **_POSITION_PROPERTIES,
            "values": {"type": "string", "enum": ["best", "all"], "default": "best",
                       "description": "`all` also values every legal card"},
            "line": {"type": "boolean", "default": False, "description": "the whole principal line"},
            "budget_ms": {"type": "integer", "minimum": 1, "default": BUDGET_MS_DEFAULT,
                          "description": f"time budget, clamped to the server's maximum "
                                         f"(DD_BUDGET_MS_MAX, default {BUDGET_MS_MAX})"},
        },
    },
    "DoubleDummySolution": {
        "type": "object",
        "required": ["tricks", "value", "lower", "upper", "exact", "cards", "to_play"],
        "properties": {
            "game": {"type": "string"}, "trump": {"type": "string"}, "deal": {"type": "string"},
            "objective": {"type": "string", "enum": ["tricks", "points", "last_trick"]},
            "leader": {"type": "string"}, "played": {"type": "array", "items": {"type": "string"}},
            "to_play": {"type": "string", "description": "the seat whose turn it is"},
            "side": {"type": "array", "items": {"type": "string"},
                     "description": "the seats the value is counted for (the side to play)"},
            "tricks": {"type": ["integer", "null"],
                       "description": "the most tricks the side to play can take from here, the current "
                                      "trick included (null for games that count points)"},
            "value": {"type": "integer", "description": "the same figure in the game's own unit"},
            "lower": {"type": "integer"}, "upper": {"type": "integer"},
            "exact": {"type": "boolean", "description": "false when the budget ran out: lower <= true value "
                                                        "<= upper and value = lower"},
            "best": {"type": ["string", "null"], "description": "a card keeping the value"},
            "cards": {"type": "object", "additionalProperties": {"type": "integer"},
                      "description": "with values=all: the value after each legal card"},
            "line": {"type": "array", "items": {"type": "string"}},
            "nodes": {"type": "integer"}, "ms": {"type": "number"},
            "budget_ms": {"type": "integer", "description": "the budget applied after clamping"},
        },
    },
    "DoubleDummyTableRequest": {
        "type": "object", "required": ["deal"], "additionalProperties": False,
        "properties": {"deal": _DEAL_SCHEMA,
                       "budget_ms": {"type": "integer", "minimum": 1, "default": TABLE_CELL_MS_DEFAULT,
                                     "description": "budget per cell; the table as a whole is clamped to "
                                                    f"DD_TABLE_BUDGET_MS_MAX (default {TABLE_BUDGET_MS_MAX})"}},
    },
    "DoubleDummyTable": {
        "type": "object", "required": ["tricks", "bounds", "exact"],
        "properties": {
            "deal": {"type": "string"},
            "tricks": {"type": "object", "description": "declarer (N E S W) → strain (S H D C N) → tricks "
                                                        "(null when the cell's budget ran out)"},
            "bounds": {"type": "object", "description": "declarer → strain → [fewest, most] tricks"},
            "exact": {"type": "boolean"}, "ms": {"type": "number"}, "budget_ms": {"type": "integer"},
        },
    },
    "DoubleDummyPlayRequest": {
        "type": "object", "required": ["deal", "card"], "additionalProperties": False,
        "properties": {**_POSITION_PROPERTIES,
                       "card": {"type": "string", "description": "a legal card of the seat to play"}},
    },
    "DoubleDummyPlay": {
        "type": "object",
        "properties": {
            "game": {"type": "string"}, "deal": {"type": "string"},
            "hands": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
            "leader": {"type": "string"}, "played": {"type": "array", "items": {"type": "string"}},
            "to_play": {"type": ["string", "null"]}, "finished": {"type": "boolean"},
            "completed": {"type": ["object", "null"], "description": "the trick this card completed",
                          "properties": {"cards": {"type": "array", "items": {"type": "string"}},
                                         "seats": {"type": "array", "items": {"type": "string"}},
                                         "winner": {"type": "string"},
                                         "side": {"type": "array", "items": {"type": "string"}},
                                         "points": {"type": "integer"}}},
        },
    },
    "DoubleDummyGames": {
        "type": "object",
        "properties": {"games": {"type": "array", "items": {"type": "object", "properties": {
            "name": {"type": "string"}, "description": {"type": "string"},
            "trump": {"type": "string", "enum": ["choose", "fixed", "none"]},
            "objective": {"type": "string"}, "options": {"type": "object"},
            "cards": {"type": "array", "items": {"type": "string"}}}}}},
    },
}

OPENAPI_PATHS = {
    "/api/v1/doubledummy/solve": {"post": {
        "tags": ["doubledummy"], "operationId": "solveDoubleDummy", "summary": "Solve a position",
        "description": "The most the side to play can take from here against best defence, every hand "
                       "known. A deal that cannot be (duplicate card, hand sizes no trick can come from, "
                       "a card the trick rules forbade) is a 422 naming the problem.",
        "requestBody": json_body(ref("DoubleDummySolveRequest"), _SOLVE_EXAMPLE),
        "responses": {"200": json_response("The solution", ref("DoubleDummySolution"), _SOLVE_ANSWER),
                      **problems(400, 413, 422)},
    }},
    "/api/v1/doubledummy/table": {"post": {
        "tags": ["doubledummy"], "operationId": "tableDoubleDummy", "summary": "Trick table of a deal",
        "description": "Tricks declarer takes for each declarer and strain, the opening lead from "
                       "declarer's left, with bridge trick rules.",
        "requestBody": json_body(ref("DoubleDummyTableRequest"), {"deal": _EXAMPLE_DEAL, "budget_ms": 500}),
        "responses": {"200": json_response("The table", ref("DoubleDummyTable"), {
            "deal": _EXAMPLE_DEAL,
            "tricks": {s: {t: 2 for t in STRAIN_LETTERS} for s in SEAT_LETTERS},
            "bounds": {s: {t: [2, 2] for t in STRAIN_LETTERS} for s in SEAT_LETTERS},
            "exact": True, "ms": 12.5, "budget_ms": 500}), **problems(400, 413, 422)},
    }},
    "/api/v1/doubledummy/play": {"post": {
        "tags": ["doubledummy"], "operationId": "playDoubleDummy", "summary": "Play one card",
        "description": "The position after the seat to play plays `card`; when the card completes a "
                       "trick, who won it and what it was worth.",
        "requestBody": json_body(ref("DoubleDummyPlayRequest"),
                                 {"deal": _EXAMPLE_DEAL, "leader": "W", "trump": "N", "card": "AC"}),
        "responses": {"200": json_response("The next position", ref("DoubleDummyPlay")),
                      **problems(400, 413, 422)},
    }},
    "/api/v1/doubledummy/games": {"get": {
        "tags": ["doubledummy"], "operationId": "doubleDummyGames", "summary": "Games and their rules",
        "description": "Every game the double-dummy endpoints accept, its trump choice, options and cards.",
        "responses": {"200": json_response("The games", ref("DoubleDummyGames"))},
    }},
}
