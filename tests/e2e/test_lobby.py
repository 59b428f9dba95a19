"""The lobby lists the registry's games with their seats and options, and the nav bar."""

import pytest

pytestmark = pytest.mark.e2e


def test_lobby_lists_whist_with_its_options(page):
    page.goto("/")
    page.wait_for_selector("#game-choice option[value=whist]", state="attached")
    assert "Whist" in page.inner_text("#game-choice")
    page.select_option("#game-choice", "whist")
    assert "partnerships" in page.inner_text("#game-summary")

    seats = page.locator("select.seat-choice")
    assert seats.count() == 4
    assert seats.nth(0).input_value() == "human"
    assert [seats.nth(i).input_value() for i in range(1, 4)] == ["heuristic"] * 3
    assert seats.nth(1).locator("option").all_inner_texts() == ["human (you)", "heuristic bot", "pimc bot", "random bot", "search bot"]

    assert page.locator("#opt-target option").all_inner_texts() == ["5", "7", "9"]
    assert page.locator("#opt-honours option").all_inner_texts() == ["auto", "on", "off"]
    assert page.get_attribute("#opt-rubber", "type") == "checkbox"
    assert "best of three" in page.inner_text("#opt-rubber-help")


def test_nav_bar_links_the_other_pages_and_the_api_docs(page):
    page.goto("/")
    hrefs = page.eval_on_selector_all("nav a", "links => links.map(a => a.getAttribute('href'))")
    for href in ("/web/position.html", "/web/twentyfour.html", "/web/patience.html", "/web/doubledummy.html",
                 "/api/v1/docs"):
        assert href in hrefs
    assert page.get_attribute('nav a[aria-current="page"]', "href") == "/"
    page.goto("/web/patience.html")
    assert page.eval_on_selector_all("nav a", "links => links.map(a => a.getAttribute('href'))") == hrefs
    assert page.get_attribute('nav a[aria-current="page"]', "href") == "/web/patience.html"


def test_options_chosen_in_the_form_reach_the_session(page):
    page.goto("/")
    page.wait_for_selector("#game-choice option[value=whist]", state="attached")
    page.select_option("#game-choice", "whist")
    page.select_option("#opt-target", label="7")
    page.check("#opt-rubber")
    page.select_option("#seat-3", "random")
    page.fill("#seed", "11")
    with page.expect_response(lambda r: r.url.endswith("/api/v1/sessions") and r.request.method == "POST") as created:
        page.click("form.lobby button[type=submit]")
    body = created.value.request.post_data_json
    assert body["game"] == "whist"
    assert body["seats"] == ["human", "heuristic", "heuristic", "random"]
    assert body["seed"] == 11
    assert body["options"]["target"] == 7 and body["options"]["rubber"] is True
    page.wait_for_selector("#game[data-turn]", state="attached")
    assert "Target" in page.inner_text("#facts") and "7" in page.inner_text("#facts dd[data-key=target]")


def test_a_match_without_a_human_seat_is_refused_in_the_page(page):
    page.goto("/")
    page.wait_for_selector("#seat-0")
    page.select_option("#seat-0", "random")
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    assert "at least one seat" in page.inner_text("#message")
    assert page.is_hidden("#game")


def test_a_real_time_game_set_to_take_turns_asks_for_no_clock(page):
    page.goto("/")
    page.wait_for_selector("#game-choice option[value=james-bond]", state="attached")
    page.select_option("#game-choice", "james-bond")
    assert page.is_visible("#realtime-choices")
    page.select_option("#opt-mode", label="turns")
    with page.expect_response(lambda r: r.url.endswith("/api/v1/sessions") and r.request.method == "POST") as created:
        page.click("form.lobby button[type=submit]")
    assert "clock" not in created.value.request.post_data_json
    assert created.value.status == 201
