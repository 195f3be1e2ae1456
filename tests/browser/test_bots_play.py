"""Bots in Chromium: a person plays against bots by clicking; the bots run in a web worker.

* Responsiveness: while ``hard`` thinks (the thinking indicator is up), the person opens
  the menu and the rules and goes back to the table, each answered while the bot still
  thinks; then the bot's move appears in the log and on the board.
* Browser speed (a ``hard`` move in at most 2 s) and the page's latency while hard thinks
  (each of those three inputs answered within 300 ms) are measured by
  bench/bench_bots_browser.py, not in the suite (timed tests: on a loaded machine a
  bound in milliseconds fails for reasons that are not the app's).
* A mixed game (a person and ``medium``) reloaded in the middle resumes, with the bot
  carrying on.

Moves are only ever made by clicking (the person's) or by the bot worker; the log
come from ``window.tableroBots.log`` (``tablero.web.botworker.BotWorker``).
"""

from __future__ import annotations

import pytest
from conftest import wait_ready
from ui import NEXT_CLICK, click, open_app, renders

pytestmark = pytest.mark.browser

BOT_WAIT_MS = 60_000  # the first decision includes the worker's start


def new_bot_game(page, level: str, seed: str) -> None:
    """Ana (a person) against Ben (a bot of ``level``)."""
    if page.locator('[data-act="app.new"][data-game="arribada"]').count():
        click(page, '[data-act="app.new"][data-game="arribada"]')
    else:
        page.locator("details.shell-menu > summary").click()
        click(page, '.shell-menu-items [data-act="app.new"]')
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    page.select_option('select[name="kind-1"]', f"bot:{level}")
    page.fill('input[name="seed"]', seed)
    click(page, 'form[data-act="app.start"] button[type="submit"]')


def log_count(page) -> int:
    return page.locator(".shell-log-list li").count()


def bots_log(page) -> list[dict]:
    return page.evaluate("window.tableroBots ? [...window.tableroBots.log] : []")


def bots_asked(page) -> list[dict]:
    """The bot worker's requests so far (one per bot decision asked)."""
    return [entry for entry in bots_log(page) if entry.get("event") == "asked"]


def thinking(page) -> bool:
    return page.locator(".shell-thinking").count() > 0


def play_human_turn(page) -> None:
    """Click through the person's turn (place, draw back, end) until a bot is to move
    or the game ends.

    A bot asked for a move ends the person's turn even when its move came back before
    this loop looked (a fast ``medium`` turn leaves no thinking banner to see)."""
    asked = len(bots_asked(page))
    for _ in range(30):
        if thinking(page) or page.locator(".shell-end").count():
            return
        if len(bots_asked(page)) > asked:
            return
        selector = page.evaluate(NEXT_CLICK)
        if selector is None:
            return
        click(page, selector)
    raise AssertionError("the person's turn did not end")


def wait_bot_turn_over(page, timeout_ms: int = BOT_WAIT_MS) -> None:
    """Wait until no bot is thinking (the person's turn, or the end)."""
    page.wait_for_function(
        "() => !document.querySelector('.shell-thinking')"
        " && !document.querySelector('.shell-bot-problem')"
        " || document.querySelector('.shell-bot-problem')",
        timeout=timeout_ms,
    )
    assert page.locator(".shell-bot-problem").count() == 0, page.inner_text(".shell-bot-problem")


def test_page_stays_responsive_while_hard_thinks(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "hard", seed="9")  # seed 9: Ana (seat 0) moves first
    assert page.locator(".arr-rack").count() == 1  # one person: no pass-the-device screen
    assert bots_log(page) == []  # no worker before a bot is to move
    play_human_turn(page)
    assert thinking(page)
    banner = page.inner_text(".shell-thinking")
    assert "Ben" in banner and "hard" in banner and "thinking" in banner
    assert page.locator(".shell-thinking [role=progressbar]").count() == 1
    before = log_count(page)
    bens_tiles = page.locator('[data-tile-owner="1"]').count()

    # The person's inputs while the bot thinks: each answered (their latency, input event
    # to DOM change, is timed by bench/bench_bots_browser.py, scenario "responsive").
    page.locator("details.shell-menu > summary").click()
    page.wait_for_selector(".shell-menu-items [data-act='app.rules']", state="visible")
    # A click handled by Python on the main thread: the rules screen, then back.
    assert thinking(page)
    click(page, ".shell-menu-items [data-act='app.rules']")
    assert page.locator(".shell-rules").count() == 1
    click(page, "[data-act='app.back']")
    # The log is on the table and can be read while the bot thinks.
    assert page.locator(".shell-log-list li").count() == before
    still = [e for e in bots_log(page) if e["event"] == "answered"]
    assert thinking(page) or still, "the bot answered before the person could interact"

    wait_bot_turn_over(page)
    assert log_count(page) > before
    assert "Ben" in page.inner_text(".shell-log-list")
    assert page.locator('[data-tile-owner="1"]').count() > bens_tiles  # Ben placed a tile
    answered = [e for e in bots_log(page) if e["event"] == "answered"]
    assert answered and all("move" in e for e in answered)


def test_a_mixed_game_resumes_after_a_reload_with_the_bot_carrying_on(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "medium", seed="9")
    play_human_turn(page)
    wait_bot_turn_over(page)
    moves = log_count(page)
    assert moves > 0
    # Ana's next turn, up to the point where Ben is to move: reload right then.
    play_human_turn(page)
    page.reload()
    wait_ready(page)
    assert page.locator(".arr-rack").count() == 1  # straight back to Ana's table
    wait_bot_turn_over(page)
    after = log_count(page)
    assert after > moves
    # Ana carries on: her turn is playable by clicking.
    assert page.evaluate(NEXT_CLICK) is not None
    before = renders(page)
    play_human_turn(page)
    assert renders(page) != before
