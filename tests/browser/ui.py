"""Helpers that play the app through the page, as a player would (clicks only)."""

from __future__ import annotations

from conftest import wait_ready


def renders(page) -> str:
    return page.get_attribute("#app", "data-render") or ""


def click(page, selector: str) -> None:
    """Click the first element matching ``selector`` and wait for the app to re-render."""
    before = renders(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "b => document.getElementById('app').dataset.render !== b", arg=before, timeout=10_000
    )


def open_app(new_page, site_server, **context):
    """A new page on the app, ready to play (a 1000x900 viewport unless given)."""
    page = new_page(**{"viewport": {"width": 1000, "height": 900}, **context})
    page.goto(site_server.url)
    wait_ready(page)
    return page


def new_game(page, variant: str = "standard", seed: int = 9) -> None:
    if page.locator('[data-act="app.new"][data-game="arribada"]').count():
        click(page, '[data-act="app.new"][data-game="arribada"]')
    else:
        page.locator("details.shell-menu > summary").click()
        click(page, '.shell-menu-items [data-act="app.new"]')
    page.fill('input[name="name-0"]', "Ana")
    page.fill('input[name="name-1"]', "Ben")
    page.select_option('select[name="opt-variant"]', "0" if variant == "standard" else "1")
    page.fill('input[name="seed"]', str(seed))
    click(page, 'form[data-act="app.start"] button[type="submit"]')
    reveal(page)


def reveal(page) -> None:
    """The pass-the-device screen: show the table to the player whose turn it is."""
    if page.locator('[data-act="app.reveal"]').count():
        click(page, '[data-act="app.reveal"]')
    assert page.locator(".arr-rack").count() == 1


def place(page, value: int, cell: str) -> None:
    """Pick the rack tile, then the highlighted cell, check the preview, confirm."""
    click(page, f'[data-act="pick-value"][data-value="{value}"]')
    assert page.locator(f'[data-act="cell"][data-cell="{cell}"]').count() == 1
    click(page, f'[data-act="cell"][data-cell="{cell}"]')
    assert page.locator(f'.arr-preview[data-preview="place {value} {cell}"]').count() == 1
    click(page, '[data-act="confirm-move"]')
