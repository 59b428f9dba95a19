"""Beggar-My-Neighbor scenarios from the rule text (GAMES.md G36 and its seed), played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from solvers.cards import Card, Rank, Rng, Suit, parse_cards, standard_pack
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.games import get
from solvers.games.beggar_my_neighbor import PACK, payment_due, play_out, position_key
from solvers.sampling import determinize
from tests.conformance.per_game.beggar_my_neighbor import check

BMN = get("beggar-my-neighbor")
LETTERS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}


def cards(text):
    return tuple(parse_cards(text.split()))


def stacks(head0="", head1=""):
    """Two 26-card stacks (top first) starting with the given cards; the rest of the pack,
    in pack order, fills them up, seat 0's first."""
    top0, top1 = list(cards(head0)), list(cards(head1))
    rest = [c for c in PACK if c not in set(top0) | set(top1)]
    need0 = 26 - len(top0)
    return [[str(c) for c in top0 + rest[:need0]], [str(c) for c in top1 + rest[need0:]]]


def table(head0="", head1="", **options):
    """A typed-in deal: seat 0 turns first (so seat 1 is the dealer)."""
    return BMN.new(deal={"stacks": stacks(head0, head1)}, options=options)


def published(first: str, second: str):
    """A published deal in the record notation (a dash for any card that is not a penalty
    card): real cards are put in for each letter, the first stack seat 0's."""
    court = {r: [Card.standard(r, s) for s in Suit] for r in LETTERS.values()}
    plain = [c for c in standard_pack() if not payment_due(c)]
    out = []
    for pattern in (first, second):
        out.append([str(plain.pop() if ch == "-" else court[LETTERS[ch]].pop()) for ch in pattern])
    return {"stacks": out}


def run(state, times: int):
    for _ in range(times):
        state = state.apply("turn")
        check(state)
    return state


def mid_deal(dealt0, dealt1, pile="", turn=0, owed=0, claimant=None, **options):
    """A position in the middle of a deal: the named stacks and pile; every other card lies in
    seat 0's taken pile (under its stack)."""
    state = table(**options)
    named = set(cards(dealt0)) | set(cards(dealt1)) | set(cards(pile))
    rest = tuple(c for c in PACK if c not in named)
    return replace(state, dealt=(cards(dealt0), cards(dealt1)), taken=(rest, ()), pile=cards(pile), turn=turn,
                   owed=owed, claimant=claimant, deal_owned=False)


# ------------------------------------------------------------------ the deal


def test_seeded_deal_gives_26_each_alternately_and_the_non_dealer_turns_first():
    state = BMN.new(seed=4)
    assert [len(d) for d in state.dealt] == [26, 26] and state.taken == ((), ())
    assert set(state.dealt[0]) | set(state.dealt[1]) == set(PACK)
    assert state.turn == 1 - state.dealer
    assert state.legal_actions(state.turn) == [state.legal_actions(state.turn)[0]]
    assert state.legal_actions(state.turn)[0].notation == "turn"
    assert state.legal_actions(state.dealer) == []
    assert not state.deal_owned


def test_dealer_plays_first_option():
    state = BMN.new(seed=4, options={"dealer_plays_first": True})
    assert state.turn == state.dealer
    typed = table(dealer_plays_first=True)
    assert typed.turn == 0 and typed.dealer == 0


def test_typed_deal_first_stack_turns_first_and_is_owned():
    state = table("2S 3S", "4H 5H")
    assert state.turn == 0 and state.dealer == 1 and state.deal_owned
    assert state.dealt[0][:2] == cards("2S 3S")
    other = BMN.new(deal={"stacks": stacks("2S", "3S"), "first": 1})
    assert other.turn == 1 and other.dealer == 0


def test_only_the_seat_to_move_may_turn():
    state = table()
    with pytest.raises(OutOfTurn):
        state.apply("turn", 1)
    with pytest.raises(IllegalAction):
        state.apply("play 2S", 0)


# ------------------------------------------------------------------ play and payments


def test_plain_cards_alternate():
    state = run(table("2S 3S", "4H 5H"), 3)
    assert state.pile == cards("2S 4H 3S") and state.turn == 1 and state.owed == 0
    assert state.cards_turned == 3 and state.piles_won == (0, 0)
    assert state.view(0)["public"]["pile_top"] == "3S"


@pytest.mark.parametrize("penalty, due", [("JS", 1), ("QS", 2), ("KS", 3), ("AS", 4)])
def test_payment_for_each_penalty_card_then_the_claimant_takes_the_pile(penalty, due):
    paid = "2H 3H 4H 5H".split()[:due]
    state = table(penalty, " ".join(paid))
    state = run(state, 1)
    assert state.turn == 1 and state.owed == due and state.claimant == 0
    assert state.view(1)["public"]["payment"] == {"payer": 1, "to": 0, "still_owed": due, "for": penalty}
    state = run(state, due - 1)
    assert state.turn == 1 and state.owed == 1, "the payer turns its cards one after another"
    state = run(state, 1)
    assert state.pile == () and state.turn == 0 and state.owed == 0
    assert state.taken == (cards(penalty + " " + " ".join(paid)), ()), "the pile goes under, first turned first"
    assert state.piles_won == (1, 0) and state.cards_turned == 1 + due
    assert state.stack_size(0) == 26 + due and state.stack_size(1) == 26 - due


