"""The app stopped and started again in its page (``tableroBoot.stop()`` and
``tableroBoot.restart()``, tablero.web.main), which the shared tab does between two tests
instead of loading the page again (tests/browser/conftest.py, ``SharedTab``): what the
tests see after it must be what they would see after a load.

Stopped, nothing of the app goes on (a bot thinking in its worker, a save to come) and
its screen is empty; started again at an address, it shows what a load of that address
shows with the same storage: the start screen, and a shared game's link opened."""

from __future__ import annotations

import pytest
from conftest import RESTART, STOP, wait_ready
from ui import click, open_app
from viewport_shots import start_game, wait_decision

pytestmark = pytest.mark.browser

SHOWN = "() => document.getElementById('app').innerText"


def test_a_stopped_app_does_nothing_more(new_page, site_server):
    page = open_app(new_page, site_server)
    start_game(page, "arribada", kinds=("bot:hard", "human"))  # Ana, a bot, thinks first
    page.wait_for_function("() => window.tableroBots?.log?.length > 0")
    assert page.evaluate(STOP)
    assert page.evaluate("document.body.dataset.ready") == "0"
    assert page.evaluate(SHOWN) == ""
    assert page.evaluate("window.tableroBots") is None  # the worker ended
    render = page.get_attribute("#app", "data-render")
    page.wait_for_timeout(2500)  # the hard bot's second and more: no move lands
    assert page.get_attribute("#app", "data-render") == render
    assert page.evaluate("localStorage.length") == 0  # nothing saved after the stop
    assert page.evaluate(STOP) is False  # stopped already: nothing to stop


def test_a_restart_shows_what_a_load_shows(new_page, site_server):
    page = open_app(new_page, site_server)
    start_game(page, "arribada", kinds=("human",))
    click(page, '[data-act="app.reveal"]')
    wait_decision(page, "")
    page.locator("details.shell-menu > summary").click()
    click(page, '.shell-menu-items [data-act="app.share"]')
    link = page.locator(".shell-share input.shell-link").input_value()
    assert "#" in link
    for url in (site_server.url, link):
        assert page.evaluate(STOP)  # the storage emptied too
        page.evaluate(RESTART, url)
        assert page.evaluate("document.body.dataset.ready") == "1"
        in_place = page.evaluate(SHOWN), page.evaluate("location.hash")
        assert page.evaluate(STOP)
        page.goto("about:blank")  # then a real load of the address (not a fragment's change)
        page.goto(url)
        wait_ready(page)
        assert (page.evaluate(SHOWN), page.evaluate("location.hash")) == in_place
    assert "Ana" in page.evaluate(SHOWN)  # the link's game, on the same screen both ways
