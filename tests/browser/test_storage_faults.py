"""Storage faults in Chromium: the game goes on, says so, and can be exported; nothing
stored is lost (docs/saves-and-links.md, "Storage faults").

* Disabled storage (a private window: reading ``window.localStorage`` throws): a notice
  from the start, a "Not saved" button in the bar, the game plays and exports.
* Full storage (localStorage filled until ``QuotaExceededError``): the move is played,
  the notice offers the export, the stored record is left as it was; once there is room
  again the next move saves and the notice goes.
* Throwing storage (``Storage.prototype.setItem`` throws another error): the same.
* Storage cleared while the game is open: the next move saves the game again, says so,
  and a reload reopens it.
* A save refused (the game's record was overwritten by a newer version of the app in
  another tab): the player is told, the record is kept byte for byte and can be
  exported as it is from the saves screen, and the game can be saved as a new one.
* The saves screen shows the storage (``navigator.storage.estimate()``, ``persisted()``)
  and asks the browser to keep it (``persist()``), which the first save also does.

Moves are made by clicking; the page is read with ``evaluate``.
"""

from __future__ import annotations

import json

import pytest
from test_app_flows import NEXT_CLICK, SAVES, menu, new_game
from ui import click, open_app

pytestmark = pytest.mark.browser

#: Reading window.localStorage throws, as in a private window that refuses storage.
NO_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});
"""

#: Storage.prototype.setItem throws (another error than a full quota) while
#: window.__storageThrows is set.
THROWING = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__storageThrows) throw new Error("the disk is on fire");
  return setItem.call(this, key, value);
};
"""

#: navigator.storage as a browser that does not keep the storage until asked.
STORAGE_API = """
window.__persistCalls = 0;
let persisted = false;
const storage = {
  estimate: async () => ({usage: 1234567, quota: 9876543210}),
  persisted: async () => persisted,
  persist: async () => { window.__persistCalls += 1; persisted = true; return true; },
};
Object.defineProperty(Navigator.prototype, "storage", {configurable: true, get: () => storage});
"""

FILL = """() => {
  // Fill localStorage until the browser refuses (QuotaExceededError); how much it took.
  const chunk = "x".repeat(256 * 1024);
  let n = 0;
  for (;;) {
    try { localStorage.setItem("filler." + n, chunk); n += 1; }
    catch (e) {
      if (e.name !== "QuotaExceededError") throw e;
      for (let size = chunk.length >> 1; size >= 16; size >>= 1) {
        try { localStorage.setItem("filler." + n, chunk.slice(0, size)); n += 1; }
        catch (e2) { /* smaller */ }
      }
      return n;
    }
  }
}"""

UNFILL = """() => { for (const k of Object.keys(localStorage))
  if (k.startsWith("filler.")) localStorage.removeItem(k); }"""


def log_count(page) -> int:
    return page.locator(".shell-log-list li").count()


def play_a_move(page) -> None:
    """Click on (the pass screen's button, a tile, a cell, confirm...) until one more
    move is in the log."""
    before = log_count(page)
    for _ in range(20):
        selector = page.evaluate(NEXT_CLICK)
        assert selector is not None, "no legal target to click"
        click(page, selector)
        if page.locator(".shell-log-list").count() and log_count(page) > before:
            return
    raise AssertionError("no move was played")


def stored(page) -> dict[str, str]:
    return page.evaluate(SAVES)


def current_record(page) -> dict:
    saves = stored(page)
    return json.loads(saves["tablero.save." + saves["tablero.current"]])


def moves_in(record: dict) -> int:
    return len(record["state"]["history"])


def notice(page) -> str:
    return page.get_attribute(".shell-notice", "data-notice") or ""


