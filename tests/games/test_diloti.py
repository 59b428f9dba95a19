"""Diloti scenarios from the rule text, deal validation, views and hints."""

from __future__ import annotations

import pytest

from solvers.cards import Rng, parse_card, parse_cards
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.diloti import PACK
from solvers.sampling import determinize

GAME = get("diloti")


def deal(hands, table, dealer=1, players=2, stock=None, **options):
    """A match from an explicit deal; the rest of the pack is the stock in pack order."""
    used = set(parse_cards(" ".join(hands + [table])))
    rest = [str(c) for c in PACK if c not in used] if stock is None else stock
    return GAME.new(deal={"dealer": dealer, "hands": [h.split() for h in hands], "table": table.split(),
                          "stock": rest}, options={"players": players, **options})


def notations(state, seat=None):
    return {a.notation for a in state.legal_actions(state.turn if seat is None else seat)}


def test_seed_example_eight_takes_all_sums():
    # with 8, 6, 5, 3, 2 on the table an 8 takes the 8, 5+3 and 6+2 at once
    s = deal(["8H 4C 4D KC KD KS", "9C 9D 9H QC QD QS"], "8C 6D 5S 3H", stock=None)
    legal = notations(s, 0)
    assert "capture 8H 8C 3H+5S" in legal
    s = s.apply("capture 8H 8C 5S+3H", 0)   # units typed in another order read the same
    assert s.loose == (parse_card("6D"),) and len(s.piles[0]) == 4
    assert s.xeris == (0, 0)


def test_number_card_takes_every_loose_card_of_its_rank():
    s = deal(["5H 4C 4D KC KD KS", "9C 9D 9H QC QD QS"], "5C 5D 2S 3H")
    caps = [a for a in notations(s, 0) if a.startswith("capture 5H")]
    assert caps and all("5C" in a and "5D" in a for a in caps)
    assert "capture 5H 5C 5D 2S+3H" in caps


def test_face_card_takes_one_and_must_capture():
    s = deal(["KH 4C 4D 6C 7D 7S", "9C 9D 9H QC QD QS"], "KC KD 2S 3H")
    legal = notations(s, 0)
    assert {"capture KH KC", "capture KH KD"} <= legal
    assert "lay KH" not in legal
    free = deal(["KH 4C 4D 6C 7D 7S", "9C 9D 9H QC QD QS"], "KC KD 2S 3H", face_must_capture=False)
    assert "lay KH" in notations(free, 0)


def test_declaration_needs_a_card_of_its_value_and_binds_its_owner():
    # 2 and 3 on the table, a 5 played: a declaration of 10, only with a 10 in hand
    s = deal(["5H TC 4D 6C 7D 7S", "9C 9D 9H QC QD QS"], "2S 3H JC JD")
    assert "declare 10 5H 2S 3H" in notations(s, 0)
    s = s.apply("declare 10 5H 2S 3H", 0)
    (d,) = s.decls
    assert (d.value, d.owner, d.group, d.label) == (10, 0, False, "#1")
    assert s.view(1)["public"]["declarations"][0] == {"id": "#1", "value": 10, "owner": 0, "kind": "regular",
                                                       "cards": ["5H", "2S", "3H"]}
    s = s.apply("lay 9C", 1)
    legal = notations(s, 0)
    assert not any(a.startswith(("lay", "declare", "raise")) for a in legal), "the owner may not lay or declare"
    assert all("#1" in a for a in legal if a.startswith("capture TC")), "the reserved ten only takes #1"
    s = s.apply("capture TC #1", 0)
    assert not s.decls and len(s.piles[0]) == 4


def test_without_the_value_in_hand_no_declaration():
    s = deal(["5H 4C 4D 6C 7D 7S", "9C 9D 9H QC QD QS"], "2S 3H JC JD")
    assert not any(a.startswith("declare 10") for a in notations(s, 0))


