"""Teka's sampled hints: raise valuation over every deal, pass words, samples that follow
the auction, honesty and the time budget."""

import threading
import time

import pytest

from solvers.cards import Rng
from solvers.games import get
from solvers.games import teka_bot
from solvers.games.teka_calls import best_trump
from solvers.pimc.decisions import auction_weight, consistent_deal, raise_choice, raise_values
from solvers.sampling import determinize, sample_hidden
from tests.games.test_teka import DEAL_A, calls, declared, keep_all, play, start

TEKA = get("teka")


def comparable(hint):
    data = hint.to_json()
    data["evaluation"] = {k: v for k, v in data["evaluation"].items() if k not in ("elapsed_s", "budget_s")}
    return data


@pytest.fixture(scope="module", autouse=True)
def _warm_solver():
    # the solver's kernels load once per process; budgeted hints must not pay for that here
    state = keep_all(start())
    TEKA.hint(state, 3, rng=Rng(0), iterations=1)
    teka_bot._wait_for_solver(60.0)


# ---------------------------------------------------------------- raises: every deal counts


def test_raise_values_count_every_deal_the_reviews_example():
    # a raise to 13 made in 4 of 97 deals: made, 13 to the declarer; failed, 26 to the defence
    state = declared()                                  # seat 3 declares 8
    finals = [13] * 4 + [9] * 93
    now, raised = raise_values(state, finals)
    assert now == 8 and raised[13] == pytest.approx((4 * 13 - 93 * 26) / 97)   # -24.4
    # for the defence: accepting is worth +24.4, refusing -8
    assert -raised[13] > -now
    assert raise_choice(state, finals)[0] == 9           # the declarer proposes what pays: 9
    # raises that pay are proposed: the best expected score over all deals, made or not
    # 11 made in 9 deals of 10 is worth (9 x 11 - 22) / 10 = 7.7, less than a sure 10
    assert raise_values(state, [11] * 9 + [10])[1][11] == pytest.approx(7.7)
    assert raise_choice(state, [11] * 9 + [10]) == (10, 10, 8)
    assert raise_choice(state, [8] * 10) is None


def test_raise_values_lawreece_and_the_forced_8():
    lawreece = declared(lawreece=True)
    assert raise_values(lawreece, [13] * 3)[1][13] == 26
    forced = declared(words=("pass", "pass", "pass", "bid 8"), trump="C")
    now, raised = raise_values(forced, [7, 7, 9, 9])
    assert now == pytest.approx((-8 - 8 + 8 + 8) / 4)     # a failed forced 8 costs only 8
    assert raised[9] == pytest.approx((-18 - 18 + 9 + 9) / 4)   # raised, the exception lapses


def test_the_defence_accepts_a_raise_that_pays_it():
    # seat 3 (8 in spades) proposes 13 after the first trick; seat 2 cannot see that it
    # is makeable only with luck: over all its sampled deals accepting pays
    state = play(declared(), "9S", "7S", "4S", "2S").apply("raise 13", 3)
    hint = TEKA.hint(state, 2, rng=Rng(1), iterations=40)
    ev = hint.evaluation
    assert hint.action.kind == "accept", hint.reason
    assert ev["accept_score"] > 0 > ev["refuse_score"] and ev["raise_made_probability"] < 0.5
    assert ev["samples"] == 40 and "sampled deals" in hint.reason


def test_the_defence_refuses_a_raise_the_declarer_makes():
    # the heuristic declarer of seed 0's first hand proposes one more trick when its sure
    # winners make it: made in every sampled deal, accepting would only give a point away
    state = TEKA.new(seed=0)
    bot = TEKA.bots()["heuristic"]
    rng = Rng(0)
    while state.phase != "answer":
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    hint = TEKA.hint(state, state.answerer, rng=Rng(1), iterations=30)
    assert hint.action.kind == "refuse", hint.reason
    assert hint.evaluation["raise_made_probability"] == 1.0
    assert hint.evaluation["refuse_score"] > hint.evaluation["accept_score"]


def test_the_declarer_proposes_a_paying_raise_between_its_cards():
    # deal A after three rounds of trumps: every card of seat 3 wins; it has led the heart
    # ace and seat 2 is to play: the window is open and raising to 13 pays
    strong = play(declared(hands=DEAL_A), "AS", "8S", "6S", "3S", "KS", "7S", "5S", "2S", "QS", "JH", "4S", "2H")
    state = play(strong, "AH")
    assert state.turn == 2 and state.to_move == {2, 3}
    hint = TEKA.hint(state, 3, rng=Rng(1), iterations=20)
    assert hint.action.notation == "raise 13", hint.reason
    assert "made in 100%" in hint.reason
    # and at its own turn the card hint proposes it too
    assert TEKA.hint(strong, 3, rng=Rng(1), iterations=20).action.notation == "raise 13"


