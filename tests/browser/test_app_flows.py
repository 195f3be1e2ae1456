"""The app shell in Chromium, played like a person plays it: by clicking the page.

Nothing here applies a move any other way: each step finds a highlighted legal target
(or a button) on the page and clicks it, then waits for the app to render again
(``#app[data-render]`` counts renders).  Test set-up may write localStorage directly
(a corrupt entry), never a move.
"""

from __future__ import annotations

import json
import time

import pytest
from conftest import wait_ready
from ui import NEXT_CLICK, click, open_app, renders, wait_rendered

pytestmark = pytest.mark.browser

SAVES = """() => Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith('tablero.')).map((k) => [k, localStorage.getItem(k)]))"""


def menu(page, act: str) -> None:
    """Open the menu and choose ``act``."""
    page.locator("details.shell-menu > summary").click()
    click(page, f'.shell-menu-items [data-act="{act}"]')


def new_game(page, seed: str = "5", names=("Ana", "Ben")) -> None:
    if page.locator('[data-act="app.new"][data-game="arribada"]').count():
        click(page, '[data-act="app.new"][data-game="arribada"]')
    else:
        menu(page, "app.new")
    for i, name in enumerate(names):
        page.fill(f'input[name="name-{i}"]', name)
    page.fill('input[name="seed"]', seed)
    click(page, 'form[data-act="app.start"] button[type="submit"]')


def place_a_tile(page) -> None:
    """Pick a rack tile, a highlighted cell, confirm."""
    if page.locator('[data-act="app.reveal"]').count():
        click(page, '[data-act="app.reveal"]')
    click(page, '[data-act="pick-value"]')
    click(page, '[data-act="cell"]')
    click(page, '[data-act="confirm-move"]')


def finish_turn(page) -> None:
    """Click on until the pass-the-device screen comes (the other player's turn)."""
    for _ in range(20):
        if page.locator('[data-act="app.reveal"]').count():
            return
        selector = page.evaluate(NEXT_CLICK)
        assert selector is not None, "no legal target to click"
        click(page, selector)
    raise AssertionError("the turn did not end")


def table_html(page) -> str:
    return page.inner_html("#app .shell-table")


# --- persistence ---------------------------------------------------------------------------


def test_reload_resumes_the_game(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page)
    place_a_tile(page)
    table = table_html(page)
    log = page.inner_text(".shell-log-list")
    page.reload()
    wait_ready(page)
    # A hot-seat game reopens behind the pass screen, then shows the same table.
    assert page.locator(".arr-rack").count() == 0
    click(page, '[data-act="app.reveal"]')
    assert table_html(page) == table
    assert page.inner_text(".shell-log-list") == log


# --- privacy -----------------------------------------------------------------------------


def test_pass_screen_hides_the_rack(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page, seed="11")
    assert page.locator(".shell-pass").is_visible()
    assert page.locator(".arr-rack, [data-rack-value], .arr-board-wrap, .shell-log").count() == 0
    first = page.inner_text(".shell-pass h1")
    click(page, '[data-act="app.reveal"]')
    assert page.locator(".arr-rack").count() == 1
    # This turn's tile is placed from the keyboard: Enter on the rack tile, the board
    # cell (an SVG target) and the confirm button.
    for selector in ('[data-act="pick-value"]', '[data-act="cell"]', '[data-act="confirm-move"]'):
        before = renders(page)
        page.locator(selector).first.focus()
        page.keyboard.press("Enter")
        wait_rendered(page, before)
    assert page.locator(".shell-log-list li").count() == 1
    finish_turn(page)
    html = page.inner_html("#app")
    assert page.inner_text(".shell-pass h1") != first
    assert "arr-rack" not in html and "data-rack-value" not in html
    click(page, '[data-act="app.reveal"]')
    assert page.locator(".arr-rack").count() == 1


# --- a whole game ------------------------------------------------------------------------


def test_a_full_two_player_game_to_the_end(new_page, site_server):
    page = open_app(new_page, site_server, viewport={"width": 1000, "height": 900})
    new_game(page, seed="42")
    start, clicks = time.perf_counter(), 0
    while page.locator(".shell-end").count() == 0:
        selector = page.evaluate(NEXT_CLICK)
        assert selector is not None, f"stuck after {clicks} clicks"
        click(page, selector)
        clicks += 1
        assert clicks < 1500, "the game does not end"
    elapsed = time.perf_counter() - start
    print(f"\na full 2-player game: {clicks} clicks in {elapsed:.1f} s")
    end = page.locator(".shell-end")
    assert end.locator(".arr-winner").count() == 1
    assert end.locator("table").count() >= 1  # the scoring breakdown
    assert end.locator("svg.arr-chart, .arr-chart svg, svg .arr-chart-axis").count() >= 1
    assert page.locator('[data-act="app.undo"]').count() == 0
    # The replay steps through the finished game.
    click(page, '[data-act="app.replay"]')
    assert page.locator(".shell-replay").count() == 1
    click(page, '[data-act="app.replay-step"][data-step="0"]')
    assert page.inner_text(".shell-replay-pos").startswith("Move 0 ")
    click(page, '[data-act="app.replay-step"][data-delta="1"]')
    assert page.inner_text(".shell-replay-pos").startswith("Move 1 ")
    click(page, '[data-act="app.replay-close"]')
    assert page.locator(".shell-end").count() == 1


