"""GET /api/v1/games/{name}/hand: rank a hand, compare hands, refuse bad input clearly."""

from __future__ import annotations

import pytest

ROYAL = "AS,KS,QS,JS,TS"


def test_one_hand_is_ranked_with_its_category_and_name(client):
    r = client.get(f"/api/v1/games/east-west/hand?cards={ROYAL}")
    assert r.status_code == 200
    body = r.get_json()
    assert body["category"] == "straight-flush" and "ace high" in body["name"]
    assert body["cards"] == ROYAL.split(",")


def test_hands_are_compared_best_first_and_equal_hands_share_first_place(client):
    r = client.get("/api/v1/games/east-west/hand?cards=7H,7D,7C,7S,8H&cards=" + ROYAL
                   + "&cards=AD,KD,QD,JD,9D&cards=AH,KH,QH,JH,9H")
    body = r.get_json()
    assert r.status_code == 200
    assert body["order"][0] == 1 and body["winners"] == [1] and not body["tie"]
    assert [h["place"] for h in body["hands"]] == [2, 1, 3, 3]
    tie = client.get("/api/v1/games/east-west/hand?cards=AD,KD,QD,JD,9D&cards=AH,KH,QH,JH,9H").get_json()
    assert tie["tie"] and tie["winners"] == [0, 1]


def test_options_that_change_the_ranking_are_query_parameters(client):
    low = "AS,7D,8C,9S,TH"
    assert client.get(f"/api/v1/games/east-west/hand?cards={low}").get_json()["category"] == "straight"
    off = client.get(f"/api/v1/games/east-west/hand?cards={low}&low_straight_a789t=false").get_json()
    assert off["category"] == "high-card"


@pytest.mark.parametrize("query, status, words", [
    ("cards=AS,KS", 422, "5 cards"),
    ("cards=AS,KS,QS,JS,2S", 422, "2S"),                        # not in the 32-card pack
    ("cards=AS,KS,QS,JS,ZZ", 422, "hand 1"),
    (f"cards={ROYAL}&cards=AS,7D,7C,7S,8H", 422, "AS is in hand 1 and hand 2"),
    (f"cards={ROYAL}&bogus=1", 422, "unknown query parameter"),
    (f"cards={ROYAL}&low_straight_a789t=perhaps", 422, "true or false"),
    ("", 422, "cards=AS,KS,QS"),
    ("&".join(["cards=" + ROYAL] * 11), 422, "at most 10 hands"),
    ("cards=" + "A" * 300, 422, "too long"),
])
def test_bad_requests_say_what_is_wrong(client, query, status, words):
    r = client.get(f"/api/v1/games/east-west/hand?{query}")
    assert r.status_code == status
    assert r.mimetype == "application/problem+json"
    assert words in r.get_json()["detail"]


def test_a_game_without_a_hand_ranking_and_an_unknown_game_are_404(client):
    r = client.get(f"/api/v1/games/whist/hand?cards={ROYAL}")
    assert r.status_code == 404 and "east-west" in r.get_json()["detail"]
    assert client.get(f"/api/v1/games/nope/hand?cards={ROYAL}").status_code == 404


def test_teen_patti_places_a_2_3_by_its_option(client):
    both = "cards=AS,2S,3S&cards=AH,KH,QH"
    assert client.get(f"/api/v1/games/teen-patti/hand?{both}").get_json()["winners"] == [0]
    assert client.get(f"/api/v1/games/teen-patti/hand?{both}&a23=bottom").get_json()["winners"] == [1]
    bad = client.get("/api/v1/games/teen-patti/hand?cards=AS,2S,3S&a23=middle")
    assert bad.status_code == 422 and "a23" in bad.get_json()["detail"]


def test_chor_voli_names_why_three_cards_are_no_combination(client):
    r = client.get("/api/v1/games/chor-voli/hand?cards=7S,7H,2C")
    assert r.status_code == 422 and "a pair is not a combination" in r.get_json()["detail"]
    trios = "cards=AS,AH,AD&cards=3S,3H,3D"
    assert client.get(f"/api/v1/games/chor-voli/hand?{trios}").get_json()["winners"] == [0]
    assert client.get(f"/api/v1/games/chor-voli/hand?{trios}&threes_high=true").get_json()["winners"] == [1]
    # A-K-Q beats 3-2-A, which beats K-Q-J
    order = client.get("/api/v1/games/chor-voli/hand?cards=KD,QD,JD&cards=3H,2H,AH&cards=AS,KS,QS").get_json()
    assert order["order"] == [2, 1, 0]
