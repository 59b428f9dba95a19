"""Teka scenarios taken from both rule texts (GAMES.md G2 and its two seeds)."""

import json
from dataclasses import replace

import pytest

from solvers.cards import Rng, Suit, parse_card, parse_cards
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.game import Action
from solvers.sampling import determinize
from solvers.games import get
from solvers.games.teka import ace_sequence, next_seat, speaking_order
from solvers.games.teka_bot import choose

TEKA = get("teka")

# Seat 3 holds the top spades, hearts, diamonds and the club ace; seat 1 holds no honour.
# Seat 0 holds the club king and seat 3 the club two (deal B); deal A swaps those two
# cards, so seat 3 can take every trick.
DEAL_B = [
    "3S 2S 4H 3H 2H 4D 3D 2D KC 6C 5C 4C 3C",
    "6S 5S 4S 7H 6H 5H 8D 7D 6D 5D 9C 8C 7C",
    "8S 7S JH TH 9H 8H QD JD TD 9D QC JC TC",
    "AS KS QS JS TS 9S AH KH QH AD KD AC 2C",
]
DEAL_A = [DEAL_B[0].replace("KC", "2C"), DEAL_B[1], DEAL_B[2], DEAL_B[3].replace("2C", "KC")]
ONE_SUIT_EACH = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]

# the hand of deal B played card by card: seat 3 declares 8 spades; (cards, winner)
DEAL_B_TRICKS = [
    ("9S 7S 4S 2S", 3),   # trick 1: a trump from the ace's sequence
    ("2C QC 7C KC", 0),   # seat 0's king takes the club two
    ("4D AD 9D 5D", 3),   # seat 0 leads; seat 3 plays next (counter-clockwise)
    ("AH 8H 5H 2H", 3),
    ("KD TD 6D 3D", 3),
    ("AC TC 8C 3C", 3),
    ("KH 9H 6H 3H", 3),
    ("QH TH 7H 4H", 3),
    ("AS 8S 5S 3S", 3),   # the eighth trick: the bid is made and play stops
]


def start(hands=DEAL_B, dealer=0, **options):
    """A match from an explicit first deal (dealer 0 unless told)."""
    return TEKA.new(deal={"dealer": dealer, "hands": list(hands)}, options=options)


def keep_all(state):
    """Every seat declines a redeal."""
    for seat in range(4):
        if state.phase == "redeal":
            state = state.apply("keep", seat)
    return state


def calls(state, *words):
    """The calls in speaking order."""
    for word in words:
        state = state.apply(word)
    return state


def declared(hands=DEAL_B, words=("bid 8", "pass", "pass", "pass"), trump="S", **options):
    """A hand past the bidding and the naming of trumps."""
    state = calls(keep_all(start(hands, **options)), *words)
    return state.apply(f"trump {trump}")


def play(state, *cards):
    """Play cards in turn order (the seat whose turn it is plays, whoever else may act)."""
    for text in cards:
        state = state.apply(f"play {text}", state.turn)
    return state


def notations(state, seat):
    return [a.notation for a in state.legal_actions(seat)]


def finish_hand(state, chooser):
    """Play the current hand to its end; ``chooser(state, seat)`` picks each action."""
    hands_done = len(state.sheet)
    while len(state.sheet) == hands_done and not state.is_over:
        seat = min(state.to_move)
        state = state.apply(chooser(state, seat), seat)
    return state


def first_plain_card(state, seat):
    """The first legal action that plays a card without a signal (answers 'refuse'; the
    declarer between its cards says 'no-raise')."""
    legal = state.legal_actions(seat)
    return next((a for a in legal if a.kind == "play" and len(a.args) == 1),
                next((a for a in legal if a.kind in ("refuse", "no-raise")), legal[0]))


# ---------------------------------------------------------------- counter-clockwise order


