"""The Twenty-Four page in headless Chromium: play 3 3 8 8 to 24 by the ✓ marks, hints,
solutions behind a spoiler, typed answers and keyboard play."""

import pytest

pytestmark = pytest.mark.e2e

IDLE = "body[data-busy=false]"


def _deal(page, cards: str = "3 3 8 8") -> None:
    page.goto("/web/twentyfour.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.fill("#tf-cards", cards)
    page.click("#tf-enter button[type=submit]")
    page.wait_for_selector("#tf-board .tf-item >> nth=3")
    page.wait_for_selector(IDLE, state="attached")


def _values(page) -> list[str]:
    return page.eval_on_selector_all("#tf-board .tf-item", "items => items.map(i => i.dataset.value)")


def _item(page, value: str, skip: int = 0):
    return page.locator(f"#tf-board .tf-item[data-value='{value}']").nth(skip)


def _marked_ok(page) -> list[str]:
    return page.eval_on_selector_all("#tf-board .tf-item[data-mark=ok]", "items => items.map(i => i.dataset.value)")


def test_follow_the_marks_from_3388_to_24(page):
    _deal(page)
    assert sorted(_values(page)) == ["3", "3", "8", "8"]
    assert page.locator("#tf-board svg").count() == 4, "the cards are drawn as SVG"

    # 8 ÷ 3 is the only first step that keeps 24 reachable
    _item(page, "8").click()
    page.click(".tf-op[data-op='/']")
    assert page.get_attribute(".tf-op[data-op='/']", "data-mark") == "ok"
    assert _marked_ok(page) == ["3", "3"]
    assert page.get_attribute("#tf-board .tf-item[data-value='8'] >> nth=1", "data-mark") == "bad"
    _item(page, "3").click()
    page.wait_for_selector(IDLE, state="attached")
    assert sorted(_values(page)) == ["3", "8", "8/3"]

    _item(page, "3").click()
    page.click(".tf-op[data-op='-']")
    assert _marked_ok(page) == ["8/3"]
    _item(page, "8/3").click()
    page.wait_for_selector(IDLE, state="attached")
    assert sorted(_values(page)) == ["1/3", "8"]

    _item(page, "8").click()
    page.click(".tf-op[data-op='/']")
    assert _marked_ok(page) == ["1/3"]
    _item(page, "1/3").click()
    page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["24"]
    assert "24! Solved" in page.inner_text("#tf-status")
    assert page.locator("#tf-steps li").count() == 3

    page.click("#tf-undo")
    page.wait_for_selector(IDLE, state="attached")
    assert sorted(_values(page)) == ["1/3", "8"]


def test_hint_ladder_one_rung_per_click_and_the_spoiler(page):
    _deal(page)
    for rung in range(1, 6):
        page.click("#tf-hint")
        assert page.locator("#tf-ladder li").count() == rung
    ladder = page.inner_text("#tf-ladder")
    assert "Yes, 24 can be made" in ladder and "8 ÷ (3 − 8 ÷ 3)" in ladder
    assert page.is_disabled("#tf-hint")

    assert not page.is_visible("#tf-solution-list")
    assert page.inner_text("#tf-solutions-summary") == "Show all 1 solution"
    page.click("#tf-solutions-summary")
    assert page.locator("#tf-solution-list li").count() == 1
    assert "8 ÷ (3 − 8 ÷ 3)" in page.inner_text("#tf-solution-list")

    play = page.locator(".tf-play")
    play.click()
    page.wait_for_selector(IDLE, state="attached")
    for _ in range(3):
        play.click()
        page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["24"]


def test_typed_answers_are_checked(page):
    _deal(page)
    page.fill("#tf-expression", "3+3+8+8")
    page.click("#tf-answer button[type=submit]")
    page.wait_for_selector("#tf-answer-result.tf-bad")
    assert "22" in page.inner_text("#tf-answer-result")
    page.fill("#tf-expression", "8/(3-8/3")
    page.click("#tf-answer button[type=submit]")
    page.wait_for_function("() => document.getElementById('tf-answer-result').textContent.includes('never closed')")
    page.fill("#tf-expression", "8/(3-8/3)")
    page.click("#tf-answer button[type=submit]")
    page.wait_for_selector("#tf-answer-result.tf-ok")
    assert "Right" in page.inner_text("#tf-answer-result")


def test_keyboard_play(page):
    _deal(page, "1 2 3 4")
    page.locator("body").click(position={"x": 5, "y": 300})
    # (1 + 2 + 3) × 4: keys pick cards by position, operators by their symbols
    order = _values(page)
    assert order == ["1", "2", "3", "4"]
    page.keyboard.press("1")
    page.keyboard.press("+")
    page.keyboard.press("2")
    page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["3", "4", "3"]
    page.keyboard.press("1")
    page.keyboard.press("+")
    page.keyboard.press("3")
    page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["4", "6"]
    page.keyboard.press("Backspace")
    page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["3", "4", "3"]
    page.keyboard.press("1")
    page.keyboard.press("+")
    page.keyboard.press("3")
    page.wait_for_selector(IDLE, state="attached")
    page.keyboard.press("1")
    page.keyboard.press("*")
    page.keyboard.press("2")
    page.wait_for_selector(IDLE, state="attached")
    assert _values(page) == ["24"]
    page.keyboard.press("h")
    assert page.locator("#tf-ladder li").count() == 1


def test_deal_button_and_the_link_back(page):
    page.goto("/web/twentyfour.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.select_option("#tf-difficulty", "easy")
    page.click("#tf-deal button[type=submit]")
    page.wait_for_selector("#tf-board .tf-item >> nth=3")
    page.wait_for_selector(IDLE, state="attached")
    page.click("#tf-hint")
    assert "Yes" in page.inner_text("#tf-ladder")
    assert page.locator("a[href='/']").count() >= 1
    page.screenshot(path="/tmp/twentyfour_page.png", full_page=True)


def test_a_bad_card_shows_the_problem(page):
    page.goto("/web/twentyfour.html")
    page.wait_for_selector("body[data-ready=true]", state="attached")
    page.fill("#tf-cards", "3 3 8 ZZ")
    page.click("#tf-enter button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    assert "ZZ" in page.inner_text("#message")
