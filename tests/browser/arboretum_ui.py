"""Helpers that play Arboretum through the page, as a player would (clicks only): used
by tests/browser/test_arboretum_play.py and by the screenshots (screens.py)."""

from __future__ import annotations

from ui import click, wait_rendered


def new_game(page, players: int = 2, seed: int = 7, names=("Ana", "Ben", "Cy", "Di")) -> None:
    """Start an Arboretum game from the picker, player A first."""
    if page.locator('[data-act="app.new"][data-game="arboretum"]').count():
        click(page, '[data-act="app.new"][data-game="arboretum"]')
    else:
        page.locator("details.shell-menu > summary").click()
        click(page, '.shell-menu-items [data-act="app.new"]')
        assert "Arboretum" in page.inner_text(".shell-new h1")
    if players != 2:
        before = page.get_attribute("#app", "data-render")
        page.select_option('select[name="players"]', str(players))
        wait_rendered(page, before)
    for i in range(players):
        page.fill(f'input[name="name-{i}"]', names[i])
    page.select_option('select[name="opt-first_player"]', "1")  # player A
    page.fill('input[name="seed"]', str(seed))
    click(page, 'form[data-act="app.start"] button[type="submit"]')


def reveal(page) -> None:
    if page.locator('[data-act="app.reveal"]').count():
        assert page.locator(".arb-hand, [data-hand-card]").count() == 0
        click(page, '[data-act="app.reveal"]')
    assert page.locator(".arb-hand").count() == 1


def hand(page) -> list[str]:
    return page.locator(".arb-hand [data-hand-card]").evaluate_all(
        "els => els.map(e => e.dataset.handCard)"
    )


def status(page) -> str:
    return page.inner_text(".arb-status")


def play_turn(page) -> None:
    """One whole turn, by clicking the first thing offered at each step."""
    reveal(page)
    for _ in range(2):
        assert "draw" in status(page).lower(), status(page)
        if page.locator('[data-act="move"][data-move="draw deck"]').count():
            click(page, '[data-act="move"][data-move="draw deck"]')
        else:  # the deck ran out during this turn: take a pile top
            click(page, '[data-act="move"]')
    click(page, '[data-act="pick-card"]')
    picked = page.locator('[data-act="pick-card"][aria-pressed="true"]').get_attribute("data-card")
    assert page.locator('[data-act="cell"]').count() >= 1
    click(page, '[data-act="cell"]')
    preview = page.locator(".arb-preview")
    assert preview.get_attribute("data-preview").startswith(f"play {picked} ")
    click(page, '[data-act="confirm-move"]')
    assert "Discard" in status(page)
    click(page, '[data-act="pick-card"]')
    click(page, '[data-act="confirm-move"]')