def test_raise_moves_ownership_and_not_own_declarations():
    # Alpha declares 7 (3 onto 4); Bravo raises to 9 with a 2, holding a 9
    s = deal(["3H 7C 4D 6C KD KS", "2C 9D 9H QC QD QS"], "4S 8H JC JD")
    s = s.apply("declare 7 3H 4S", 0)
    assert "raise 9 2C #1" in notations(s, 1)
    s = s.apply("raise 9 2C #1", 1)
    (d,) = s.decls
    assert (d.owner, d.value) == (1, 9) and len(d.cards) == 3
    # the first owner is free again, and may not raise back a declaration it cannot hold
    assert any(a.startswith("lay") for a in notations(s, 0))


def test_group_with_a_raised_declaration_seed_example():
    # Alpha declares 7; Bravo raises it to 9 with a 2 and groups it with a loose 9
    s = deal(["3H 7C 4D 6C KD KS", "2C 9D 9H QC QD QS"], "4S 9C JC JD")
    s = s.apply("declare 7 3H 4S", 0)
    assert "group 9 2C 9C #1+2C" in notations(s, 1)
    s = s.apply("group 9 2C 9C #1+2C", 1)
    (d,) = s.decls
    assert d.group and d.owner == 1 and d.value == 9 and len(d.cards) == 4
    assert not any(a.startswith("raise") for a in notations(s, 0)), "groups cannot be raised"
    s = s.apply("lay 6C", 0).apply("capture 9D #2", 1)
    assert len(s.piles[1]) == 5


def test_group_of_eights_from_loose_cards():
    # with 2, 6 and two 4s on the table: a group of 8s (2+6 and 4+4)... here the played 4 joins a loose 4
    s = deal(["4H 8C KD KS KH QS", "9C 9D 9H QC QD JS"], "2S 6D 4C JC")
    assert "group 8 4H 2S+6D 4C+4H" in notations(s, 0)


def test_owner_may_group_only_with_the_pending_declaration():
    s = deal(["3H 7C 7D 4C KD KS", "3C 9D 9H QC QD QS"], "4S 8H JC JD")
    s = s.apply("declare 7 3H 4S", 0).apply("lay 3C", 1)
    legal = notations(s, 0)
    groups = [a for a in legal if a.startswith("group")]
    assert groups and all("#1" in a for a in groups)


def test_the_opening_play_is_never_a_xeri():
    s = deal(["8H 4C 4D KC KD 2S", "9C 9D 9H QC QD QS"], "8C 6D 2C 8D")
    first = s.apply("capture 8H 8C 8D 2C+6D", 0)
    assert first.xeris == (0, 0) and not first.loose


def test_whole_table_capture_counts_a_xeri():
    s = deal(["2C 4D KC KD 2S 5C", "9C 9D 9H 6D QD QS"], "3S 6H AH 9S")
    s = s.apply("lay 5C", 0)                     # 3S 6H AH 9S 5C
    s = s.apply("capture 9C 9S 3S+6H", 1)        # AH 5C left
    s = s.apply("lay 2S", 0)                     # AH 5C 2S
    assert "capture 9D AH+2S+6D" not in notations(s, 1)
    s = s.apply("lay 6D", 1)                     # AH 5C 2S 6D
    s = s.apply("lay 4D", 0)                     # AH 5C 2S 6D 4D
    s = s.apply("capture 9H AH+2S+6D 4D+5C", 1)
    assert s.xeris == (0, 1) and not s.loose


def test_hand_scoring_and_last_capturer_takes_the_rest():
    # play one whole hand by the rules of thumb and check the sheet against the piles
    s = GAME.new(seed=3)
    rng = Rng(1)
    bot = GAME.bots()["heuristic"]
    while not s.sheet:
        s = s.apply(bot(s, s.turn, rng), s.turn)
    record = s.sheet[0]
    assert sum(record.cards) == 52
    plain = sum(sum(p[1:]) for p in record.points)
    assert plain == (7 if record.cards == (26, 26) else 11)
    assert s.dealer == (record.dealer + 1) % 2, "the deal passes to the left"
    assert {e.source for e in s.score_events()} <= {"xeri", "most cards", "ten of diamonds", "aces", "two of clubs"}


