"""Every game of the trick-taking, fishing, shedding, draw-and-discard, poker and other
families in the browser: a whole
hand played by clicking, against bots.

Each game starts from the lobby with you at seat 1 and random bots elsewhere; the test
clicks the first action button (a bid, a trump, a contract, a double, or the choice a
clicked card opened) or else your first playable card, until the score sheet shows the hand."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import version, wait_for_turn

pytestmark = pytest.mark.e2e

# Whist's own browser tests are in test_play_whist.py
FISHING_AND_SHEDDING = ["xeri", "diloti", "kontsina", "paskahousu", "durak", "mao"]
OTHERS = ["polish-polka", "east-west", "red7", "empat-satu", "teen-patti", "pishe-pasha", "japanese-51", "beggar-my-neighbor", "sam-sip", "chor-voli", "seven-rummy", "james-bond", "old-maid", "carioca", "trash"]
FAMILY = OTHERS + FISHING_AND_SHEDDING + ["teka", "whist-22", "napoleon", "kop", "sedma", "troefcall", "tetka", "king", "trex", "manille", "bura", "matapesa", "agram"]
CARD = "#table button.card:not([disabled])"
BUTTON = "#actions button:not([disabled])"
MOST_CLICKS = 600
# lobby options that keep a hand short enough to click through (James Bond between a clicking
# player and a random one runs to its turn limit)
LOBBY_OPTIONS = {"james-bond": {"turn_limit": "40"}}


def start(page, game: str, seed: int) -> None:
    """From the lobby: ``game`` with you at seat 1 and random bots at the other seats."""
    page.goto("/")
    page.wait_for_selector(f"#game-choice option[value='{game}']", state="attached")
    page.select_option("#game-choice", game)
    page.fill("#seed", str(seed))
    for name, value in LOBBY_OPTIONS.get(game, {}).items():
        page.fill(f"#opt-{name}", value)
    for select in page.locator("select.seat-choice").all()[1:]:
        select.select_option("random")
    page.click("form.lobby button[type=submit]")
    wait_for_turn(page)


def rows(page) -> int:
    return page.locator("table.sheet tbody tr").count()


@pytest.mark.parametrize("game", FAMILY)
def test_a_whole_hand_by_clicking(page, game):
    start(page, game, seed=3)
    clicks = 0
    while rows(page) == 0 and page.get_attribute("#game", "data-turn") != "over":
        assert clicks < MOST_CLICKS, "the hand ends"
        before = version(page)
        # an action button first: a bid, a trump, or the choice a clicked card opened
        buttons = page.locator(BUTTON)
        # the last card: in a long, overlapped hand it is the one drawn whole
        (buttons.first if buttons.count() else page.locator(CARD).last).click()
        clicks += 1
        try:   # a card that several actions name opens a choice instead of acting
            page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v",
                                   arg=before, timeout=3000)
        except Exception:  # noqa: BLE001 - the choice buttons are clicked next
            continue
        wait_for_turn(page)
    assert rows(page) >= 1, "the score sheet shows the finished hand"
    assert page.locator("#log li").count() > 0


def test_five_seats_show_five_cards_in_the_trick(page):
    # with five players two seats sit at the top: both their cards stay visible
    start(page, "napoleon", seed=3)
    for _ in range(40):
        plays = page.locator("#table .trick-area figure.played")
        if plays.count() == 5:
            break
        before = version(page)
        buttons = page.locator(BUTTON)
        (buttons if buttons.count() else page.locator(CARD)).first.click()
        page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=before)
        wait_for_turn(page)
    figures = page.locator("#table .trick-area figure.played")
    assert figures.count() == 5
    boxes = [figures.nth(i).bounding_box() for i in range(5)]
    for i in range(5):
        for j in range(i + 1, 5):
            a, b = boxes[i], boxes[j]
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or \
                a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
            assert apart, "no played card hides another"
