"""A seat token never reveals a card another seat holds."""

from __future__ import annotations

import pytest

from tests.api.helpers import auth, create, play, strings_in, view


def _hidden_from(state, seat):
    """Cards in other seats' hands that ``seat`` cannot know (publicly placed cards excepted)."""
    known = {c for cards in state.fixed_cards(seat).values() for c in cards}
    return {str(c) for other in range(state.players) if other != seat
            for c in state.zones()[f"hand:{other}"].cards if c not in known}


def _words(body):
    return {word for text in strings_in(body) for word in text.split()}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_and_hints_hide_other_hands(app, client, seed):
    service = app.extensions["cardsage.sessions"]
    session_id, tokens = create(client, seats=["human", "heuristic", "human", "heuristic"], seed=seed)
    for _ in range(20):
        match = service.match(session_id)
        real = service.current(match).state
        if real.is_over:
            break
        for seat_key, token in tokens.items():
            seat = int(seat_key)
            body = view(client, session_id, token)
            hidden = _hidden_from(real, seat)
            assert hidden and not (_words(body) & hidden)
            assert sorted(body["view"]["zones"][f"hand:{seat}"]["cards"]) == \
                sorted(str(c) for c in real.zones()[f"hand:{seat}"].cards)
            if seat in real.to_move:
                hint = client.get(f"/api/v1/sessions/{session_id}/hint", headers=auth(token)).get_json()
                assert not (_words(hint) & hidden)
        mover = str(min(real.to_move))
        state = view(client, session_id, tokens[mover])
        assert play(client, session_id, tokens[mover], state["legal_actions"][-1]["notation"],
                    state["version"]).status_code == 200


def test_errors_do_not_reveal_other_hands(app, client):
    service = app.extensions["cardsage.sessions"]
    session_id, tokens = create(client, seed=4)
    real = service.current(service.match(session_id)).state
    hidden = _hidden_from(real, 0)
    version = view(client, session_id, tokens["0"])["version"]
    for card in sorted(hidden)[:10]:
        response = play(client, session_id, tokens["0"], f"play {card}", version)
        assert response.status_code == 422
        assert not ((_words(response.get_json()) - {card}) & hidden)
