"""The patience page in a real browser: start Klondike, move by clicking, undo, hint, playback."""

from __future__ import annotations

TABLE = "#pat-table"


def _version(page) -> int:
    return int(page.get_attribute(TABLE, "data-version"))


def _wait_version(page, above: int) -> None:
    page.wait_for_function("v => Number(document.getElementById('pat-table').dataset.version) > v", arg=above)


def _start_klondike(page, seed: int = 3) -> None:
    page.goto("/web/patience.html")
    page.select_option("#pat-game", "klondike")
    page.fill("#pat-seed", str(seed))
    page.click("#pat-new button[type=submit]")
    page.wait_for_selector(f"{TABLE} .pat-column")


def test_click_a_move_then_undo_it(page):
    _start_klondike(page, seed=3)
    # deal 3 has an ace on top of column 1: a double-click sends it to its foundation
    before = _version(page)
    page.dblclick(f"{TABLE} .pat-column[data-column='1'] .card[data-src='t1']")
    _wait_version(page, before)
    assert page.locator(f"{TABLE} .foundation .card").count() == 1
    assert page.locator(f"{TABLE} .pat-column[data-column='1'] .card").count() == 0
    # the stock is clicked to draw, then undone
    before = _version(page)
    page.click("#pat-stock")
    _wait_version(page, before)
    assert page.locator("#pat-waste .card").count() == 1
    before = _version(page)
    page.click("#pat-undo")
    _wait_version(page, before)
    assert page.locator("#pat-waste .card").count() == 0
    assert "0 moves" not in page.inner_text("#pat-status")
    page.screenshot(path="/tmp/patience-page.png")


def test_hint_and_solution_playback(page):
    _start_klondike(page, seed=7)
    page.click("#pat-hint")
    page.wait_for_selector("#pat-hint-text .method")
    text = page.inner_text("#pat-hint-text")
    assert "Hint:" in text and "fair" in text
    page.click("#pat-winnable")
    page.wait_for_selector("#pat-play-solution")
    page.click("#pat-play-solution")
    page.wait_for_selector("#pat-step:not([hidden])")
    assert page.locator(f"{TABLE} .hinted").count() == 1, "the next solution move's card is highlighted"
    for _ in range(3):
        before = _version(page)
        page.click("#pat-step")
        _wait_version(page, before)
    assert "move 3 of" in page.inner_text("#pat-hint-text")
