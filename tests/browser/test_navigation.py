"""Moving around the app like an app: the browser's Back and Forward between the app's
screens (one history entry per screen), the rules over the table, a share link after
all that, the log drawer on a phone, and the "Install app" entry (the browser's prompt,
and the how-to of iOS Safari).

Headless Chromium never offers to install a page, so the tests dispatch the event the
browser would (``beforeinstallprompt``, with its ``prompt()`` and ``userChoice``), and
``appinstalled``; iOS is a context with an iPhone's Safari user agent.
"""

from __future__ import annotations

import re

import pytest
from keys import active, new_bot_game, press, wait_my_turn
from ui import click, open_app, wait_rendered

#: page_load: Back from the app's first entry leaves the page, and the install offer's
#: state (static/boot/install.js) is the page's: these tests load it for real.
pytestmark = [pytest.mark.browser, pytest.mark.page_load]

PHONE = {"width": 390, "height": 844}
IPHONE_UA = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
)

#: The position on the table: the board's tiles, the rack, the log, the chosen move.
POSITION = """() => ({
  tiles: [...document.querySelectorAll('#app [data-tile-cell]')]
    .map((e) => `${e.dataset.tileCell}:${e.dataset.tileValue}:${e.dataset.tileOwner}`).sort(),
  rack: [...document.querySelectorAll('#app .arr-rack [data-rack-value]')]
    .map((e) => e.dataset.rackValue),
  log: document.querySelectorAll('#app .shell-log-list li').length,
  preview: document.querySelector('#app .arr-preview')?.dataset.preview || null,
  decision: document.querySelector('#app [data-decision]')?.dataset.decision || null,
})"""


def screen(page) -> str:
    """The screen shown (shell-screen-<name>), "rules" when the rules are over it."""
    if page.locator(".shell-overlay[role=dialog]").count():
        return "rules"
    cls = page.get_attribute("#app .shell-screen", "class") or ""
    match = re.search(r"shell-screen-(\w+)", cls)
    return match.group(1) if match else ""


def focused(locator) -> bool:
    return locator.evaluate("el => el === document.activeElement")


def history_state(page) -> dict:
    return page.evaluate("history.state")


def wait_screen(page, name: str) -> None:
    page.wait_for_function(
        """(name) => {
          const over = document.querySelector('#app .shell-overlay[role=dialog]');
          if (name === 'rules') return !!over;
          const s = document.querySelector('#app .shell-screen');
          return !over && !!s && s.classList.contains('shell-screen-' + name);
        }""",
        arg=name,
        timeout=10_000,
    )


def menu(page, act: str) -> None:
    page.locator("details.shell-menu > summary").click()
    click(page, f'.shell-menu-items [data-act="{act}"]')


def bot_game_after_a_turn(page) -> None:
    """Ana against Ben (bot:random), Ana first: Ana's first turn (Enter on what has the
    focus), Ben's; then Ana picks a tile and a cell, so a move is chosen (its preview
    shown) when the test starts."""
    new_bot_game(page, "arribada", seed=9)
    for _ in range(12):
        if active(page)["decision"].startswith("wait:"):
            break
        press(page, "Enter")
    wait_my_turn(page)
    press(page, "Enter")  # the first rack tile
    press(page, "Enter")  # the first target cell
    assert page.locator(".arr-preview").count() == 1


# --- Back and Forward ---------------------------------------------------------------------


