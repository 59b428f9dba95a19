"""Manille hints for every kind of decision: trumps, en face, taps, re-taps and cards."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.sampling import determinize

from tests.games.test_manille import ONE_SUIT_EACH, THIRTY_ALL, THIRTY_ALL_PLAY, new, play

GAME = games.get("manille")


def hint(state, seat, iterations=8, salt=1):
    return GAME.hint(state, seat, rng=Rng(salt), iterations=iterations)


def same(a, b) -> bool:
    strip = lambda h: {k: v for k, v in h.to_json().items() if k != "evaluation"} | {  # noqa: E731
        "evaluation": {k: v for k, v in h.evaluation.items() if k != "elapsed_s"}}
    return strip(a) == strip(b)


def test_dealer_holding_every_club_names_clubs():
    state = new()
    found = hint(state, 0)
    assert found.action.notation == "trump C"
    assert found.method == "sampled" and "clubs as trumps" in found.reason
    assert {a["action"]["notation"] for a in found.alternatives} == {"trump S", "trump H", "trump D", "notrump",
                                                                     "enface"}


def test_partner_after_en_face_names_their_long_suit():
    state = new().apply("enface", 0)
    found = hint(state, 2)
    assert found.action.notation == "trump H"
    assert "enface" not in {a["action"]["notation"] for a in found.alternatives}


def test_opponent_holding_every_trump_taps():
    state = new().apply("trump S", 0)          # seat 1 holds all the spades
    found = hint(state, 1)
    assert found.action.notation == "tap"
    assert "ahead" in found.reason


def test_opponent_with_nothing_passes():
    state = new().apply("trump C", 0)          # the dealer holds all the clubs
    assert hint(state, 1).action.notation == "pass"


def test_dealer_holding_every_trump_re_taps():
    state = new().apply("trump C", 0).apply("tap", 1).apply("pass", 2)
    found = hint(state, 0)
    assert found.action.notation == "retap"


def test_card_hint_values_card_points_by_sampled_double_dummy():
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:16])   # three tricks played, seat 2 to lead
    seat = min(state.to_move)
    found = hint(state, seat, iterations=4)
    assert found.action in state.legal_actions(seat)
    assert found.method == "sampled" and found.evaluation["samples"] == 4
    assert "card points" in found.reason
    assert len(found.alternatives) == len(state.legal_actions(seat)) - 1


def test_a_forced_card_is_said_plainly():
    state = play(new(), [(0, "trump C"), (1, "pass"), (3, "pass"), (1, "play 7S"), (2, "play 7H"),
                         (3, "play 7D")])
    found = hint(state, 0)            # dealer: only clubs, must trump: all eight are legal
    assert found.action in state.legal_actions(0)
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:-1])
    last = hint(state, 2)
    assert last.reason == "the only legal move" and last.action.notation == "play QC"


def test_a_tiny_budget_answers_by_the_rules_of_thumb():
    found = GAME.hint(new(), 0, budget=0.001)
    assert found.method == "heuristic" and found.reason


def test_hints_use_only_what_the_seat_knows():
    calls = new().apply("trump S", 0)
    cards = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:18])
    for state in (new(), calls, cards):
        seat = min(state.to_move)
        for salt in (3, 4):
            other = determinize(state, seat, Rng(salt))
            assert same(hint(state, seat, iterations=4), hint(other, seat, iterations=4))


def test_the_dealers_hint_ignores_the_partners_face_down_cards():
    state = new()
    other = determinize(state, 0, Rng(7))
    assert other.hands[2] != state.hands[2]
    assert same(hint(state, 0), hint(other, 0))


def test_bots_answer_every_kind_of_decision_legally():
    bots = GAME.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    states = [new(), new().apply("enface", 0), new().apply("trump S", 0),
              new().apply("trump C", 0).apply("tap", 1), play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:20])]
    for state in states:
        seat = min(state.to_move)
        for name in ("heuristic", "search"):
            assert bots[name](state, seat, Rng(1)) in state.legal_actions(seat)


def test_the_double_dummy_position_holds_what_is_left_to_win():
    from solvers.games.manille_bot import TRICK_ADAPTER
    state = play(new(deal=THIRTY_ALL), THIRTY_ALL_PLAY[:18])
    position = TRICK_ADAPTER.position(state)
    assert sum(len(h) for h in position.hands) + len(position.trick) == 32 - 4 * len(state.history)
    assert TRICK_ADAPTER.taken(state) == state.card_points
    assert TRICK_ADAPTER.goal(state, 0) == 31


def test_card_hints_with_the_belgian_options_value_every_allowed_card():
    from tests.games.test_manille import OVERTRUMP, OVERTRUMP_START
    state = play(new(deal=OVERTRUMP, must_overtrump=True, partner_winning_exempt=True), OVERTRUMP_START)
    legal = state.legal_actions(2)
    assert len(legal) == 8
    found = hint(state, 2, iterations=1)
    assert found.action in legal and len(found.alternatives) == 7


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), tricks=st.integers(4, 7), belgian=st.booleans())
def test_the_solver_allows_the_cards_the_game_allows(seed, tricks, belgian):
    """With the default rules the solver's legal cards are exactly the game's; with the
    Belgian options they include the game's (the solver then values every allowed card)."""
    from solvers.doubledummy import Solver
    from solvers.games.manille_bot import TRICK_ADAPTER
    options = {"must_overtrump": True, "partner_winning_exempt": True} if belgian else None
    state = GAME.new(seed=seed, options=options)
    rng = Rng(seed)
    while state.phase != "play" or len(state.history) < tricks or rng.below(3) == 0:
        seat = min(state.to_move)
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        if state.hands_played:
            return
    seat = min(state.to_move)
    result = Solver().solve(TRICK_ADAPTER.position(state), values="all")
    allowed = {a.args[0] for a in state.legal_actions(seat)}
    assert allowed <= set(result.cards)
    if not belgian:
        assert allowed == set(result.cards)
