"""Playing a game's tutorial through the page, as a player would: the highlighted element
clicked at a play step, "Next" pressed otherwise (tablero.web.tutorial)."""

from __future__ import annotations

from ui import click

COACH = ".shell-tutorial"


def open_tutorial(page, game: str) -> None:
    """From the start screen: the game card's "Learn by playing"."""
    click(page, f'.shell-game [data-act="app.tutorial"][data-game="{game}"]')
    assert page.locator(COACH).count() == 1


def step(page) -> tuple[int, str]:
    """The step on screen: its number (1-based) and kind (read, play, watch)."""
    coach = page.locator(COACH)
    return int(coach.get_attribute("data-step") or 0), coach.get_attribute("data-kind") or ""


def is_last(page) -> bool:
    return page.locator(f'{COACH} [data-act="app.tutorial"][data-from="start"]').count() == 1


def click_target(page) -> None:
    """Click the one highlighted element (the next click of a play step)."""
    targets = page.locator('[data-tut="target"]')
    assert targets.count() == 1, f"step {step(page)[0]}: {targets.count()} highlighted"
    targets.first.scroll_into_view_if_needed()
    # An SVG target made of cells (a slide's outline in Arraial) is tapped on one of its
    # own cells, as a player taps it: the centre of its box may lie outside its shape.
    cell = '[data-tut="target"] :is(rect, path, polygon)'
    click(page, cell if page.locator(cell).count() else '[data-tut="target"]')


def advance(page) -> None:
    """One step on: at a play step the highlighted elements, one after the other, until
    the move is made; else "Next"."""
    number, kind = step(page)
    if kind == "play":
        for _ in range(12):
            click_target(page)
            if step(page)[0] != number:
                return
        raise AssertionError(f"step {number}: the highlighted clicks make no move")
    else:
        assert page.locator('[data-tut="target"]').count() == 0
        click(page, f'{COACH} [data-act="app.tutorial-next"]')


def play_through(page, *, stop_at: int | None = None, on_step=None) -> list[str]:
    """Advance to the last step (or to step ``stop_at``); the texts shown, one per step.
    ``on_step(number, kind)`` is called at each step before it is played."""
    texts: list[str] = []
    for _ in range(120):
        number, kind = step(page)
        texts.append(page.locator(f"{COACH} .shell-tutorial-text").first.inner_text())
        if on_step is not None:
            on_step(number, kind)
        if is_last(page) or number == stop_at:
            return texts
        before = number
        advance(page)
        after, _ = step(page)
        assert after == before + 1, f"step {before} led to {after}"
    raise AssertionError("the tutorial never ends")
