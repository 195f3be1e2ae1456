"""The new-game form's options in Chromium: derived from the core's ``OptionSpec`` values,
the first-player select offers "drawn at random" and exactly the seats of the chosen
player count, each labelled with the name typed for it, and the game starts with the
chosen player to move (tests/web/test_app.py checks the same in CPython)."""

from __future__ import annotations

import pytest
from ui import click, open_app, renders, wait_rendered

pytestmark = pytest.mark.browser

FIRST = 'select[name="opt-first_player"]'


def choose(page, selector: str, value: str) -> None:
    """Choose ``value`` in a select of the form and wait for the form to be drawn again
    (every field of the form sends ``app.form`` on change)."""
    before = renders(page)
    page.select_option(selector, value)
    wait_rendered(page, before, 10_000)


def first_player_choices(page) -> list[str]:
    return [text.strip() for text in page.locator(f"{FIRST} option").all_inner_texts()]


@pytest.mark.parametrize("game", ["arboretum", "arribada"])
def test_first_player_offers_exactly_the_seats_and_starts_the_chosen_one(
    new_page, site_server, game
):
    page = open_app(new_page, site_server)
    click(page, f'[data-act="app.new"][data-game="{game}"]')
    assert page.locator(FIRST).count() == 1
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    choose(page, 'select[name="players"]', "3")
    assert page.locator('input[name^="name-"]').count() == 3
    assert first_player_choices(page) == ["Drawn at random", "Ana", "Ben", "Player 3"]
    assert page.locator(f"{FIRST} option:checked").inner_text().strip() == "Drawn at random"
    choose(page, 'select[name="players"]', "4")
    assert first_player_choices(page) == ["Drawn at random", "Ana", "Ben", "Player 3", "Player 4"]
    choose(page, FIRST, "4")  # Player 4 first
    # back to three players: the fourth seat is gone, and so is the choice of it
    choose(page, 'select[name="players"]', "3")
    assert len(first_player_choices(page)) == 4
    assert page.locator(f"{FIRST} option:checked").inner_text().strip() == "Drawn at random"
    page.fill('input[name="name-2"]', "Cy")
    choose(page, FIRST, "3")  # the third seat, labelled with the name now typed
    assert page.locator(f"{FIRST} option:checked").inner_text().strip() == "Cy"
    page.fill('input[name="seed"]', "4")
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    # three people at one device: the pass screen names the player to move
    assert page.locator("#shell-pass-h").inner_text().strip() == "Pass the device to Cy"
