"""Whist against three bots in the browser: a whole hand, hints, resuming and bad input."""

import pytest

from tests.e2e.helpers import PLAYABLE, hand, play_first_card, start_whist, version, wait_for_turn

pytestmark = pytest.mark.e2e


def test_a_whole_hand_by_clicking_cards_fills_a_score_sheet_row(page):
    start_whist(page, seed=7)
    assert len(hand(page)) == 13
    assert page.locator("table.sheet tbody tr").count() == 0
    played = [play_first_card(page) for _ in range(13)]

    assert len(set(played)) == 13
    page.wait_for_selector("table.sheet tbody tr")
    rows = page.locator("table.sheet tbody tr")
    assert rows.count() == 1
    assert rows.first.locator("td").first.inner_text() == "1"
    # the log shows each of the human's plays
    log = page.inner_text("#log")
    assert log.count("(you)") == 13
    # after the hand either the next deal is in the hand or the match is over
    if page.get_attribute("#game", "data-turn") == "over":
        assert "Match over" in page.inner_text("#status")
    else:
        assert len(hand(page)) in (12, 13)


def test_a_hint_highlights_the_suggested_card_and_shows_the_reason(page):
    start_whist(page, seed=21)
    with page.expect_response(lambda r: r.url.endswith("/hint")) as answered:
        page.click("#hint-button")
    hint = answered.value.json()
    page.wait_for_selector("#table .card.hinted")
    highlighted = page.eval_on_selector_all("#table .hand .card.hinted", "cards => cards.map(c => c.dataset.card)")
    assert highlighted == hint["action"]["args"]
    assert page.inner_text("#hint .hint-reason") == hint["reason"]
    assert page.is_visible("#hint")

    # playing the hinted card clears the hint for the next turn
    before = version(page)
    page.click("#table .hand .card.hinted")
    page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=before)
    wait_for_turn(page)
    assert page.locator("#table .card.hinted").count() == 0
    assert page.is_hidden("#hint")


def test_a_reload_resumes_the_same_session(page):
    start_whist(page, seed=5)
    play_first_card(page)
    session_id = page.inner_text("#session-id")
    at = version(page)
    cards = hand(page)
    assert "session=" in page.url and "token=" in page.url
    captions = page.locator(".trick-area figcaption").all_inner_texts()
    assert captions and set(captions) <= {"South", "West", "North", "East"}

    page.reload()
    wait_for_turn(page)
    assert page.inner_text("#session-id") == session_id
    assert version(page) == at
    assert hand(page) == cards

    # the lobby offers the last session too (kept in local storage)
    page.click("#new-game")
    page.click("button.resume")
    wait_for_turn(page)
    assert page.inner_text("#session-id") == session_id


def test_an_illegal_typed_action_shows_the_error_and_changes_nothing(page):
    start_whist(page, seed=9)
    at, cards, log = version(page), hand(page), page.inner_text("#log")
    page.fill("#typed-action", "play ZZ")
    page.press("#typed-action", "Enter")
    page.wait_for_selector("#message:not([hidden])")
    assert "not legal" in page.inner_text("#message")
    assert version(page) == at and hand(page) == cards and page.inner_text("#log") == log

    # a legal typed action goes through and clears the message
    card = page.locator(PLAYABLE).first.get_attribute("data-card")
    page.fill("#typed-action", f"play {card.lower()}")
    page.press("#typed-action", "Enter")
    page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=at)
    assert page.is_hidden("#message")
    assert card not in hand(page)


def test_cards_are_focusable_buttons_played_with_the_keyboard(page):
    start_whist(page, seed=3)
    first = page.locator(PLAYABLE).first
    code = first.get_attribute("data-card")
    label = first.get_attribute("aria-label")
    assert label.startswith("play ") and any(s in label for s in "♠♥♦♣")
    first.focus()
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=before)
    assert code not in hand(page)


def test_card_faces_are_drawn_for_every_notation(page):
    page.goto("/")
    drawn = page.evaluate("""async () => {
        const cards = await import('/web/js/cards.js');
        const codes = ['QS', 'TH', '7D#2', 'X1', 'T21', 'FOOL', 'R7', 'V1'];
        return codes.map(code => {
            const svg = cards.cardFace(code);
            return [code, svg.tagName, cards.cardLabel(code), svg.querySelectorAll('text, path, rect').length];
        });
    }""")
    labels = {code: label for code, _, label, _ in drawn}
    assert labels == {"QS": "Q♠", "TH": "10♥", "7D#2": "7♦ (copy 2)", "X1": "Joker", "T21": "Trump 21",
                      "FOOL": "the Fool", "R7": "Red 7", "V1": "Violet 1"}
    assert all(tag == "svg" and parts > 2 for _, tag, _, parts in drawn)


def test_two_humans_see_each_others_moves_by_polling(page):
    page.goto("/")
    page.wait_for_selector("#game-choice option[value=whist]", state="attached")
    page.select_option("#game-choice", "whist")
    page.select_option("#seat-2", "human")
    page.fill("#seed", "13")
    page.click("form.lobby button[type=submit]")
    page.wait_for_selector("#game[data-turn]", state="attached")
    link = page.get_attribute("#session-info a[target=_blank]", "href")
    assert "token=" in link
    partner = page.context.new_page()
    partner.goto(link)
    partner.wait_for_selector("#game[data-turn]", state="attached")
    assert "North (you)" in partner.inner_text("#table")

    for _ in range(4):
        for _attempt in range(5):
            for _ in range(100):
                # the page to act is the one that shows a playable card (a page's turn marker can
                # still say "you" for a moment while its previous answer is drawn)
                actor = next((p for p in (page, partner) if p.get_attribute("#game", "data-turn") == "you"
                              and p.locator(PLAYABLE).count()), None)
                if actor:
                    break
                page.wait_for_timeout(100)
            assert actor, "neither human was ever to move"
            watcher = partner if actor is page else page
            at = version(actor)
            try:
                # a page that was not yet redrawn may offer a card it can no longer play: look again
                actor.locator(PLAYABLE).first.click(timeout=3000)
                break
            except Exception:  # noqa: BLE001 - the stale page redraws; the loop picks the actor anew
                continue
        # the watcher is not to move, so it polls and draws the new state by itself
        watcher.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=at,
                                  timeout=6000)
    partner.close()
