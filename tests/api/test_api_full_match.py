"""A whole Whist match, one human and three heuristic bots, played through the API."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.game import Action
from tests.api.helpers import BOTS3, create, play, view


@pytest.mark.parametrize("seed", [7, 2024])
def test_full_match_matches_a_local_replay(client, seed):
    session_id, tokens = create(client, seats=BOTS3, seed=seed)
    token = tokens["0"]
    state = view(client, session_id, token)
    requests = 0
    while not state["over"]:
        assert state["to_move"] == [0] and state["legal_actions"]
        response = play(client, session_id, token, state["legal_actions"][0]["notation"], state["version"])
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
        requests += 1
        assert requests < 2000
    assert state["legal_actions"] == [] and state["to_move"] == []
    assert state["seed"] == seed
    assert [e["version"] for e in state["log"]] == list(range(1, state["version"] + 1))

    local = games.get("whist").new(seed=seed, options=state["options"])
    for entry in state["log"]:
        local = local.apply(Action.parse(entry["action"]), entry["seat"])
    assert local.is_over
    assert state["scores"] == list(local.scores)
    assert max(local.points) >= state["options"]["target"]