def test_deal_bidding_and_play_go_counter_clockwise():
    assert speaking_order(0) == (3, 2, 1, 0) and next_seat(0) == 3
    state = start(dealer=0)
    # the pack is dealt thirteen at a time, the dealer's right-hand neighbour first
    assert state.hands[3] == tuple(sorted(parse_cards(DEAL_B[3]), key=lambda c: (c.suit, c.rank)))
    state = keep_all(state)
    assert state.phase == "bidding" and state.to_move == {3}
    for seat in (3, 2, 1, 0):
        assert state.to_move == {seat}
        state = state.apply("pass" if seat != 3 else "bid 8")
    assert state.to_move == {3} and state.phase == "trump"
    state = state.apply("trump S")
    for seat in (3, 2, 1, 0):
        # the declarer (seat 3) may propose a raise whoever is to play
        assert state.turn == seat and state.to_move == {seat, 3}
        state = state.apply(notations(state, seat)[0], seat)


def test_hand_played_card_by_card_stops_as_soon_as_the_bid_is_made():
    state = declared()
    assert state.declarer == 3 and state.bid == 8 and state.trump == Suit.SPADES and state.leader == 3
    side = [0, 0]
    for number, (cards, winner) in enumerate(DEAL_B_TRICKS, 1):
        assert state.turn == state.leader and state.to_move == {state.leader, 3}
        if number < len(DEAL_B_TRICKS):
            state = play(state, *cards.split())
            side[winner % 2] += 1
            assert state.leader == winner and list(state.tricks) == side
        else:
            state = play(state, *cards.split())
    # eight tricks for seats 1 and 3 after nine tricks: the hand ends and is scored
    record = state.sheet[0]
    assert record.result == "made" and record.tricks == (1, 8) and record.points == (0, 8)
    assert state.points == (0, 8) and state.scores == (0, 8, 0, 8)
    assert state.dealer == 3                          # the deal passes to the dealer's right
    assert state.phase == "redeal" and len(state.history) == 0


def test_defenders_stop_play_once_the_bid_cannot_be_made():
    # seat 3 bids 13: the first trick the defenders take ends the hand
    state = declared(words=("bid 13", "pass", "pass", "pass"))
    state = play(state, "9S", "7S", "4S", "2S", "2C", "QC", "7C", "KC")
    record = state.sheet[0]
    assert record.result == "failed" and record.tricks == (1, 1)
    assert record.points == (26, 0)                   # twice the bid to the defenders


# ---------------------------------------------------------------- bidding


def test_three_kinds_of_pass_for_the_first_two_speakers_only():
    state = keep_all(start())
    assert notations(state, 3)[:3] == ["pass", "ter", "behi-ter"]
    state = state.apply("behi-ter")
    assert notations(state, 2)[:3] == ["pass", "ter", "behi-ter"]
    state = state.apply("ter")
    assert notations(state, 1)[:2] == ["pass", "bid 8"]
    with pytest.raises(IllegalAction):
        state.apply("ter")
    plain = keep_all(start(pass_flavours=False))
    assert notations(plain, 3)[:2] == ["pass", "bid 8"]
    assert state.public(0)["calls"] == [{"seat": 3, "call": "behi-ter"}, {"seat": 2, "call": "ter"}]


def test_numbers_must_exceed_earlier_numbers_and_double_13_beats_them():
    state = keep_all(start())
    state = state.apply("bid 9")
    assert "bid 9" not in notations(state, 2) and "bid 10" in notations(state, 2)
    state = state.apply("double13")
    assert not any(a.startswith("bid") for a in notations(state, 1))
    state = calls(state, "pass", "double 13")         # a later double 13 supersedes the earlier one
    assert state.declarer == 0 and state.double13 and state.bid == 13


def test_forced_fourth_bid_after_three_passes():
    state = calls(keep_all(start()), "pass", "pass", "pass")
    legal = notations(state, 0)
    assert "pass" not in legal and legal[0] == "bid 8" and "double13" in legal
    state = state.apply("bid 8")
    assert state.declarer == 0 and state.forced


def test_four_passes_throw_the_deal_in_without_the_forced_bid():
    state = calls(keep_all(start(forced_fourth_bid=False)), "pass", "pass", "pass", "pass")
    assert state.sheet[0].result == "thrown in" and state.points == (0, 0)
    assert state.dealer == 3 and state.phase == "redeal"


