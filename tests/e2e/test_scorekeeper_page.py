"""The score keeper page in Chromium: players, a Tëtka table, a wrong hand caught by the
checksum and corrected, standings low first, a recorded pick, a timer, the CSV."""

import secrets

import pytest

pytestmark = pytest.mark.e2e


def test_a_real_table_keeps_its_tetka_sheet(page):
    tag = secrets.token_hex(3)
    names = [f"{n}-{tag}" for n in ("Anna", "Ben", "Cleo", "Dan")]
    page.goto("/web/scorekeeper.html")
    for name in names:
        page.fill("#player-name", name)
        page.click("#add-player button[type=submit]")
        page.wait_for_selector(f"#players >> text={name}")

    page.fill("#table-name", f"Friday {tag}")
    page.select_option("#table-game", "tetka")
    for name in names:   # clicked in turn order
        page.locator("#table-players label", has_text=name).locator("input").check()
    assert page.inner_text("#seat-order") == f"Turn order: {', '.join(names)}"
    page.click("#add-table button[type=submit]")
    page.wait_for_selector("#sheet-panel:not([hidden])")
    assert page.locator("#sheet thead th").all_inner_texts()[1:5] == names
    assert "lowest total wins" in page.inner_text("#sheet-direction")

    for seat, points in enumerate((4, 2, 2, 2)):
        page.fill(f"#score-{seat}", str(points))
    page.fill("#entry-by", "Anna")
    page.click("#entry button[type=submit]")
    page.wait_for_selector("#warnings .warning.checksum")
    assert "exactly 9" in page.inner_text("#warnings")

    page.click("text=correct #1")
    page.fill("#fix-0", "3")
    page.fill("#correction-reason", "one queen less")
    page.click("#correction button[type=submit]")
    page.wait_for_selector("#warnings .warning", state="detached")
    totals = page.locator("#sheet tfoot tr.totals td").all_inner_texts()[:4]
    assert totals == ["3", "2", "2", "2"]
    assert page.locator("#standings li").first.inner_text().startswith("1. ")
    assert names[0] in page.locator("#standings li").last.inner_text(), "the highest total is last in Tëtka"
    history = page.inner_text("#history")
    assert "corrected #1: one queen less" in history and "Anna" in history

    page.click("#pick-dealer")
    page.wait_for_selector("#picks li")
    assert "First dealer:" in page.inner_text("#picks")

    page.fill("#timer-seconds", "2")
    page.fill("#timer-label", "answer window")
    page.click("#timer button[type=submit]")
    page.wait_for_selector("#timers li")
    page.wait_for_selector("#timers li.timer.done", timeout=8000)
    assert "answer window: 0 s left" in page.inner_text("#timers")

    href = page.get_attribute("#csv", "href")
    csv = page.request.get(href).text().splitlines()
    assert csv[0] == "hand," + ",".join(names)
    assert csv[1] == "1,3,2,2,2" and csv[-1] == "total,3,2,2,2"


def test_a_bad_entry_shows_the_servers_reason_and_changes_nothing(page):
    tag = secrets.token_hex(3)
    page.goto("/web/scorekeeper.html")
    for name in (f"X-{tag}", f"Y-{tag}"):
        page.fill("#player-name", name)
        page.click("#add-player button[type=submit]")
        page.wait_for_selector(f"#players >> text={name}")
    page.fill("#table-name", f"Kop {tag}")
    page.select_option("#table-game", "tetka")
    for name in (f"X-{tag}", f"Y-{tag}"):
        page.locator("#table-players label", has_text=name).locator("input").check()
    page.click("#add-table button[type=submit]")
    page.wait_for_selector("#message.error:not([hidden])")
    assert "tetka is played by 4 players, not 2" in page.inner_text("#message")
