"""Helpers that play the app through the page, as a player would (clicks only)."""

from __future__ import annotations

from conftest import wait_ready


def renders(page) -> str:
    return page.get_attribute("#app", "data-render") or ""


#: Where a player's pointer would press the first element matching a CSS selector: the
#: element scrolled into view if it is not (centred, as Playwright's click does), then
#: the centre of its box, provided the element is enabled, drawn, and is what the page
#: hit-tests there (itself or one of its children: nothing covers it).  ``null`` when
#: any of that fails, or the selector is not plain CSS: :func:`click` then leaves the
#: click to Playwright's locator, which waits for the element to become clickable.
AIM = """s => {
  const render = document.getElementById('app')?.dataset.render ?? '';
  let el;
  try { el = document.querySelector(s); } catch { return [null, render]; }
  if (!el || el.matches(':disabled') || el.closest('[aria-disabled="true"], [inert]')) {
    return [null, render];
  }
  if (el.scrollIntoViewIfNeeded) el.scrollIntoViewIfNeeded(true);
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return [null, render];
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  return [hit && (hit === el || el.contains(hit)) ? [x, y] : null, render];
}"""

#: Whether the app rendered since ``b`` (its ``#app[data-render]`` then).
RENDERED = "b => document.getElementById('app').dataset.render !== b"


def click(page, selector: str) -> None:
    """Click the first element matching ``selector`` and wait for the app to re-render.

    The click is the pointer's (a trusted press and release at the element's centre,
    the browser hit-testing it), aimed in one round trip to the page (:data:`AIM`, which
    also reads the render count the click must change); an element that is not yet
    there, not clickable or named by a Playwright-only selector is clicked by
    Playwright's locator, which waits for it; then :func:`wait_rendered`.  Aiming in the
    page costs about 40 ms of CPU a click across the browser, Playwright and this
    process, against about 56 for the locator's actionability checks (docs/testing.md)."""
    point, before = page.evaluate(AIM, selector)
    if point is None:
        page.locator(selector).first.click()
    else:
        page.mouse.click(point[0], point[1])
    wait_rendered(page, before)


def wait_rendered(page, before: str, timeout_ms: int = 10_000) -> None:
    """Wait until the app has rendered since its render count was ``before`` (what a
    click, a key or a changed field must cause).  The app renders in the event's own
    handler, so after the event is answered the render has nearly always happened: one
    evaluation sees it; only a render still to come (a bot's move, a link read after a
    pause) is waited for with ``wait_for_function``, whose polling costs several round
    trips to the page."""
    if not page.evaluate(RENDERED, before):
        page.wait_for_function(RENDERED, arg=before, timeout=timeout_ms)


#: Arribada: the next thing a player could click to move the game on, as a CSS selector:
#: show the tiles to the player, confirm a chosen move, pick a highlighted cell, pick a rack tile,
#: or press a decision button (never the refresh, so the game keeps moving).
NEXT_CLICK = """() => {
  const app = document.getElementById('app');
  const has = (s) => app.querySelector(s) !== null;
  for (const s of ['[data-act="app.reveal"]', '[data-act="confirm-move"]',
                   '[data-act="cell"]', '[data-act="pick-value"]']) {
    if (has(s)) return s;
  }
  for (const m of ['end', 'draw bag', 'decline', 'pass', 'confirm']) {
    const s = `[data-act="move"][data-move="${m}"]`;
    if (has(s)) return s;
  }
  const other = [...app.querySelectorAll('[data-act="move"]')]
    .find((e) => e.dataset.move !== 'refresh' && !e.dataset.move.startsWith('pick'));
  return other ? `[data-act="move"][data-move="${other.dataset.move}"]` : null;
}"""


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
