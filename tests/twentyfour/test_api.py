"""Public API: inputs, options, JSON, hints, analysis, deals, difficulty, variants."""

from fractions import Fraction

import pytest

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.twentyfour import (
    analyse, check, hint_ladder, parse_numbers, parse_target, random_deal, solve)


@pytest.mark.parametrize("given, expected", [
    ("3,3,8,8", [3, 3, 8, 8]),
    ("3 3 8 8", [3, 3, 8, 8]),
    ([3, 3, 8, 8], [3, 3, 8, 8]),
    ("A, K, Q, J", [1, 13, 12, 11]),
    ("AS 10d QH 2c", [1, 10, 12, 2]),
    (["a", "t", "9h", 4], [1, 10, 9, 4]),
    ("20, 30", [20, 30]),
])
def test_parse_numbers(given, expected):
    assert parse_numbers(given) == expected


@pytest.mark.parametrize("bad", ["3", "1,2,3,4,5,6,7", "3,3,8,ZZ", "X1,2,3", [1, True],
                                 [1, -2], [1, 2.5], "", None, [1, 100001]])
def test_parse_numbers_rejects(bad):
    with pytest.raises(CardsageError):
        parse_numbers(bad)


def test_targets_and_options_are_validated():
    assert parse_target("5/2") == Fraction(5, 2)
    assert parse_target(-3) == -3
    for bad in ["x", "1/0", True, 2.5]:
        with pytest.raises(CardsageError):
            parse_target(bad)
    with pytest.raises(CardsageError):
        solve([1, 2, 3, 4], operators="+%")
    with pytest.raises(CardsageError):
        solve([1, 2, 3, 4], operators="")


def test_solution_json():
    data = solve([3, 3, 8, 8]).to_json()
    assert data["target"] == "24" and data["count"] == 1
    assert data["solutions"] == ["8 / (3 - 8 / 3)"]
    assert data["pretty_solutions"] == ["8 ÷ (3 − 8 ÷ 3)"]
    assert data["difficulty"] == "expert"
    assert data["difficulty_features"]["needs_fraction"] is True


def test_unsolvable():
    result = solve([1, 1, 1, 1])
    assert not result.solvable and result.count == 0 and result.preferred is None
    assert result.difficulty == "none"


def test_difficulty_tiers():
    assert solve([1, 2, 3, 4]).difficulty == "easy"
    assert solve([3, 7, 9, 13]).difficulty == "medium"
    assert solve([3, 3, 8, 8]).difficulty == "expert"
    features = solve([3, 7, 9, 13]).difficulty_features
    assert features["largest_intermediate"] == "63" and features["solutions"] == 2


def test_wasted_cards_do_not_make_new_solutions():
    assert solve([4, 6, 5, 5]).solutions == ["6 * 4 + 5 - 5"]
    assert solve([1, 1, 5, 5]).count == 2      # 5*5 - 1 (one 1 wasted) and (5+1)*(5-1)
    assert solve([12, 2, 5, 4]).count == 3
    assert solve([2, 2, 3, 3]).count == 3      # (3+3)*2*2 and (3+3)*(2+2) stay distinct


def test_rendering_prefers_integer_intermediates_and_few_brackets():
    assert "9 * 7 - 13 * 3" == solve([3, 7, 9, 13]).preferred
    assert solve([1, 3, 4, 6]).solutions == ["6 / (1 - 3 / 4)"]
    assert solve([10, 10, 4, 4]).solutions == ["(10 * 10 - 4) / 4"]


def test_generalised_games():
    assert solve([2, 3, 15], -24).solutions == ["(3 - 15) * 2"]
    assert solve([1, 4, 6], Fraction(5, 2)).solvable
    assert solve([1, 2, 3], allow_concat=True).solutions == ["21 + 3", "23 + 1"]
    assert solve([2, 3, 3], 24).count == 0
    assert solve([2, 3, 3], 24, allow_power=True).solutions == ["2 ^ 3 * 3"]
    assert solve([25, 1], 24, operators="-").solutions == ["25 - 1"]
    six = solve([13, 12, 11, 10, 9, 8])
    assert six.solvable and all(check(t, six.numbers).ok for t in six.solutions[:50])


def test_analyse_position_with_a_fraction():
    verdicts = analyse([Fraction(8, 3), 3, 8])
    good = [v.expression for v in verdicts if v.solvable]
    assert good == ["3 - 8/3"]
    assert all(v.to_json()["result"] for v in verdicts)


def test_analyse_deduplicates_equal_pairs():
    verdicts = analyse([3, 3, 8, 8])
    expressions = [v.expression for v in verdicts]
    assert len(expressions) == len(set(expressions))
    assert expressions.count("8 / 3") == 1 and "3 - 3" in expressions
    assert not any(v.op == "/" and v.right == 0 for v in analyse([0, 5]))


def test_hint_ladder():
    rungs = hint_ladder("3 3 8 8")
    assert [r["rung"] for r in rungs] == [1, 2, 3, 4, 5]
    assert rungs[0]["solvable"] is True and rungs[1]["count"] == 1
    assert rungs[2]["operator"] == "/" and rungs[2]["right"] == "1/3"
    assert rungs[3]["step"] == {"left": "8", "op": "/", "right": "3", "result": "8/3"}
    assert rungs[4]["solution"] == "8 / (3 - 8 / 3)"
    assert all(r["title"] and r["text"] for r in rungs)
    none = hint_ladder([1, 1, 1, 1])
    assert none[0]["solvable"] is False and len(none) == 5


def test_random_deal_is_seeded_and_filtered():
    assert random_deal(Rng(5)) == random_deal(Rng(5))
    rng = Rng("deals")
    for _ in range(20):
        hand = random_deal(rng, solvable=True)
        assert solve(hand).solvable and len(hand) == 4 and all(1 <= n <= 13 for n in hand)
    hand = random_deal(rng, solvable=False, max_number=10)
    assert not solve(hand).solvable and max(hand) <= 10
    assert solve(random_deal(rng, difficulty="expert")).difficulty == "expert"
    assert len(random_deal(rng, count=6)) == 6
    with pytest.raises(CardsageError):
        random_deal(rng, difficulty="impossible")
    with pytest.raises(CardsageError):
        random_deal(rng, count=9)
    with pytest.raises(CardsageError):
        random_deal(rng, solvable=True, max_number=1, count=2, target=24)


def test_random_deals_respect_the_pack():
    rng = Rng(1)
    for _ in range(200):
        hand = random_deal(rng, max_number=1)
        assert hand == [1, 1, 1, 1]
