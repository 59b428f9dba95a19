"""Sedma hints for every kind of decision: the lead, a card to a trick, continue or stop."""

from __future__ import annotations

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.sedma import PACK
from solvers.games.sedma_play import heuristic_choice
from solvers.games.sedma_search import candidates
from solvers.sampling import determinize

SEDMA = get("sedma")


def table(hands, dealer, **options):
    used = {c for h in hands for c in h.split()}
    stock = [str(c) for c in PACK if str(c) not in used]
    return SEDMA.new(deal={"dealer": dealer, "hands": [h.split() for h in hands], "stock": stock},
                     options={"players": len(hands), **options})


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
    return state


def hint(state, iterations=12):
    return SEDMA.hint(state, state.turn, rng=Rng(1), iterations=iterations)


def test_lead_hint_is_sampled_and_names_one_card_per_rank():
    state = table(["KS KD 9S 8S", "KH 7D QD 9D"], dealer=1)
    h = hint(state)
    assert h.method == "sampled" and h.evaluation["samples"] == 12
    assert h.action in state.legal_actions(0)
    assert "won the deal" in h.reason and "suits do not matter" in h.reason
    shown = [a["action"]["notation"] for a in h.alternatives] + [h.action.notation]
    assert sorted(n.split()[1][0] for n in shown) == ["8", "9", "K"]     # one king only


def test_card_hint_takes_a_trick_full_of_points_with_a_seven():
    # the leader put down an ace; the follower's seven takes it, anything else gives it away
    state = table(["AS KD 9S 8S", "7H JD QD 9D"], dealer=1)
    state = run(state, "play AS")
    h = hint(state, iterations=16)
    assert h.action.notation == "play 7H"
    assert h.evaluation["win_share"] >= max(a["win_share"] for a in h.alternatives)


def test_continue_hint_continues_a_trick_the_other_side_takes_with_points():
    state = table(["TS TD 9S 8S", "TH JD QD 9D"], dealer=1, continuation=True)
    state = run(state, "play TS", "play TH")       # 20 points, and the follower takes them
    assert state.deciding
    h = hint(state, iterations=16)
    assert h.action.notation == "play TD"
    assert any(a["action"]["notation"] == "stop" for a in h.alternatives)


def test_stop_hint_keeps_the_seven_when_your_side_already_takes_the_trick():
    state = table(["KS 7D 9S 8S", "QH JD QD 9D"], dealer=1, continuation=True)
    state = run(state, "play KS", "play QH")
    h = hint(state, iterations=16)
    assert state.deciding and h.action.notation == "stop" and "stop the trick" in h.reason
    assert heuristic_choice(state, 0)[0].notation == "stop"


def test_forced_and_equivalent_moves_say_so():
    state = table(["KS KD KH KC", "QH JD QD 9D"], dealer=1)
    h = SEDMA.hint(state, 0, iterations=4)
    assert h.method == "exact" and "any of them plays the same" in h.reason
    assert candidates(state, 0) == [state.legal_actions(0)[0]]


def test_hints_depend_only_on_what_the_seat_knows():
    state = SEDMA.new(seed=9, options={"players": 4})
    state = run(state, *[a.notation for a in [state.legal_actions(state.turn)[0]]])
    seat = state.turn
    first = SEDMA.hint(state, seat, rng=Rng(2), iterations=6)
    other = determinize(state, seat, Rng(77))
    again = SEDMA.hint(other, seat, rng=Rng(2), iterations=6)
    assert first.action == again.action and first.reason == again.reason


def test_a_hint_within_a_budget_and_the_errors():
    state = SEDMA.new(seed=2, options={"players": 2})
    h = SEDMA.hint(state, state.turn, 0.2)
    assert h.action in state.legal_actions(state.turn) and h.evaluation["budget_s"] == 0.2
    with pytest.raises(CardsageError):
        SEDMA.hint(state, 1 - state.turn, iterations=2)
    with pytest.raises(CardsageError, match="hint mode"):
        SEDMA.hint(state, state.turn, iterations=2, mode="exact")


def test_the_bots_play_legal_moves():
    state = SEDMA.new(seed=4, options={"players": 2, "continuation": True})
    bots = SEDMA.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    for step in range(12):
        seat = state.turn
        action = bots["search" if step % 2 else "heuristic"](state, seat, Rng(step))
        assert action in state.legal_actions(seat)
        state = state.apply(action, seat)
