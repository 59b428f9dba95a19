"""Positions typed in from a real table: start, edit, enter actions, hint; bad input refused."""

from __future__ import annotations

import copy
import json

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError
from solvers.knowledge import knowledge, play_seen, state_from_knowledge, unseen_cards


def _start(client, game, seat=0, **body):
    reply = client.post(f"/api/v1/games/{game}/positions", json={"seat": seat, **body})
    assert reply.status_code == 200, reply.get_json()
    return reply.get_json()


def _update(client, game, knowledge, act=None, status=200):
    body = {"knowledge": knowledge}
    if act is not None:
        body["act"] = act
    reply = client.post(f"/api/v1/games/{game}/positions/update", json=body)
    assert reply.status_code == status, reply.get_json()
    return reply.get_json()


def test_a_king_trick_entered_card_by_card_and_a_hint(client):
    pos = _start(client, "king", seat=0, seed=3)
    # play on to the cards: the first hand needs no choices before the opening lead
    while 0 not in pos["to_move"]:
        actor = pos["to_move"][0]
        other = pos["others"][str(actor)]
        assert other["card_moves"] == ["play"] or other["moves"]
        card = pos["unseen"][0] if other["card_moves"] else None
        action = f"play {card}" if card else other["moves"][0]
        pos = _update(client, "king", pos["knowledge"], {"seat": actor, "action": action})
    # my hand typed in: thirteen cards I choose, the rest unseen
    mine = pos["knowledge"]["zones"]["hand:0"]["cards"]
    assert len(mine) == pos["view"]["zones"]["hand:0"]["count"]
    hint = client.post("/api/v1/games/king/hint", json={"knowledge": pos["knowledge"], "budget_ms": 300})
    assert hint.status_code == 200, hint.get_json()
    assert hint.get_json()["action"]["notation"] in {a["notation"] for a in pos["legal_actions"]}


def test_my_hand_typed_in_and_an_opponent_card_forced_into_its_hand(client):
    pos = _start(client, "whist", seat=2, seed=5)
    knowledge = copy.deepcopy(pos["knowledge"])
    size = knowledge["zones"]["hand:2"]["count"]
    hand = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"][:size]
    knowledge["zones"]["hand:2"]["cards"] = hand
    pos = _update(client, "whist", knowledge)
    assert sorted(pos["view"]["zones"]["hand:2"]["cards"]) == sorted(hand)
    assert not {"AS", "3S"} & set(pos["unseen"])
    actor = pos["to_move"][0]
    assert actor != 2
    # the leader plays a heart: whatever the sample held, the heart is now played by that seat
    played = _update(client, "whist", pos["knowledge"], {"seat": actor, "action": "play AH"})
    assert "AH" not in played["unseen"]
    assert "AH" in str(played["view"]["public"])
    # a card I hold cannot be played by another seat
    refused = _update(client, "whist", pos["knowledge"], {"seat": actor, "action": "play KS"}, status=422)
    assert "KS" in refused["detail"]


def test_a_void_contradicted_by_a_play_is_refused():
    game = games.get("whist")
    state = game.new(seed=8)

    viewer = 0
    # play until someone shows out of the led suit, then try to make it follow that suit later
    rng = Rng(1)
    while True:
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        voids = [(s, suit) for s, suits in enumerate(state.voids) for suit in suits if s != viewer]
        if voids and not state.trick:
            break
    s, suit = voids[0]
    known = knowledge(state, viewer)
    rebuilt = state_from_knowledge(game, known, viewer, Rng(2))
    while min(rebuilt.to_move) != s:
        mover = min(rebuilt.to_move)
        rebuilt = rebuilt.apply(rebuilt.legal_actions(mover)[0], mover)
    candidates = [c for c in unseen_cards(rebuilt, viewer) if int(c.suit) == int(suit)]
    assert candidates
    with pytest.raises(CardsageError, match="rules it out"):
        play_seen(rebuilt, viewer, s, f"play {candidates[0]}")


