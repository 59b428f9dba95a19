"""Xeri scenarios from the rule text (GAMES.md G16 and its seed), played action by action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solvers.cards import Rng, parse_cards
from solvers.errors import CardsageError, IllegalAction
from solvers.games import get
from solvers.games.xeri import PACK, card_points, pile_needs_redeal
from solvers.sampling import determinize
from tests.conformance.per_game.xeri import check

XERI = get("xeri")

HAND0 = "5S 9D KH 2C 7C 3D"
HAND1 = "5H 9C JS 4D 8H 6S"
PILE = "2D 7S QC 5C"          # bottom first: the top card is 5C


def cards(text):
    return tuple(parse_cards(text.split()))


def table(hand0=HAND0, hand1=HAND1, pile=PILE, dealer=0, **options):
    """Seat 0 is the dealer by default, so seat 1 plays first; the stock is the rest of the
    pack in pack order."""
    used = set(cards(hand0)) | set(cards(hand1)) | set(cards(pile))
    stock = [str(c) for c in PACK if c not in used]
    deal = {"dealer": dealer, "hands": [hand0.split(), hand1.split()], "pile": pile.split(), "stock": stock}
    return XERI.new(deal=deal, options=options)


def run(state, *actions):
    for text in actions:
        state = state.apply(text)
        check(state)
    return state


def late(hand0, hand1, pile, won0, won1, *, turn=1, last_capturer=0, xeris=((), ()), **options):
    """A table near the end of a hand: the stock is used up; the cards not named lie in
    seat 0's won pile unless ``won1`` names them."""
    state = table(**options)
    named = set(cards(hand0)) | set(cards(hand1)) | set(cards(pile)) | set(cards(won0)) | set(cards(won1))
    rest = tuple(c for c in PACK if c not in named)
    return replace(state, hands=(cards(hand0), cards(hand1)), pile=cards(pile), stock=(),
                   won=(cards(won0) + rest, cards(won1)), turn=turn, last_capturer=last_capturer,
                   xeris=xeris)


# ------------------------------------------------------------------ the deal


def test_deal_six_each_a_pile_of_four_and_the_non_dealer_plays_first():
    state = table()
    assert [len(h) for h in state.hands] == [6, 6] and len(state.stock) == 36
    assert state.pile == cards(PILE) and state.top == cards("5C")[0]
    assert state.to_move == {1}
    check(state)


@pytest.mark.parametrize("pile", ["2D 7S QC JD", "2D 7S 5D 5C"])
def test_a_pile_the_rule_redeals_is_refused_in_an_explicit_deal(pile):
    with pytest.raises(CardsageError, match="redealt"):
        table(pile=pile)


def test_the_pile_is_redealt_until_its_top_is_no_jack_and_no_pair():
    redealt = 0
    for seed in range(60):
        state = XERI.new(seed=seed)
        assert not pile_needs_redeal(state.pile)
        redealt += state.redeals > 0
        check(state)
    assert redealt, "some seeded deal needed its pile redealt"


@pytest.mark.parametrize("deal, message", [
    ({"hands": [HAND0.split(), HAND0.split()]}, "dealt twice"),
    ({"hands": [HAND0.split(), "5H 9C JS 4D 8H".split()]}, "needs 6"),
    ({"hands": [HAND0.split(), "5H 9C JS 4D 8H ZZ".split()]}, "(?i)card"),
    ({"hands": [HAND0.split()]}, "2 hands"),
    ({"hands": [HAND0.split(), HAND1.split()], "pile": ["2D", "7S"]}, "needs 4"),
    ({"hands": [HAND0.split(), HAND1.split()], "pile": PILE.split(), "stock": ["AS"]}, "needs 36"),
    ({"hands": [HAND0.split(), HAND1.split()], "stock": ["AS"]}, "pile"),
    ({"hands": [HAND0.split(), HAND1.split()], "dealer": 2}, "dealer"),
    ({"hands": [HAND0.split(), HAND1.split()], "trump": "S"}, "unknown deal field"),
    ("nonsense", "Xeri deal"),
])
def test_malformed_deals_are_refused_with_what_is_wrong(deal, message):
    with pytest.raises(CardsageError, match=message):
        XERI.new(deal=deal)


# ------------------------------------------------------------------ captures and xeri


def test_a_card_of_the_top_cards_rank_takes_the_whole_pile():
    state = run(table(), "play 5H")
    assert state.pile == () and state.won[1] == cards(PILE) + cards("5H")
    assert state.xeris == ((), ()) and state.last_capturer == 1 and state.to_move == {0}


def test_taking_a_lone_card_with_its_match_is_a_xeri():
    state = run(table(), "play 5H", "play 9D", "play 9C")
    assert state.xeris[1] == cards("9D") and len(state.won[1]) == 7
    assert state.view(0)["public"]["xeris"] == [[], ["9D"]]


def test_a_jack_takes_any_pile_but_a_lone_card_xeri_only_when_it_is_a_jack():
    state = run(table(), "play JS")
    assert state.won[1] == cards(PILE + " JS") and state.xeris == ((), ())
    # a jack on a lone non-jack: a capture, not a xeri
    state = run(table(hand1="5H 9C JS 4D 8H 6S"), "play 5H", "play 9D", "play JS")
    assert state.won[1][-2:] == cards("9D JS") and state.xeris == ((), ())
    # a jack on a lone jack: a xeri
    state = run(table(hand0="5S 9D KH 2C JC 3D"), "play 5H", "play JC", "play JS")
    assert state.xeris[1] == cards("JC")