def test_the_declarer_lets_the_window_go_when_raising_does_not_pay():
    # seat 2 declares 8 in clubs on a weak hand; the defence won trick 1 and leads
    state = play(declared(words=("pass", "bid 8", "pass", "pass"), trump="C"), "TC", "9C", "6C", "AC")
    assert state.turn == 3 and state.to_move == {2, 3}
    hint = TEKA.hint(state, 2, rng=Rng(1), iterations=20)
    assert hint.action.kind == "no-raise" and "no raise" in hint.reason
    assert all(a["expected_score"] < hint.evaluation["current_score"] for a in hint.alternatives)
    first = play(declared(), "9S")                       # trick 1: no count is staked on yet
    assert TEKA.hint(first, 3, rng=Rng(1), iterations=5).action.kind == "no-raise"


# ---------------------------------------------------------------- calls: pass words and the auction


def test_the_bidding_hint_suggests_ter_or_behi_ter_for_weak_hands():
    state = keep_all(start(dealer=2))                    # seat 1 (no honour) speaks first
    assert state.speaker == 1
    hint = TEKA.hint(state, 1, rng=Rng(1), iterations=30)
    assert hint.action.kind in ("ter", "behi-ter"), hint.reason
    assert "expected once the auction ends" in hint.reason
    words = {a["action"]["notation"] for a in hint.alternatives}
    assert {"pass", "ter", "behi-ter"} - {hint.action.kind} <= words
    plain = keep_all(start(dealer=2, pass_flavours=False))
    assert TEKA.hint(plain, 1, rng=Rng(1), iterations=10).action.kind == "pass"


def test_samples_follow_the_other_seats_calls():
    # seat 3 speaks first; seat 2 (its partner) samples the other three hands
    def mean_estimate(state, sampler):
        return sum(best_trump(sampler(state, 2, Rng(i)).hands[3])[1] for i in range(40)) / 40

    plain = mean_estimate(calls(keep_all(start()), "bid 10"), sample_hidden)
    strong = mean_estimate(calls(keep_all(start()), "bid 10"), consistent_deal)
    weak = mean_estimate(calls(keep_all(start()), "behi-ter"), consistent_deal)
    assert strong > plain + 1.0 and weak < plain - 1.0
    # the seat's own calls say nothing new to it: no weighting
    own = calls(keep_all(start()), "bid 10")
    assert auction_weight(own, consistent_deal(own, 3, Rng(1)), 3) == 1.0


def test_auction_sampling_and_the_bidding_hint_are_honest():
    state = calls(keep_all(start()), "bid 10")
    other = determinize(state, 2, Rng(9))
    assert other.hands != state.hands
    assert consistent_deal(state, 2, Rng(5)).key() == consistent_deal(other, 2, Rng(5)).key()
    first = TEKA.hint(state, 2, rng=Rng(1), iterations=8)
    again = TEKA.hint(other, 2, rng=Rng(1), iterations=8)
    assert comparable(first) == comparable(again)


def test_raise_window_and_answer_hints_are_honest():
    window = play(declared(), "9S", "7S", "4S", "2S", "2C")
    answer = play(declared(), "9S", "7S", "4S", "2S").apply("raise 11", 3)
    for state, seat in ((window, 3), (answer, 2)):
        other = determinize(state, seat, Rng(4))
        assert comparable(TEKA.hint(state, seat, rng=Rng(2), iterations=6)) == \
            comparable(TEKA.hint(other, seat, rng=Rng(2), iterations=6))


# ---------------------------------------------------------------- the budget


def _first_bidding_decision(seed):
    state = TEKA.new(seed=seed)
    bot = TEKA.bots()["heuristic"]
    rng = Rng(seed)
    while state.phase != "bidding":
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    return state


@pytest.mark.slow  # timed: a loaded machine can overrun it; the benchmarks measure budgets
@pytest.mark.parametrize("budget", [0.3, 0.6])
def test_bidding_hint_answers_within_its_budget(budget):
    state = _first_bidding_decision(3)                  # the review's slow case
    start_time = time.perf_counter()
    hint = TEKA.hint(state, state.speaker, budget)
    elapsed = time.perf_counter() - start_time
    assert hint.method == "sampled" and hint.action in state.legal_actions(state.speaker)
    assert elapsed <= budget * 1.1, elapsed


def test_a_cold_solver_does_not_overrun_the_budget(monkeypatch):
    # a fresh process compiles the solver's kernels (seconds): the hint waits at most half
    # its budget for them, then answers by the rules of thumb
    from solvers.doubledummy import solver as dd
    release = threading.Event()
    waits = []

    class NeverLoaded(threading.Event):
        def wait(self, timeout=None):
            waits.append(timeout)
            return False

    monkeypatch.setattr(dd, "_LOADED", NeverLoaded())
    monkeypatch.setattr(dd, "load_kernels", lambda: release.wait(5))
    monkeypatch.setattr(dd, "_BACKGROUND", [])
    state = _first_bidding_decision(3)
    hint = TEKA.hint(state, state.speaker, 0.4)
    release.set()
    assert hint.method == "heuristic" and "still being prepared" in hint.reason
    assert waits == [pytest.approx(0.4 * teka_bot.SOLVER_WAIT_SHARE)]