def test_back_from_the_rules_forward_to_the_game_and_a_share_link(new_page, site_server):
    page = open_app(new_page, site_server)
    bot_game_after_a_turn(page)
    position = page.evaluate(POSITION)
    assert position["log"] > 0 and position["preview"]
    assert history_state(page)["screen"] == "game"
    entries = page.evaluate("history.length")

    # the rules over the table (menu -> Rules): a dialog with its own entry
    menu(page, "app.rules")
    assert screen(page) == "rules"
    assert focused(page.locator(".shell-overlay[role=dialog] .shell-rules-head h1"))
    assert history_state(page)["screen"] == "rules"
    assert page.evaluate("history.length") == entries + 1
    page.go_back()
    wait_screen(page, "game")
    assert history_state(page)["screen"] == "game"
    assert page.evaluate(POSITION) == position  # the same position, the move still chosen

    # Back from the table: the start screen (never out of the app, never the used form)
    page.go_back()
    wait_screen(page, "home")
    assert history_state(page) == {"tablero": 0, "screen": "home"}
    page.go_forward()
    wait_screen(page, "game")
    assert page.evaluate(POSITION) == position

    # a share link, after all these entries: it opens the game
    menu(page, "app.share")
    link = page.locator(".shell-share input.shell-link").input_value()
    assert link.startswith(site_server.url) and "#" in link
    assert page.evaluate(POSITION)["tiles"] == position["tiles"]

    # ... in a new page of the same browser (the same storage: the same save) ...
    same = page.context.new_page()
    same.goto(link)
    same.wait_for_selector("body[data-ready='1']", timeout=60_000)
    wait_screen(same, "game")
    shown = same.evaluate(POSITION)
    assert shown["tiles"] == position["tiles"] and shown["rack"] == position["rack"]
    assert same.evaluate("location.hash") == ""  # the link is read, the address cleaned
    same.go_back()  # its first entry is the start screen, in the app
    wait_screen(same, "home")

    # ... and in another browser profile (a new save from the link)
    other = open_app(new_page, site_server)
    other.goto(link)
    wait_screen(other, "game")
    shown = other.evaluate(POSITION)
    assert shown["tiles"] == position["tiles"] and shown["rack"] == position["rack"]
    assert shown["log"] == position["log"]


def test_the_in_app_back_controls_go_back_in_the_history(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    at = history_state(page)["tablero"]
    menu(page, "app.rules")
    assert history_state(page)["tablero"] == at + 1
    click(page, '.shell-rules-head [data-act="app.back"]')  # the rules' Close
    wait_screen(page, "game")
    assert history_state(page) == {"tablero": at, "screen": "game"}
    # nothing ahead but the rules: Forward shows them again, over the same table
    page.go_forward()
    wait_screen(page, "rules")
    page.keyboard.press("Escape")  # Escape is the rules' Close too
    wait_screen(page, "game")
    assert history_state(page)["tablero"] == at
    # the focus is back on the table (not lost on the page's body)
    back = active(page)
    assert back["inApp"] and not back["body"], back


@pytest.mark.parametrize("viewport", [{"width": 1000, "height": 900}, PHONE])
def test_the_rules_close_control_stays_in_view(viewport, new_page, site_server):
    page = open_app(new_page, site_server, viewport=viewport)
    new_bot_game(page, "arribada", seed=9)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    scrolled = page.evaluate("scrollY")
    menu(page, "app.rules")
    overlay = page.locator(".shell-overlay[role=dialog]")
    close = page.locator('.shell-overlay .shell-rules-head [data-act="app.back"]')
    # scroll the help to its end (the overlay scrolls, or the page does)
    page.evaluate(
        """() => { const o = document.querySelector('.shell-overlay');
                   o.scrollTop = o.scrollHeight;
                   window.scrollTo(0, document.documentElement.scrollHeight); }"""
    )
    page.wait_for_timeout(100)
    assert overlay.evaluate("o => o.scrollTop") > 0  # there was something to scroll
    box = close.bounding_box()
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], box
    assert 0 <= box["x"] and box["x"] + box["width"] <= viewport["width"], box
    # it is what a tap there hits (not covered by the help)
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-act]')?.dataset.act",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "app.back"
    close.click()
    wait_screen(page, "game")
    after = page.evaluate("scrollY")
    print(f"\n{viewport}: the page was scrolled to {scrolled}, after the rules to {after}")
    assert after == scrolled  # the table is where the player left it


# --- the log drawer on a phone -------------------------------------------------------------