def test_a_penalty_card_paid_stops_the_payment_and_the_other_player_pays():
    # seat 0 turns a king; seat 1 pays a 2, then a queen: seat 0 now pays two cards
    state = run(table("KS 2D 3D", "2C QC 4C"), 3)
    assert state.turn == 0 and state.owed == 2 and state.claimant == 1
    state = run(state, 2)
    assert state.turn == 1 and state.pile == () and state.piles_won == (0, 1)
    assert state.taken[1] == cards("KS 2C QC 2D 3D")


def test_penalty_cards_can_answer_each_other_again_and_again():
    # A (0) -> pays J (1) -> pays Q (0) -> pays 2, 3: seat 0 (the queen) takes 5 cards
    state = run(table("AS QS", "JH 2H 3H"), 5)
    assert state.pile == () and state.taken[0] == cards("AS JH QS 2H 3H") and state.turn == 0


def test_reversed_pile_order_puts_the_last_card_turned_on_top():
    state = run(table("KS", "2C 3C 4C", pile_order="reversed"), 4)
    assert state.taken[0] == cards("4C 3C 2C KS")


def test_taken_cards_come_up_after_the_dealt_ones():
    state = table("JS", "2C")
    state = replace(state, dealt=(state.dealt[0][:2], state.dealt[1]),
                    taken=(state.dealt[0][2:], ()))  # the same stack, split where a pile went under
    state = run(state, 2)
    assert state.stack(0)[:1] == (state.dealt[0][0],)
    state = run(state, 1)
    assert state.dealt[0] == () and state.taken[0][-2:] == cards("JS 2C")


# ------------------------------------------------------------------ the end of a deal


def test_a_player_who_must_pay_with_no_cards_left_loses():
    state = mid_deal("", "2C", pile="9D KS", turn=1, owed=3, claimant=0)
    state = run(state, 1)
    assert state.over and state.sheet[-1].winner == 0
    assert state.stack_size(0) == 52 and state.pile == ()
    assert state.scores == (1, 0)


def test_a_player_who_must_turn_with_no_cards_left_loses():
    state = mid_deal("3C", "", pile="2C", turn=0)
    state = run(state, 1)
    assert state.over and state.sheet[-1].winner == 0 and state.stack_size(0) == 52


def test_turning_the_last_card_as_a_penalty_card_keeps_the_player_in():
    state = mid_deal("2H 3H 4H", "QC", turn=1)
    state = run(state, 1)
    assert not state.over and state.stack_size(1) == 0 and state.turn == 0
    state = run(state, 2)
    assert not state.over and state.turn == 1 and state.taken[1] == cards("QC 2H 3H")


def test_taking_the_last_cards_of_the_opponent_wins():
    state = mid_deal("JS", "2C", turn=0)
    state = run(state, 2)
    assert state.over and state.sheet[-1].winner == 0 and state.stack_size(0) == 52
    events = state.score_events()
    assert [(e.seats, e.points, e.source) for e in events] == [((0,), 1, "won the deal: holds all 52 cards")]
    assert state.standings()[0]["seats"] == [0]


def test_a_repeated_position_ends_the_deal_drawn():
    # the position after the first pile of this deal is recorded already: reaching it again
    # shows the deal would cycle for ever
    start = BMN.new(seed=3)
    state = start
    while not state.piles_won[0] + state.piles_won[1]:
        state = state.apply("turn")
    key = state.positions[0]
    assert key == position_key((state.stack(0), state.stack(1)), state.turn)
    state = replace(start, positions=(key,))
    while not state.over:
        state = state.apply("turn")
    check(state)
    record = state.sheet[-1]
    assert record.winner is None and sum(record.piles_won) == 1
    assert state.scores == (0, 0)
    assert [(e.seats, e.points) for e in state.score_events()] == [((0, 1), 0)]
    assert state.score_events()[0].source.startswith("drawn")


# ------------------------------------------------------------------ published deals


NESSLER_2022 = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---")
MANN_WU_2007 = ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--")
RUCKLIDGE_2014 = ("-J------Q------AAA-----QQ-", "K----JA-----------KQ-K-JJK")
CASELLA_2024 = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")


def test_the_longest_known_deal_played_card_by_card():
    # Reed Nessler's record (2022): 8344 cards turned, 1164 piles won
    state = BMN.new(deal=published(*NESSLER_2022))
    while not state.over:
        state = state.apply("turn")
    record = state.sheet[0]
    assert record.cards_turned == 8344 and sum(record.piles_won) == 1164
    assert record.winner == 1 and state.stack_size(1) == 52
    check(state)


@pytest.mark.parametrize("deal, cards_turned, piles", [(MANN_WU_2007, 7157, 1007), (RUCKLIDGE_2014, 7959, 1121)])
def test_earlier_record_deals(deal, cards_turned, piles):
    end = play_out(BMN.new(deal=published(*deal)))
    assert (end.cards_turned, sum(end.piles_won)) == (cards_turned, piles) and end.winner is not None


