"""King's bots and hints: a hint for every kind of decision, honest and reproducible."""

from dataclasses import replace

import pytest

from solvers.cards import Rng, parse_card
from solvers.games import get
from solvers.games.king import BID, CHOOSE, DECLARE, PLAY, UP_DOWN
from solvers.games.king_bot import choose, heuristic_hint
from solvers.games.king_calls import best_strain, estimate_tricks, strain_action
from solvers.sampling import determinize

KING = get("king")
STRONG = "AS KS QS JS TS 9S AH KH AD KD AC KC QC"


def positive(hands, phase_moves=(), hand=7):
    """A positive hand with seat 1 dealing; ``phase_moves`` are played first."""
    state = KING.new(deal={"hands": hands, "dealer": 1})
    state = replace(state, hand=hand, phase=CHOOSE)
    for move in phase_moves:
        state = state.apply(move)
    return state


def deal_with(seat_hand: str, seat: int = 1):
    """Four hands where ``seat`` holds ``seat_hand`` and the rest is shared out in order."""
    mine = seat_hand.split()
    rest = [f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432" if f"{r}{s}" not in mine]
    hands, at = [], 0
    for s in range(4):
        if s == seat:
            hands.append(mine)
        else:
            hands.append(rest[at:at + 13])
            at += 13
    return hands


# ---------------------------------------------------------------- rules of thumb


def test_estimate_counts_aces_guarded_kings_and_trump_length():
    hand = [parse_card(c) for c in STRONG.split()]
    assert estimate_tricks(hand, 3) > estimate_tricks(hand, None) > 5
    assert best_strain(hand)[0] == 3


def test_dealer_with_a_strong_hand_names_its_suit_and_plays_up():
    state = positive(deal_with(STRONG, seat=1))
    action, reason = choose(state, 1)
    assert action == strain_action(3) and "spades" in reason
    state = state.apply(action)
    action, reason = choose(state, 1)
    assert action.kind == "up" and "up" in reason


def test_dealer_with_a_weak_hand_plays_down():
    weak = "2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C"
    state = positive(deal_with(weak, seat=1), ["notrump"])
    action, reason = choose(state, 1)
    assert action.kind == "down" and "down" in reason


def test_first_bidder_opens_with_the_lowest_bid_and_weak_hands_pass():
    state = positive(deal_with(STRONG, seat=1), ["auction"])
    action, reason = choose(state, 2)
    assert action.notation == "bid 1" and "must open" in reason
    state = state.apply(action)
    action, _ = choose(state, 3)
    assert action.kind in ("pass", "bid")


def test_negative_hand_heuristic_ducks_and_dumps_the_king_of_hearts():
    # hand 5: seat 1 holds the king of hearts and the two; hearts are led with the ace
    hands = ["AH " + " ".join(f"{r}S" for r in "AKQJT9876543"),
             "KH 2H " + " ".join(f"{r}C" for r in "AKQJT98765 4".replace(" ", "")),
             " ".join(f"{r}H" for r in "QJT9876543") + " 2S 3C 2C",
             " ".join(f"{r}D" for r in "AKQJT98765432")]
    state = replace(KING.new(deal={"hands": hands, "dealer": 3}), hand=5)
    state = state.apply("play AH")            # seat 0 leads
    action, reason = choose(state, 1)
    assert action.notation == "play KH" and "another player" in reason
    assert heuristic_hint(state, 1).action == action


# ---------------------------------------------------------------- hints for every decision


def _to_phase(phase):
    state = positive(deal_with(STRONG, seat=1))
    moves = {CHOOSE: [], BID: ["auction"], DECLARE: ["auction", "bid 2", "pass", "pass"],
             UP_DOWN: ["trump S"], PLAY: ["trump S", "up"]}[phase]
    for move in moves:
        state = state.apply(move)
    assert state.phase == phase
    return state


@pytest.mark.parametrize("phase", [CHOOSE, BID, DECLARE, UP_DOWN, PLAY])
def test_every_decision_has_a_legal_reasoned_reproducible_hint(phase):
    state = _to_phase(phase)
    seat = min(state.to_move)
    iterations = 4 if phase == PLAY else 24
    hint = KING.hint(state, seat, rng=Rng(3), iterations=iterations)
    assert hint.action in state.legal_actions(seat) and hint.reason
    assert hint.method == ("sampled" if phase == PLAY else hint.method)
    again = KING.hint(state, seat, rng=Rng(3), iterations=iterations)
    assert again.action == hint.action


def test_negative_card_hint_reports_the_expected_penalty():
    state = KING.new(seed=8)
    seat = min(state.to_move)
    hint = KING.hint(state, seat, rng=Rng(1), iterations=3)
    assert hint.method == "sampled" and hint.evaluation["samples"] == 3
    assert hint.evaluation["expected_points"] <= 0 and "points" in hint.reason
    assert {a["action"]["notation"] for a in hint.alternatives} | {hint.action.notation} == \
        {a.notation for a in state.legal_actions(seat)}


def test_card_hint_uses_only_what_the_seat_knows():
    state = KING.new(seed=8)
    bot = KING.bots()["heuristic"]
    for _ in range(30):
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(0)), seat)
    seat = min(state.to_move)
    other = determinize(state, seat, Rng(77))
    first = KING.hint(state, seat, rng=Rng(2), iterations=3)
    again = KING.hint(other, seat, rng=Rng(2), iterations=3)
    assert first.action == again.action and first.alternatives == again.alternatives


