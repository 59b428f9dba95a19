"""Kop: determinization of secret partners, hints for every decision, the bots."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.games.kop_cards import BLACK_QUEENS, TRUMP_LADDER
from solvers.sampling import determinize

from tests.games.test_kop import CALL_DEAL, SOLO_DEAL, TEAM_DEAL, WEAK_DEAL, play, passes

GAME = games.get("kop")


def c(text):
    return parse_card(text)


# ----------------------------------------------------------------- determinization

def test_samples_place_the_black_queens_and_so_the_partners():
    state = passes(GAME.new(deal=TEAM_DEAL))
    kinds, sides = set(), set()
    for i in range(200):
        sample = determinize(state, 1, Rng(i))
        assert sample.hands[1] == state.hands[1]
        kind, side = sample.partnership()
        kinds.add(kind)
        sides.add(side)
    assert "team" in kinds and "silent" in kinds, "a silent solo stays possible until play rules it out"
    assert {(0, 2), (0, 3), (2, 3)} <= sides
    assert all(1 not in side for side in sides), "seat 1 holds no black queen"


def test_a_call_fixes_the_callers_queens_and_rules_out_the_called_jack():
    state = play(GAME.new(deal=CALL_DEAL), "0:call")
    for i in range(60):
        sample = determinize(state, 2, Rng(i))
        assert set(BLACK_QUEENS) <= set(sample.hands[0]) and c("JC") not in sample.hands[0]
        kind, side = sample.partnership()
        assert kind == "call" and 0 in side and 2 not in side


def test_shown_voids_and_the_must_win_rule_are_respected():
    state = passes(GAME.new(deal=TEAM_DEAL))
    # seat 3 plays 10♦ under J♠: it had no trump above J♠
    state = play(state, "0:play JD", "1:play JC")
    assert [a.notation for a in state.legal_actions(2)] == ["play QS"]
    state = play(state, "2:play QS", "3:play TD")
    higher = {x for x in TRUMP_LADDER if TRUMP_LADDER.index(x) < TRUMP_LADDER.index(c("QS"))}
    for i in range(60):
        sample = determinize(state, 0, Rng(i))
        assert not higher & set(sample.hands[3])


def test_determinize_never_changes_what_the_seat_sees():
    state = play(GAME.new(deal=CALL_DEAL), "0:call", "0:play QC")
    for seat in range(4):
        view = state.view(seat)
        for i in range(10):
            assert determinize(state, seat, Rng(i)).view(seat) == view


# ----------------------------------------------------------------- hints

def test_forced_pass_hint_says_there_is_nothing_to_announce():
    state = GAME.new(deal=TEAM_DEAL)
    hint = GAME.hint(state, 0, iterations=4, rng=Rng(1))
    assert hint.action.notation == "pass" and "nothing to announce" in hint.reason
    assert hint.method == "exact"


def test_unbeatable_hand_plays_alone_and_keeps_quiet():
    state = GAME.new(deal=SOLO_DEAL)
    hint = GAME.hint(state, 0, iterations=12, rng=Rng(1))
    assert hint.action.notation == "pass", "alone pays most; quiet, the others cannot tell"
    assert hint.evaluation["win_probability"] == 1.0 and hint.evaluation["expected_victory_cards"] == 6
    assert "silent" in hint.reason and hint.method == "sampled"
    assert {a["action"]["notation"] for a in hint.alternatives} == {"solo", "call"}


def test_announced_solo_when_a_silent_one_pays_less():
    state = GAME.new(deal=SOLO_DEAL, options={"silent_stake": "team"})
    hint = GAME.hint(state, 0, iterations=12, rng=Rng(1))
    assert hint.action.notation == "solo" and hint.evaluation["expected_victory_cards"] == 6


def test_weak_hand_calls_a_partner():
    state = GAME.new(deal=WEAK_DEAL)
    hint = GAME.hint(state, 0, iterations=30, rng=Rng(1))
    assert hint.action.notation == "call"
    assert "J♣" in hint.reason


def test_card_hint_is_sampled_and_reproducible():
    state = passes(GAME.new(deal=TEAM_DEAL))
    first = GAME.hint(state, 0, iterations=20, rng=Rng(3))
    again = GAME.hint(state, 0, iterations=20, rng=Rng(3))
    assert first.action in state.legal_actions(0) and first.method == "sampled"
    assert first.evaluation["samples"] == 20 and "sampled deals" in first.reason
    assert first.to_json()["action"] == again.to_json()["action"]
    assert first.alternatives == again.alternatives


def test_card_hint_takes_the_last_trick_that_wins_the_hand():
    state = passes(GAME.new(deal=TEAM_DEAL))
    state = play(state, "0:play AH", "1:play JC", "2:play JS", "3:play TD", "0:play TH", "1:play QD",
                 "2:play AD", "3:play JH", "0:play QC", "1:play QH")
    hint = GAME.hint(state, 2, iterations=8, rng=Rng(1))
    assert hint.action.notation == "play QS" and hint.evaluation["kind"] == "forced"


def test_tiny_budget_answers_with_the_rules_of_thumb():
    state = GAME.new(deal=CALL_DEAL)
    hint = GAME.hint(state, 0, budget=0.001)
    assert hint.method == "heuristic" and hint.action.notation == "call"
    assert "partner" in hint.reason


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 14), salt=st.integers(0, 1000))
@settings(max_examples=15, deadline=None)
def test_hints_depend_only_on_what_the_seat_knows(seed, steps, salt):
    state = GAME.new(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        if state.hands_played:
            return
    seat = min(state.to_move)
    other = determinize(state, seat, Rng(salt))
    a = GAME.hint(state, seat, iterations=6, rng=Rng(5)).to_json()
    b = GAME.hint(other, seat, iterations=6, rng=Rng(5)).to_json()
    for h in (a, b):
        h["evaluation"].pop("elapsed_s", None)
    assert a == b


# ----------------------------------------------------------------- bots

def test_bots_play_legal_moves_to_the_end_of_a_hand():
    for name in ("heuristic", "search"):
        policy = GAME.bots()[name]
        state = GAME.new(seed=12)
        rng = Rng(2)
        while state.hands_played == 0:
            seat = min(state.to_move)
            action = policy(state, seat, rng)
            assert action in state.legal_actions(seat)
            state = state.apply(action, seat)


def test_heuristic_goes_solo_with_the_top_trumps_and_calls_otherwise():
    heuristic = GAME.bots()["heuristic"]
    assert heuristic(GAME.new(deal=SOLO_DEAL), 0, Rng(1)).notation == "solo"
    assert heuristic(GAME.new(deal=WEAK_DEAL), 0, Rng(1)).notation == "call"