def test_the_published_endless_deal_is_drawn():
    # Casella et al. (2024): the first deal shown never to end
    end = play_out(BMN.new(deal=published(*CASELLA_2024)))
    assert end.winner is None


@pytest.mark.slow
def test_the_published_endless_deal_played_card_by_card_is_drawn():
    state = BMN.new(deal=published(*CASELLA_2024))
    expected = play_out(state)
    while not state.over:
        state = state.apply("turn")
    record = state.sheet[0]
    assert record.winner is None and record.cards_turned == expected.cards_turned
    assert record.piles_won == expected.piles_won


def test_the_fast_play_out_agrees_with_the_rules_turn_by_turn():
    for seed in range(6):
        for options in ({}, {"pile_order": "reversed"}):
            state = BMN.new(seed=seed, options=options)
            half = state
            for _ in range(15):
                half = half.apply("turn")
            end = play_out(half)
            while not state.over:
                state = state.apply("turn")
            record = state.sheet[0]
            assert (record.winner, record.cards_turned, record.piles_won) == \
                (end.winner, end.cards_turned, end.piles_won)


# ------------------------------------------------------------------ the match


def test_a_match_of_several_deals_alternates_the_dealer_and_counts_deals_won():
    state = BMN.new(seed=8, options={"deals": 3})
    dealers = [state.dealer]
    while not state.over:
        before = len(state.sheet)
        state = state.apply("turn")
        if len(state.sheet) > before and not state.over:
            dealers.append(state.dealer)
            assert state.cards_turned == 0 and state.piles_won == (0, 0) and state.positions == ()
            assert state.turn == 1 - state.dealer and not state.deal_owned
    check(state)
    assert dealers == [dealers[0], 1 - dealers[0], dealers[0]]
    assert [r.dealer for r in state.sheet] == dealers
    assert sum(state.scores) == sum(1 for r in state.sheet if r.winner is not None)
    assert len(state.score_events()) == 3 and state.hands_played == 3


# ------------------------------------------------------------------ explicit deals refused


@pytest.mark.parametrize("deal, words", [
    ("2S 3S", "stacks"),
    ({"stacks": [["2S"] * 26]}, "2 stacks"),
    ({"hands": []}, "unknown deal field"),
    ({"stacks": "x"}, "2 stacks"),
    ({"stacks": [stacks()[0][:25], stacks()[1]]}, "stack 0 has 25 cards; it needs 26"),
    ({"stacks": [stacks()[0], stacks()[1][:-1] + [stacks()[0][0]]]}, "dealt twice"),
    ({"stacks": [stacks()[0][:-1] + ["X1"], stacks()[1]]}, "not in the 52-card pack"),
    ({"stacks": stacks(), "first": 2}, "deal.first"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, words):
    with pytest.raises(CardsageError) as error:
        BMN.new(deal=deal)
    assert words in str(error.value)


# ------------------------------------------------------------------ views and sampling


def test_nobody_sees_the_stacks_and_the_log_shows_only_turn():
    state = run(table("JS", "2C 3C"), 2)
    for viewer in (0, 1, None):
        zones = state.view(viewer)["zones"]
        assert "cards" not in zones["stack:0"] and "cards" not in zones["stack:1"]
        assert "cards" not in zones["taken:0"] and zones["taken:0"]["count"] == 2
        assert zones["stack:0"]["owner"] == 0
    public = state.view(1)["public"]
    assert public["cards_turned"] == 2 and public["piles_won"] == [1, 0]
    assert public["stack_sizes"] == [27, 25] and public["last_turn"] == {"seat": 1, "card": "2C"}
    assert state.log_text(state.legal_actions(0)[0], 0, 1) == "turn"


def test_determinize_keeps_the_piles_taken_and_the_stack_sizes():
    state = run(table("JS", "2C 3C"), 2)
    other = determinize(state, 1, Rng(5))
    assert other.taken == state.taken and other.pile == state.pile
    assert [len(d) for d in other.dealt] == [len(d) for d in state.dealt]
    assert set(other.dealt[0] + other.dealt[1]) == set(state.dealt[0] + state.dealt[1])
    assert other.view(1) == state.view(1)


@given(seed=st.integers(0, 2**31), reverse=st.booleans(), first=st.booleans())
@settings(max_examples=5, deadline=None)
def test_any_deal_ends_with_all_52_cards_in_one_stack_or_drawn(seed, reverse, first):
    options = {"pile_order": "reversed" if reverse else "as_played", "dealer_plays_first": first}
    state = BMN.new(seed=seed, options=options)
    expected = play_out(state)
    while not state.over:
        state = state.apply("turn")
    record = state.sheet[0]
    assert (record.winner, record.cards_turned, record.piles_won) == \
        (expected.winner, expected.cards_turned, expected.piles_won)
    if record.winner is not None:
        assert state.stack_size(record.winner) == 52
    check(state)