def test_klondike_face_up_cards_typed_in_and_the_fair_hint(client):
    # the seven face-up cards of my deal (the rest face down, unknown)
    tops = ["KS", "QH", "9C", "2D", "AH", "7S", "5D"]
    pos = _start(client, "klondike", seat=0, seed=1, options={"draw": 3},
                 zones={f"tableau:{n}": [card] for n, card in enumerate(tops, start=1)})
    for column, card in enumerate(tops, start=1):
        assert pos["view"]["zones"][f"tableau:{column}"]["cards"] == [card]
    assert len(pos["unseen"]) == 52 - 7
    hint = client.post("/api/v1/games/klondike/hint", json={"knowledge": pos["knowledge"], "budget_ms": 500})
    assert hint.status_code == 200, hint.get_json()
    assert hint.get_json()["action"]["notation"] in {a["notation"] for a in pos["legal_actions"]}
    oracle = client.post("/api/v1/games/klondike/hint", json={"knowledge": pos["knowledge"], "mode": "oracle"})
    assert oracle.status_code == 422 and "hidden cards" in oracle.get_json()["detail"]
    # later in the game: a column with a run face up over two hidden cards, an ace home
    knowledge = copy.deepcopy(pos["knowledge"])
    zones = knowledge["zones"]
    zones["tableau:3"]["cards"] = ["9C", "8H"]
    zones["tableau:3:down"]["count"] = 1
    zones["foundation:H"]["cards"] = ["AH"]
    zones["tableau:5"]["cards"] = ["3C"]     # turned up when the ace went home
    zones["tableau:5:down"]["count"] = 3
    moved = _update(client, "klondike", knowledge)
    assert moved["view"]["zones"]["tableau:3"]["cards"] == ["9C", "8H"]
    assert moved["view"]["zones"]["foundation:H"]["cards"] == ["AH"]
    assert moved["view"]["zones"]["tableau:5:down"]["count"] == 3


def test_klondike_undo_frames_tell_nothing_of_the_face_down_cards():
    game = games.get("klondike")
    state = game.new(seed=4)
    for _ in range(6):
        state = state.apply(state.legal_actions(0)[0], 0)
    known = knowledge(state, 0)
    frames = [json.loads(t) for t in known["state"]["history"]]
    assert frames
    real = [json.loads(t) for t in state.history]
    for frame, truth in zip(frames, real):
        hidden = " ".join(d for d, _ in frame["columns"]).split() + frame["stock"].split()
        order = [parse_card(c) for c in hidden]
        assert order == sorted(order, key=lambda c: (c.kind, c.suit, c.rank, c.copy))
        assert sorted(hidden) == sorted(" ".join(d for d, _ in truth["columns"]).split() + truth["stock"].split())


def test_a_deal_with_my_cards_and_the_turned_trump(client):
    pos = _start(client, "whist", seat=0, seed=2)
    size = pos["view"]["zones"]["hand:0"]["count"]
    hand = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"][:size]
    zones = {"hand:0": hand}
    if "turned" in pos["view"]["zones"] and pos["view"]["zones"]["turned"]["count"]:
        zones["turned"] = ["7H"]
    dealt = _start(client, "whist", seat=0, seed=2, zones=zones)
    assert sorted(dealt["view"]["zones"]["hand:0"]["cards"]) == sorted(hand)
    if "turned" in zones:
        assert dealt["view"]["zones"]["turned"]["cards"] == ["7H"]
        assert "H" in str(dealt["view"]["public"].get("trump"))
    refused = client.post("/api/v1/games/whist/positions", json={"seat": 0, "zones": {"hand:1": ["AS"]}})
    assert refused.status_code == 422 and "does not see" in refused.get_json()["detail"]
    refused = client.post("/api/v1/games/whist/positions", json={"seat": 0, "zones": {"hand:0": ["AS", "AS"]}})
    assert refused.status_code == 422


