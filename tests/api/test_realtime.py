"""Real-time sessions on the server clock (api/realtime.py), driven by a fake wall clock:
the tests move the clock and run the ticker's work (``SessionService.tick``) themselves."""

from __future__ import annotations

import pytest

from api.realtime import game_time, parse_reactions, reaction_delay
from api.replay import replay
from solvers import games
from solvers.realtime import CLOCK_SEAT, clock_action
from tests.games.test_twentyfour_game import _stacks

T0 = 1_000_000.0
BOARD_3388 = _stacks("3S 3H", "8D 8C", players=2)        # expert: the solver bot thinks 4 × bot_reaction_s


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self, t: float = T0):
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def wall():
    return Wall()


@pytest.fixture
def service(app, wall):
    service = app.extensions["cardsage.sessions"]
    service.now = wall
    return service


def _create(client, seats, *, deal=BOARD_3388, options=None, **extra):
    response = client.post("/api/v1/sessions", json={"game": "twentyfour", "seats": seats, "seed": 1,
                                                     "deal": deal, "options": options or {}, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _view(client, created, seat=0):
    token = created["tokens"][str(seat)]
    response = client.get(f"/api/v1/sessions/{created['id']}", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _act(client, created, action, version, seat=0):
    token = created["tokens"][str(seat)]
    response = client.post(f"/api/v1/sessions/{created['id']}/actions",
                           headers={"Authorization": f"Bearer {token}"},
                           json={"action": action, "version": version})
    return response.status_code, response.get_json()


def _stored(app, created):
    """The stored log as (seat, notation) pairs, read straight from the storage."""
    storage = app.extensions["cardsage.storage"]
    return [(r.seat, " ".join([r.action["kind"], *r.action.get("args", [])])) for r in storage.actions(created["id"])]


# ------------------------------------------------------------------ the game side


def test_a_clock_event_expires_every_deadline_passed_in_order():
    state = games.get("twentyfour").new(seed=1, deal=BOARD_3388, options={"answer_window_s": 5})
    state = state.apply("slap", 0).advance_clock(3)
    assert (state.phase, state.clock, state.next_wake()) == ("answer", 3, 5)
    after = state.apply(clock_action(12), CLOCK_SEAT)
    # the window closed at 5: the slapper took the cards then, and the next set began at 5
    assert after.clock == 12 and after.set_start == 5 and after.phase == "race"
    assert after.taken[0].rule == "no solution given: the slapper takes the four cards"


def test_clock_events_are_not_a_seats_action():
    state = games.get("twentyfour").new(seed=1, deal=BOARD_3388, options={})
    with pytest.raises(Exception):
        state.apply("clock 50", 0)
    jb = games.get("james-bond").new(seed=3, options={"mode": "turns"})
    assert jb.clock_now is None


# ------------------------------------------------------------------ sessions


def test_a_session_with_a_human_runs_on_the_server_clock_and_turns_stays_a_choice(client, service):
    created = _create(client, ["human", "human"])
    assert created["clock"] == {"mode": "server", "game_clock": 0, "next_wake": 90, "now": 0.0,
                                "reactions": [None, None]}
    turns = _create(client, ["human", "human"], clock="turns")
    assert turns["clock"] == {"mode": "turns", "game_clock": 0, "next_wake": 90}
    whist = client.post("/api/v1/sessions", json={"game": "whist", "seats": ["human"] * 4, "clock": "server"})
    assert whist.status_code == 422 and whist.get_json()["field"] == "clock"
    for body, field in (({"clock": "wall"}, "clock"), ({"reactions": {"0": "human"}}, "reactions.0"),
                        ({"reactions": {"1": "fast"}}, "reactions.1"),
                        ({"clock": "turns", "reactions": {"1": "slow"}}, "reactions")):
        response = client.post("/api/v1/sessions", json={"game": "twentyfour", "seats": ["human", "solver"],
                                                         **body})
        assert response.status_code == 422 and response.get_json()["field"] == field, body


def test_an_answer_window_expires_with_no_request(app, client, service, wall):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    wall.t = T0 + 2.4
    status, body = _act(client, created, "slap", 0)
    assert status == 200 and body["view"]["public"]["answer_deadline"] == 12
    assert body["clock"]["next_wake"] == 12
    wall.t = T0 + 11.9
    assert service.tick() == 0                                  # not yet
    wall.t = T0 + 12.0
    assert service.tick() == 1
    # written by the ticker, with no request: the expiry is a clock event in the log
    assert _stored(app, created) == [(CLOCK_SEAT, "clock 2"), (0, "slap"), (CLOCK_SEAT, "clock 12")]
    view = _view(client, created, seat=1)
    assert view["view"]["public"]["cards_held"] == [22, 18]
    assert view["log"][-1] == {"seat": CLOCK_SEAT, "action": "clock 12", "version": 3}
    assert service.tick() == 0                                  # nothing due until the next no-solution time


def test_a_late_answer_is_late(client, service, wall):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    status, body = _act(client, created, "slap", 0)
    wall.t = T0 + 10.5                                          # the ticker has not run: the request is first
    status, late = _act(client, created, "answer 8/(3-8/3)", body["version"])
    assert status in (409, 422), late                          # the window had closed: no answer now
    view = _view(client, created)
    assert view["view"]["public"]["last_result"].startswith("seat 0 gave no solution in time")
    assert view["view"]["public"]["cards_held"] == [22, 18]


def test_the_human_wins_the_race_when_faster_than_the_bot(app, client, service, wall):
    created = _create(client, ["human", "solver"], options={"bot_reaction_s": 1},
                      reactions={"1": "instant"})
    # the solver thinks 4 s on 3 3 8 8 (expert); the human slaps at 3.5 s and answers
    assert _stored(app, created) == [(1, "wait 4")]
    wall.t = T0 + 3.5
    status, body = _act(client, created, "slap", created["version"])
    assert status == 200 and body["view"]["public"]["answerer"] == 0
    wall.t = T0 + 4.5
    service.tick()                                              # the bot is not in the race any more
    status, body = _act(client, created, "answer 8/(3-8/3)", body["version"])
    assert status == 200 and body["view"]["public"]["cards_held"] == [18, 22]
    assert "slap" not in [a for s, a in _stored(app, created) if s == 1]


def test_the_bot_wins_the_race_when_faster_and_a_slow_human_finds_it_decided(app, client, service, wall):
    created = _create(client, ["human", "solver"], options={"bot_reaction_s": 1},
                      reactions={"1": "instant"})
    wall.t = T0 + 4.0
    assert service.tick() == 1                                  # its thinking time is up: it slaps and answers
    log = _stored(app, created)
    assert log[:4] == [(1, "wait 4"), (CLOCK_SEAT, "clock 4"), (1, "slap"), (1, "answer 8/(3-8/3)")]
    wall.t = T0 + 4.2
    status, body = _act(client, created, "slap", 1)            # chosen before the bot's slap: refused
    assert status == 409
    assert _view(client, created)["view"]["public"]["cards_held"] == [22, 18]


def test_a_human_like_bot_acts_after_its_seeded_reaction_time(app, client, service, wall):
    created = _create(client, ["human", "solver"], options={"bot_reaction_s": 1}, reactions={"1": "human"})
    wall.t = T0 + 4.0
    service.tick()                                              # able to slap from 4 s, after its reaction
    able = service.clock(service.match(created["id"])).able
    since, version = able["1"]
    delay = reaction_delay("human", 1, 1, version)
    assert since == T0 + 4.0 and 0.25 <= delay <= 4.0
    wall.t = since + delay - 0.01
    service.tick()
    assert (1, "slap") not in _stored(app, created)
    wall.t = since + delay
    assert service.tick() == 1
    assert (1, "slap") in _stored(app, created)


def test_reaction_delays_are_seeded_with_a_spread():
    human = [reaction_delay("human", 7, 1, v) for v in range(400)]
    assert human == [reaction_delay("human", 7, 1, v) for v in range(400)]
    assert 0.8 < sorted(human)[200] < 1.25 and min(human) < 0.7 and max(human) > 1.5
    assert reaction_delay("instant", 7, 1, 3) == 0.0 and reaction_delay(0.2, 7, 1, 3) < 1
    slow = sorted(reaction_delay("slow", 7, 1, v) for v in range(400))
    assert slow[200] > 2.4
    assert parse_reactions(None, ("human", "solver"), "human") == (None, "human")
    assert parse_reactions([None, 0.5], ("human", "solver"), "human") == (None, 0.5)
    assert game_time(T0, T0 + 2.9999999) == 3 and game_time(T0, T0 + 2.99) == 2


def test_a_stale_version_counts_across_clock_events_and_waits_only(client, service, wall):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    wall.t = T0 + 3
    status, body = _act(client, created, "wait 1", 0, seat=1)  # a wait, then a clock event: nothing seen
    assert status == 200
    wall.t = T0 + 5
    status, body = _act(client, created, "slap", 0, seat=0)
    assert status == 200 and body["view"]["public"]["answerer"] == 0
    status, late = _act(client, created, "slap", 0, seat=1)    # a slap came since: refused
    assert status == 409 and late["field"] == "version"


def test_a_replay_from_the_log_is_exact(app, make_app, client, service, wall):
    created = _create(client, ["human", "solver"], options={"bot_reaction_s": 1, "answer_window_s": 5},
                      reactions={"1": 0.5})
    for step in range(1, 40):
        wall.t = T0 + step * 0.7
        service.tick()
        if step == 3:
            status, body = _act(client, created, "slap", _view(client, created)["version"])
    now = service.current(service.match(created["id"]))
    # a server that never saw the session replays the stored log, clock events and all
    other = make_app().extensions["cardsage.sessions"]
    other.now = wall
    again = other._load(other.match(created["id"]))
    assert again.state.to_json() == now.state.to_json() and again.version == now.version
    start = games.get("twentyfour").new(seed=1, deal=BOARD_3388, options=service.match(created["id"]).options)
    records = [(r.seat, r.action) for r in app.extensions["cardsage.storage"].actions(created["id"])]
    assert replay(start, records).state == now.state
    assert any(seat == CLOCK_SEAT for seat, _ in records) and now.state.sets >= 1


def test_two_tickers_at_once_write_an_event_once(app, make_app, client, service, wall):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    _act(client, created, "slap", 0)
    other = make_app().extensions["cardsage.sessions"]
    other.now = wall
    wall.t = T0 + 10
    other._load(other.match(created["id"]))                   # both have the session cached at one version
    service.tick()
    other.tick()
    assert [a for s, a in _stored(app, created) if s == CLOCK_SEAT] == ["clock 10"]


def test_james_bond_race_runs_on_the_server_clock(app, client, service, wall):
    response = client.post("/api/v1/sessions", json={"game": "james-bond", "seats": ["human", "heuristic"],
                                                     "seed": 5, "reactions": {"1": "instant"},
                                                     "options": {"bot_reaction": "human"}})
    created = response.get_json()
    assert response.status_code == 201 and created["clock"]["mode"] == "server"
    for step in range(1, 21):
        wall.t = T0 + step * 0.5
        service.tick()
    view = _view(client, created)
    bot_moves = [a for s, a in _stored(app, created) if s == 1 and not a.startswith("wait")]
    # the heuristic bot acts about once a game second (its bot_reaction), on the wall clock
    assert 5 <= len(bot_moves) <= 12 and view["clock"]["game_clock"] == 10
    status, body = _act(client, created, view["legal_actions"][0]["notation"], view["version"])
    assert status == 200


def test_the_version_endpoint_is_cheap_and_writes_what_is_due(client, service, wall):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    _act(client, created, "slap", 0)
    wall.t = T0 + 10
    headers = {"Authorization": f"Bearer {created['tokens']['1']}"}
    body = client.get(f"/api/v1/sessions/{created['id']}/version", headers=headers).get_json()
    assert body["version"] == 2 and body["over"] is False and body["clock"]["game_clock"] == 10
    assert client.get(f"/api/v1/sessions/{created['id']}/version").status_code == 401


def test_four_players_the_deadline_makes_the_earliest_slapper_answer_on_its_own(client, service, wall):
    stacks = _stacks("3S", "3H", "8D", "8C", players=4)          # one card each: 3 3 8 8
    created = _create(client, ["human"] * 4, deal=stacks, options={"players": 4, "no_solution_after_s": 20,
                                                                   "answer_window_s": 5})
    wall.t = T0 + 4
    status, body = _act(client, created, "slap", 0, seat=2)
    assert status == 200 and body["view"]["public"]["slaps"] == [2]
    wall.t = T0 + 20
    assert service.tick() == 1
    view = _view(client, created, seat=2)
    public = view["view"]["public"]
    assert public["phase"] == "answer" and public["answerer"] == 2 and public["answer_deadline"] == 25
    wall.t = T0 + 25
    service.tick()
    view = _view(client, created, seat=2)
    assert view["view"]["public"]["last_result"].startswith("seat 2 gave no solution in time")


def test_a_session_whose_tick_fails_is_looked_at_again_later(client, service, wall, monkeypatch):
    created = _create(client, ["human", "human"], options={"answer_window_s": 10})
    _act(client, created, "slap", 0)
    wall.t = T0 + 10

    def broken(*args, **kwargs):
        raise RuntimeError("a bot failed")

    monkeypatch.setattr(service, "_step", broken)
    assert service.tick() == 1
    assert service.clock(service.match(created["id"])).wake == T0 + 15
    assert service.tick() == 0                                  # not every tick in between


def test_james_bond_applies_actions_in_arrival_order_across_versions(client, service, wall):
    response = client.post("/api/v1/sessions", json={"game": "james-bond", "seats": ["human", "heuristic"],
                                                     "seed": 5, "reactions": {"1": "instant"}})
    created = response.get_json()
    view = _view(client, created)
    for step in range(1, 7):
        wall.t = T0 + step * 0.5
        service.tick()
    assert _view(client, created)["version"] > view["version"] + 1      # the bot moved meanwhile
    status, body = _act(client, created, "pick 2", view["version"])
    assert status == 200 and body["view"]["public"]["holding"][0] == 2
    # Twenty-Four keeps the stricter rule: only clock events and waits may come between
    assert not getattr(games.get("twentyfour").new(seed=1, options={}), "arrival_order", False)