def test_tiny_budget_answers_by_the_rules_of_thumb():
    state = KING.new(seed=8)
    seat = min(state.to_move)
    hint = KING.hint(state, seat, 0.01)
    assert hint.method == "heuristic" and hint.action in state.legal_actions(seat)


def test_late_positive_card_is_solved_exactly():
    state = _to_phase(PLAY)
    bot = KING.bots()["heuristic"]
    while len(state.hands[min(state.to_move)]) > 6:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(0)), seat)
    seat = min(state.to_move)
    hint = KING.hint(state, seat, rng=Rng(0), iterations=2)
    assert hint.method == "sampled" and "tricks" in hint.reason


def test_pimc_bot_plays_legal_cards_and_calls():
    search = KING.bots()["pimc"]
    for phase in (CHOOSE, UP_DOWN):
        state = _to_phase(phase)
        seat = min(state.to_move)
        assert search(state, seat, Rng(1)) in state.legal_actions(seat)
    state = KING.new(seed=3)
    bot = KING.bots()["heuristic"]
    while len(state.hands[min(state.to_move)]) > 5:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(0)), seat)
    seat = min(state.to_move)
    assert search(state, seat, Rng(1)) in state.legal_actions(seat)


def test_search_bot_is_the_paired_card_search_and_the_generic_search_for_calls():
    from solvers import games
    from solvers.games.king_bot import heuristic_bot, search_bot
    assert games.search_config("king").rollout is heuristic_bot
    assert {"random", "heuristic", "search", "pimc"} <= set(KING.bots())
    assert KING.bots()["search"] is search_bot and games.own_search("king")


def _heuristic_moves(state, count):
    bot = KING.bots()["heuristic"]
    for _ in range(count):
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, Rng(0)), seat)
    return state


def test_play_out_card_is_the_rules_of_thumb_card():
    from solvers.games.king_bot import play_out_card
    state = _to_phase(PLAY)
    for start in (KING.new(seed=5), state):
        while start.phase == PLAY and start.hands_played == 0 or start is state and start.phase == PLAY:
            seat = min(start.to_move)
            action = KING.bots()["heuristic"](start, seat, Rng(0))
            assert action.args[0] == str(play_out_card(start, seat))
            start = start.apply(action, seat)
            if start.hands_played:
                break


def test_play_hand_out_scores_the_whole_hand():
    from solvers.games.king_bot import play_out_card
    from solvers.games.king_search import hand_points, play_hand_out
    state = _heuristic_moves(KING.new(seed=4), 9)
    end = play_hand_out(state, play_out_card)
    assert end.hands_played == 1
    assert sum(hand_points(end, state, s) for s in range(4)) == -260


def test_paired_candidates_group_equal_cards_under_the_hands_penalties():
    from solvers.games.king_search import paired_candidates
    hands = deal_with("QS JS 4S 3S 2S AH KH QH JH TH 9H 8H 7H", seat=1)
    state = KING.new(deal={"hands": hands, "dealer": 0})      # seat 1 leads hand 1
    cards = paired_candidates(state, 1, parse_card("2S"))
    assert cards[0] == parse_card("2S") and len(cards) == 3       # 4-3-2 S, Q-J S, the hearts
    third = replace(state, hand=3)             # no queens: each queen stands apart from its neighbours
    assert len(paired_candidates(third, 1, parse_card("2S"))) == 6    # 4-2 S, Q S, J S, A-K H, Q H, J-7 H


def test_search_bot_plays_a_legal_card_from_what_the_seat_knows():
    from solvers.games.king_bot import search_bot
    state = _heuristic_moves(KING.new(seed=6), 6)
    seat = min(state.to_move)
    action = search_bot(state, seat, Rng(3))
    assert action in state.legal_actions(seat)
    assert search_bot(determinize(state, seat, Rng(9)), seat, Rng(3)) == action


def test_paired_search_keeps_the_rules_of_thumb_card_unless_clearly_beaten():
    from solvers.games.king_bot import heuristic_bot, play_out_card
    from solvers.games.king_search import paired_card, paired_evaluation
    state = _heuristic_moves(KING.new(seed=6), 6)
    seat = min(state.to_move)
    base = heuristic_bot(state, seat, Rng(0))
    evaluation, chosen, kept = paired_evaluation(state, seat, Rng(1), play_out_card, parse_card(base.args[0]),
                                                 rounds=(4,), margin=1e9)
    assert chosen.action == base and (kept or evaluation.best.action == base)
    assert all(len(c.values) == 4 for c in evaluation.ranked)
    assert paired_card(state, seat, Rng(1), heuristic_bot, play_out_card, rounds=(4,), margin=1e9) == base
