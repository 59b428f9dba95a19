"""The real-table score sheet (solvers/scorekeeping.py): computed from events that are never
rewritten, checked against each game's own checksums, its chain checked for edits."""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.scorekeeping import STAKE_GAMES, Sheet, chain_hash, check_event, hand_checks, pick

PLAYERS = [{"id": f"p{i}", "name": n, "colour": "#000000"} for i, n in enumerate(["Anna", "Ben", "Cleo", "Dan"])]


def _log(kinds_bodies, seats=4):
    """Events as the store writes them: checked, numbered, chained."""
    events, previous = [], ""
    for seq, (kind, body) in enumerate(kinds_bodies, 1):
        stored = check_event(kind, body, seats, events)
        at = f"2026-11-25T20:{seq // 60:02d}:{seq % 60:02d}.000+00:00"
        link = chain_hash(previous, seq, kind, stored, "Anna", at)
        events.append({"seq": seq, "kind": kind, "body": stored, "by": "Anna", "at": at, "chain": link})
        previous = link
    return events


def _sheet(game, kinds_bodies, players=PLAYERS):
    return Sheet(game, players, games.get(game).low_score_wins, _log(kinds_bodies, len(players)))


def test_a_tetka_hand_must_share_out_nine_points_and_low_totals_come_first():
    sheet = _sheet("tetka", [("entry", {"hand": 1, "scores": {"0": 4, "1": 2, "2": 2, "3": 1}}),
                             ("entry", {"hand": 2, "scores": {"0": 1, "1": 2, "2": 3, "3": 0}})])
    assert [w["hand"] for w in sheet.warnings()] == [2]
    assert "exactly 9" in sheet.warnings()[0]["message"]
    assert [r["name"] for r in sheet.standings()] == ["Dan", "Ben", "Anna", "Cleo"], "low total wins in Tëtka"
    assert [r["place"] for r in sheet.standings()] == [1, 2, 3, 3]
    assert [r["name"] for r in sheet.standings("turn")] == ["Anna", "Ben", "Cleo", "Dan"]


def test_a_correction_replaces_the_numbers_and_keeps_the_old_ones_in_the_history():
    sheet = _sheet("tetka", [("entry", {"hand": 1, "scores": {"0": 4, "1": 2, "2": 2, "3": 2}}),
                             ("correction", {"of": 1, "scores": {"0": 3, "1": 2, "2": 2, "3": 2},
                                             "reason": "one queen less"})])
    assert sheet.warnings() == []
    assert sheet.totals() == [3, 2, 2, 2]
    assert sheet.events[0]["body"]["scores"]["0"] == 4, "the first entry is never rewritten"


def test_a_deleted_entry_stops_counting_and_cannot_be_corrected():
    log = [("entry", {"hand": 1, "scores": {"0": 5}}), ("delete", {"of": 1, "reason": "twice"})]
    sheet = _sheet("whist", log)
    assert sheet.totals() == [0, 0, 0, 0] and sheet.rows() == {}
    with pytest.raises(CardsageError, match="deleted"):
        _log(log + [("correction", {"of": 1, "scores": {"0": 1}})])


def test_a_missing_entry_is_named_and_the_round_counter_shows_it():
    sheet = _sheet("whist", [("entry", {"hand": 1, "scores": {"0": 1, "1": 0, "2": 1, "3": 0}}),
                             ("entry", {"hand": 2, "scores": {"0": 2, "2": 2}})])
    assert sheet.hands_entered() == [2, 1, 2, 1]
    assert any(w["kind"] == "missing" and "Ben, Dan" in w["message"] for w in sheet.warnings())


def test_king_hands_have_their_totals():
    good = [("entry", {"hand": 1, "scores": {"0": -100, "1": -60, "2": -60, "3": -40}}),
            ("entry", {"hand": 2, "scores": {"0": -100, "1": -60, "2": -60, "3": -20}})]
    warnings = _sheet("king", good).warnings()
    assert [w["hand"] for w in warnings] == [2] and "-260" in warnings[0]["message"]


def test_a_trex_deal_has_its_contracts_total_and_a_kingdom_sums_to_zero():
    deals = [{"0": -75}, {"0": -130}, {"0": -100}, {"0": -195}, {"0": 200, "1": 150, "2": 100, "3": 50}]
    log = [("entry", {"hand": h, "scores": {**{str(s): 0 for s in range(4)}, **d}}) for h, d in enumerate(deals, 1)]
    assert _sheet("trex", log).warnings() == []
    # the King of Hearts doubled: the taker's -150 entered without the holder's +75
    log[0] = ("entry", {"hand": 1, "scores": {"0": -150, "1": 0, "2": 0, "3": 0}})
    warnings = _sheet("trex", log).warnings()
    assert [w["hand"] for w in warnings] == [1, 5]
    assert "King of Hearts" in warnings[0]["message"] and "kingdom 1" in warnings[1]["message"]


