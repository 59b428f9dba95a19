"""Durak scenarios from the rule text, deal validation, information and hints."""

from __future__ import annotations

import pytest

from solvers import games
from solvers.cards import Rng, parse_card
from solvers.errors import CardsageError, IllegalAction
from solvers.games.durak import PACK, GUARD_BOUTS

GAME = games.get("durak")
C = parse_card


def two_player_deal(h0, h1, talon=None, dealer=1):
    """A 2-player deal; the talon holds the rest (in pack order) unless given."""
    used = set(h0.split()) | set(h1.split())
    rest = talon.split() if talon else [str(c) for c in PACK if str(c) not in used]
    return {"dealer": dealer, "hands": [h0.split(), h1.split()], "talon": rest}


def test_trump_lowest_trump_attacks_and_refill_order():
    # the talon ends with AS: spades are trumps; seat 1 holds 6S, the lowest trump
    deal = two_player_deal("7H 8H 9H TH JH QH", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal)
    assert s.trump == C("AS").suit and s.indicator == C("AS")
    assert s.attacker == 1 and s.defender == 0
    assert s.fixed_cards(0) == {"hand:1": (C("6S"),)}   # the lowest trump was shown
    s = s.apply("attack 7C", 1)
    assert s.to_move == {0, 1}                 # defender and a possible throw-in at once
    with pytest.raises(IllegalAction):
        s.apply("cover 7C 8H", 0)               # a plain card of another suit does not beat
    s = s.apply("take", 0)
    # the defender took and lost the turn; the attacker refilled to six first
    assert len(s.hands[0]) == 7 and len(s.hands[1]) == 6 and len(s.talon) == 36 - 13 - 1
    assert s.attacker == 1 and s.defender == 0
    assert s.known[0] == (C("7C"),)             # everyone saw the card taken


def test_throw_in_on_take_lets_attackers_add_cards():
    deal = two_player_deal("7H 8H 9H TH JH QH", "6S 7C 8C 9C TC 7D")
    s = GAME.new(deal=deal, options={"throw_in_on_take": True}).apply("attack 7C", 1).apply("take", 0)
    assert s.to_move == {1} and s.taking
    s = s.apply("throw 7D", 1).apply("done", 1)
    assert len(s.hands[0]) == 8 and set(s.known[0]) == {C("7C"), C("7D")}


def test_cover_ends_bout_and_defender_attacks_next():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal).apply("attack 9C", 1)
    s = s.apply("cover 9C QS", 0)              # trumped
    s = s.apply("done", 1)
    assert len(s.discard) == 2 and s.attacker == 0 and s.defender == 1
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 6


def test_throw_in_only_ranks_on_table_and_limited_by_defender_hand():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC 9D")
    s = GAME.new(deal=deal).apply("attack 9C", 1)
    legal = {a.notation for a in s.legal_actions(1)}
    assert legal == {"throw 9D", "done"}


def test_passing_moves_the_attack_on():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal, options={"passing": True}).apply("attack 9C", 1)
    assert "pass 9H" in {a.notation for a in s.legal_actions(0)}
    s = s.apply("pass 9H", 0)
    assert s.attacker == 0 and s.defender == 1
    s2 = GAME.new(deal=deal).apply("attack 9C", 1)
    assert "pass 9H" not in {a.notation for a in s2.legal_actions(0)}


def test_teams_no_throw_in_against_a_teammate():
    s = GAME.new(seed=4, options={"players": 4, "teams": 2})
    s = s.apply(s.legal_actions(s.attacker)[0], s.attacker)
    mate = (s.defender + 2) % 4
    assert mate not in s.to_move and not s.may_throw(mate)


def test_draw_when_last_two_go_out_together():
    # talon empty, one card each: the attacker leads its last card, the defender beats it with its last
    s = GAME.new(seed=1)
    from dataclasses import replace
    s = replace(s, hands=((C("7H"),), (C("8H"),)), talon=(), indicator_in_talon=False, known=((), ()),
                discard=tuple(c for c in PACK if c not in (C("7H"), C("8H"))), attacker=0, defender=1)
    s = s.apply("attack 7H", 0).apply("cover 7H 8H", 1)
    assert s.over and s.sheet[-1].durak is None and s.scores == (0, 0) and s.score_events() == []


def test_durak_is_the_last_holding_cards():
    from dataclasses import replace
    s = GAME.new(seed=1)
    rest = tuple(c for c in PACK if c not in (C("7H"), C("8H"), C("6H")))
    s = replace(s, hands=((C("7H"),), (C("6H"), C("8H"))), talon=(), indicator_in_talon=False,
                known=((), ()), discard=rest, attacker=0, defender=1)
    s = s.apply("attack 7H", 0).apply("take", 1)
    assert s.over and s.sheet[-1].durak == 1 and s.scores == (0, 1)
    (event,) = s.score_events()
    assert event.seats == (1,) and event.points == 1


def test_guard_after_fifty_bouts_without_discard():
    from dataclasses import replace
    s = GAME.new(seed=1)
    s = replace(s, talon=(), indicator_in_talon=False, idle_bouts=GUARD_BOUTS - 1,
                discard=s.talon + (s.indicator,))
    s = s.apply(s.legal_actions(s.attacker)[0], s.attacker).apply("take", s.defender)
    assert s.over and s.sheet[-1].guard