def test_failed_forced_8_gives_the_defenders_only_8():
    state = declared(words=("pass", "pass", "pass", "bid 8"), trump="C")
    state = finish_hand(state, first_plain_card)
    record = state.sheet[0]
    assert record.declarer == 0 and record.result == "failed" and record.points == (0, 8)


def test_the_forced_8_exception_lapses_when_raised():
    state = declared(words=("pass", "pass", "pass", "bid 8"), trump="C")
    state = state.apply("raise 9").apply("accept")
    assert state.bid == 9 and not state.forced
    state = finish_hand(state, first_plain_card)
    assert state.sheet[0].result == "failed" and state.sheet[0].points == (0, 18)


def test_an_unforced_failed_bid_gives_twice_the_bid():
    state = declared(hands=DEAL_B, words=("pass", "bid 10", "pass", "pass"), trump="D")
    state = finish_hand(state, first_plain_card)
    assert state.sheet[0].result == "failed" and state.sheet[0].points == (0, 20)


# ---------------------------------------------------------------- redeal


def test_a_hand_without_honours_may_ask_for_a_redeal_by_the_same_dealer():
    state = start()
    assert state.to_move == {0, 1, 2, 3}
    assert notations(state, 1) == ["keep", "redeal"]   # seat 1 holds no A, K, Q or J
    assert notations(state, 0) == ["keep"]
    with pytest.raises(IllegalAction):
        state.apply("redeal", 0)
    state = state.apply("keep", 0)
    assert state.to_move == {1, 2, 3}
    again = state.apply("redeal", 1)
    assert again.dealer == 0 and again.phase == "redeal" and again.kept == () and not again.sheet
    assert again.hands != state.hands


def test_redeal_requests_can_be_switched_off():
    state = start(redeal_requests=False)
    assert state.phase == "bidding" and state.to_move == {3}


# ---------------------------------------------------------------- trumps and the first trick


def test_first_lead_is_a_trump_from_the_declarers_ace_sequence():
    state = declared(trump="C")                       # seat 3 holds AC and 2C
    assert {a.args[0] for a in state.legal_actions(3) if a.kind == "play"} == {"AC"}
    spades = declared(trump="S")
    assert {a.args[0] for a in spades.legal_actions(3) if a.kind == "play"} == \
        {"AS", "KS", "QS", "JS", "TS", "9S"}
    assert ace_sequence(parse_cards("AS KS JS 2S"), Suit.SPADES) == parse_cards("AS KS")


def test_without_the_ace_any_trump_leads_and_the_ace_holder_plays_its_sequence():
    # seat 1 declares clubs; its partner seat 3 holds the AC (and the 2C)
    state = declared(words=("pass", "pass", "bid 8", "pass"), trump="C")
    assert state.declarer == 1
    assert {a.args[0] for a in state.legal_actions(1) if a.kind == "play"} == {"9C", "8C", "7C"}
    state = play(state, "7C")
    assert {a.args[0] for a in state.legal_actions(0) if a.kind == "play"} == {"KC", "6C", "5C", "4C", "3C"}
    state = play(state, "3C")
    assert {a.args[0] for a in state.legal_actions(3) if a.kind == "play"} == {"AC"}
    with pytest.raises(IllegalAction):
        state.apply("play 2C", 3)


def test_the_ace_rule_binds_an_opponent_holding_the_trump_ace():
    state = declared(words=("pass", "bid 8", "pass", "pass"), trump="C")
    assert state.declarer == 2
    state = play(state, "TC", "9C", "6C")            # seat 2 leads, then 1, then its partner 0
    assert {a.args[0] for a in state.legal_actions(3) if a.kind == "play"} == {"AC"}
    free = declared(words=("pass", "bid 8", "pass", "pass"), trump="C", ace_sequence_first_trick=False)
    free = play(free, "TC", "9C", "6C")
    assert {a.args[0] for a in free.legal_actions(3) if a.kind == "play"} == {"AC", "2C"}


