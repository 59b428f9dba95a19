"""Teen Patti scenarios from the rule text, explicit deals, privacy of the compromise, hints."""

from __future__ import annotations

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.games import get
from solvers.sampling import determinize

GAME = get("teen-patti")
# A=0, B=1, C=2, D=3; D deals
DEAL = {"dealer": 3, "hands": [["KS", "KH", "4D"], ["2C", "7D", "9H"], ["3S", "8S", "JD"], ["AS", "AD", "5C"]]}


def play(state, *moves):
    for seat, action in moves:
        state = state.apply(action, seat)
    return state


def test_the_rule_texts_example():
    s = GAME.new(seed=1, deal=DEAL)
    assert s.turn == 0 and s.pot == 4 and s.stake == 1
    s = play(s, (0, "bet 1"), (1, "look"), (1, "fold"), (2, "bet 1"), (3, "look"), (3, "bet 2"))
    assert s.stake == 1, "a seen bet of 2 leaves the stake at 1"
    s = play(s, (0, "bet 2"))
    assert s.stake == 2
    s = play(s, (2, "look"), (2, "fold"), (3, "bet 4"))
    assert s.stake == 2
    assert "show" not in [a.kind for a in s.legal_actions(0)] or not s.seen[0]
    s = play(s, (0, "look"))
    s = play(s, (0, "show"))        # a seen player against a seen one pays 2c = 4
    record = s.sheet[0]
    assert record.how == "show" and record.winner == 3 and record.pot == 4 + 1 + 1 + 2 + 2 + 4 + 4
    assert record.put_in == (1 + 1 + 2 + 4, 1, 1 + 1, 1 + 2 + 4)
    assert s.scores[3] == 100 + record.pot - record.put_in[3] - 1      # less the next deal's ante
    events = [e for e in s.score_events() if e.hand == 1]
    assert sum(e.points for e in events) == 0
    assert {e.source for e in events} == {"won the show", "lost the show", "folded"}
    assert s.dealer == 0, "the deal passes to the left"


def test_seen_player_may_not_ask_a_blind_one_for_a_show_and_equal_hands_go_to_the_other():
    deal = {"dealer": 1, "hands": [["KS", "QH", "4D"], ["KC", "QD", "4S"]]}
    s = GAME.new(seed=2, deal=deal, options={"players": 2})
    s = play(s, (0, "look"))
    assert "show" not in [a.kind for a in s.legal_actions(0)]
    s = play(s, (0, "bet 2"))
    assert [a for a in s.legal_actions(1) if a.kind == "show"], "a blind player may always pay for a show"
    s = play(s, (1, "show"))        # blind: costs the stake, 1
    r = s.sheet[0]
    assert r.paid_show == 1 and r.winner == 0 and r.put_in == (3, 2)


def test_show_cost_double_and_blind_limit_and_chip_shortage():
    s = GAME.new(seed=3, options={"players": 2, "show_cost_double": True, "max_blind_turns": 1,
                                  "start_chips": 3})
    first = s.turn
    assert s.show_cost(first) == 2
    s = play(s, (first, "bet 2"))
    other = 1 - first
    s = play(s, (other, "bet 2"))
    assert [a.notation for a in s.legal_actions(first)] == ["fold", "look"], "one blind bet, then look"
    s = play(s, (first, "look"))
    assert [a.notation for a in s.legal_actions(first)] == ["fold"], "no chips for a seen bet or a show"


def test_half_units_allow_odd_seen_bets():
    s = GAME.new(seed=4, options={"players": 3, "half_units": True})
    seat = s.turn
    assert [a.notation for a in s.legal_actions(seat) if a.kind == "bet"] == ["bet 1", "bet 1.5", "bet 2"]
    s = play(s, (seat, "look"))
    assert [a.notation for a in s.legal_actions(seat) if a.kind == "bet"] == ["bet 2", "bet 3", "bet 4"]
    s = play(s, (seat, "bet 3"))
    assert s.public(None)["stake"] == "1.5"


def _all_seen_three():
    deal = {"dealer": 2, "hands": [["KS", "KH", "4D"], ["2C", "7D", "9H"], ["3S", "8S", "JD"]]}
    s = GAME.new(seed=5, deal=deal, options={"players": 3})
    return play(s, (0, "look"), (0, "bet 2"), (1, "look"), (1, "bet 2"), (2, "look"))