def test_a_jack_on_an_empty_table_just_starts_the_pile():
    state = run(table(hand0="5S 9D KH 2C JC 3D"), "play 5H", "play JC")
    assert state.pile == cards("JC") and state.won[0] == ()


def test_a_card_that_does_not_match_goes_on_top():
    state = run(table(), "play 4D")
    assert state.pile == cards(PILE + " 4D") and state.top == cards("4D")[0]
    with pytest.raises(IllegalAction):
        state.apply("play 4D")


def test_hands_are_refilled_from_the_stock_when_both_are_empty():
    state = table()
    for a, b in zip(HAND1.split(), HAND0.split()):
        state = run(state, f"play {a}", f"play {b}")
    assert [len(h) for h in state.hands] == [6, 6] and len(state.stock) == 24
    assert state.to_move == {1}, "the non-dealer plays first again"


# ------------------------------------------------------------------ the end of a hand


def test_the_last_capturer_takes_the_rest_and_the_hand_is_scored():
    # seat 1 holds everything it will need; seat 0's won pile holds the rest of the pack
    state = late("4C", "3H", "6H 8C", "", "AS KS QS JH TD TS 2C AH 9S 7H 8D 6C 5D 4H 3S 2S 7D 8S",
                 turn=1, last_capturer=1, hands=1)
    state = run(state, "play 3H", "play 4C")
    record = state.sheet[0]
    # seat 1 took nothing more: the pile (6H 8C 3H 4C) goes to seat 1, the last capturer
    assert record.cards == (30, 22)
    assert record.card_points[1] == card_points(cards("AS KS QS JH TD TS 2C AH"))
    assert record.most_cards == 0
    assert sum(record.points) == 25
    assert state.over and state.scores == tuple(state.games)


def test_scoring_xeri_more_cards_counters_ten_of_diamonds_and_two_of_clubs():
    state = late("", "", "", "", "TD 2C AS 3S 4S", hands=1)
    record = state._record()
    assert record.card_points == (22 - 4, 4)   # TD is 2, 2C is 1, AS is 1
    assert record.most_cards == 0 and record.points == (18 + 3, 4)


def test_a_xeri_with_the_last_card_counts_by_default():
    state = late("", "9C", "9D", "", "", turn=1, last_capturer=0, hands=1)
    state = run(state, "play 9C")
    assert state.sheet[0].xeris == (0, 1)


def test_a_xeri_with_the_last_card_is_an_ordinary_capture_when_the_option_is_off():
    state = late("", "9C", "9D", "", "", turn=1, last_capturer=0, hands=1, xeri_on_last_card=False)
    state = run(state, "play 9C")
    assert state.sheet[0].xeris == (0, 0) and state.sheet[0].cards[1] == 2


def test_cards_26_26_give_nobody_the_three_points_and_equal_points_draw_the_hand():
    half = [c for c in PACK][:26]
    won1 = " ".join(str(c) for c in PACK[26:])
    state = late("", "", "", " ".join(str(c) for c in half), won1, hands=1)
    record = state._record()
    assert record.cards == (26, 26) and record.most_cards is None and sum(record.points) == 22


def test_level_hands_won_play_on_and_the_cap_ends_the_match_shared():
    state = late("", "9C", "9D", "", "", turn=1, hands=1, extra_hands=0)
    # make the hand a draw: every point card split so both score the same
    even = replace(state, won=((), ()), hands=((), ()), pile=())
    assert even._record().winner is None
    ended = even._end_hand()
    assert ended.over and ended.games == (0, 0)
    again = replace(even, options=replace(even.options, extra_hands=2))._end_hand()
    assert not again.over and again.hands_played == 1 and again.dealer == 1 - even.dealer


def test_the_deal_alternates_and_a_match_runs_its_hands():
    state = XERI.new(seed=3, options={"hands": 2})
    dealers = [state.dealer]
    rng = Rng(1)
    bot = XERI.bots()["heuristic"]
    while not state.is_over:
        seat = state.turn
        state = state.apply(bot(state, seat, rng), seat)
        if not state.is_over and state.dealer != dealers[-1]:
            dealers.append(state.dealer)
    assert dealers[:2] == [dealers[0], 1 - dealers[0]]
    assert state.hands_played >= 2 and state.games[0] != state.games[1] or state.hands_played == 12


# ------------------------------------------------------------------ views


def test_views_show_own_hand_the_pile_and_only_counts_of_won_piles():
    state = run(table(), "play 5H")
    view = state.view(0)
    assert view["zones"]["hand:0"]["cards"] and "cards" not in view["zones"]["hand:1"]
    assert "cards" not in view["zones"]["won:1"] and view["zones"]["won:1"]["count"] == 5
    assert "cards" not in view["zones"]["stock"]
    assert view["public"]["cards_captured"] == [0, 5]


def test_sampling_keeps_the_pile_and_captured_cards_where_they_are():
    state = run(table(), "play 5H", "play 9D")
    for seed in range(5):
        sample = determinize(state, 1, Rng(seed))
        assert sample.won == state.won and sample.pile == state.pile and sample.hands[1] == state.hands[1]
        assert sample.view(1) == state.view(1)
