"""The double-dummy page in headless Chromium: paste a deal, read its table, play it by the
labelled values, undo and reset, build a deal by clicking cards."""

import pytest

from solvers.doubledummy import solve_table

pytestmark = pytest.mark.e2e

# South squeezes West by cashing the club ace: three tricks, one with any other lead.
SQUEEZE = "N:.AJ.2. ..876. Q.3..A K.KQ.."
IDLE = "[data-busy=false]"


def _load(page, deal: str = SQUEEZE, leader: str = "S") -> None:
    page.goto("/web/doubledummy.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.select_option("#dd-leader", leader)
    page.fill("#dd-pbn", deal)
    page.click("#dd-load button[type=submit]")
    page.wait_for_selector("body[data-table=ready]", state="attached")
    page.wait_for_selector(f"body{IDLE}[data-to-play={leader}]", state="attached")


def _values(page, seat: str) -> dict[str, str]:
    return page.eval_on_selector_all(
        f"#dd-hand-{seat} button.card[data-value]",
        "cards => Object.fromEntries(cards.map(c => [c.dataset.card, c.dataset.value]))")


def _best(page, seat: str) -> list[str]:
    return page.eval_on_selector_all(f"#dd-hand-{seat} button.card.best", "cards => cards.map(c => c.dataset.card)")


def _play(page, card: str) -> None:
    before = int(page.get_attribute("body", "data-played"))
    page.click(f"button.card[data-card='{card}']")
    page.wait_for_selector(f"body[data-played='{before + 1}']{IDLE}", state="attached")


def test_paste_a_deal_read_the_table_and_play_by_the_values(page):
    table = solve_table(SQUEEZE)   # also loads the search kernel before the page's first solve
    _load(page)
    for declarer in "NESW":
        for strain in "SHDCN":
            cell = page.get_attribute(f"#dd-table td[data-declarer={declarer}][data-strain={strain}]", "data-tricks")
            assert cell == str(table[declarer][strain]), (declarer, strain)

    assert page.get_attribute("body", "data-to-play") == "S"
    assert _values(page, "S") == {"AC": "3", "3H": "1", "QS": "1"}
    assert _best(page, "S") == ["AC"]
    assert "N/S can take 3 tricks" in page.inner_text("#dd-status")
    assert page.locator("#dd-hand-W button.card").count() == 0, "only the seat to play has buttons"

    _play(page, "AC")
    assert page.locator("#dd-trick [data-seat=S] [data-card=AC]").count() == 1
    assert set(_values(page, "W").values()) == {"0"}, "West is squeezed whatever it keeps"
    _play(page, "KH")
    _play(page, "2D")
    _play(page, "8D")
    assert "N/S: 1 trick" in page.inner_text("#dd-score")
    assert page.get_attribute("body", "data-to-play") == "S"
    assert _values(page, "S") == {"QS": "1", "3H": "2"}
    assert _best(page, "S") == ["3H"]

    page.click("#dd-undo")
    assert page.get_attribute("body", "data-to-play") == "E"
    assert page.locator("#dd-trick .dd-played").count() == 3
    assert "N/S: 0 tricks" in page.inner_text("#dd-score")

    page.click("#dd-reset")
    assert page.get_attribute("body", "data-to-play") == "S"
    assert page.locator("#dd-trick .dd-played").count() == 0


def test_keyboard_plays_best_cards_to_the_end(page):
    _load(page)
    for played in range(1, 13):
        page.keyboard.press("b")
        page.wait_for_selector(f"body[data-played='{played}']{IDLE}", state="attached")
    assert "All cards played" in page.inner_text("#dd-status")
    assert "N/S: 3 tricks" in page.inner_text("#dd-score")
    page.keyboard.press("Backspace")
    assert page.get_attribute("body", "data-to-play") == "W"
    page.focus("#dd-hand-W button.card")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-played='12']{IDLE}", state="attached")


def test_a_bad_deal_shows_the_problem(page):
    page.goto("/web/doubledummy.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.fill("#dd-pbn", "N:AK.J.T. AT.A.8. 87.K.A. 6.T.Q.A")
    page.click("#dd-load button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    assert "AS is in both N and E" in page.inner_text("#message")


def test_build_a_deal_by_clicking_cards(page):
    page.goto("/web/doubledummy.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.click("#dd-build-toggle")
    for seat, cards in {"N": ["AS"], "E": ["KS"], "S": ["QS"], "W": ["2H"]}.items():
        page.check(f"input[name=dd-build-seat][value={seat}]")
        for card in cards:
            page.click(f"#dd-build-grid [data-card='{card}']")
    assert page.get_attribute("#dd-build-grid [data-card='AS']", "data-owner") == "N"
    page.select_option("#dd-leader", "N")
    page.click("#dd-build-use")
    page.wait_for_selector("body[data-table=ready]", state="attached")
    page.wait_for_selector(f"body{IDLE}[data-to-play=N]", state="attached")
    assert page.input_value("#dd-pbn") == "N:A... K... Q... .2.."
    assert _values(page, "N") == {"AS": "1"}
