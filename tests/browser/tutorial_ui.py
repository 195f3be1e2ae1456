"""Playing a game's tutorial through the page, as a player would: the highlighted element
clicked at a play step, "Next" pressed otherwise (tablero.web.tutorial)."""

from __future__ import annotations

from ui import click

COACH = ".shell-tutorial"


def open_tutorial(page, game: str) -> None:
    """From the start screen: the game card's "Learn by playing"."""
    click(page, f'.shell-game [data-act="app.tutorial"][data-game="{game}"]')
    assert page.locator(COACH).count() == 1


#: The step on screen, read in one round trip (a tutorial is a few dozen steps, each read
#: two or three times): its number (1-based), kind (read, play, watch), text, whether it
#: is the last one (it offers the tutorial again) and how many elements are highlighted.
STEP = f"""() => {{
  const coach = document.querySelector('{COACH}');
  const text = coach && coach.querySelector('.shell-tutorial-text');
  return {{
    number: Number(coach?.getAttribute('data-step') || 0),
    kind: coach?.getAttribute('data-kind') || '',
    text: text ? text.innerText : null,
    last: !!coach?.querySelector('[data-act="app.tutorial"][data-from="start"]'),
    targets: document.querySelectorAll('[data-tut="target"]').length,
  }};
}}"""


def read_step(page) -> dict:
    """The step on screen (:data:`STEP`)."""
    info: dict = page.evaluate(STEP)
    return info


def step(page) -> tuple[int, str]:
    """The step on screen: its number (1-based) and kind (read, play, watch)."""
    info = read_step(page)
    return info["number"], info["kind"]


def is_last(page) -> bool:
    return bool(read_step(page)["last"])


def click_target(page, scroll: bool = True) -> None:
    """Click the one highlighted element (the next click of a play step), scrolled into
    view first unless ``scroll`` is false (a test of what the app itself shows)."""
    targets = page.locator('[data-tut="target"]')
    assert targets.count() == 1, f"step {step(page)[0]}: {targets.count()} highlighted"
    if scroll:
        targets.first.scroll_into_view_if_needed()
    # An SVG target made of cells (a slide's outline in Arraial) is tapped on one of its
    # own cells, as a player taps it: the centre of its box may lie outside its shape.
    cell = '[data-tut="target"] :is(rect, path, polygon)'
    click(page, cell if page.locator(cell).count() else '[data-tut="target"]')


def advance(page, info: dict | None = None, before_click=None) -> None:
    """One step on: at a play step the highlighted elements, one after the other, until
    the move is made; else "Next".  ``info``: the step as just read (:func:`read_step`);
    ``before_click(number, kind)`` is called before each click, and then the target is
    clicked where the app shows it (not scrolled into view by the test)."""
    info = info or read_step(page)
    number = info["number"]
    if info["kind"] == "play":
        for _ in range(12):
            if before_click is not None:
                before_click(number, "play")
            click_target(page, scroll=before_click is None)
            if step(page)[0] != number:
                return
        raise AssertionError(f"step {number}: the highlighted clicks make no move")
    else:
        assert info["targets"] == 0
        if before_click is not None:
            before_click(number, info["kind"])
        click(page, f'{COACH} [data-act="app.tutorial-next"]')


def play_through(page, *, stop_at: int | None = None, on_step=None, before_click=None) -> list[str]:
    """Advance to the last step (or to step ``stop_at``); the texts shown, one per step.
    ``on_step(number, kind)`` is called at each step before it is played,
    ``before_click(number, kind)`` before each of its clicks (:func:`advance`)."""
    texts: list[str] = []
    info = read_step(page)
    for _ in range(120):
        number, kind = info["number"], info["kind"]
        assert info["text"] is not None, f"step {number} shows no text"
        texts.append(info["text"])
        if on_step is not None:
            on_step(number, kind)
        if info["last"] or number == stop_at:
            return texts
        advance(page, info, before_click)
        info = read_step(page)
        assert info["number"] == number + 1, f"step {number} led to {info['number']}"
    raise AssertionError("the tutorial never ends")