def test_any_card_may_be_led_after_the_first_trick_and_the_winner_shows_its_sequence():
    state = declared()
    assert all(a.args[0].endswith("S") for a in state.legal_actions(3) if a.kind == "play")
    state = play(state, "9S", "7S", "4S", "2S")
    assert "play 2C" in notations(state, 3) and "play AH" in notations(state, 3)
    known = parse_cards("TS JS QS KS AS")
    assert state.fixed_cards(0) == {"hand:3": tuple(known)}
    for salt in range(10):
        sample = determinize(state, 0, Rng(salt))
        assert set(known) <= set(sample.hands[3]) and sample.view(0) == state.view(0)


def test_trump_naming_and_the_void_trump_option():
    state = calls(keep_all(start(ONE_SUIT_EACH)), "bid 8", "pass", "pass", "pass")
    assert state.declarer == 3 and notations(state, 3) == ["trump S", "trump H", "trump D", "trump C"]
    strict = calls(keep_all(start(ONE_SUIT_EACH, forbid_void_trump=True)), "bid 8", "pass", "pass", "pass")
    assert notations(strict, 3) == ["trump C"]
    # a declarer void in the trump suit leads what they hold
    void = state.apply("trump S")
    assert {a.args[0][-1] for a in void.legal_actions(3) if a.kind == "play"} == {"C"}


# ---------------------------------------------------------------- double 13


def test_double_13_alone_is_played_in_three_card_tricks_and_scores_26():
    state = declared(hands=DEAL_A, words=("double13", "pass", "pass", "pass"))
    assert state.sitting_out == 1 and state.trick_size == 3
    assert state.public(0)["contract"]["sitting_out"] == 1
    assert not any(a.kind == "raise" for a in state.legal_actions(3))
    state = play(state, "AS")
    assert state.to_move == {2}
    state = play(state, "7S")
    assert state.to_move == {0}                       # seat 1 laid its hand aside
    state = play(state, "2S")
    assert state.leader == 3 and state.tricks == (0, 1) and len(state.hands[1]) == 13

    def declarer_high(s, seat):
        legal = [a for a in s.legal_actions(seat) if a.kind == "play" and len(a.args) == 1]
        if seat == 3:
            return max(legal, key=lambda a: (parse_card(a.args[0]).suit == Suit.SPADES,
                                             parse_card(a.args[0]).rank))
        return legal[0]

    state = finish_hand(state, declarer_high)
    record = state.sheet[0]
    assert record.double13 and record.result == "made" and record.tricks == (0, 13)
    assert record.points == (0, 26)


def test_double_13_fails_at_the_first_trick_lost_and_gives_52():
    state = declared(hands=DEAL_B, words=("double13", "pass", "pass", "pass"))
    state = play(state, "AS", "7S", "2S", "2C", "QC", "KC")
    record = state.sheet[0]
    assert record.result == "failed" and record.tricks == (1, 1) and record.points == (52, 0)


def test_double_13_with_the_partner_playing():
    state = declared(hands=DEAL_A, words=("double13", "pass", "pass", "pass"), double13_alone=False)
    assert state.sitting_out is None and state.trick_size == 4
    state = play(state, "AS", "7S", "4S", "2S")
    assert state.tricks == (0, 1)


# ---------------------------------------------------------------- raising the bid


def test_a_raise_accepted_by_the_next_opponent_replaces_the_bid():
    state = declared()
    assert [a for a in notations(state, 3) if a.startswith("raise")] == [f"raise {n}" for n in range(9, 14)]
    state = state.apply("raise 10")
    assert state.phase == "answer" and state.to_move == {2}   # the opponent next in turn order
    assert notations(state, 2) == ["accept", "refuse"]
    assert state.public(1)["pending_raise"] == {"by": 3, "bid": 10, "answer_by": 2}
    with pytest.raises(OutOfTurn):
        state.apply("play 9S", 3)
    state = state.apply("accept")
    assert state.bid == 10 and state.to_move == {3}
    assert not any(a.startswith("raise") for a in notations(state, 3))  # once per decision point
    state = play(state, "9S", "7S", "4S", "2S")
    assert "raise 11" in notations(state, 3) and "raise 10" not in notations(state, 3)


