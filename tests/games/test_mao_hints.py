"""Mao's secrecy and hints: nothing a seat is shown names a rule; hints know only what the seat learnt."""

from __future__ import annotations

import json

import pytest

from solvers import games
from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.games import mao_rules as R
from solvers.sampling import determinize

GAME = games.get("mao")
DEAL = {"dealer": 2, "up": "5H",
        "hands": [["7H", "7S", "AH"], ["7D", "3C", "8H"], ["KD", "9C", "2S"]]}
OPTS = {"players": 3, "hand_size": 3}
# words that would give a rule away (offences and card names are not among them)
RULE_TEXT = [r for r in R.LIBRARY] + ["revers", "skip", "wild", "nice day", "must be named", "hail"]


def start(options=None):
    return GAME.new(seed=1, deal=DEAL, options={**OPTS, **(options or {})})


def _random_states(count=60, options=None):
    state = GAME.new(seed=4, options=options)
    rng = Rng(4)
    out = [state]
    for _ in range(count):
        if state.is_over:
            break
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        out.append(state)
    return out


def test_no_view_names_a_rule_in_force():
    for state in _random_states(options={"secret_library_rules": 3}):
        for viewer in (*range(state.players), None):
            text = json.dumps(state.view(viewer)).lower()
            for rule in RULE_TEXT:
                assert rule not in text, f"{rule} leaks in the view of {viewer}"


def test_errors_never_name_a_rule():
    state = start()
    for bad in ["play 9D", "play 7H say:whatever", "draw 7H", "play 7H suit:S"]:
        with pytest.raises(CardsageError) as error:
            state.apply(bad, 0)
        text = str(error.value).lower()
        assert not any(rule in text for rule in RULE_TEXT)


def test_offered_actions_do_not_depend_on_the_rules_in_force():
    plain = start({r: False for r in R.COMMON_RULES})
    full = start({"say_mao_last_card": True, "all_hail_the_king": True})
    assert plain.legal_actions(0) == full.legal_actions(0)


def test_creator_view_lists_the_rules_only_when_asked():
    assert "rules_in_force" not in start().view(None)["public"]
    shown = start({"creator_sees_rules": True})
    assert set(shown.view(None)["public"]["rules_in_force"]) == set(R.COMMON_RULES)
    assert "rules_in_force" not in shown.view(0)["public"]


def test_hint_knows_only_the_base_rule_before_any_penalty():
    hint = GAME.hint(start(), 0, rng=Rng(1), iterations=20)
    assert hint.action in start().legal_actions(0)
    # nobody has told seat 0 that a seven needs words: the hint does not say any
    assert all(not a.startswith("say:") for a in hint.action.args[1:])
    text = json.dumps(hint.to_json()).lower()
    assert not any(rule in text for rule in RULE_TEXT)


def test_hint_uses_a_rule_once_the_seat_was_penalised_under_it():
    state = start().apply("play 7H", 0)          # failure to say something: the seven's rule
    assert R.SEVEN_NICE_DAY in state.learned[0]
    assert R.SEVEN_NICE_DAY not in state.learned[1]
    state = state.apply("play 7D say:have-a-very-nice-day", 1)
    state = state.apply("draw", 2)
    # seat 0 holds 7S and AH on top 7D: a seven again, which it now knows needs the words
    hint = GAME.hint(state, 0, rng=Rng(1), iterations=20)
    if hint.action.args and hint.action.args[0] == "7S":
        assert "say:have-a-nice-day" in hint.action.args


def test_teacher_mode_hint_knows_every_rule():
    hint = GAME.hint(start({"teacher_mode": True}), 0, rng=Rng(1), iterations=30)
    card = hint.action.args[0] if hint.action.args else None
    if card == "7H":
        assert hint.action.args[1:] == ("say:have-a-nice-day",)
    assert hint.reason


def test_hint_is_the_same_on_any_deal_of_the_unseen_cards():
    state = start()
    for salt in range(3):
        other = determinize(state, 0, Rng(salt))
        a = GAME.hint(state, 0, rng=Rng(5), iterations=12).to_json()
        b = GAME.hint(other, 0, rng=Rng(5), iterations=12).to_json()
        a["evaluation"].pop("elapsed_s", None), b["evaluation"].pop("elapsed_s", None)
        assert a["action"] == b["action"] and a["reason"] == b["reason"]


def test_draw_hint_when_nothing_fits():
    deal = {"dealer": 2, "up": "5H", "hands": [["2C", "3C", "4C"], ["7D", "3D", "8H"], ["KD", "9C", "2S"]]}
    state = GAME.new(seed=1, deal=deal, options={**OPTS, "teacher_mode": True})
    hint = GAME.hint(state, 0, rng=Rng(1), iterations=20)
    assert hint.action.kind == "draw" and "draw" in hint.reason.lower()


def test_heuristic_bot_plays_without_penalties():
    state = GAME.new(seed=8)
    bot = GAME.bots()["heuristic"]
    rng = Rng(8)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    assert state.penalties == () and state.sheet[0].how == "emptied their hand"
