"""Teen Patti's hand evaluator over all 22,100 three-card hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from solvers.cards import parse_card
from solvers.errors import CardsageError
from solvers.games import get
from solvers.games.teen_patti import hand_rank
from solvers.games.teen_patti_hands import PACK

ALL = list(combinations(PACK, 3))
COUNTS = {"trio": 52, "pure-sequence": 48, "sequence": 720, "colour": 1096, "pair": 3744, "high-card": 16440}


def _brute_value(cards, a23="top"):
    """An independent score: category first, then the ranks as the rule text compares them."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    suits = {c.suit for c in cards}
    counts = Counter(ranks)
    runs = {tuple(range(top, top - 3, -1)): 2 * top for top in range(4, 15)}
    run = runs.get(tuple(ranks))
    if ranks == [14, 3, 2]:
        run = {"top": 100, "second": 27, "bottom": 1}[a23]
    if len(counts) == 1:
        return (60, ranks[0])
    if run is not None:
        return (50 if len(suits) == 1 else 40, run)
    if len(suits) == 1:
        return (30, *ranks)
    if len(counts) == 2:
        pair = max(counts, key=counts.get)
        return (20, pair, min(counts, key=counts.get))
    return (10, *ranks)


def test_every_hand_counted_per_category():
    counts = Counter(hand_rank(t).category for t in ALL)
    assert dict(counts) == COUNTS and sum(counts.values()) == 22100


@pytest.mark.parametrize("a23", ["top", "second", "bottom"])
def test_order_matches_an_independent_comparison(a23):
    rng = random.Random(a23)
    sample = rng.sample(ALL, 1500)
    ranks = {t: hand_rank(t, {"a23": a23}) for t in sample}
    for _ in range(4000):
        a, b = rng.choice(sample), rng.choice(sample)
        ba, bb = _brute_value(a, a23), _brute_value(b, a23)
        assert (ranks[a] < ranks[b]) == (ba < bb) and (ranks[a] == ranks[b]) == (ba == bb), (a, b)


@pytest.mark.slow
def test_total_order_on_every_hand_against_the_brute_force():
    ranks = sorted(ALL, key=lambda t: hand_rank(t))
    values = [_brute_value(t) for t in ranks]
    assert values == sorted(values)


def test_rule_text_examples():
    def r(text, **opts):
        return hand_rank(text.split(), opts or None)
    assert r("AS AH AD") > r("2S 2H 2D") > r("3S 2S AS")
    assert r("3S 2S AS") > r("AS KS QS") > r("4S 3S 2S") > r("AH 2S 3D")
    assert r("AH 2S 3D") > r("AH KS QD") > r("4H 3S 2D") > r("AS KS JS")
    assert r("AS KS JS").category == "colour" and r("5S 3S 2S") < r("AS KS JS")
    assert r("5S 3S 2S") > r("AH AS KD") > r("2H 2S 3D") > r("AH KS JD") > r("5H 3S 2D")
    assert r("QD KH 2S").category == "high-card"      # 2-A-K style wraps are no sequence
    assert r("2H AS KD").category == "high-card"
    assert r("AS KS QS", a23="second") > r("3S 2S AS", a23="second") > r("KS QS JS", a23="second")
    assert r("3S 2S AS", a23="bottom") < r("4H 3H 2H", a23="bottom")
    assert r("KH KS 9D").name == "pair of kings, nine kicker"
    assert r("3S 2S AS").name == "pure sequence A-2-3"
    assert r("6S 6H 6D").name == "trio of sixes"


@pytest.mark.parametrize("bad,words", [
    (["AS", "KS"], "3 cards"), (["AS", "KS", "QS", "JS"], "3 cards"), (["AS", "AS", "KD"], "twice"),
    (["AS", "KS", "ZZ"], "ZZ"), (["AS", "KS", "X1"], "pack"), ("AS KS 7H#2", "pack")])
def test_bad_hands_are_refused(bad, words):
    with pytest.raises(CardsageError) as error:
        hand_rank(bad)
    assert words.lower() in error.value.message.lower() and error.value.field == "cards"


def test_game_exposes_the_evaluator():
    game = get("teen-patti")
    assert game.HAND_RANK(["AS", "2S", "3S"]).category == "pure-sequence"
    assert game.HAND_OPTIONS == ("a23",)
    with pytest.raises(CardsageError):
        hand_rank("AS KS QS", {"a23": "middle"})
    assert hand_rank([parse_card("TS"), "JS", "QS"], game.options({"a23": "bottom"})).key[0] == 5
    assert hand_rank("AS KS QS").to_json()["category"] == "pure-sequence"


def test_the_registry_warm_up_builds_the_hand_rank_tables_before_any_hint():
    from solvers import games
    from solvers.games.teen_patti_hands import _percentiles

    _percentiles.cache_clear()
    assert "teen-patti" in games.warm_up(["teen-patti", "whist"])
    assert _percentiles.cache_info().currsize == 3, "one table per place of A-2-3"


def test_every_game_with_a_warm_up_is_listed_for_the_server():
    """The server warms only the listed games (importing all 38 in every process at start
    would slow its first requests): the list must name every game that has a warm-up."""
    import importlib

    from solvers import games
    from solvers.games import _MODULES

    having = [name for name, (_, policies) in _MODULES.items()
              if policies and callable(getattr(importlib.import_module(policies), "warm_up", None))]
    assert sorted(having) == sorted(games.WARMED)
