"""Tëtka: what each seat sees, sampling that respects it, hints and bots, whole-match properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.sampling import determinize
from tests.games.test_tetka_rules import deal_for, grid

GAME = games.get("tetka")
WINNERS = [3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3]


def start():
    """The scenario deal: dealer seat 3 shows 5H; seat 0 leads."""
    return GAME.new(seed=1, deal=deal_for(WINNERS, 3, "5H"))


def play_random(state, steps: int, rng: Rng):
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)
    return state


# ---------------------------------------------------------------- views and sampling


def test_a_seat_sees_its_own_hand_and_the_bum_card_only():
    state = start()
    view = state.view(1)
    assert "cards" in view["zones"]["hand:1"] and len(view["zones"]["hand:1"]["cards"]) == 13
    assert all("cards" not in view["zones"][f"hand:{s}"] for s in (0, 2, 3))
    assert view["zones"]["hand:3"]["count"] == 12 and view["zones"]["bum"]["cards"] == ["5H"]
    onlooker = state.view(None)
    assert all("cards" not in onlooker["zones"][f"hand:{s}"] for s in range(4))


def test_sampling_keeps_the_bum_card_with_the_dealer_and_respects_voids():
    state = start()
    for card in ("2C", "3C", "4C", "5C"):
        state = state.apply(f"play {card}", state.turn)
    rng = Rng(7)
    match = GAME.new(seed=12)
    while not any(match.voids) and not match.is_over:
        match = match.apply(rng.choice(match.legal_actions(match.turn)), match.turn)
    assert any(match.voids)
    for salt in range(20):
        for seat in range(4):
            other = determinize(match, seat, Rng(salt))
            assert other.view(seat) == match.view(seat)
            assert other.bum == match.bum and other.bum_shown == match.bum_shown
            for s in range(4):
                if s != seat:
                    assert not {c.suit for c in other.hands[s]} & match.voids[s]
    # the dealer's shown bum card is never dealt into another hand
    for salt in range(20):
        other = determinize(state, 0, Rng(salt))
        assert all(parse_card("5H") not in h for h in other.hands)
        assert other.holding(3)[-1] == parse_card("5H")


def test_old_tricks_may_not_be_reviewed_unless_the_option_says_so():
    state = start()
    for card in ("2C", "3C", "4C", "5C"):
        state = state.apply(f"play {card}", state.turn)
    assert state.review_limit(0) == 4 and state.view(0)["public"]["last_trick"]
    state = state.apply("play 5D", state.turn)                 # seat 3 leads the next trick
    assert state.review_limit(0) == 1 and state.view(0)["public"]["last_trick"] is None
    full = GAME.new(seed=1, deal=deal_for(WINNERS, 3, "5H"), options={"show_full_history": True})
    assert full.review_limit(0) is None


def test_views_are_the_same_for_samples_mid_hand():
    state = play_random(GAME.new(seed=3), 23, Rng(3))
    for seat in range(4):
        assert determinize(state, seat, Rng(5)).view(seat) == state.view(seat)


# ---------------------------------------------------------------- bots and hints


def test_rules_of_thumb_dump_penalty_cards_and_duck():
    from solvers.games.tetka_bot import choose
    state = start()
    state = state.apply("play 2C", 0)
    card, reason = choose(state, 1)                           # holds 3C 9C TC: stay under? 2C leads: all win
    assert card == parse_card("3C") and "lowest" in reason
    state = state.apply("play 3C", 1).apply("play 4C", 2)
    card, reason = choose(state, 3)                           # last to play, must win: shed the highest
    assert card == parse_card("8C") and "yours" in reason     # QC is kept back for someone else's trick


def test_heuristic_plays_legal_cards_and_gives_reasons():
    from solvers.games.tetka_bot import heuristic_hint
    rng = Rng(2)
    state = GAME.new(seed=2)
    for _ in range(52):
        hint = heuristic_hint(state, state.turn)
        assert hint.action in state.legal_actions(state.turn) and hint.reason
        state = state.apply(rng.choice(state.legal_actions(state.turn)), state.turn)


def test_hint_for_a_card_is_legal_reasoned_and_reproducible():
    state = play_random(GAME.new(seed=5), 9, Rng(5))
    seat = state.turn
    first = GAME.hint(state, seat, rng=Rng(1), iterations=8)
    again = GAME.hint(determinize(state, seat, Rng(8)), seat, rng=Rng(1), iterations=8)
    assert first.action in state.legal_actions(seat) and first.reason
    assert first.to_json()["action"] == again.to_json()["action"]
    assert first.reason == again.reason


def test_a_forced_card_is_hinted_as_such():
    state = start()
    for row in grid(WINNERS, 3, "5H")[:12]:
        for _ in range(4):
            state = state.apply(f"play {row[state.turn]}", state.turn)
    assert len(state.legal_actions(state.turn)) == 1
    hint = GAME.hint(state, state.turn, rng=Rng(1), iterations=10)
    assert hint.action == state.legal_actions(state.turn)[0] and "only" in hint.reason


# ---------------------------------------------------------------- whole matches


@given(seed=st.integers(0, 2**31))
@settings(max_examples=15, deadline=None)
def test_nine_points_every_hand_and_totals_add_up(seed):
    state = play_random(GAME.new(seed=seed), 52 * 4, Rng(seed))
    assert state.is_over and state.hands_played == 4
    for number, record in enumerate(state.sheet, 1):
        assert sum(e.points for e in state.score_events() if e.hand == number) == 9 == sum(record.points)
    assert sum(state.scores) == 36
    assert [r["score"] for r in state.standings()] == sorted(state.scores)
    assert state.utility(0) == -(state.scores[0] - sum(state.scores[1:]) / 3)


# ---------------------------------------------------------------- the sampled hint

VOID_DEAL = {
    "dealer": 3, "bum": "5H",
    "hands": ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
              "QH 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
              "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
              "AS 2H 3H 4H 6H 7H 8H 9H TH JH KH AH 5H"],
}


def test_hint_throws_tetka_on_someone_elses_trick():
    state = GAME.new(deal=VOID_DEAL).apply("play 2C", 0)    # nobody else has a club: 2C wins
    hint = GAME.hint(state, 1, rng=Rng(4), iterations=3)
    assert hint.action.notation == "play QH" and hint.method == "sampled"
    assert hint.evaluation["deals"] == 3 and "penalty points" in hint.reason
    assert all("expected_penalty" in alt for alt in hint.alternatives)


def test_hint_and_search_bot_let_the_dealer_shed_the_bum_card():
    state = GAME.new(deal=VOID_DEAL).apply("play 2C", 0).apply("play QH", 1).apply("play 2D", 2)
    hint = GAME.hint(state, 3, rng=Rng(4), iterations=4)
    assert hint.action.notation == "play 5H" and "5H" in hint.reason
    from solvers.games.tetka_bot import heuristic_bot
    from solvers.games.tetka_search import make_sampled_bot
    assert make_sampled_bot(heuristic_bot, deals=3)(state, 3, Rng(4)).notation == "play 5H"


def test_hint_refuses_an_unknown_mode():
    from solvers.errors import CardsageError
    with pytest.raises(CardsageError):
        GAME.hint(start(), 0, mode="exact", iterations=2)


def test_hint_within_a_budget_samples_at_least_one_deal():
    hint = GAME.hint(start(), 0, 0.05)
    assert hint.evaluation["deals"] >= 1 and hint.action in start().legal_actions(0)


@pytest.mark.slow
def test_hint_keeps_to_its_budget():
    import time
    state = GAME.new(seed=8)
    for budget in (0.2, 1.0):
        began = time.perf_counter()
        GAME.hint(state, state.turn, budget)
        assert time.perf_counter() - began < budget * 1.1 + 0.05
