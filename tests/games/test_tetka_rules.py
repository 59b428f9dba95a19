"""Tëtka: every penalty of the rule text (seed 002, GAMES.md G6), played card by card.

The scenario deals are built from who wins each trick (see :func:`grid`): tricks 1–3
are clubs (2–5, 6–9, 10–K), 4–6 diamonds, 7–9 hearts, 10–12 spades, four cards of one
suit each, so everyone can and must follow; trick 13 is the four aces, which the winner
of trick 12 leads and wins, the others being void by then. The winner of a trick holds
its highest card, the dealer holds the bum card, the other cards go round in seat order.
"""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Card, parse_card
from solvers.games.tetka_penalties import (
    BUM_CARD, BUM_RANK_TRICK, LAST_TRICK, MOST_TRICKS, QUEENS, TETKA, card_penalty, most_tricks,
    penalty_trick_number,
)

GAME = games.get("tetka")
SUITS = "CDHS"
RANKS = "23456789TJQK"


def trick_cards(number: int) -> list[Card]:
    """The four cards of trick ``number`` (1–13), low to high."""
    if number == 13:
        return [parse_card("A" + s) for s in SUITS]
    suit = SUITS[(number - 1) // 3]
    start = ((number - 1) % 3) * 4
    return [parse_card(r + suit) for r in RANKS[start:start + 4]]


def grid(winners: list[int], dealer: int, bum: str) -> list[list[Card]]:
    """Per trick, the card each seat (0–3) plays, for the winners of tricks 1–12."""
    assert len(winners) == 12, "trick 13 goes to the winner of trick 12"
    bum_card = parse_card(bum)
    rows = []
    for number in range(1, 14):
        cards = trick_cards(number)
        row: list[Card | None] = [None] * 4
        if number == 13:
            row[dealer] = bum_card if bum_card in cards else None
        else:
            winner = winners[number - 1]
            row[winner] = cards[-1]
            if bum_card in cards[:-1]:
                assert dealer != winner, "the dealer wins with the bum card only if it is the top card"
                row[dealer] = bum_card
            elif bum_card == cards[-1]:
                assert winner == dealer, "the bum card is the top card of its trick: the dealer wins it"
        rest = [c for c in cards if c not in row]
        for seat in range(4):
            if row[seat] is None:
                row[seat] = rest.pop(0)
        rows.append(row)
    return rows


def deal_for(winners: list[int], dealer: int, bum: str) -> dict:
    """The JSON deal that makes ``winners`` happen."""
    rows = grid(winners, dealer, bum)
    return {"dealer": dealer, "bum": bum, "hands": [[str(r[s]) for r in rows] for s in range(4)]}


def play_hand(winners: list[int], dealer: int, bum: str, options=None):
    """Start a match on that deal and play its first hand card by card; return the state
    after the hand and the states after each trick."""
    rows = grid(winners, dealer, bum)
    state = GAME.new(seed=1, deal=deal_for(winners, dealer, bum), options=options)
    after = []
    for row in rows:
        for _ in range(4):
            seat = state.turn
            state = state.apply(f"play {row[seat]}", seat)
        after.append(state)
    return state, after


def by_source(state, hand: int = 1) -> dict[str, list[tuple[int, int]]]:
    """The hand's score events as source -> [(seat, points)]."""
    out: dict[str, list[tuple[int, int]]] = {}
    for e in state.score_events():
        if e.hand == hand:
            out.setdefault(e.source, []).append((e.seats[0], e.points))
    return out


# ---------------------------------------------------------------- the penalty rules


def test_bum_rank_names_the_costly_trick():
    assert [penalty_trick_number(parse_card(c)) for c in ("AS", "2H", "9D", "TC", "JS", "QH", "KD")] == \
        [1, 2, 9, 10, 11, 12, 13]


def test_card_penalties_follow_the_bum_suit():
    bum = parse_card("5H")
    assert card_penalty(parse_card("QH"), bum) == 2          # Tëtka
    assert card_penalty(parse_card("QS"), bum) == 1          # another queen
    assert card_penalty(parse_card("5H"), bum) == 1          # the bum card
    assert card_penalty(parse_card("KH"), bum) == 0
    assert card_penalty(parse_card("QH"), parse_card("QH")) == 3   # a queen bum card is both


def test_a_whole_hand_gives_out_every_penalty():
    # dealer seat 3 shows 5H: Tëtka is QH, trick 5 costs a point
    state, _ = play_hand([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], dealer=3, bum="5H")
    events = by_source(state)
    assert events[QUEENS] == [(0, 1), (2, 1), (3, 1)]       # QC on trick 3, QD on 6, QS on 12
    assert events[BUM_RANK_TRICK] == [(2, 1)]                # trick 5
    assert events[BUM_CARD] == [(3, 1)]                      # trick 7: 2H 3H 4H 5H
    assert events[TETKA] == [(3, 2)]                         # trick 9
    assert events[LAST_TRICK] == [(3, 1)]
    assert events[MOST_TRICKS] == [(3, 1)]                   # nine tricks
    assert state.scores == (1, 0, 2, 6) and sum(state.scores) == 9
    assert state.sheet[0].tricks == (1, 1, 2, 9)
    assert state.sheet[0].most_tricks_by == "tricks"


def test_the_bum_card_is_shown_and_stays_with_the_dealer_until_played():
    _, after = play_hand([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], dealer=3, bum="5H")
    start = GAME.new(seed=1, deal=deal_for([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], 3, "5H"))
    assert start.bum_shown and start.holding(3)[-1] == parse_card("5H")
    for seat in range(4):
        view = start.view(seat)
        assert view["zones"]["bum"]["cards"] == ["5H"]
        assert view["public"]["bum_card_held_by"] == 3 and view["public"]["tetka"] == "QH"
        assert view["public"]["penalty_trick"] == 5
    assert all(s.bum_shown for s in after[:6])               # trick 7 holds the bum card
    assert not after[6].bum_shown and after[6].view(0)["public"]["bum_card_held_by"] is None
    assert after[6].view(1)["public"]["penalties_this_hand"] == [1, 0, 2, 1]


def test_a_queen_bum_card_is_both_the_bum_card_and_tetka():
    # dealer seat 2 shows QH (trick 12 costs a point); seat 1 wins trick 9 with KH over it
    state, _ = play_hand([0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 3, 0], dealer=2, bum="QH")
    events = by_source(state)
    assert events[BUM_CARD] == [(1, 1)] and events[TETKA] == [(1, 2)]
    assert (1, 1) not in events.get(QUEENS, []) and sum(p for _, p in events[QUEENS]) == 3
    assert events[BUM_RANK_TRICK] == [(0, 1)]               # trick 12
    assert sum(state.scores) == 9


def test_a_king_bum_card_makes_the_last_trick_worth_two():
    # dealer seat 1 shows KS, wins trick 12 with it and leads the last trick
    state, after = play_hand([0, 2, 2, 0, 2, 3, 3, 0, 0, 2, 0, 1], dealer=1, bum="KS")
    events = by_source(state)
    assert events[BUM_RANK_TRICK] == [(1, 1)] and events[LAST_TRICK] == [(1, 1)]
    assert [e.detail["trick"] for e in state.score_events() if e.source in (BUM_RANK_TRICK, LAST_TRICK)] == [13, 13]
    assert events[BUM_CARD] == [(1, 1)]                      # trick 12
    assert after[11].winners[-1] == 1 and sum(state.scores) == 9


def test_an_ace_bum_card_makes_the_first_trick_costly():
    state, after = play_hand([2, 1, 0, 3, 2, 2, 3, 1, 3, 0, 3, 3], dealer=0, bum="AD")
    assert by_source(state)[BUM_RANK_TRICK] == [(2, 1)]
    assert after[0].view(0)["public"]["penalties_this_hand"] == [0, 0, 1, 0]
    assert by_source(state)[BUM_CARD] == [(3, 1)]           # the dealer plays AD to trick 13, seat 3 wins it


# ---------------------------------------------------------------- most tricks and its tie-breaks


def test_most_tricks_tie_goes_to_most_bum_suit_cards():
    # seats 0 and 3 take four tricks each; seat 0 took eight hearts, seat 3 only AH
    state, _ = play_hand([0, 1, 2, 0, 1, 2, 0, 0, 1, 3, 3, 3], dealer=3, bum="4H")
    assert state.sheet[0].tricks == (4, 3, 2, 4)
    assert by_source(state)[MOST_TRICKS] == [(0, 1)] and state.sheet[0].most_tricks_by == "bum-suit cards"
    assert sum(state.scores) == 9


def test_most_tricks_tie_then_goes_to_the_highest_bum_suit_card():
    # seats 0 and 2 take four tricks and four hearts each; seat 2's 9H beats seat 0's 5H
    state, _ = play_hand([0, 1, 2, 0, 1, 2, 0, 2, 1, 0, 2, 3], dealer=3, bum="4H")
    assert state.sheet[0].tricks == (4, 3, 4, 2)
    assert by_source(state)[MOST_TRICKS] == [(2, 1)]
    assert state.sheet[0].most_tricks_by == "highest bum-suit card"
    event = next(e for e in state.score_events() if e.source == MOST_TRICKS)
    assert event.detail == {"bum": "4H", "tricks": 4, "decided_by": "highest bum-suit card"}


def test_most_tricks_tie_without_bum_suit_cards_goes_to_the_latest_trick():
    # spades are the bum suit; seats 0 and 2 take four tricks each and no spade
    state, _ = play_hand([0, 2, 0, 2, 0, 2, 0, 2, 1, 1, 3, 3], dealer=3, bum="3S")
    assert state.sheet[0].tricks == (4, 2, 4, 3)
    assert by_source(state)[MOST_TRICKS] == [(2, 1)] and state.sheet[0].most_tricks_by == "latest trick"


def test_most_tricks_function_reports_the_tie():
    bum = parse_card("2S")
    award = most_tricks([0, 1] * 6 + [0], [[], [], [], []], bum)
    assert award.seat == 0 and award.decided_by == "tricks" and award.tied == (0,)
    award = most_tricks([0, 1] * 6 + [2], [[], [], [], []], bum)
    assert award.seat == 1 and award.decided_by == "latest trick" and award.tied == (0, 1)


# ---------------------------------------------------------------- the match


def test_four_hands_each_dealer_once_and_low_total_wins():
    state = GAME.new(seed=4)
    first = state.dealer
    dealers = []
    rng_moves = 0
    while not state.is_over:
        if not state.history and not state.trick:
            dealers.append(state.dealer)
        seat = state.turn
        state = state.apply(state.legal_actions(seat)[0], seat)
        rng_moves += 1
    assert dealers == [(first + i) % 4 for i in range(4)] and rng_moves == 208
    assert state.hands_played == 4 and sum(state.scores) == 36
    standings = state.standings()
    assert [r["score"] for r in standings] == sorted(state.scores) and standings[0]["place"] == 1


def test_orbits_lengthen_the_match():
    state = GAME.new(seed=4, options={"orbits": 2})
    assert state.view(0)["public"]["hands_in_match"] == 8
    while not state.is_over:
        state = state.apply(state.legal_actions(state.turn)[-1], state.turn)
    assert state.hands_played == 8 and sum(state.scores) == 72


def test_scores_count_only_finished_hands_and_the_next_dealer_is_to_the_left():
    state, _ = play_hand([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], dealer=3, bum="5H")
    assert state.dealer == 0 and state.leader == 1 and not state.history
    assert state.view(2)["public"]["score_sheet"] == [
        {"hand": 1, "dealer": 3, "bum_card": "5H", "tricks": [1, 1, 2, 9], "points": [1, 0, 2, 6],
         "totals": [1, 0, 2, 6]}]


def test_following_suit_is_enforced():
    state = GAME.new(seed=1, deal=deal_for([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], 3, "5H"))
    state = state.apply("play 2C", 0)
    assert [a.notation for a in state.legal_actions(1)] == ["play 3C", "play 9C", "play TC"]
    from solvers.errors import IllegalAction
    with pytest.raises(IllegalAction):
        state.apply("play 3D", 1)


# ---------------------------------------------------------------- explicit deals


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(hands=d["hands"][:3]), "four hands"),
    (lambda d: d["hands"][0].pop(), "12 cards"),
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "dealt twice"),
    (lambda d: d["hands"][0].__setitem__(0, "X1"), "standard pack"),
    (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "ZZ"),
    (lambda d: d.update(bum="2C"), "dealer's hand"),
    (lambda d: d.update(bum=7), "bum"),
    (lambda d: d.update(dealer=4), "dealer"),
    (lambda d: d.update(trump="S"), "unknown deal field"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(change, message):
    from solvers.errors import CardsageError
    deal = deal_for([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], 3, "5H")
    change(deal)
    with pytest.raises(CardsageError, match=message):
        GAME.new(deal=deal)


def test_the_bum_card_defaults_to_the_dealers_last_card():
    deal = deal_for([3, 1, 0, 3, 2, 2, 3, 3, 3, 3, 3, 3], 3, "5H")
    del deal["bum"]
    state = GAME.new(deal=deal)
    assert state.bum == parse_card(deal["hands"][3][-1])
