"""Quick play's short cuts give what the plain path gives: the same states, the same masters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers import games
from solvers.cards import Card, Rank, Rng, parse_card
from solvers.games import teka_bot, whist_bot
from solvers.pimc.adapters import adapter_for
from solvers.tricks import evolve, without
from tests.pimc.helpers import advance


def _played_cards(state) -> set[Card]:
    return {p[1] for plays in state.history + (state.trick,) for p in plays}


def _plain_is_master(card: Card, state, mine) -> bool:
    gone = _played_cards(state) | set(mine)
    return all(Card.standard(r, card.suit) in gone for r in range(card.rank + 1, Rank.ACE + 1))


def _plain_outstanding_trumps(state, seat: int) -> int:
    known = _played_cards(state) | set(state.hands[seat])
    return sum(1 for r in Rank if Card.standard(r, state.trump) not in known)


def test_evolve_is_replace_without_the_caches():
    state = advance(games.get("teka"), 3, 20)
    state.legal_actions(min(state.to_move))
    assert "_legal" in state.__dict__
    changed = evolve(state, tricks=(5, 1), raise_asked=True)
    assert changed == replace(state, tricks=(5, 1), raise_asked=True)
    assert "_legal" not in changed.__dict__ and list(changed.__dict__) == list(replace(state).__dict__)
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_without_finds_the_card_by_identity_or_equality():
    hand = tuple(parse_card(c) for c in ("AS", "KH", "2C"))
    assert without(hand, hand[1]) == (hand[0], hand[2])
    assert without(hand, Card(hand[2].kind, hand[2].suit, hand[2].rank)) == hand[:2]
    with pytest.raises(ValueError):
        without(hand, parse_card("3D"))


@pytest.mark.parametrize("name", ["whist", "teka"])
def test_rollout_step_is_the_bots_move_applied(name):
    game = games.get(name)
    checked = 0
    for seed in range(6):
        state = game.new(seed=seed)
        rng = Rng(seed)
        while not state.sheet and checked < 600:
            seat = min(state.to_move)
            adapter = adapter_for(state)
            if adapter.in_card_play(state):
                # quick play runs on the state trick counting sees (Teka: raises closed)
                counted = adapter.counting_state(state)
                mover = min(counted.to_move)
                plain = counted.apply(adapter.rollout_action(counted, mover, rng), mover)
                assert adapter.rollout_step(counted, mover, rng) == plain
                assert adapter.hand_size(counted) == max(len(h) for h in adapter.live_hands(counted))
                checked += 1
            state = state.apply(game.bots()["heuristic"](state, seat, rng), seat)
    assert checked > 100


@pytest.mark.parametrize("name,bot", [("whist", whist_bot), ("teka", teka_bot)])
def test_masters_from_rank_masks_match_the_plain_count(name, bot):
    game = games.get(name)
    for seed in range(4):
        for steps in (8, 20, 33, 45):
            state = advance(game, seed, steps)
            if not hasattr(state, "history") or getattr(state, "trump", None) is None:
                continue
            for seat in range(4):
                mine = state.hands[seat]
                for card in parse_cards_all():
                    assert bot._is_master(card, state, mine) == _plain_is_master(card, state, mine)
                if name == "teka":
                    assert bot._outstanding_trumps(state, seat) == _plain_outstanding_trumps(state, seat)


def parse_cards_all() -> list[Card]:
    return [Card.standard(r, s) for s in range(4) for r in range(2, 15)]