def test_the_log_drawer_opens_and_escape_closes_it(new_page, site_server):
    page = open_app(new_page, site_server, viewport=PHONE)
    new_bot_game(page, "arribada", seed=9)
    log = page.locator(".shell-log")
    moves = page.locator(".shell-moves")
    assert moves.is_visible() and not log.is_visible()
    assert moves.get_attribute("aria-expanded") == "false"
    click(page, ".shell-moves")
    assert log.is_visible() and page.locator(".shell-log.is-open").count() == 1
    assert moves.get_attribute("aria-expanded") == "true"
    box = log.bounding_box()
    assert box["width"] <= PHONE["width"] + 1
    page.keyboard.press("Escape")
    page.wait_for_selector(".shell-log.is-open", state="detached")
    assert not log.is_visible()
    assert moves.get_attribute("aria-expanded") == "false"
    assert focused(moves)  # the focus stays on the button that opened it
    # the drawer's own Close works too
    click(page, ".shell-moves")
    click(page, ".shell-log .shell-drawer-close")
    assert not log.is_visible()


def test_the_side_drawer_on_a_phone_shows_the_other_players(new_page, site_server):
    """On a phone Arboretum's side panel (Ben's garden, and the piles outside the draw)
    is a drawer: tapped open over the table, closed by Escape or its Close."""
    page = open_app(new_page, site_server, viewport=PHONE)
    new_bot_game(page, "arboretum", seed=7)
    side = page.locator(".tb-side")
    opener = page.locator(".tb-side-open")
    assert opener.is_visible() and not side.is_visible()
    click(page, ".tb-side-open")
    assert side.is_visible() and page.locator('.tb-side [data-garden="1"]').is_visible()
    box = side.bounding_box()
    assert box["width"] <= PHONE["width"] + 1 and box["y"] + box["height"] <= PHONE["height"] + 1
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.shell-screen[data-drawer]')")
    assert not side.is_visible()
    click(page, ".tb-side-open")
    click(page, ".tb-side .tb-drawer-close")
    assert not side.is_visible()
    assert page.locator(".tb-hand [data-act='pick-card'], .tb-hand [data-hand-card]").count() > 0


# --- installing the app --------------------------------------------------------------------

#: What Chromium does when a page can be installed: a beforeinstallprompt event whose
#: prompt() shows the browser's dialog and whose userChoice says what the person chose.
OFFER = """(outcome) => {
  const e = new Event('beforeinstallprompt', {cancelable: true});
  window.__prompted = 0;
  e.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
  e.userChoice = new Promise((resolve) => {
    window.__choose = () => resolve({outcome, platform: 'web'});
  });
  window.__offerPrevented = () => e.defaultPrevented;
  window.dispatchEvent(e);
}"""


def open_menu(page) -> None:
    page.locator("details.shell-menu > summary").click()
    page.wait_for_selector(".shell-menu-items", state="visible")


def test_install_from_the_browsers_prompt(new_page, site_server):
    page = open_app(new_page, site_server)
    open_menu(page)
    assert page.locator(".shell-install").count() == 0  # no offer, not iOS: no entry
    before = page.get_attribute("#app", "data-render")
    page.evaluate(OFFER, "accepted")
    wait_rendered(page, before)
    assert page.evaluate("window.__offerPrevented()")  # the browser's mini-bar is held back
    open_menu(page)
    entry = page.locator(".shell-menu-items .shell-install")
    assert entry.is_visible() and entry.inner_text() == "Install app"
    entry.click()
    page.wait_for_function("window.__prompted === 1")
    assert page.locator(".shell-install-help").count() == 0  # the browser's own dialog
    page.evaluate("window.__choose()")  # the person accepts
    page.wait_for_selector(".shell-menu-items .shell-install", state="detached")
    assert "installed" in page.inner_text(".shell-toast")
    assert page.evaluate("tableroInstall.state()") == "installed"
    assert page.evaluate("window.__prompted") == 1