def test_next_game_the_durak_defends():
    s = GAME.new(seed=2, options={"games": 2})
    rng = Rng(2)
    bot = GAME.bots()["heuristic"]
    while s.hands_played == 0:
        seat = min(s.to_move)
        s = s.apply(bot(s, seat, rng), seat)
    durak = s.sheet[0].durak
    if durak is not None:
        assert s.dealer == durak and s.defender == durak


@pytest.mark.parametrize("bad, words", [
    ({"dealer": 0, "hands": [["6H"] * 6, ["7H"] * 6]}, "twice"),
    ({"dealer": 0, "hands": [["2H", "6H", "7H", "8H", "9H", "TH"], ["6S", "7S", "8S", "9S", "TS", "JS"]]},
     "not in the 36-card pack"),
    ({"dealer": 0, "hands": [["6H", "7H", "8H", "9H", "TH"], ["6S", "7S", "8S", "9S", "TS", "JS"]]}, "needs 6"),
    ({"dealer": 0, "hands": [["6H", "7H", "8H", "9H", "TH", "JH"], ["6S", "7S", "8S", "9S", "TS", "JS"]],
      "talon": ["6C"]}, "missing"),
    ("nonsense", "Durak deal"),
])
def test_malformed_deals_are_refused(bad, words):
    with pytest.raises(CardsageError, match=words):
        GAME.new(deal=bad)


def test_six_players_dealer_keeps_the_trump_indicator():
    s = GAME.new(seed=3, options={"players": 6})
    assert not s.talon and not s.indicator_in_talon
    assert s.indicator in s.hands[s.dealer] and s.indicator in s.known[s.dealer]


def test_view_hides_hands_and_talon():
    s = GAME.new(seed=5, options={"players": 3})
    view = s.view(0)
    assert "cards" in view["zones"]["hand:0"] and "cards" not in view["zones"]["hand:1"]
    assert "cards" not in view["zones"]["talon"] and view["zones"]["trump"]["cards"] == [str(s.indicator)]


def test_hints_for_attack_defence_and_throw_in():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC 9D")
    s = GAME.new(deal=deal)
    h = GAME.hint(s, 1, iterations=4, rng=Rng(1))
    assert h.action in s.legal_actions(1) and "durak" in h.reason
    s = s.apply("attack 9C", 1)
    for seat in (0, 1):
        h = GAME.hint(s, seat, iterations=4, rng=Rng(1))
        assert h.action in s.legal_actions(seat) and h.reason
    again = GAME.hint(s, 0, iterations=4, rng=Rng(1))
    assert again.action == GAME.hint(s, 0, iterations=4, rng=Rng(1)).action


def test_forced_done_hint():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal).apply("attack 9C", 1)
    h = GAME.hint(s, 1, iterations=2)
    assert h.action.kind == "done" and h.method == "exact"


def test_pass_hint_and_perevodnoy_limit():
    deal = two_player_deal("7H 8H 9H TH JH QS", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal, options={"passing": True}).apply("attack 9C", 1)
    h = GAME.hint(s, 0, iterations=3, rng=Rng(2))
    assert h.action in s.legal_actions(0)
    assert any(a["action"]["kind"] in ("pass", "take", "cover") for a in h.alternatives)
    # the new defender would need as many cards as the attack: refuse when it holds fewer
    from dataclasses import replace
    short = replace(s, hands=(s.hands[0], (C("6S"),)))
    assert not short.pass_cards()


def test_priority_main_attacker_then_from_defenders_left():
    s = GAME.new(seed=8, options={"players": 4})
    s = s.apply(s.legal_actions(s.attacker)[0], s.attacker)
    d = s.defender
    assert s.priority() == [s.attacker] + [x for x in ((d + 1) % 4, (d + 2) % 4) if x != s.attacker] + [d]


def test_sampled_deals_keep_taken_cards_in_the_takers_hand():
    from solvers.sampling import determinize
    deal = two_player_deal("7H 8H 9H TH JH QH", "6S 7C 8C 9C TC JC")
    s = GAME.new(deal=deal).apply("attack 7C", 1).apply("take", 0)
    for salt in range(5):
        other = determinize(s, 1, Rng(salt))
        assert C("7C") in other.hands[0] and other.hands[1] == s.hands[1]
        assert other.view(1) == s.view(1)


from hypothesis import given, settings, strategies as st  # noqa: E402

from tests.conformance.per_game.durak import VARIANTS, check  # noqa: E402


@given(seed=st.integers(0, 10**6), variant=st.sampled_from([{}] + VARIANTS))
@settings(max_examples=8, deadline=None)
def test_heuristic_matches_keep_the_invariants(seed, variant):
    s = GAME.new(seed=seed, options=variant)
    bot, rng = GAME.bots()["heuristic"], Rng(seed)
    while not s.is_over:
        seat = s.priority()[0]
        s = s.apply(bot(s, seat, rng), seat)
        check(s)
    assert len(s.sheet) == s.options.games
