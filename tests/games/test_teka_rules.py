"""Teka: raises at any point of the play, score events and standings, later deals.

Scenarios played action by action from the rule texts (seeds 000 and 001, GAMES.md G2).
"""

import pytest

from solvers.cards import Rng, parse_cards
from solvers.errors import IllegalAction, OutOfTurn
from solvers.game import Action, ScoreEvent
from solvers.games import get
from solvers.games.teka import light_overhand_shuffle, speaking_order
from tests.conformance.invariants import teka as teka_invariant
from tests.games.test_teka import (DEAL_A, DEAL_B, DEAL_B_TRICKS, calls, declared, finish_hand, first_plain_card,
                                   keep_all, notations, play, start)

TEKA = get("teka")
ALL_DEAL_B_CARDS = " ".join(c for c, _ in DEAL_B_TRICKS).split()


def raises(state, seat=3):
    return [a for a in notations(state, seat) if a.startswith("raise")]


def declarer_high(state, seat):
    """Seat 3 plays its highest trump, else its highest card; the others their first plain card."""
    legal = [a for a in state.legal_actions(seat) if a.kind == "play" and len(a.args) == 1]
    if seat != 3 or not legal:
        return first_plain_card(state, seat)
    return max(legal, key=lambda a: (a.args[0].endswith("S"), "23456789TJQKA".index(a.args[0][0])))


# ---------------------------------------------------------------- raising at any point


def test_the_declarer_may_propose_while_another_seat_is_to_play():
    state = play(declared(), "9S")                    # seat 3 (declarer, spades) leads; seat 2 next
    assert state.turn == 2 and state.to_move == {2, 3}
    assert notations(state, 3) == [f"raise {n}" for n in range(9, 14)] + ["no-raise"]
    assert not raises(state, 2) and all(a.startswith("play") for a in notations(state, 2))
    assert state.public(0)["raise_open"] is True
    state = state.apply("raise 9", 3)
    # the opponent next in turn order after the declarer answers, and play waits for it
    assert state.phase == "answer" and state.to_move == {2} and notations(state, 2) == ["accept", "refuse"]
    with pytest.raises(IllegalAction):
        state.apply("play 7S", 2)                     # seat 2 answers before it plays
    with pytest.raises(OutOfTurn):
        state.apply("raise 10", 3)
    state = state.apply("accept", 2)
    assert state.bid == 9 and state.phase == "play" and state.turn == 2
    # one proposal a trick: the window is shut until the trick is gathered
    assert state.to_move == {2} and not state.raise_open
    state = play(state, "7S", "4S")
    assert state.to_move == {0}
    state = play(state, "2S")
    assert state.leader == 3 and state.to_move == {3} and raises(state) == [f"raise {n}" for n in range(10, 14)]


def test_a_hand_with_an_off_turn_raise_played_card_by_card():
    # seat 3 bids 8 in spades, raises to 9 while seat 2 is to play the first trick,
    # takes eight of the first nine tricks (seat 0's king of clubs takes the second) and
    # the ninth trick for it with the king of spades: 9 points, the raised bid
    state = play(declared(), "9S")
    state = state.apply("raise 9", 3).apply("accept", 2)
    state = play(state, "7S", "4S", "2S")
    assert state.to_move == {3} and state.tricks == (0, 1)   # seat 3 won the trick and leads
    state = play(state, *ALL_DEAL_B_CARDS[4:])
    assert not state.sheet and state.tricks == (1, 8) and state.bid == 9
    state = finish_hand(play(state, "KS"), first_plain_card)
    record = state.sheet[0]
    assert record.result == "made" and record.bid == 9 and record.points == (0, 9) and record.tricks == (1, 9)
    assert record.raises == ((9, "accepted"),)
    (event,) = state.score_events()
    assert event == ScoreEvent(1, (1, 3), 9, "contract made: the bid",
                               {"contract": "9", "declarer": 3, "trump": "S", "declarer_tricks": 9,
                                "defender_tricks": 1, "raised_from": 8,
                                "raises": [{"bid": 9, "outcome": "accepted"}]})