def test_chips_must_balance_and_transfers_keep_them_balanced():
    sheet = _sheet("kop", [("transfer", {"hand": 1, "from": 1, "to": 0, "amount": 5}),
                           ("transfer", {"hand": 1, "from": 2, "to": 0, "amount": 5})])
    assert sheet.totals() == [10, -5, -5, 0] and sheet.warnings() == []
    unbalanced = _sheet("kop", [("entry", {"hand": 1, "scores": {"0": 10, "1": -5}})])
    assert "balance" in unbalanced.warnings()[0]["message"]


def test_an_edit_behind_the_keepers_back_breaks_the_chain():
    sheet = _sheet("whist", [("entry", {"hand": 1, "scores": {"0": 1}}), ("entry", {"hand": 2, "scores": {"0": 2}})])
    assert sheet.broken_link() is None
    sheet.events[0]["body"]["scores"]["0"] = 7
    assert sheet.broken_link() == 1
    assert any(w["kind"] == "integrity" for w in sheet.warnings())


def test_the_pick_is_reproducible_from_its_seed():
    assert pick("dealer", 4, 123) == pick("dealer", 4, 123)
    sides = pick("partners", 4, 9)["sides"]
    assert sorted(sides[0] + sides[1]) == [0, 1, 2, 3] and len(sides[0]) == 2
    assert {pick("dealer", 4, s)["dealer"] for s in range(60)} == {0, 1, 2, 3}
    with pytest.raises(CardsageError, match="even number"):
        pick("partners", 3, 1)


@pytest.mark.parametrize("bad, field", [
    ({"hand": 0, "scores": {"0": 1}}, "hand"),
    ({"hand": 1, "scores": {"4": 1}}, "scores"),
    ({"hand": 1, "scores": {}}, "scores"),
    ({"hand": 1, "scores": {"0": "ten"}}, "scores.0"),
    ({"hand": 1, "scores": {"0": 10 ** 12}}, "scores.0"),
])
def test_bad_entries_are_refused_naming_the_field(bad, field):
    with pytest.raises(CardsageError) as refused:
        check_event("entry", bad, 4, [])
    assert refused.value.field == field


def _match_rows(name, seed, players):
    """Per-hand points of a whole match played by the rules of thumb, from its score events."""
    game = games.get(name)
    options = {"players": players} if "players" in game.options_schema().get("properties", {}) else {}
    state = game.new(seed=seed, options=options)
    rng = Rng(seed)
    bots = game.bots()
    policy = bots.get("heuristic") or bots["random"]
    for _ in range(20_000):
        if state.is_over:
            break
        seat = min(state.to_move)
        state = state.apply(policy(state, seat, rng), seat)
    rows = defaultdict(dict)
    for event in state.score_events():
        for seat in event.seats:
            rows[event.hand][str(seat)] = rows[event.hand].get(str(seat), 0) + event.points
    return state.players, rows


@pytest.mark.parametrize("name", hand_checks())
def test_a_whole_engine_played_match_passes_the_sheets_checksums(name):
    """The checksums the sheet warns with are the engines' own: a match played by the rules
    of thumb, entered hand by hand, never trips them."""
    seats, rows = _match_rows(name, 5, 4)
    players = [{"id": f"p{i}", "name": f"P{i}", "colour": "#000000"} for i in range(seats)]
    log = [("entry", {"hand": hand, "scores": {str(s): row.get(str(s), 0) for s in range(seats)}})
           for hand, row in sorted(rows.items())]
    sheet = _sheet(name, log, players)
    assert rows and sheet.warnings() == []
    assert name not in STAKE_GAMES or sum(sheet.totals()) == 0


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 3), st.integers(-50, 50)), min_size=1, max_size=25))
@settings(max_examples=60, deadline=None)
def test_totals_are_the_sum_of_the_rows_whatever_was_entered(entries):
    log = [("entry", {"hand": h, "scores": {str(s): p}}) for h, s, p in entries]
    sheet = _sheet("whist", log)
    assert sheet.totals() == [sum(p for _, s, p in entries if s == seat) for seat in range(4)]
    running = sheet.to_json()["rows"][-1]["running"]
    assert running == sheet.totals()
    assert sheet.broken_link() is None
