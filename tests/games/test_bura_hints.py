"""Bura hints and bots: every kind of decision, honest, reproducible with ``iterations``."""

from __future__ import annotations

import json

from solvers.cards import Rng, parse_card
from solvers.games import get
from solvers.games.bura_cards import bura_pack
from solvers.games.bura_play import heuristic_bot, unseen_cards
from solvers.sampling import determinize

BURA = get("bura")


def table(hands, turned="6D", dealer=1, first=(), **options):
    used = {parse_card(c) for h in hands for c in h} | {parse_card(turned)}
    top = [parse_card(c) for c in first]
    stock = [str(c) for c in top] + [str(c) for c in bura_pack() if c not in used and c not in top]
    return BURA.new(deal={"dealer": dealer, "hands": hands, "turned": turned, "stock": stock},
                    options={"players": len(hands), **options})


def hint(state, seat=None, **kw):
    seat = state.turn if seat is None else seat
    return BURA.hint(state, seat, rng=Rng(1), iterations=kw.pop("iterations", 8), **kw)


def with_36_points():
    state = table([["AS", "TS", "KS"], ["6S", "7S", "8S"]], first=["AH", "7H", "9C", "8C", "TC", "AC"])
    for text in ("pass", "lead AS TS KS", "play 8S 7S 6S", "pass", "lead AH", "play 7H", "pass"):
        state = state.apply(text)
    return state


def test_claim_hint_is_exact_and_keeps_the_count_to_itself():
    state = with_36_points()
    assert state.turn == 0 and state.points_of(0) == 36
    plain = hint(state)
    assert plain.action.notation == "claim" and plain.method == "exact"
    assert "36" not in plain.reason
    assisted = hint(state, mode="assisted")
    assert assisted.action.notation == "claim" and "36 card points" in assisted.reason


def test_after_the_last_trick_the_hint_passes_a_false_claim():
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]], combinations=False)
    rng = Rng(4)
    while state.phase != "last":
        actions = [a for a in state.legal_actions(state.turn) if a.kind != "claim"]
        state = state.apply(rng.choice(actions), state.turn)
    h = hint(state)
    points = state.points_of(state.turn)
    assert h.method == "exact" and h.action.notation == ("claim" if points >= 31 else "pass")


def test_lead_answer_and_announcement_hints_are_legal_with_reasons():
    lead = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]]).apply("pass")
    answer = lead.apply("lead QS 7S")
    announce = table([["QS", "7S", "AH"], ["KC", "9C", "6C"]])
    keep = table([["QS", "7S", "8S"], ["KC", "9C", "6C"]]).apply("announce molodka")
    for state in (lead, answer, announce, keep):
        h = hint(state)
        assert h.action in state.legal_actions(state.turn)
        assert h.action.kind != "claim" and h.reason
        json.dumps(h.to_json())


def test_announcing_a_bura_is_the_hint():
    state = table([["QS", "7S", "AH"], ["9D", "AD", "KD"]])
    assert hint(state, iterations=30).action.notation == "announce bura"


def test_hints_depend_only_on_what_the_seat_knows():
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]]).apply("pass")
    for salt in range(3):
        other = determinize(state, 0, Rng(salt))
        a, b = hint(state, 0), hint(other, 0)
        assert a.action == b.action and a.reason == b.reason


def test_unseen_cards_leave_out_what_the_seat_saw():
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]])
    unseen = unseen_cards(state, 0)
    assert parse_card("6D") not in unseen and parse_card("QS") not in unseen
    assert parse_card("9D") in unseen and len(unseen) == 36 - 4


def test_heuristic_claims_announces_and_throws_cheaply():
    state = with_36_points()
    assert heuristic_bot(state, 0, Rng(0)).notation == "claim"
    bura = table([["QS", "7S", "AH"], ["9D", "AD", "KD"]])
    assert heuristic_bot(bura, 1, Rng(0)).notation == "announce bura"
    # seat 1 cannot beat an ace-ten lead without trumps it would rather keep: throws its cheapest
    state = table([["AS", "TS", "QH"], ["7S", "8C", "9H"]]).apply("pass").apply("lead AS TS")
    assert heuristic_bot(state, 1, Rng(0)).notation in ("play 7S 8C", "play 9H 8C", "play 7S 9H")


def test_bots_play_whole_deals():
    bots = BURA.bots()
    assert {"random", "heuristic", "search"} <= set(bots)
    state = BURA.new(seed=3)
    rng = Rng(3)
    while state.hands_played == 0:
        seat = state.turn
        state = state.apply(bots["heuristic"](state, seat, rng), seat)
    assert state.sheet[0].ending in ("claim", "false claim", "bura", "no claim")


def test_sampled_search_tries_every_move_on_the_same_deals():
    from solvers.games.bura_search import sampled_search
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]]).apply("pass")
    result = sampled_search(state, 0, rng=Rng(5), samples=8)
    assert result.samples == 8 and all(len(a.values) == 8 for a in result.arms)
    assert {a.action.notation for a in result.arms} == {"lead QS", "lead 7S", "lead AH", "lead QS 7S"}
    assert result.chosen.action in state.legal_actions(0)
    again = sampled_search(determinize(state, 0, Rng(9)), 0, rng=Rng(5), samples=8)
    assert again.chosen.action == result.chosen.action


def test_search_bot_claims_exactly_and_otherwise_searches():
    bot = BURA.bots()["search"]
    assert bot(with_36_points(), 0, Rng(0)).notation == "claim"
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]]).apply("pass")
    assert bot(state, 0, Rng(0)) in state.legal_actions(0)


def test_the_table_shows_the_trick_card_by_card_and_play_by_play():
    state = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]]).apply("pass").apply("lead QS 7S")
    public = state.view(1)["public"]
    assert public["trick"] == [{"seat": 0, "card": "QS"}, {"seat": 0, "card": "7S"}]
    assert public["trick_plays"] == [{"seat": 0, "cards": ["QS", "7S"]}]
    assert public["best_play"] == 0 and "own_points" not in public
    shown = table([["QS", "7S", "AH"], ["9D", "JS", "KC"]], show_own_points=True)
    assert shown.view(0)["public"]["own_points"] == 0