def test_no_raise_lets_the_window_go_until_the_next_trick():
    state = play(declared(), "9S", "7S", "4S", "2S", "2C")   # trick 2: seat 3 led, seat 2 to play
    assert state.to_move == {2, 3}
    state = state.apply("no-raise", 3)
    assert state.to_move == {2} and not state.raise_open
    with pytest.raises(OutOfTurn):
        state.apply("raise 9", 3)
    state = play(state, "QC", "7C", "KC")                    # seat 0's king wins: its lead
    assert state.tricks == (1, 1) and state.turn == 0 and state.to_move == {0, 3}


def test_the_window_stays_open_after_the_declarers_own_card():
    state = play(declared(), "9S")
    assert state.to_move == {2, 3}
    state = play(state, "7S", "4S")
    assert state.to_move == {0, 3}                            # the last card of the trick to come
    state = state.apply("raise 10", 3).apply("refuse", 2)
    assert state.bid == 8 and state.to_move == {0}
    assert state.public(1)["raises"] == [{"bid": 10, "outcome": "refused"}]


def test_no_window_for_the_defenders_double_13_or_a_decided_hand():
    state = play(declared(), "9S")
    with pytest.raises(OutOfTurn):
        state.apply("raise 9", 1)
    with pytest.raises(IllegalAction):
        state.apply("no-raise", 2)                            # seat 2 is to play, not to raise
    alone = play(declared(hands=DEAL_A, words=("double13", "pass", "pass", "pass")), "AS")
    assert alone.to_move == {2} and not alone.raise_open
    # the hand ends the moment the bid is made: nobody is left to move in it
    done = play(declared(), *ALL_DEAL_B_CARDS)
    assert done.sheet[0].result == "made" and done.phase == "redeal"


def test_a_raise_the_defenders_have_already_beaten_is_not_offered():
    state = play(declared(), "9S", "7S", "4S", "2S", "2C", "QC", "7C", "KC", "4D")
    assert state.tricks == (1, 1) and raises(state)[-1] == "raise 12"


def test_unilateral_raise_off_turn_takes_effect_at_once():
    state = play(declared(raise_needs_consent=False), "9S")
    state = state.apply("raise 10", 3)
    assert state.bid == 10 and state.phase == "play" and state.to_move == {2}
    assert state.public(0)["raises"] == [{"bid": 10, "outcome": "raised"}]


def test_forgiving_notation_for_no_raise():
    state = play(declared(), "9S")
    assert state.parse_action("no raise", 3) == Action("no-raise")
    assert state.parse_action("No-Raise", 3) == Action("no-raise")


def test_random_play_with_raises_everywhere_still_ends():
    # every seat picks uniformly among what it may do, the declarer proposing whenever
    # it can: at most one proposal a trick keeps each hand finite
    for seed in range(3):
        state = TEKA.new(seed=seed, options={"target": 60})
        rng = Rng(seed)
        steps = 0
        while not state.is_over:
            movers = sorted(state.to_move)
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            proposals = [a for a in legal if a.kind == "raise"]
            state = state.apply(rng.choice(proposals or legal), seat)
            teka_invariant(state)
            steps += 1
            assert steps < 20_000
        assert max(state.points) >= 60


# ---------------------------------------------------------------- score events and standings


def test_made_contract_event_and_standings():
    state = play(declared(), *ALL_DEAL_B_CARDS)
    assert state.hands_played == 1 and state.sides() == ((0, 2), (1, 3))
    (event,) = state.score_events()
    assert event.hand == 1 and event.seats == (1, 3) and event.points == 8
    assert event.source == "contract made: the bid"
    assert event.detail == {"contract": "8", "declarer": 3, "trump": "S", "declarer_tricks": 8,
                            "defender_tricks": 1}
    assert state.standings() == [{"seats": [1, 3], "score": 8, "place": 1},
                                 {"seats": [0, 2], "score": 0, "place": 2}]
    assert state.utility(1) == 8 and state.utility(0) == -8
    assert event.to_json()["seats"] == [1, 3]


def test_failed_forced_8_event_gives_only_8():
    state = finish_hand(declared(words=("pass", "pass", "pass", "bid 8"), trump="C"), first_plain_card)
    (event,) = state.score_events()
    assert event.seats == (1, 3) and event.points == 8
    assert event.source == "failed forced 8: only 8 to the opponents"
    assert event.detail["declarer"] == 0 and event.detail["defender_tricks"] == 6