def test_a_refused_raise_leaves_the_bid():
    state = declared().apply("raise 12").apply("refuse")
    assert state.bid == 8 and state.public(0)["raises"] == [{"bid": 12, "outcome": "refused"}]
    state = play(state, *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    assert state.sheet[0].points == (0, 8)


def test_no_raise_beyond_what_the_defenders_have_left_or_once_the_bid_is_made():
    state = play(declared(), "9S", "7S", "4S", "2S", "2C", "QC", "7C", "KC")
    assert state.tricks == (1, 1)
    assert state.turn == 0 and state.to_move == {0, 3}  # the declarer may raise while seat 0 leads
    assert not any(a.startswith("raise") for a in notations(state, 0))  # never a defender
    state = play(state, "4D")
    raises = [a for a in notations(state, 3) if a.startswith("raise")]
    assert raises[-1] == "raise 12"
    # the hand ends the moment the eighth trick is won: no decision point is left for a raise
    done = play(state, "AD", "9D", "5D", *" ".join(c for c, _ in DEAL_B_TRICKS[3:]).split())
    assert done.sheet[0].result == "made" and not any(a.startswith("raise")
                                                       for s in done.to_move for a in notations(done, s))


def test_unilateral_raise_without_consent():
    state = declared(raise_needs_consent=False).apply("raise 9")
    assert state.bid == 9 and state.to_move == {3} and state.phase == "play"
    assert state.public(0)["raises"] == [{"bid": 9, "outcome": "raised"}]
    state = play(state, *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    assert not state.sheet and state.tricks == (1, 8)  # eight is no longer enough
    state = finish_hand(play(state, "KS"), first_plain_card)
    assert state.sheet[0].result == "made" and state.sheet[0].points == (0, 9)


def test_made_raise_scores_the_raised_bid():
    # deal A: seat 3 raises to 13 and takes every trick; with Lawreece a made 13 scores 26
    for lawreece, value in ((False, 13), (True, 26)):
        state = declared(hands=DEAL_A, lawreece=lawreece).apply("raise 13").apply("accept")

        def declarer_high(s, seat):
            legal = [a for a in s.legal_actions(seat) if a.kind == "play" and len(a.args) == 1]
            if seat == 3:
                return max(legal, key=lambda a: (parse_card(a.args[0]).suit == Suit.SPADES,
                                                 parse_card(a.args[0]).rank))
            return legal[0]

        state = finish_hand(state, declarer_high)
        assert state.sheet[0].result == "made" and state.sheet[0].points == (0, value)


def test_lawreece_bid_13_made_and_failed():
    state = declared(hands=DEAL_B, words=("bid 13", "pass", "pass", "pass"), lawreece=True)
    state = play(state, "9S", "7S", "4S", "2S", "2C", "QC", "7C", "KC")
    assert state.sheet[0].points == (26, 0)           # failed 13 is still twice 13


# ---------------------------------------------------------------- signals


def test_signals_are_public_tags_and_a_false_drop_is_illegal():
    state = play(declared(), "9S", "7S", "4S", "2S")
    legal = notations(state, 3)
    assert {"play AH", "play AH slam", "play AH snap"} <= set(legal)
    assert "play AH drop" not in legal                 # seat 3 still holds other hearts
    assert not any(a.endswith("drop") for a in legal)  # and two cards or more of every suit
    before = state.key()
    with pytest.raises(IllegalAction):
        state.apply("play AH drop")
    assert state.key() == before


def test_an_honest_drop_is_a_public_void_claim():
    state = play(declared(), "9S", "7S", "4S", "2S", "2C", "QC", "7C", "KC", "4D", "AD", "9D", "5D")
    state = play(state, "AH", "8H", "5H", "2H", "KD drop")
    assert Suit.DIAMONDS in state.voids[3]
    assert state.public(1)["trick"] == [{"seat": 3, "card": "KD", "signal": "drop"}]
    assert state.view(0)["public"]["voids"][3] == ["D"]
    for salt in range(10):
        sample = determinize(state, 0, Rng(salt))
        assert not any(c.suit == Suit.DIAMONDS for c in sample.hands[3])


def test_signal_variants():
    two = play(declared(signals="two"), "9S", "7S", "4S", "2S")
    assert {"play AH slam", "play AH toss"} <= set(notations(two, 3))
    assert not any("snap" in a or "drop" in a for a in notations(two, 3))
    none = play(declared(signals="none"), "9S", "7S", "4S", "2S")
    assert all(len(a.args) == 1 for a in none.legal_actions(3) if a.kind == "play")


# ---------------------------------------------------------------- the cut-only deal


def test_cut_only_is_the_default_the_pack_is_the_gathered_hand_cut():
    # both rule texts: only the first deal is shuffled; the dealer may cut and the player
    # on the dealer's left cuts, so the next pack is the gathered cards turned round
    assert TEKA.options().afghan_cut_only and not TEKA.options().light_shuffle
    state = declared()
    played = " ".join(c for c, _ in DEAL_B_TRICKS).split()
    state = play(state, *played)
    played_cards = parse_cards(played)
    rest = [c for seat in range(4) for c in sorted(parse_cards(DEAL_B[seat]), key=lambda c: (c.suit, c.rank))
            if c not in played_cards]
    gathered = played_cards + rest
    assert state.dealer == 3
    order = speaking_order(state.dealer)              # 2, 1, 0, 3
    cuts = [k for k in range(52)
            if all(set(state.hands[seat]) == set((gathered[k:] + gathered[:k])[13 * i:13 * i + 13])
                   for i, seat in enumerate(order))]
    assert len(cuts) == 1
    shuffled = play(declared(afghan_cut_only=False), *played)
    assert all(set(shuffled.hands[seat]) != set(state.hands[seat]) for seat in range(4))


# ---------------------------------------------------------------- the match


def test_match_ends_when_a_side_reaches_104():
    state = replace(declared(), points=(0, 96))
    state = play(state, *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    assert state.is_over and state.points == (0, 104) and state.to_move == frozenset()
    assert state.returns == (-1, 1, -1, 1) and state.scores == (0, 104, 0, 104)
    short = replace(declared(), points=(0, 95))
    short = play(short, *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    assert not short.is_over and short.points == (0, 103)


def test_match_to_100():
    state = replace(declared(target=100), points=(0, 92))
    state = play(state, *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    assert state.is_over and state.points == (0, 100)


def test_a_seeded_match_rotates_the_deal_to_the_right_and_ends():
    state = TEKA.new(seed=13)
    bot = TEKA.bots()["heuristic"]
    rng = Rng(13)
    while not state.is_over:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
    dealers = [r.dealer for r in state.sheet]
    assert all(b == next_seat(a) for a, b in zip(dealers, dealers[1:]))
    assert max(state.points) >= 104 and min(state.points) < 104
    assert all(0 in r.points for r in state.sheet)


# ---------------------------------------------------------------- views, JSON, hints, bad input


def test_views_hide_other_hands_and_show_the_table():
    state = declared().apply("raise 9")
    view = state.view(0)
    assert "cards" in view["zones"]["hand:0"]
    assert all("cards" not in view["zones"][f"hand:{s}"] for s in (1, 2, 3))
    public = view["public"]
    assert public["dealer"] == 0 and public["trump"] == "S"
    assert public["contract"]["declarer"] == 3 and public["contract"]["bid"] == 8
    assert public["calls"][0] == {"seat": 3, "call": "8"}
    assert public["pending_raise"]["answer_by"] == 2
    again = TEKA.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state


def test_hint_for_every_kind_of_decision():
    # a fresh process compiles the double-dummy kernels first (seconds on a cold cache); the
    # hints below are about the sampled search, not about a cold start
    from solvers.doubledummy import solver as dd
    dd.load_kernels()

    def check(state, seat, kind=None):
        hint = TEKA.hint(state, seat)
        assert hint.action in state.legal_actions(seat) and hint.reason
        if kind:
            assert hint.action.kind == kind, hint.reason
        json.dumps(hint.to_json())
        return hint

    state = start()
    assert check(state, 1, "redeal").reason and check(state, 0, "keep")
    state = keep_all(state)
    check(state, 3, "bid")                             # a strong hand bids
    state = calls(state, "bid 8", "pass", "pass")
    check(state, 0)
    state = state.apply("pass")
    hint = check(state, 3, "trump")
    assert hint.action.args == ("S",)
    state = state.apply("trump S")
    check(state, 3, "play")
    # deal A after three rounds of trumps: every card of seat 3 is a sure winner
    strong = play(declared(hands=DEAL_A), "AS", "8S", "6S", "3S", "KS", "7S", "5S", "2S", "QS", "JH", "4S", "2H")
    raise_hint = check(strong, 3, "raise")
    # the defence cannot see that every card is a winner: it values the raise over all its
    # sampled deals (tests/games/test_teka_hints.py has the answers in constructed positions)
    answer_hint = check(strong.apply(raise_hint.action), 2)
    assert answer_hint.action.kind in ("accept", "refuse") and "sampled deals" in answer_hint.reason


def test_heuristic_never_signals_falsely_and_plays_a_whole_match():
    state = TEKA.new(seed=4, options={"signals": "three"})
    bot = TEKA.bots()["heuristic"]
    rng = Rng(4)
    while not state.is_over:
        seat = min(state.to_move)
        action = bot(state, seat, rng)
        if action.kind == "play" and action.args[1:] == ("drop",):
            card = parse_card(action.args[0])
            assert not any(c.suit == card.suit and c != card for c in state.hands[seat])
        state = state.apply(action, seat)


def test_choose_gives_reasons():
    action, reason = choose(keep_all(start()), 3)
    assert action == Action("bid", ("8",)) and "bid 8" in reason


@pytest.mark.parametrize("bad", ["bid 7", "bid 14", "bid x", "bid", "double 12", "trump S", "play ZZ",
                                 "raise 9", "accept", "", "keep please", {"kind": "bid", "args": [8.5]}])
def test_bad_calls_raise_and_change_nothing(bad):
    state = keep_all(start())
    before = state.key()
    with pytest.raises(CardsageError):
        state.apply(bad)
    assert state.key() == before


@pytest.mark.parametrize("bad", ["play QS wiggle", "play 9S drop", "play 2C", "trump X", "raise 8",
                                 "raise 14", "play AH", "refuse"])
def test_bad_plays_raise_and_change_nothing(bad):
    state = declared()
    before = state.key()
    with pytest.raises(CardsageError):
        state.apply(bad)
    with pytest.raises(OutOfTurn):
        state.apply("play 2S", 0)
    assert state.key() == before


def test_notation_is_forgiving_on_input():
    state = keep_all(start())
    assert state.parse_action("behi ter", 3) == Action("behi-ter")
    assert state.parse_action("double 13", 3) == Action("double13")
    assert state.parse_action("bid 08", 3) == Action("bid", ("8",))
    later = declared()
    assert later.parse_action("play 9s SLAM", 3) == Action("play", ("9S", "slam"))
    assert later.parse_action({"kind": "play", "args": ["10s"]}, 3) == Action("play", ("TS",))


@pytest.mark.parametrize("bad,message", [
    ({"hands": DEAL_B[:3]}, "four hands"),
    ({"hands": DEAL_B[:3] + [DEAL_B[0]]}, "dealt twice"),
    ({"hands": DEAL_B[:3] + [DEAL_B[3][:-3]]}, "13"),
    ({"hands": DEAL_B[:3] + [DEAL_B[3].replace("2C", "ZZ")]}, "unknown card"),
    ({"hands": DEAL_B, "dealer": 4}, "dealer"),
    ({"hands": DEAL_B[:3] + [7]}, "list of cards"),
    ("nonsense", "object"),
])
def test_malformed_deals_are_refused_with_a_clear_message(bad, message):
    with pytest.raises(CardsageError) as err:
        TEKA.new(deal=bad)
    assert message in str(err.value)


def test_bad_options():
    for bad in [{"target": 0}, {"signals": "four"}, {"lawreece": "yes"}, {"colour": 1}]:
        with pytest.raises(CardsageError):
            TEKA.new(seed=1, options=bad)


def test_score_sheet_round_trips_with_every_game_loaded():
    get("whist")                                       # another game's records share the decoder
    state = play(declared(), *" ".join(c for c, _ in DEAL_B_TRICKS).split())
    again = TEKA.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.sheet[0].points == (0, 8)