def test_a_dismissed_prompt_and_appinstalled(new_page, site_server):
    page = open_app(new_page, site_server)
    page.evaluate(OFFER, "dismissed")
    open_menu(page)
    page.locator(".shell-menu-items .shell-install").click()
    page.wait_for_function("window.__prompted === 1")
    before = page.get_attribute("#app", "data-render")
    page.evaluate("window.__choose()")
    wait_rendered(page, before)
    # dismissed: an offer is shown once, so the entry goes (nothing left to press)
    open_menu(page)
    assert page.locator(".shell-menu-items .shell-install").count() == 0
    assert "installed" not in (page.inner_text(".shell-toast") or "")
    # a new offer brings it back; installing from the browser's own menu removes it
    page.evaluate(OFFER, "accepted")
    page.wait_for_selector(".shell-menu-items .shell-install", state="attached")
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    page.wait_for_selector(".shell-menu-items .shell-install", state="detached")
    assert "installed" in page.inner_text(".shell-toast")


def test_an_offer_before_the_app_started(new_page, site_server):
    """Chromium fires beforeinstallprompt early (once the manifest and the service worker
    are in), often before Python is up: here at the page's load event."""
    page = new_page(viewport={"width": 1000, "height": 900})
    page.add_init_script(
        "addEventListener('load', () => { window.__readyAtOffer = document.body.dataset.ready;"
        " (" + OFFER + ")('accepted'); })"
    )
    page.goto(site_server.url)
    page.wait_for_selector("body[data-ready='1']", timeout=60_000)
    assert page.evaluate("window.__readyAtOffer") != "1"  # the offer came first
    assert page.evaluate("tableroInstall.state()") == "available"
    open_menu(page)
    assert page.locator(".shell-menu-items .shell-install").is_visible()