def test_failed_bid_event_gives_twice_the_bid_and_shows_the_raise():
    state = declared(words=("pass", "pass", "pass", "bid 8"), trump="C")
    state = state.apply("raise 9").apply("accept")
    state = finish_hand(state, first_plain_card)
    (event,) = state.score_events()
    assert event.points == 18 and event.source == "failed bid: twice the bid"
    assert event.detail["raised_from"] == 8 and event.detail["contract"] == "9"


def test_double_13_events_made_and_lost():
    made = finish_hand(declared(hands=DEAL_A, words=("double13", "pass", "pass", "pass")), declarer_high)
    (event,) = made.score_events()
    assert (event.seats, event.points, event.source) == ((1, 3), 26, "double 13 made: 26")
    assert event.detail["contract"] == "double 13" and event.detail["declarer_tricks"] == 13
    lost = play(declared(hands=DEAL_B, words=("double13", "pass", "pass", "pass")),
                "AS", "7S", "2S", "2C", "QC", "KC")
    (event,) = lost.score_events()
    assert (event.seats, event.points, event.source) == ((0, 2), 52, "double 13 lost: 52 to the opponents")


def test_lawreece_event():
    state = declared(hands=DEAL_A, lawreece=True).apply("raise 13").apply("accept")
    state = finish_hand(state, declarer_high)
    (event,) = state.score_events()
    assert event.points == 26 and event.source == "Lawreece: a made 13 scores 26"


def test_thrown_in_deal_counts_as_a_hand_without_an_event():
    state = calls(keep_all(start(forced_fourth_bid=False)), "pass", "pass", "pass", "pass")
    assert state.hands_played == 1 and state.score_events() == []


def test_events_add_up_over_a_whole_match():
    state = TEKA.new(seed=21)
    bot = TEKA.bots()["heuristic"]
    rng = Rng(21)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    events = state.score_events()
    assert len(events) == sum(1 for r in state.sheet if r.declarer is not None)
    for side in state.sides():
        assert sum(e.points for e in events if e.seats == side) == state.scores[side[0]]
    assert state.standings()[0]["score"] >= 104
    teka_invariant(state)


# ---------------------------------------------------------------- later deals


def _next_hands(state):
    """The hands of the deal after the current one has been played out (seat 3's DEAL_B hand)."""
    return play(state, *ALL_DEAL_B_CARDS)


def test_light_overhand_shuffle_keeps_packets_together():
    deck = list(range(52))
    out = light_overhand_shuffle(deck, Rng(7))
    assert sorted(out) == deck and out != deck
    runs = sum(1 for a, b in zip(out, out[1:]) if b != a + 1)
    assert 3 <= runs <= 10                          # four to eleven packets, each intact


def test_light_shuffle_option_then_the_two_cuts():
    state = declared(light_shuffle=True)
    before = state
    after = _next_hands(state)
    played = parse_cards(ALL_DEAL_B_CARDS)
    rest = [c for seat in range(4) for c in before.hands[seat] if c not in played]
    gathered = played + rest
    rng = Rng(0)
    rng.state = before.rng_state
    deck = light_overhand_shuffle(gathered, rng)
    cut = rng.below(52)
    deck = deck[cut:] + deck[:cut]
    cut = 1 + rng.below(51)
    deck = deck[cut:] + deck[:cut]
    for i, seat in enumerate(speaking_order(after.dealer)):
        assert set(after.hands[seat]) == set(deck[13 * i:13 * i + 13])


@pytest.mark.parametrize("options", [{"afghan_cut_only": False}, {"light_shuffle": True},
                                     {"raise_needs_consent": False, "signals": "two"}])
def test_whole_random_matches_under_the_deal_options(options):
    for seed in range(2):
        state = TEKA.new(seed=seed, options={**options, "target": 50})
        rng = Rng(seed + 100)
        while not state.is_over:
            movers = sorted(state.to_move)
            seat = movers[rng.below(len(movers))]
            state = state.apply(rng.choice(state.legal_actions(seat)), seat)
            teka_invariant(state)
        assert max(state.points) >= 50


def test_shuffled_deals_option_differs_from_the_cut():
    cut = _next_hands(declared())
    shuffled = _next_hands(declared(afghan_cut_only=False))
    assert cut.dealer == shuffled.dealer == 3
    assert all(set(cut.hands[s]) != set(shuffled.hands[s]) for s in range(4))