def test_compromise_accepted_folds_the_lower_hand_privately():
    s = _all_seen_three()
    assert "compromise" in [a.kind for a in s.legal_actions(2)]
    s = play(s, (2, "compromise"))
    assert s.to_move == frozenset({1}) and s.pot == 3 + 2 + 2 + 2
    s = play(s, (1, "accept"))
    assert not s.active[1] and s.active[2], "J-8-3 beats 9-7-2: the asked player folds"
    assert s.turn == 0
    # only the two players see each other's cards; the third learns who folded
    assert s.public(2)["compromise_cards"] == {"1": ["9H", "7D", "2C"]}
    assert s.public(1)["compromise_cards"] == {"2": ["JD", "8S", "3S"]}
    assert "compromise_cards" not in s.public(0) and "compromise_cards" not in s.public(None)
    assert s.public(0)["compromises"] == [{"asker": 2, "asked": 1, "folded": 1}]
    for seat in (0, 1, 2, None):
        view = s.view(seat)
        shown = {n for n, z in view["zones"].items() if "cards" in z}
        assert shown == ({f"hand:{seat}"} if seat is not None else set())
        if seat is not None:
            assert determinize(s, seat, Rng(7)).view(seat) == view
    # the partners' hands stay fixed when the partners' unknowns are re-dealt
    assert determinize(s, 2, Rng(8)).hands[1] == s.hands[1]


def test_compromise_tie_folds_the_asker_and_refusal_goes_on():
    deal = {"dealer": 2, "hands": [["KS", "KH", "4D"], ["9C", "7D", "2H"], ["9H", "7S", "2D"]]}
    s = GAME.new(seed=5, deal=deal, options={"players": 3})
    s = play(s, (0, "look"), (0, "bet 2"), (1, "look"), (1, "bet 2"), (2, "look"), (2, "compromise"))
    t = play(s, (1, "accept"))
    assert not t.active[2] and t.active[1]
    u = play(s, (1, "refuse"))
    assert u.active[1] and u.active[2] and u.turn == 0 and not u.compromises
    v = GAME.new(seed=5, deal=deal, options={"players": 3, "compromise": False})
    v = play(v, (0, "look"), (0, "bet 2"), (1, "look"), (1, "bet 2"), (2, "look"))
    assert "compromise" not in [a.kind for a in v.legal_actions(2)]


@pytest.mark.parametrize("deal,words", [
    ({"dealer": 0, "hands": [["AS", "KS", "QS"]] * 4}, "twice"),
    ({"dealer": 0, "hands": [["AS", "KS"], ["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]]},
     "has 2 cards; it needs 3"),
    ({"dealer": 7, "hands": []}, "dealer"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS"]]}, "4 hands"),
    ({"dealer": 0, "hands": [["AS", "KS", "ZZ"], ["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]]}, "ZZ"),
    ({"dealer": 0, "hands": [["AS", "KS", "QS"], ["2C", "3C", "4C"], ["5C", "6C", "7C"], ["8C", "9C", "TC"]],
      "stock": ["2D"]}, "cards"),
    ({"deck": []}, "unknown"),
    ("AS KS", "object"),
])
def test_malformed_deals_are_refused(deal, words):
    with pytest.raises(CardsageError) as error:
        GAME.new(seed=1, deal=deal)
    assert words.lower() in error.value.message.lower()


def test_match_ends_when_one_player_holds_every_chip():
    s = GAME.new(seed=6, options={"players": 3, "start_chips": 2})
    bots = GAME.bots()
    rng = Rng(6)
    while not s.is_over:
        seat = min(s.to_move)
        s = s.apply(bots["always-raise"](s, seat, rng), seat)
    assert sorted(s.scores)[-1] == 6 and s.standings()[0]["score"] == 6
    fixed = GAME.new(seed=6, options={"fixed_deals": 2})
    while not fixed.is_over:
        seat = min(fixed.to_move)
        fixed = fixed.apply("fold", seat)
    assert fixed.hands_played == 2 and sum(fixed.scores) == 400


def test_hints_for_every_kind_of_decision_are_honest_and_reasoned():
    s = GAME.new(seed=1, deal=DEAL)
    blind = GAME.hint(s, 0, rng=Rng(1), iterations=8)
    assert "not looked" in blind.reason and "%" in blind.reason
    again = GAME.hint(determinize(s, 0, Rng(3)), 0, rng=Rng(1), iterations=8)
    assert again.to_json()["reason"] == blind.to_json()["reason"]
    s = play(s, (0, "bet 2"), (1, "look"))
    seen = GAME.hint(s, 1, rng=Rng(1), iterations=8)
    assert "against the hands that bet like this" in seen.reason
    c = play(_all_seen_three(), (2, "compromise"))
    answer = GAME.hint(c, 1, rng=Rng(1), iterations=8)
    assert answer.action.kind in ("accept", "refuse") and "compromise" in answer.reason


def test_a_seen_raise_points_to_a_stronger_range():
    from solvers.games.teen_patti_search import equity
    deal = {"dealer": 1, "hands": [["QS", "JH", "9D"], ["2C", "7D", "9H"]]}
    base = play(GAME.new(seed=8, deal=deal, options={"players": 2}), (0, "look"), (0, "bet 2"), (1, "look"))
    calls = play(base, (1, "bet 2"))
    raises = play(base, (1, "bet 4"))
    assert equity(raises, 0, Rng(1), 600) < equity(calls, 0, Rng(1), 600)