def export(page, selector: str, tmp_path) -> dict:
    """Click ``selector`` and read the file it downloads."""
    with page.expect_download() as info:
        page.locator(selector).first.click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_disabled_storage_plays_on_and_exports(new_page, site_server, tmp_path):
    page = new_page(viewport={"width": 1000, "height": 900})
    page.add_init_script(NO_STORAGE)
    page.goto(site_server.url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    assert notice(page) == "app.error.storage-off"
    assert "private window" in page.inner_text(".shell-notice")
    new_game(page)
    play_a_move(page)
    play_a_move(page)
    assert page.locator(".shell-bar .shell-unsaved").is_visible()
    assert notice(page) == "app.error.storage-off"  # no successful save hides it
    record = export(page, ".shell-notice [data-act='app.export']", tmp_path)
    assert record["kind"] == "tablero-save" and moves_in(record) == log_count(page) == 2
    click(page, "[data-act='app.dismiss']")
    play_a_move(page)  # the game goes on
    again = export(page, ".shell-bar .shell-unsaved", tmp_path)
    assert moves_in(again) == 3
    # The saves screen says where the games are.
    menu(page, "app.saves")
    assert "until the page is closed" in page.inner_text(".shell-storage")


def test_full_storage_keeps_the_game_and_the_stored_saves(new_page, site_server, tmp_path):
    page = open_app(new_page, site_server)
    new_game(page)
    play_a_move(page)
    before = stored(page)
    assert moves_in(current_record(page)) == 1
    chunks = page.evaluate(FILL)
    assert chunks > 0
    play_a_move(page)
    assert notice(page) == "app.error.storage-full"
    assert page.locator(".shell-bar .shell-unsaved").is_visible()
    after = {k: v for k, v in stored(page).items() if not k.startswith("filler.")}
    assert after == before  # the stored record is the last one that fitted: nothing lost
    record = export(page, ".shell-notice [data-act='app.export']", tmp_path)
    assert moves_in(record) == 2
    play_a_move(page)  # still playing, still full
    assert notice(page) == "app.error.storage-full"
    # Room again: the next move is saved and the warning goes.
    page.evaluate(UNFILL)
    play_a_move(page)
    assert page.locator(".shell-notice").count() == 0
    assert page.locator(".shell-bar .shell-unsaved").count() == 0
    assert moves_in(current_record(page)) == 4


def test_throwing_storage_keeps_the_game(new_page, site_server, tmp_path):
    page = new_page(viewport={"width": 1000, "height": 900})
    page.add_init_script(THROWING)
    page.goto(site_server.url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    new_game(page)
    play_a_move(page)
    before = stored(page)
    page.evaluate("() => { window.__storageThrows = true; }")
    play_a_move(page)
    assert notice(page) == "app.error.save-failed"
    assert "the disk is on fire" in page.inner_text(".shell-notice")
    assert stored(page) == before
    assert moves_in(export(page, ".shell-notice [data-act='app.export']", tmp_path)) == 2
    page.evaluate("() => { window.__storageThrows = false; }")
    play_a_move(page)
    assert page.locator(".shell-notice").count() == 0
    assert moves_in(current_record(page)) == 3


def test_storage_cleared_mid_game_saves_the_game_again(new_page, site_server):
    page = open_app(new_page, site_server)
    new_game(page)
    play_a_move(page)
    assert stored(page)
    page.evaluate("() => localStorage.clear()")  # as "clear site data" would
    play_a_move(page)
    assert notice(page) == "app.error.storage-cleared"
    assert moves_in(current_record(page)) == 2  # saved again, and to be reopened
    log = page.inner_text(".shell-log-list")
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    click(page, "[data-act='app.reveal']")
    assert page.inner_text(".shell-log-list") == log


def test_a_refused_save_keeps_the_record_and_offers_export_and_a_copy(
    new_page, site_server, tmp_path
):
    page = open_app(new_page, site_server)
    new_game(page)
    play_a_move(page)
    saves = stored(page)
    key = "tablero.save." + saves["tablero.current"]
    # Another tab, running a newer version of the app, saved this game in its format.
    newer = json.loads(saves[key])
    newer["format"] = 99
    newer_text = json.dumps(newer)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, newer_text])
    play_a_move(page)
    assert notice(page) == "app.error.save-refused"
    assert page.evaluate("k => localStorage.getItem(k)", key) == newer_text
    assert moves_in(export(page, ".shell-notice [data-act='app.export']", tmp_path)) == 2
    # Saved as a new game: a new record, reopened next time; the newer one untouched.
    click(page, ".shell-notice [data-act='app.save-copy']")
    assert page.locator(".shell-notice").count() == 0
    saves = stored(page)
    assert "tablero.save." + saves["tablero.current"] != key
    assert moves_in(current_record(page)) == 2
    assert saves[key] == newer_text
    play_a_move(page)
    assert moves_in(current_record(page)) == 3
    # The saves screen lists the newer record as a problem, exported exactly as stored.
    menu(page, "app.saves")
    assert page.locator(".shell-problem").count() == 1
    with page.expect_download() as info:
        page.locator(".shell-problem [data-act='app.export-problem']").click()
    path = tmp_path / "problem.json"
    info.value.save_as(path)
    assert path.read_text(encoding="utf-8") == newer_text
    assert stored(page)[key] == newer_text


def test_the_saves_screen_shows_the_storage_and_asks_to_keep_it(new_page, site_server):
    page = new_page(viewport={"width": 1000, "height": 900})
    page.add_init_script(STORAGE_API)
    page.goto(site_server.url)
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    new_game(page)
    play_a_move(page)
    # The first save of a game asked the browser to keep the storage (once).
    page.wait_for_function("() => window.__persistCalls === 1")
    page.evaluate("() => { window.__persistCalls = 0; }")
    # A browser that has not granted it yet: the reload forgets the stub's answer.
    page.reload()
    page.wait_for_function("() => document.body && document.body.dataset.ready === '1'")
    menu(page, "app.saves")
    page.wait_for_selector(".shell-storage [data-act='app.persist']")
    text = page.inner_text(".shell-storage")
    assert "1.2 MB used of 9.9 GB" in text, text
    assert "Saved games take about" in text and "may clear" in text
    click(page, ".shell-storage [data-act='app.persist']")
    page.wait_for_selector(".shell-storage-kept")
    assert page.evaluate("() => window.__persistCalls") == 1
    assert page.locator(".shell-storage [data-act='app.persist']").count() == 0