def test_install_on_ios_shows_how(new_page, site_server):
    page = open_app(
        new_page, site_server, viewport=PHONE, user_agent=IPHONE_UA, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    assert page.evaluate("tableroInstall.state()") == "ios"
    new_bot_game(page, "arribada", seed=9)
    open_menu(page)
    entry = page.locator(".shell-menu-items .shell-install")
    assert entry.is_visible()
    click(page, ".shell-menu-items .shell-install")
    help_ = page.locator(".shell-install-help[role=dialog]")
    assert help_.is_visible()
    assert "Share" in help_.inner_text()
    close = help_.locator('[data-act="app.install-help-close"]')
    assert focused(close)  # the dialog takes the focus
    assert page.get_attribute(".shell-screen", "inert") is not None  # the page is behind it
    assert page.get_attribute(".shell-bar", "inert") is not None
    box = close.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"] and box["height"] >= 44
    press(page, "Escape")
    assert help_.count() == 0
    assert page.get_attribute(".shell-screen", "inert") is None
    after = active(page)
    assert after["inApp"] and not after["body"], after
    # again, closed by its button this time; the entry stays (iOS never says it is done)
    open_menu(page)
    click(page, ".shell-menu-items .shell-install")
    click(page, '.shell-install-help [data-act="app.install-help-close"]')
    assert page.locator(".shell-install-help").count() == 0
    open_menu(page)
    assert page.locator(".shell-menu-items .shell-install").is_visible()


#: A browser that fires beforeinstallprompt but then shows no prompt: its prompt() is
#: refused (as Chromium refuses one it will not show) and its userChoice never settles.
DUD_OFFER = """() => {
  const e = new Event('beforeinstallprompt', {cancelable: true});
  window.__prompted = 0;
  e.prompt = () => { window.__prompted += 1;
                     return Promise.reject(new DOMException('no prompt', 'NotAllowedError')); };
  e.userChoice = new Promise(() => {});
  window.dispatchEvent(e);
}"""


def test_install_with_no_prompt_to_show_says_so_and_blocks_nothing(new_page, site_server):
    page = open_app(new_page, site_server)
    new_bot_game(page, "arribada", seed=9)
    explained = page.locator('.shell-notice[data-notice="app.install.unavailable"]')
    # 1. the offer was spent elsewhere (the browser's own install button): the entry
    #    pressed anyway asks for a prompt that is not there
    page.evaluate(OFFER, "dismissed")
    open_menu(page)
    page.wait_for_selector(".shell-menu-items .shell-install", state="visible")
    page.evaluate("() => { tableroInstall.prompt(); }")  # spent, the app not told
    click(page, ".shell-menu-items .shell-install")
    explained.wait_for()
    assert "does not offer to install Tablero" in explained.inner_text()
    assert page.locator("[inert], .shell-install-help").count() == 0
    click(page, '.shell-notice [data-act="app.dismiss"]')  # a following click works
    assert explained.count() == 0
    # 2. an offer whose prompt the browser refuses to show
    page.evaluate(DUD_OFFER)
    open_menu(page)
    page.wait_for_selector(".shell-menu-items .shell-install", state="visible")
    page.locator(".shell-menu-items .shell-install").click()
    explained.wait_for()
    assert page.evaluate("window.__prompted") == 1
    assert page.locator("[inert], .shell-install-help").count() == 0
    open_menu(page)
    assert page.locator(".shell-menu-items .shell-install").count() == 0  # nothing to press
    # the app takes input: the log drawer opens, the rules open over the table
    click(page, ".shell-bar .shell-moves")
    assert page.get_attribute(".shell-bar .shell-moves", "aria-expanded") == "true"
    click(page, ".shell-bar .shell-moves")
    open_menu(page)
    click(page, '.shell-menu-items [data-act="app.rules"]')
    wait_screen(page, "rules")


# --- keyboard hints: for a keyboard only ------------------------------------------------

#: How each keyboard hint of the table is shown ("the R key", "the arrow keys", "(R)").
KEY_HINTS = """() => [...document.querySelectorAll('#app .tb-keys')].map((e) => ({
  display: getComputedStyle(e).display, visible: e.getBoundingClientRect().width > 0,
}))"""


@pytest.mark.parametrize("touch", [True, False], ids=["phone", "keyboard"])
def test_keyboard_hints_are_hidden_on_a_touch_only_device(new_page, site_server, touch):
    """A phone (touch only: no hover, a coarse pointer) shows no "R key" or "arrow keys";
    a device with a keyboard and a mouse does."""
    context = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if touch else {}
    page = open_app(new_page, site_server, **context)
    coarse = page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    assert coarse is touch
    click(page, '#app [data-act="app.daily"]')
    side = '#app .tb-table [data-act="move"][data-move^="side"]'
    page.wait_for_selector(side)
    click(page, side)  # the first card's face: now turned with the Turn button (or R)
    page.wait_for_selector('#app .tb-table [data-act="turn"]')
    hints = page.evaluate(KEY_HINTS)
    assert len(hints) >= 2, hints  # the status line's keys, the Turn button's (R)
    if touch:
        assert all(h["display"] == "none" and not h["visible"] for h in hints), hints
    else:
        assert all(h["display"] != "none" and h["visible"] for h in hints), hints
    assert page.locator('#app .tb-table [data-act="turn"]').is_visible()  # the button stays


def test_the_install_how_to_never_swallows_a_tap(new_page, site_server):
    """iOS: the how-to is a dialog over an inert page; a tap beside it (a player who did
    not see its Close) closes it instead of doing nothing, and the next tap works.
    (About 5 s: a fresh context for the iPhone's user agent.)"""
    page = open_app(
        new_page, site_server, viewport=PHONE, user_agent=IPHONE_UA, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    open_menu(page)
    click(page, ".shell-menu-items .shell-install")
    help_ = page.locator(".shell-install-help[role=dialog]")
    assert help_.is_visible()
    top = help_.bounding_box()["y"]
    before = page.get_attribute("#app", "data-render")
    page.mouse.click(PHONE["width"] // 2, top // 2)  # on the page, above the dialog
    wait_rendered(page, before)
    assert help_.count() == 0 and page.locator("[inert]").count() == 0
    click(page, '[data-act="app.new"][data-game="arribada"]')
    wait_screen(page, "new")