# --- links ---------------------------------------------------------------------------------


def shared_link(page) -> str:
    menu(page, "app.share")
    field = page.locator(".shell-share input.shell-link")
    page.wait_for_function(
        "() => !document.querySelector('.shell-share-status').textContent.includes('…')"
    )
    return field.input_value()


def test_copy_link_opens_the_same_position_in_a_fresh_browser(new_page, site_server):
    page = open_app(new_page, site_server, permissions=["clipboard-read", "clipboard-write"])
    new_game(page, seed="77")
    place_a_tile(page)
    link = shared_link(page)
    assert "#tb1." in link
    assert page.evaluate("location.hash") == "#" + link.split("#", 1)[1]
    assert "every player's rack of tiles" in page.inner_text(".shell-share")
    table = table_html(page)
    scores = page.inner_text(".tb-top")

    other = new_page()  # a fresh context: no saves, no service worker
    other.goto(link)
    wait_ready(other)
    assert other.evaluate("location.hash") == ""  # the link is consumed
    click(other, '[data-act="app.reveal"]')
    assert table_html(other) == table
    assert other.inner_text(".tb-top") == scores
    saves = other.evaluate(SAVES)
    assert len([k for k in saves if k.startswith("tablero.save.")]) == 1


def test_a_tampered_link_says_so_and_loses_nothing(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page, seed="8")
    place_a_tile(page)
    link = shared_link(page)
    click(page, '[data-act="app.share-close"]')
    before = page.evaluate(SAVES)
    base, fragment = link.split("#", 1)
    k = len(fragment) // 2
    tampered = fragment[:k] + ("A" if fragment[k] != "A" else "B") + fragment[k + 1 :]
    page.goto("about:blank")
    page.goto(base + "#" + tampered)
    wait_ready(page)
    notice = page.locator(".shell-notice")
    assert "could not be opened" in notice.inner_text()
    assert "damaged" in notice.inner_text()
    assert page.locator(".shell-game").count() >= 1  # the start screen
    assert page.evaluate(SAVES) == before
    click(page, '[data-act="app.game"]')  # the game on screen before is still there
    assert page.locator(".shell-pass, .shell-table").count() >= 1


def test_a_corrupt_save_is_reported_and_kept(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page, seed="9")
    place_a_tile(page)
    page.evaluate(
        "() => { localStorage.setItem('tablero.save.broken', '{\"kind\": \"tablero-save\"');"
        " localStorage.setItem('tablero.save.future',"
        " JSON.stringify({format: 99, kind: 'tablero-save'})); }"
    )
    before = page.evaluate(SAVES)
    page.reload()
    wait_ready(page)
    menu(page, "app.saves")
    problems = page.locator(".shell-problems")
    assert "cannot be read: 2" in problems.inner_text()
    assert "newer version" in problems.inner_text()
    assert page.locator(".shell-save").count() == 1
    after = page.evaluate(SAVES)
    assert after == before
    assert json.loads(after["tablero.save.future"])["format"] == 99
    click(page, '.shell-save [data-act="app.resume"]')
    assert page.locator(".shell-pass, .shell-table").count() >= 1


# --- files and a full storage ----------------------------------------------------------------


def test_export_and_import_a_game_file(new_page, site_server, tmp_path):
    page = open_app(new_page, site_server, accept_downloads=True)
    new_game(page, seed="21")
    place_a_tile(page)
    table = table_html(page)
    with page.expect_download() as info:
        menu(page, "app.export")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8"))["kind"] == "tablero-save"
    before = renders(page)
    page.set_input_files('.shell-menu-items input[type="file"]', str(path))
    wait_rendered(page, before)
    assert "Imported" in page.inner_text(".shell-toast")
    saves = page.evaluate(SAVES)
    assert len([k for k in saves if k.startswith("tablero.save.")]) == 2
    click(page, '[data-act="app.reveal"]')
    assert table_html(page) == table


FILL_STORAGE = """() => {
  let i = 0;
  for (const size of [1 << 20, 1 << 14, 1 << 10, 64, 1]) {
    const chunk = 'x'.repeat(size);
    try { for (;;) localStorage.setItem('junk.' + i++, chunk); } catch (e) {}
  }
  return i;
}"""

CLEAR_JUNK = """() => Object.keys(localStorage).filter((k) => k.startsWith('junk.'))
  .forEach((k) => localStorage.removeItem(k))"""


def test_a_full_storage_keeps_the_game_going_with_a_message(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page, seed="31")
    saved = page.evaluate(SAVES)
    page.evaluate(FILL_STORAGE)
    place_a_tile(page)
    assert "storage is full" in page.inner_text(".shell-notice")
    assert page.locator(".shell-log-list li").count() == 1  # the move was played
    assert page.evaluate(SAVES) == saved  # the save still holds the game before it
    page.evaluate(CLEAR_JUNK)
    finish_turn(page)
    assert page.locator(".shell-notice").count() == 0
    after = page.evaluate(SAVES)
    game = json.loads(next(v for k, v in after.items() if k.startswith("tablero.save.")))
    assert len(game["state"]["history"]) >= 2
