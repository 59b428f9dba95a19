"""The patience page in a real browser: Klondike and Forty Thieves, clicks and drags, undo,
fair and oracle hints, solution playback."""

from __future__ import annotations

import json

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


def _column_size(page, column: int) -> int:
    return page.locator(f"{TABLE} .pat-column[data-column='{column}'] .card").count()


def test_forty_thieves_card_dragged_onto_a_column(page):
    # deal 4's only tableau move is column 10's top card onto column 2
    page.goto("/web/patience.html")
    page.select_option("#pat-game", "forty-thieves")
    assert page.is_visible("#pat-redeals") and not page.is_visible("#pat-draw")
    page.fill("#pat-seed", "4")
    page.click("#pat-new button[type=submit]")
    page.wait_for_selector(f"{TABLE}.forty .pat-column[data-column='10']")
    sizes = (_column_size(page, 2), _column_size(page, 10))
    assert page.is_disabled("#pat-oracle"), "a numbered deal is not the player's own: no oracle"
    before = _version(page)
    page.drag_and_drop(f"{TABLE} .pat-column[data-column='10'] .card:last-child",
                       f"{TABLE} .pat-column[data-column='2']")
    _wait_version(page, before)
    assert (_column_size(page, 2), _column_size(page, 10)) == (sizes[0] + 1, sizes[1] - 1)
    assert "1 move" in page.inner_text("#pat-status")
    # an illegal drop is refused with a message and changes nothing
    before = _version(page)
    page.drag_and_drop(f"{TABLE} .pat-column[data-column='1'] .card:last-child",
                       f"{TABLE} .pat-column[data-column='3']")
    page.wait_for_selector("#message.error")
    assert "not a legal move" in page.inner_text("#message")
    assert _version(page) == before


def test_oracle_hint_on_a_typed_deal_plays_its_line(page):
    from solvers.patience.deal import klondike_deal
    from solvers.patience.formats import position_to_json

    page.goto("/web/patience.html")
    page.click("#pat-typed summary")
    page.fill("#pat-deal", json.dumps(position_to_json(klondike_deal(5))))
    page.click("#pat-deal-form button[type=submit]")
    page.wait_for_selector(f"{TABLE} .pat-column")
    assert page.is_enabled("#pat-oracle"), "a typed deal is the player's own: the oracle may be used"
    # the toggle off: the fair hint, even for the player's own deal
    page.click("#pat-hint")
    page.wait_for_selector("#pat-hint-text .method")
    assert "fair" in page.inner_text("#pat-hint-text .method")
    assert "win probability" in page.inner_text("#pat-hint-text")
    page.check("#pat-oracle")
    page.click("#pat-hint")
    page.wait_for_selector("#pat-hint-text .method.oracle")
    assert "oracle" in page.inner_text("#pat-hint-text")
    page.wait_for_selector("#pat-step:not([hidden])")
    assert page.locator(f"{TABLE} .hinted").count() == 1
    before = _version(page)
    page.click("#pat-step")
    _wait_version(page, before)
    assert "move 1 of" in page.inner_text("#pat-hint-text")


def test_after_resigning_the_oracle_says_whether_it_could_still_be_won(page):
    _start_klondike(page, seed=3)
    before = _version(page)
    page.click("#pat-resign")
    _wait_version(page, before)
    assert "over" in page.inner_text("#pat-status")
    assert page.inner_text("#pat-hint") == "Could it still have been won?"
    page.click("#pat-hint")
    page.wait_for_selector("#pat-hint-text .method.oracle")
    assert "oracle" in page.inner_text("#pat-hint-text")
    assert page.is_hidden("#pat-step"), "no playback on a finished game"
