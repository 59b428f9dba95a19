"""Steps shared by the browser tests: start a Whist match, play a card, read the page's state."""

from __future__ import annotations

PLAYABLE = "#table .hand button.card:not([disabled])"


def start_whist(page, seed: int = 7) -> None:
    """From the lobby, start Whist with you at seat 1 and three heuristic bots."""
    page.goto("/")
    page.wait_for_selector("#game-choice option[value=whist]", state="attached")
    page.select_option("#game-choice", "whist")
    page.fill("#seed", str(seed))
    page.click("form.lobby button[type=submit]")
    wait_for_turn(page)


def wait_for_turn(page) -> None:
    """Wait until it is the human's turn or the match is over."""
    page.wait_for_selector("#game[data-turn=you], #game[data-turn=over]", state="attached")


def version(page) -> int:
    """The session version the page shows."""
    return int(page.get_attribute("#game", "data-version"))


def hand(page) -> list[str]:
    """Card codes of the human's hand, in order."""
    return page.eval_on_selector_all("#table .hand .card", "cards => cards.map(c => c.dataset.card)")


def play_first_card(page) -> str:
    """Click the first playable card; wait for the bots' replies to be drawn; return the card."""
    before = version(page)
    card = page.locator(PLAYABLE).first
    code = card.get_attribute("data-card")
    card.click()
    page.wait_for_function("v => Number(document.getElementById('game').dataset.version) > v", arg=before)
    wait_for_turn(page)
    return code
