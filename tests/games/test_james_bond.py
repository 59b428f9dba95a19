"""James Bond: scenario tests from the rule text, explicit deals, the race clock, the guard."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError
from solvers.game import Action
from solvers.sampling import determinize

GAME = games.get("james-bond")
RANKS = "23456789TJQKA"


def quad(rank: str) -> list[str]:
    return [rank + s for s in "SHDC"]


def near_finished_deal(dealer: int = 1) -> dict:
    """Seat 0: five quads (2-6) and a pile 7S 7H 7D KS; the middle holds 7C.
    Seat 1: quads 8-Q and a pile KH KD KC AS; the rest of the aces in the middle."""
    seat0 = [quad(r) for r in "23456"] + [["7S", "7H", "7D", "KS"]]
    seat1 = [quad(r) for r in "89TJQ"] + [["KH", "KD", "KC", "AS"]]
    return {"dealer": dealer, "piles": [seat0, seat1], "middle": ["7C", "AH", "AD", "AC"]}


def new(options=None, deal=None):
    return GAME.new(seed=1, deal=deal or near_finished_deal(), options=options)


def test_a_swap_completes_the_last_pile_and_the_claim_wins():
    state = new({"mode": "turns"})
    assert state.to_move == {0}                       # left of the dealer starts
    state = state.apply("pick 6", 0)
    assert state.view(0)["zones"]["pile6:0"]["cards"]  # the held pile is seen
    assert "cards" not in state.view(1)["zones"]["pile6:0"]
    state = state.apply("pass", 1)
    state = state.apply("swap KS 7C", 0)
    assert "KS" in [str(c) for c in state.middle]
    assert state.public(1)["known_cards"][0][5] == ["7C"]
    state = state.apply("pick 6", 1).apply("pass", 0)
    state = state.apply("swap AS KS", 1)              # seat 1 takes the king seat 0 gave away
    state = state.apply("claim", 0)                   # both are done: the first to claim wins
    assert state.is_over and state.scores == (1, 0)
    assert state.sheet[0].how.startswith("James Bond") and state.sheet[0].completed == (6, 6)
    [event] = state.score_events()
    assert event.seats == (0,) and event.points == 1
    assert state.standings()[0]["seats"] == [0]


def test_a_false_claim_is_rejected_without_penalty_and_shows_the_piles():
    state = new({"mode": "turns"})
    state = state.apply("claim", 0)
    assert not state.is_over and state.to_move == {1}
    assert "rejected" in state.last
    assert state.public(1)["known_cards"][0][5] == ["7S", "7H", "7D", "KS"]
    # the opponent now knows those cards: a sample of what it cannot see keeps them
    other = determinize(state, 1, Rng(4))
    assert other.piles[0][5] == state.piles[0][5]


def test_a_false_claim_loses_with_the_option():
    state = new({"mode": "turns", "false_claim_loses": True})
    state = state.apply("claim", 0)
    assert state.is_over and state.scores == (0, 1)
    assert state.sheet[0].how.startswith("false claim")


def test_a_false_claim_with_three_players_leaves_two_in_the_deal():
    state = GAME.new(seed=2, options={"players": 3, "mode": "turns", "false_claim_loses": True})
    first = min(state.to_move)
    state = state.apply("claim", first)
    assert first in state.out and not state.is_over
    assert first not in state.to_move
    state = state.apply("pass", min(state.to_move))
    assert first not in state.to_move


def test_auto_win_ends_the_deal_without_a_claim():
    state = new({"mode": "turns", "auto_win": True})
    state = state.apply("pick 6", 0).apply("pass", 1).apply("swap KS 7C", 0)
    assert state.is_over and state.scores == (1, 0)


def test_the_race_runs_on_a_game_clock():
    state = new()
    assert state.to_move == {0, 1} and state.public(0)["clock"] == 0
    assert Action("put_down") not in state.legal_actions(0)    # nothing in hand yet
    state = state.apply("pick 6", 0)
    assert Action("pick", ("1",)) not in state.legal_actions(0)  # put the pile down first
    state = state.apply("wait 3", 1)
    assert state.to_move == {0}
    state = state.apply("wait 5", 0)              # both wait: the clock jumps to the first wake-up
    assert state.clock == 3 and state.to_move == {1}
    state = state.apply("wait 7", 1)
    assert state.clock == 5 and state.to_move == {0}
    state = state.apply("swap KS 7C", 0).apply("put_down", 0).apply("claim", 0)
    assert state.is_over and state.scores == (1, 0)


def test_a_swap_of_a_card_just_taken_is_a_conflict_and_changes_nothing():
    state = new().apply("pick 6", 0).apply("pick 6", 1)
    state = state.apply("swap AS 7C", 1)          # seat 1 takes the seven first
    before = state.key()
    with pytest.raises(CardsageError) as err:
        state.apply("swap KS 7C", 0)
    assert err.value.status == 409 and "no longer in the middle" in err.value.message
    assert state.key() == before


def test_waits_accept_any_whole_number_of_seconds():
    state = new()
    assert state.apply("wait 42", 0).ready[0] == 42
    for bad in ("wait 0", "wait 601", "wait x"):
        with pytest.raises(CardsageError):
            state.apply(bad, 0)


def test_the_turn_guard_gives_the_deal_to_most_completed_piles():
    state = new({"mode": "turns", "turn_limit": 20})
    state = state.apply("pick 6", 0).apply("pass", 1).apply("swap KS 7C", 0)
    for _ in range(17):
        state = state.apply("pass", min(state.to_move))
    assert state.is_over and state.scores == (1, 0)      # six completed piles against five
    assert state.sheet[0].how.startswith("turn limit")


def test_the_guard_draws_when_completed_piles_tie():
    deal = near_finished_deal()
    state = GAME.new(seed=1, deal=deal, options={"mode": "turns", "turn_limit": 20})
    for _ in range(20):
        state = state.apply("pass", min(state.to_move))
    assert state.is_over and state.scores == (0, 0) and state.sheet[0].winner is None
    assert state.score_events() == []


def test_a_match_of_several_deals_rotates_the_dealer():
    state = GAME.new(seed=5, options={"mode": "turns", "turn_limit": 20, "deals": 3})
    dealers = [state.dealer]
    while not state.is_over:
        before = len(state.sheet)
        state = state.apply("pass", min(state.to_move))
        if len(state.sheet) > before and not state.is_over:
            dealers.append(state.dealer)
    assert len(state.sheet) == 3
    assert dealers == [dealers[0], (dealers[0] + 1) % 2, dealers[0]]


def test_memory_aid_shows_piles_looked_at_before():
    plain = new().apply("pick 2", 0).apply("put_down", 0)
    assert "cards" not in plain.view(0)["zones"]["pile2:0"]
    aided = new({"memory_aid": True}).apply("pick 2", 0).apply("put_down", 0)
    assert aided.view(0)["zones"]["pile2:0"]["cards"]
    assert "cards" not in aided.view(1)["zones"]["pile2:0"]
    # with or without the aid, the seat remembers: a sample keeps the pile
    assert determinize(plain, 0, Rng(3)).piles[0][1] == plain.piles[0][1]


def test_three_players_have_four_piles_each():
    state = GAME.new(seed=7, options={"players": 3})
    assert [len(p) for p in state.piles] == [4, 4, 4] and len(state.middle) == 4


@pytest.mark.parametrize("change, words", [
    (lambda d: d["piles"][0][0].__setitem__(0, "3S"), "dealt twice"),
    (lambda d: d["piles"][0].pop(), "needs 6 piles"),
    (lambda d: d["piles"][1][0].pop(), "needs 4"),
    (lambda d: d.__setitem__("middle", ["7C", "AH", "AD", "ZZ"]), ""),
    (lambda d: d.__setitem__("dealer", 5), "dealer"),
    (lambda d: d.__setitem__("stock", []), "unknown deal field"),
    (lambda d: d.__setitem__("middle", ["7C", "AH", "AD"]), "needs 4"),
])
def test_malformed_deals_are_refused_with_a_reason(change, words):
    deal = near_finished_deal()
    change(deal)
    with pytest.raises(CardsageError) as err:
        GAME.new(seed=1, deal=deal)
    assert words in err.value.message


def test_the_middle_may_be_left_out_of_a_deal():
    deal = near_finished_deal()
    del deal["middle"]
    state = GAME.new(seed=1, deal=deal)
    assert sorted(map(str, state.middle)) == sorted(["7C", "AH", "AD", "AC"])


def test_bots_wait_for_their_reaction_time():
    bots = GAME.bots()
    state = new({"bot_reaction": "slow"})
    assert bots["heuristic"](state, 0, Rng(1)) == Action("wait", ("3",))
    state = new({"bot_reaction": "instant"})
    assert bots["heuristic"](state, 0, Rng(1)).kind == "pick"


def test_the_heuristic_takes_the_rank_its_pile_collects():
    state = new({"mode": "turns"}).apply("pick 6", 0).apply("pass", 1)
    assert GAME.bots()["heuristic"](state, 0, Rng(1)) == Action("swap", ("KS", "7C"))
    assert parse_card("7C") in state.middle
