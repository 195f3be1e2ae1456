"""Each game's tutorial played to its end in the browser, in English and in one other
language; left and resumed after a reload."""

from __future__ import annotations

import re

import pytest
from conftest import wait_ready
from tutorial_ui import COACH, open_tutorial, play_through
from ui import click, open_app

pytestmark = pytest.mark.browser

#: The language besides English each game's tutorial is played in.
OTHER = {"arribada": "ja", "arboretum": "nl", "arraial": "nl", "diadeplaya": "es"}
CASES = [(game, lang) for game in OTHER for lang in ("en", OTHER[game])]
KEY = re.compile(r"\b[a-z]+\.tutorial\.[a-z_]+")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_tutorial_is_played_to_its_end(new_page, site_server, game, lang):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(f"localStorage.setItem('tablero.lang', '{lang}')")
    page.goto(site_server.url)
    wait_ready(page)
    assert page.get_attribute("html", "lang") == lang
    open_tutorial(page, game)
    kinds: set[str] = set()
    texts = play_through(page, on_step=lambda number, kind: kinds.add(kind))
    assert kinds == {"read", "play", "watch"}
    assert len(texts) >= 10
    for text in texts:
        assert text.strip() and not KEY.search(text), text
    if lang == "ja":
        assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text) for text in texts)
    # the last step offers a real game of the same kind, and the tutorial again
    assert page.locator(f'{COACH} [data-act="app.new"][data-game="{game}"]').count() == 1
    click(page, f'{COACH} [data-act="app.tutorial-leave"]')
    assert page.locator(".shell-games").count() == 1


def test_a_tutorial_is_left_and_resumed_after_a_reload(new_page, site_server):
    page = open_app(new_page, site_server)
    open_tutorial(page, "arribada")
    play_through(page, stop_at=4)
    board = page.locator(".shell-table").inner_html()
    click(page, f'{COACH} [data-act="app.tutorial-leave"]')
    page.reload()
    wait_ready(page)
    resume = page.locator('.shell-game [data-act="app.tutorial"][data-game="arribada"]')
    assert resume.inner_text() == "Resume the tutorial"
    open_tutorial(page, "arribada")
    assert page.locator(COACH).get_attribute("data-step") == "4"
    assert page.locator(".shell-table").inner_html() == board


def test_the_rules_help_leads_to_the_tutorial(new_page, site_server):
    page = open_app(new_page, site_server)
    click(page, '.shell-game [data-act="app.rules"][data-game="arraial"]')
    click(page, '.shell-rules-head [data-act="app.tutorial"][data-game="arraial"]')
    assert page.locator(COACH).count() == 1
    assert page.locator(COACH).get_attribute("data-step") == "1"
