"""A position typed in from a real table, in the browser: Klondike, Whist and Seven Rummy."""

import pytest

pytestmark = pytest.mark.e2e


def _start(page, game: str) -> None:
    page.goto("/web/position.html")
    page.wait_for_selector(f"#position-game option[value={game}]", state="attached")
    page.select_option("#position-game", game)
    page.click("#position-start")
    page.wait_for_selector("#game[data-step='1']", state="attached")


def _step(page) -> int:
    return int(page.get_attribute("#game", "data-step"))


def _after(page, before: int) -> None:
    page.wait_for_function("s => Number(document.getElementById('game').dataset.step) > s", arg=before)


def _deal(page, zones: dict) -> None:
    for zone, cards in zones.items():
        page.fill(f"input[data-zone='{zone}']", cards)
    before = _step(page)
    page.click("#zones-apply")
    _after(page, before)


def _enter_others_until_my_turn(page, limit: int = 12) -> list[str]:
    entered = []
    for _ in range(limit):
        if page.get_attribute("#game", "data-turn") != "others":
            break
        row = page.locator("#others .other-seat").first
        seat = row.get_attribute("data-seat")
        before = _step(page)
        if page.locator(f"#enter-{seat}").count():
            card = page.locator(f"#card-{seat} option").first.get_attribute("value")
            page.select_option(f"#card-{seat}", card)
            page.click(f"#enter-{seat}")
            entered.append(card)
        else:
            button = row.locator("button.action").first
            entered.append(button.get_attribute("data-action"))
            button.click()
        _after(page, before)
    return entered


def _hint(page) -> str:
    page.click("#hint-button")
    page.wait_for_selector("#hint .hint-move")
    return page.inner_text("#hint")


def test_klondike_face_up_cards_typed_in_give_the_fair_hint(page):
    _start(page, "klondike")
    tops = ["KS", "QH", "9C", "2D", "AH", "7S", "5D"]
    _deal(page, {f"tableau:{n}": card for n, card in enumerate(tops, start=1)})
    shown = page.eval_on_selector_all("#table .card.face", "cards => cards.map(c => c.dataset.card)")
    assert set(tops) <= set(shown)
    assert "Suggested" in _hint(page)
    # a card typed twice is refused with what is wrong, and nothing changes
    before = _step(page)
    page.fill("input[data-zone='tableau:2']", "KS")
    page.click("#zones-apply")
    page.wait_for_selector("#message:not([hidden])")
    assert "two places" in page.inner_text("#message")
    assert _step(page) == before


def test_whist_my_hand_typed_and_the_others_cards_entered(page):
    _start(page, "whist")
    count = int(page.locator("input[data-zone='hand:0']").input_value().count(" ")) + 1
    hand = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"][:count]
    _deal(page, {"hand:0": " ".join(hand)})
    mine = page.eval_on_selector_all("#table .hand .card", "cards => cards.map(c => c.dataset.card)")
    assert sorted(mine) == sorted(hand)
    # a click on the picker takes a card out of the hand being typed and puts another in
    page.click("input[data-zone='hand:0']")
    page.click(f"#cards-panel .pick[data-pick='{hand[-1]}']")
    assert hand[-1] not in page.input_value("input[data-zone='hand:0']").split()
    page.click("#cards-panel .pick[data-pick='AH']")
    assert page.input_value("input[data-zone='hand:0']").split()[-1] == "AH"
    assert page.get_attribute("#cards-panel .pick[data-pick='AH']", "aria-pressed") == "true"
    page.fill("input[data-zone='hand:0']", " ".join(hand))
    entered = _enter_others_until_my_turn(page)
    assert page.get_attribute("#game", "data-turn") == "you"
    assert "Suggested" in _hint(page)
    # my card, then the others' cards are entered again
    before = _step(page)
    page.locator("#table .hand button.card:not([disabled])").first.click()
    _after(page, before)
    assert "(you)" in page.inner_text("#table") and page.locator("#entered li").count() == len(entered) + 2


def test_seven_rummy_my_hand_typed_and_the_others_draws_entered(page):
    _start(page, "seven-rummy")
    count = int(page.locator("input[data-zone='hand:0']").input_value().count(" ")) + 1
    hand = ["7H", "7D", "7C", "8S", "9S", "TS", "2C", "3D", "KH", "QD"][:count]
    _deal(page, {"hand:0": " ".join(hand)})
    _enter_others_until_my_turn(page, limit=30)
    assert page.get_attribute("#game", "data-turn") == "you"
    assert "Suggested" in _hint(page)