def test_four_players_share_piles_and_cannot_raise_partner():
    s = deal(["3H 7C 4D 6C KD KS", "2C 9D 9H QC QD QS", "2D 9C TH JC JD JH", "AC AD AH AS 8C 8D"],
             "4S 8H 5C 5D", dealer=3, players=4)
    s = s.apply("declare 7 3H 4S", 0)
    s = s.apply("lay 2C", 1)
    assert not any(a.startswith("raise") for a in notations(s, 2)), "no raising the partner's declaration"
    s = s.apply("lay 9C", 2)
    assert s.side_of(2) == s.side_of(0)


def test_match_ends_at_target():
    s = GAME.new(seed=2, options={"target": 5})
    rng = Rng(2)
    bot = GAME.bots()["heuristic"]
    while not s.is_over:
        s = s.apply(bot(s, s.turn, rng), s.turn)
    assert max(s.totals) >= 5 and s.totals[0] != s.totals[1]
    assert s.standings()[0]["score"] == max(s.totals)


@pytest.mark.parametrize("bad, words", [
    ({"dealer": 0, "hands": [["2C"] * 6, ["3C"] * 6], "table": ["4C", "5C", "6C", "7C"]}, "twice"),
    ({"dealer": 0, "hands": [["2C", "3C"], ["4C"] * 6], "table": []}, "needs 6"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C", "6C", "7C"], ["8C", "9C", "TC", "JC", "QC", "KC"]],
      "table": ["2D", "2H", "2S", "5D"]}, "share a rank"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C", "6C", "ZZ"], ["8C", "9C", "TC", "JC", "QC", "KC"]],
      "table": ["2D", "3H", "4S", "5D"]}, "unknown card"),
    ({"dealer": 0, "hands": [["2C", "3C", "4C", "5C", "6C", "7C"], ["8C", "9C", "TC", "JC", "QC", "KC"]],
      "table": ["2D", "3H", "4S", "5D"], "stock": ["6D"]}, "missing"),
    ({"dealer": 5, "hands": []}, "dealer"),
])
def test_malformed_deals_are_refused(bad, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=bad)


def test_views_hide_hands_stock_and_captured_cards():
    s = deal(["8H 4C 4D KC KD KS", "9C 9D 9H QC QD QS"], "8C 6D 5S 3H")
    s = s.apply("capture 8H 8C 5S+3H", 0)
    view = s.view(1)
    assert "cards" not in view["zones"]["hand:0"] and "cards" not in view["zones"]["stock"]
    assert "cards" not in view["zones"]["captured:0"] and view["zones"]["captured:0"]["count"] == 4
    assert view["zones"]["table"]["cards"] == ["6D"]


def test_determinize_keeps_the_owners_card_of_the_declared_value():
    s = deal(["5H TC 4D 6C 7D 7S", "9C 9D 9H QC QD QS"], "2S 3H JC JD")
    s = s.apply("declare 10 5H 2S 3H", 0)
    for i in range(20):
        sample = determinize(s, 1, Rng(i))
        assert any(c.rank == 10 for c in sample.hands[0])
        assert sample.hands[1] == s.hands[1] and sample.loose == s.loose


@pytest.mark.parametrize("table, hand, kind", [
    ("8C 6D 5S 3H", "8H 4C 4D KC KD KS", "capture"),
    ("2S 3H JC JD", "5H TC 4D 6C 7D 7S", "declare"),
])
def test_hint_is_legal_and_explained(table, hand, kind):
    s = deal([hand, "9C 9D 9H QC QD QS"], table)
    hint = GAME.hint(s, 0, rng=Rng(3), iterations=20)
    assert hint.action in s.legal_actions(0) and hint.reason


def test_hint_for_raise_and_group_decisions():
    s = deal(["3H 7C 4D 6C KD KS", "2C 9D 9H QC QD QS"], "4S 9C JC JD")
    s = s.apply("declare 7 3H 4S", 0)
    hint = GAME.hint(s, 1, rng=Rng(3), iterations=20)
    assert hint.action in s.legal_actions(1) and hint.reason
