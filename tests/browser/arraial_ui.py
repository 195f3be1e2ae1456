"""Helpers that play Arraial through the page, as a player would (clicks only): used by
tests/browser/test_arraial_play.py, the layout and keyboard tests and the screenshots."""

from __future__ import annotations

from ui import click
from viewport_shots import decision, first_reachable

TAKE = '.tb-board [data-act="move"][data-slot]'
COLUMN = '.tb-board [data-act="column"][data-landing]'
ANY_COLUMN = '.tb-board g[data-act="column"]'
SLIDE = '.tb-board [data-act="landing"]'
FILL = '.tb-board [data-act="move"][data-face-up]'
END = '.tb-actions [data-act="move"][data-move="end"]'
ROTATE = '.tb-actions [data-act="move"][data-move="rotate"]'
CONFIRM = '.tb-actions [data-act="confirm-move"]'


def status(page) -> str:
    return page.inner_text(".arl-status")


def bar(page) -> int | None:
    """The viewer's level bar as drawn on the board (None: lost)."""
    found = page.locator(".tb-board [data-bar]")
    return int(found.get_attribute("data-bar")) if found.count() else None


def place_one(page) -> str:
    """Take the first card offered and land it where its first legal drop (or else a
    slide) puts it, checking the preview; returns the landing's move text."""
    click(page, first_reachable(page, TAKE))
    assert decision(page).startswith("land:pick"), decision(page)
    if page.locator(COLUMN).count():
        click(page, first_reachable(page, COLUMN))
    else:  # no straight drop is legal: a column, then one of its slides
        click(page, first_reachable(page, ANY_COLUMN))
        click(page, first_reachable(page, SLIDE))
    assert decision(page).startswith("land:confirm"), decision(page)
    landing = page.locator(".tb-decision .arl-preview").get_attribute("data-preview")
    click(page, CONFIRM)
    return landing


def _turn_over(page) -> bool:
    """After an action: the turn is over when the decision is not the player's any more,
    or is already the start of their next turn (3 points, nothing placed: a quick bot)."""
    d = decision(page)
    if not d.startswith(("act:", "land:", "refill:")):
        return True
    return d.startswith("act:") and d.split(":")[2:4] == ["3", "0"]


def play_turn(page) -> list[str]:
    """The viewer's whole turn by clicks: place pieces until the minimum is met (then
    end the turn), rotate only when no card can be taken, refill the octagon; returns
    the landings made."""
    landed: list[str] = []
    for _ in range(20):
        d = decision(page)
        if d.startswith("act:"):
            if page.locator(END).count() and landed:
                click(page, END)
            elif page.locator(TAKE).count():
                landed.append(place_one(page))
            elif page.locator(END).count():
                click(page, END)  # nothing fits: the turn may end
            else:
                click(page, ROTATE)
        elif d.startswith("refill:"):
            click(page, first_reachable(page, FILL))
        else:
            return landed
        if _turn_over(page):
            return landed
    raise AssertionError(f"the turn never ended: {decision(page)}")
