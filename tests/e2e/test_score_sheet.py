"""The one score sheet every game shares, in the browser: Whist against three bots, one hand."""

import json

import pytest

from tests.e2e.helpers import hand, play_first_card, start_whist

pytestmark = pytest.mark.e2e


def _session(page) -> dict:
    """The session as the page's seat sees it, read from the API with the page's own token."""
    return page.evaluate("""async () => {
        const params = new URLSearchParams(location.hash.slice(1));
        const answer = await fetch(`/api/v1/sessions/${params.get('session')}`,
                                   {headers: {Authorization: `Bearer ${params.get('token')}`}});
        return answer.json();
    }""")


def test_a_played_hand_shows_one_sheet_row_with_the_right_totals_and_the_standings(page):
    start_whist(page, seed=17)
    assert page.is_visible("#sheet")
    assert page.locator("#sheet table.sheet tbody tr").count() == 0
    assert "No hand finished yet" in page.inner_text("#sheet")
    headers = page.locator("#sheet table.sheet thead th").all_inner_texts()
    assert headers == ["Hand", "South–North", "West–East", "Scored"]
    boxes = [page.locator("#sheet table.sheet thead th").nth(i).bounding_box() for i in range(4)]
    assert len({round(b["y"]) for b in boxes}) == 1, "one column per side, side by side"
    assert "null" not in page.inner_text("#sheet")

    for _ in range(13):
        play_first_card(page)
    page.wait_for_selector("#sheet table.sheet tbody tr")
    session = _session(page)
    sheet = session["score_sheet"]
    assert sheet["hands_played"] == 1

    row = page.locator("#sheet table.sheet tbody tr")
    assert row.count() == 1
    cells = row.first.locator("td")
    assert cells.nth(0).inner_text() == "1"
    totals = [int(cells.nth(1 + i).locator(".total").inner_text()) for i in range(2)]
    points = [cells.nth(1 + i).locator(".pts").inner_text() for i in range(2)]
    assert totals == sheet["rows"][0]["totals"] == sheet["totals"]
    assert totals == [session["scores"][0], session["scores"][1]], "the sheet's totals are the match scores"
    # one side took more than six of the thirteen tricks and scored the difference
    scored = cells.nth(3).inner_text()
    assert "tricks over six" in scored
    (event,) = sheet["rows"][0]["events"]
    winner = event["sides"][0]
    assert totals[winner] == event["detail"]["tricks"] - 6 >= 1 and totals[1 - winner] == 0
    assert points[winner] == f"+{totals[winner]}" and f"tricks {event['detail']['tricks']}" in scored
    foot = page.locator("#sheet table.sheet tfoot td.side-col").all_inner_texts()
    assert [int(t) for t in foot] == totals

    # the standings, best first, in the sheet and in the side panel
    standings = page.locator("#sheet .standings-list li")
    assert standings.count() == 2
    leader = sheet["standings"][0]
    assert leader["label"] == ["South–North", "West–East"][winner]
    assert standings.first.locator(".who").inner_text() == leader["label"]
    assert int(standings.first.locator(".score").inner_text()) == totals[winner]
    assert page.locator("#scores tbody tr").first.locator("th").inner_text() == leader["label"]

    # the quitted tricks of the first hand show as face-down plays in the log
    assert page.locator("#log li.concealed").count() >= 40
    assert not page.locator("#facts [data-key=score_sheet]").count(), "no second, per-game sheet"
    if session["over"]:
        assert "Match over" in page.inner_text("#status")
    else:
        assert len(hand(page)) in (12, 13)
    json.dumps(sheet)
