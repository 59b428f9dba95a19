"""A game's secret options (Mao's rules in force) never reach the seats through the API."""

from __future__ import annotations

import json

from solvers import games
from tests.api.helpers import create, view


def test_mao_sessions_keep_the_rules_in_force_out_of_every_seats_answer(client):
    secret = sorted(games.get("mao").secret_options)
    assert "ace_skips" in secret
    session_id, tokens = create(client, seats=["human"] * 4, seed=3, game="mao",
                                options={"ace_skips": False, "all_hail_the_king": True, "rounds": 2})
    for seat, token in tokens.items():
        body = view(client, session_id, token)
        assert body["options"]["rounds"] == 2, "the public options are still shown"
        text = json.dumps(body)
        assert not any(name in text for name in secret), f"seat {seat} was told a secret option"