def test_inconsistent_positions_are_refused_with_what_is_wrong(client):
    pos = _start(client, "king", seat=1, seed=2)
    good = pos["knowledge"]
    hand = good["zones"]["hand:1"]["cards"]

    twice = copy.deepcopy(good)
    twice["zones"]["trick"]["cards"] = [hand[0]]
    twice["zones"]["trick"]["count"] = 1
    reply = _update(client, "king", twice, status=422)
    assert "two places" in reply["detail"] and hand[0] in reply["detail"]

    stray = copy.deepcopy(good)
    stray["zones"]["hand:1"]["cards"] = hand[:-1] + ["X1"]
    assert "pack" in _update(client, "king", stray, status=422)["detail"]

    too_many = copy.deepcopy(good)
    too_many["zones"]["hand:0"]["count"] = 14
    assert "hidden zones hold" in _update(client, "king", too_many, status=422)["detail"]

    peek = copy.deepcopy(good)
    peek["zones"]["hand:0"]["cards"] = ["2C"]
    assert "cannot see" in _update(client, "king", peek, status=422)["detail"]

    no_zone = copy.deepcopy(good)
    no_zone["zones"]["table:9"] = {"count": 0}
    assert "no zone" in _update(client, "king", no_zone, status=422)["detail"]

    other_game = copy.deepcopy(good)
    other_game["game"] = "whist"
    assert _update(client, "king", other_game, status=422)["field"] == "knowledge.game"

    broken = copy.deepcopy(good)
    broken["state"] = {"$dc": "no.Such", "options": {}}
    assert client.post("/api/v1/games/king/positions/update", json={"knowledge": broken}).status_code in (400, 422)

    reply = client.post("/api/v1/games/king/positions/update", json={})
    assert reply.status_code == 400 and reply.get_json()["field"] == "knowledge"
    reply = client.post("/api/v1/games/king/hint", json={"knowledge": good, "mode": "deep"})
    assert reply.status_code == 422 and reply.get_json()["field"] == "mode"
    reply = client.post("/api/v1/games/nope/positions", json={"seat": 0})
    assert reply.status_code == 404
    reply = client.post("/api/v1/games/king/positions", json={"seat": 9})
    assert reply.status_code == 422
    # a field a request does not take is refused, not ignored
    reply = client.post("/api/v1/games/king/positions", json={"seat": 0, "target": 5})
    assert reply.status_code == 400 and reply.get_json()["field"] == "target"
    reply = client.post("/api/v1/games/king/positions/update", json={"knowledge": good, "action": "play 2C"})
    assert reply.status_code == 400 and reply.get_json()["field"] == "action"
    reply = client.post("/api/v1/games/king/hint", json={"knowledge": good, "budget": 100})
    assert reply.status_code == 400 and reply.get_json()["field"] == "budget"


def test_a_seat_not_to_move_gets_409(client):
    pos = _start(client, "king", seat=0, seed=3)
    idle = next(s for s in range(4) if s not in pos["to_move"])
    pos = _start(client, "king", seat=idle, seed=3)
    reply = client.post("/api/v1/games/king/hint", json={"knowledge": pos["knowledge"]})
    assert reply.status_code == 409


def test_a_session_seat_carries_on_at_a_real_table(client):
    created = client.post("/api/v1/sessions", json={"game": "durak", "seats": ["human", "heuristic"], "seed": 4})
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    session, token = body["id"], body["tokens"]["0"]
    reply = client.get(f"/api/v1/sessions/{session}/knowledge", headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 200
    pos = reply.get_json()
    view = client.get(f"/api/v1/sessions/{session}", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert pos["view"] == view["view"]
    again = _update(client, "durak", pos["knowledge"])
    assert again["view"] == pos["view"] and again["knowledge"] == pos["knowledge"]
    assert client.get(f"/api/v1/sessions/{session}/knowledge").status_code == 401


def test_the_table_s_own_dealer(client):
    for dealer in range(4):
        pos = _start(client, "king", seat=0, dealer=dealer)
        assert pos["view"]["public"]["dealer"] == dealer
    refused = client.post("/api/v1/games/klondike/positions", json={"seat": 0, "dealer": 0})
    assert refused.status_code == 422 and refused.get_json()["field"] == "dealer"


_ODD_VALUES = [None, -1, 10 ** 12, "x", True, [], {}, 3.5, {"$c": "AS"}, {"$c": "ZZ"}]


def _leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, path + (index,))
    else:
        yield path


@pytest.mark.parametrize("game", ["king", "durak", "klondike", "seven-rummy", "bura", "mao"])
def test_a_knowledge_typed_wrong_anywhere_is_a_4xx_never_a_500(client, game):
    base = _start(client, game, seat=0, seed=3)["knowledge"]
    paths = list(_leaves(base["state"]))
    rng = Rng(len(game))
    for _ in range(25):
        known = copy.deepcopy(base)
        path = paths[rng.below(len(paths))]
        target = known["state"]
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = _ODD_VALUES[rng.below(len(_ODD_VALUES))]
        for url, body in ((f"/api/v1/games/{game}/positions/update", {"knowledge": known}),
                          (f"/api/v1/games/{game}/hint", {"knowledge": known, "budget_ms": 30})):
            reply = client.post(url, json=body)
            assert reply.status_code < 500, (path, reply.get_json())
