"""Hand rankings over HTTP: what a hand is worth in a game, and which of several hands wins.

``GET /api/v1/games/{name}/hand?cards=AS,KS,QS`` ranks one hand by the game's own
evaluator (the games whose showdowns compare hands list ``HAND_RANK``); repeating
``cards`` compares two or more hands, best first, ties sharing a place. The options that
change the ranking (``flush_beats_full_house``, ``threes_high``…) are query parameters.
Everything is checked before anything is ranked: the number of hands and cards, the
notation, a card that appears in two hands, unknown parameters.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from api.openapi import json_response, path_param, problems, query_param
from solvers import games
from solvers.cards import parse_cards
from solvers.errors import CardsageError

blueprint = Blueprint("hands", __name__, url_prefix="/api/v1")

MAX_HANDS = 10
MAX_PARAM_CHARS = 200
TRUE, FALSE = {"true", "1", "yes"}, {"false", "0", "no"}


def evaluator(name: str):
    """The game's hand evaluator and the names of the options it takes (404 when it has none)."""
    game = games.get(name)
    rank = getattr(type(game), "HAND_RANK", None)
    if rank is None:
        ranked = sorted(n for n in games.names() if getattr(type(games.get(n)), "HAND_RANK", None))
        raise CardsageError(f"{name} has no hand ranking; games that rank hands: {', '.join(ranked)}",
                            status=404, field="name")
    return game, rank, tuple(getattr(type(game), "HAND_OPTIONS", ()))


def _option_value(name: str, text: str, schema: dict):
    kind = schema.get("type")
    if kind == "boolean":
        low = text.strip().lower()
        if low in TRUE | FALSE:
            return low in TRUE
        raise CardsageError(f"option {name} must be true or false, got {text[:20]!r}", field=name)
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise CardsageError(f"option {name} must be a whole number, got {text[:20]!r}", field=name) from None
    return text


def _read_request(game, option_names: tuple[str, ...]):
    allowed = {"cards", *option_names}
    unknown = sorted(k for k in request.args if k not in allowed)
    if unknown:
        shown = ", ".join(k[:30] for k in unknown[:5])
        accepted = ", ".join(sorted(allowed))
        raise CardsageError(f"unknown query parameter(s): {shown}; accepted: {accepted}", field=unknown[0][:30])
    texts = request.args.getlist("cards")
    if not texts:
        raise CardsageError("give the hand as cards=AS,KS,QS (repeat cards= to compare hands)", field="cards")
    if len(texts) > MAX_HANDS:
        raise CardsageError(f"at most {MAX_HANDS} hands can be compared at once, got {len(texts)}", field="cards")
    hands = []
    for number, text in enumerate(texts, 1):
        if len(text) > MAX_PARAM_CHARS:
            raise CardsageError(f"hand {number} is too long ({len(text)} characters)", field="cards")
        parts = [p for p in text.replace(" ", ",").split(",") if p]
        try:
            hands.append(parse_cards(parts))
        except CardsageError as exc:
            raise CardsageError(f"hand {number}: {exc.message}", field="cards") from None
    seen: dict = {}
    for number, hand in enumerate(hands, 1):
        for card in hand:
            if card in seen and seen[card] != number:
                raise CardsageError(f"{card} is in hand {seen[card]} and hand {number}: one card cannot "
                                    "be in two hands", field="cards")
            seen[card] = number
    schema = game.options_schema().get("properties", {})
    given = {n: _option_value(n, request.args[n], schema.get(n, {})) for n in option_names if n in request.args}
    return hands, game.options(given)


@blueprint.get("/games/<name>/hand")
def rank_hands(name: str):
    """Rank one hand, or compare several, by the game's showdown ranking."""
    game, rank, option_names = evaluator(name)
    hands, options = _read_request(game, option_names)
    ranks = []
    for number, hand in enumerate(hands, 1):
        try:
            ranks.append(rank(hand, options))
        except CardsageError as exc:
            if len(hands) == 1:
                raise
            raise CardsageError(f"hand {number}: {exc.message}", field="cards") from None
    entries = [{"cards": [str(c) for c in hand], **r.to_json()} for hand, r in zip(hands, ranks)]
    if len(hands) == 1:
        return jsonify({"game": name, **entries[0]})
    order = sorted(range(len(ranks)), key=lambda i: ranks[i], reverse=True)
    places, place = [0] * len(ranks), 0
    for position, i in enumerate(order):
        if position == 0 or ranks[i] != ranks[order[position - 1]]:
            place = position + 1
        places[i] = place
    for entry, p in zip(entries, places):
        entry["place"] = p
    winners = [i for i in range(len(ranks)) if places[i] == 1]
    return jsonify({"game": name, "hands": entries, "order": order, "winners": winners,
                    "tie": len(winners) > 1})


_EXAMPLE_ONE = {"game": "teen-patti", "cards": ["AS", "2S", "3S"], "category": "pure-sequence",
                "name": "pure sequence A-2-3", "key": [5, 15]}

OPENAPI_SCHEMAS = {
    "HandRank": {
        "type": "object", "required": ["cards", "category", "name", "key"],
        "properties": {
            "cards": {"type": "array", "items": {"type": "string"}},
            "category": {"type": "string", "description": "machine name of the hand's category"},
            "name": {"type": "string", "description": "what the hand is, for players"},
            "key": {"type": "array", "description": "orders hands: compare item by item, higher wins"},
            "place": {"type": "integer", "description": "in a comparison: 1 for the best, equal hands share"},
        },
    },
}

OPENAPI_PATHS = {
    "/api/v1/games/{name}/hand": {"get": {
        "tags": ["games"], "operationId": "rankHands", "summary": "Rank a hand or compare hands",
        "description": ("Ranks a hand by the game's showdown ranking (East–West, Chor Voli, Teen Patti). "
                        "Repeat `cards` to compare up to 10 hands: the answer lists each hand with its place "
                        "(1 = best, equal hands share it), the order best first and the winners. Options that "
                        "change the ranking are query parameters (see the game's options)."),
        "parameters": [path_param("name", "registry name of the game", "teen-patti"),
                       query_param("cards", "a hand, cards separated by commas; repeat to compare",
                                   {"type": "string"}, "AS,2S,3S")],
        "responses": {"200": json_response("The ranking", {"type": "object"}, _EXAMPLE_ONE),
                      **problems(404, 422)},
    }},
}
