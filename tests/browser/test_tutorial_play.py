"""Each game's tutorial played to its end in the browser at the four screen sizes of the
layout tests (in English and in one other language), every step's next click and the
tutorial's own controls in view; left and resumed after a reload."""

from __future__ import annotations

import re

import pytest
from conftest import wait_ready
from tutorial_ui import COACH, open_tutorial, play_through
from ui import click, open_app
from viewport_shots import PHONE_WIDTH, VIEWPORTS, context_options

pytestmark = pytest.mark.browser

#: The language besides English each game's tutorial is played in.
OTHER = {"arribada": "ja", "arboretum": "nl", "arraial": "nl", "diadeplaya": "es"}
#: Each game's tutorial is walked at the four sizes of the layout tests: in English on the
#: two laptops, in its other language on the desktop and on the phone.
LANG_AT = {(1280, 800): "en", (1366, 768): "en", (1920, 1080): "other", (390, 844): "other"}
CASES = [
    (game, OTHER[game] if LANG_AT[size] == "other" else "en", size)
    for game in OTHER
    for size in VIEWPORTS
]
KEY = re.compile(r"\b[a-z]+\.tutorial\.[a-z_]+")
#: Whether each of the tutorial box's words for a keyboard (``tb-keys``) is shown.
KEYBOARD_WORDS_SHOWN = (
    "() => [...document.querySelectorAll('.shell-tutorial .tb-keys')]"
    ".map(e => e.getClientRects().length > 0)"
)


@pytest.mark.parametrize(
    ("game", "lang", "size"), CASES, ids=[f"{g}-{lang}-{w}x{h}" for g, lang, (w, h) in CASES]
)
def test_a_tutorial_is_played_to_its_end_with_every_step_in_view(
    new_page, site_server, game, lang, size
):
    """A game's tutorial played to its end in a language, at one size of the layout
    tests; before every click (each click of a play step, and Next) the step's
    highlighted target, the tutorial's box and its buttons are in view (:data:`IN_VIEW`).
    Issue 43: from Arraial's step 4 the street scrolled away from where the piece lands
    on a laptop; on a phone the box pushed the board down to a strip and Día de Playa's
    step 7 clipped Leave.  Cost: 5-15 s (one tutorial, 15-25 steps, each click measured
    once); the walk at four sizes replaces one walk a size of the four tutorials."""
    page = new_page(**context_options(*size))
    page.goto(site_server.url)
    wait_ready(page)
    if lang != "en":  # the language the boot reads from the saved choice
        page.evaluate(f"localStorage.setItem('tablero.lang', '{lang}')")
        page.reload()
        wait_ready(page)
    assert page.get_attribute("html", "lang") == lang
    open_tutorial(page, game)
    kinds: set[str] = set()
    problems: list[str] = []

    keyboard_words: list[bool] = []  # each tb-keys span seen: shown?

    def measure(number: int, kind: str) -> None:
        problems.extend(f"step {number} ({kind}): {p}" for p in page.evaluate(IN_VIEW))
        keyboard_words.extend(page.evaluate(KEYBOARD_WORDS_SHOWN))

    texts = play_through(page, on_step=lambda number, kind: kinds.add(kind), before_click=measure)
    measure(len(texts), "last")
    assert not problems, f"{game} at {size[0]}x{size[1]}:\n" + "\n".join(problems)
    assert kinds == {"read", "play", "watch"}
    assert len(texts) >= 10
    for text in texts:
        assert text.strip() and not KEY.search(text), text
    if lang == "ja":
        assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text) for text in texts)
    if game == "diadeplaya":  # "or press R": shown with a keyboard, not on a phone
        phone = size[0] <= PHONE_WIDTH
        assert keyboard_words and all(shown != phone for shown in keyboard_words), (
            size,
            keyboard_words,
        )
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


#: What a player must see at a tutorial's step, measured in the page: the step's
#: highlighted target, the tutorial's box and its buttons, each inside the viewport and
#: not cut off by a frame around it (the board's frame pans on a phone: the app brings
#: the target into it); the page itself does not scroll.  The box's text may scroll
#: inside the box (it is capped on a phone), its buttons may not.
IN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight;
  const cut = (a, b) => ({left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
                          right: Math.min(a.right, b.right),
                          bottom: Math.min(a.bottom, b.bottom)});
  const seen = (el) => {
    let c = {left: 0, top: 0, right: vw, bottom: vh};
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        c = cut(c, a.getBoundingClientRect());
      }
    }
    return c;
  };
  const inside = (r, c) => r.left >= c.left - 1 && r.top >= c.top - 1
    && r.right <= c.right + 1 && r.bottom <= c.bottom + 1;
  const round = (r) => [r.left, r.top, r.width, r.height].map(Math.round);
  const problems = [];
  const groups = [['target', '[data-tut="target"]'], ['box', '.shell-tutorial'],
                  ['button', '.shell-tutorial button']];
  for (const [name, selector] of groups) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect(), c = seen(el);
      const [x, y, w, h] = round(r);
      const label = `${name} ${el.tagName.toLowerCase()}`
        + (el.dataset.act ? `[${el.dataset.act}]` : '');
      if (!w || !h) problems.push(`${label} has no size`);
      else if (!inside(r, {left: 0, top: 0, right: vw, bottom: vh}))
        problems.push(`${label} is outside the ${vw}x${vh} viewport (${x},${y} ${w}x${h})`);
      else if (!inside(r, c))
        problems.push(`${label} is cut off by its frame (${x},${y} ${w}x${h}; the frame `
                      + `shows ${Math.round(c.top)}-${Math.round(c.bottom)})`);
    }
  }
  const se = document.scrollingElement;
  if (se.scrollTop || se.scrollHeight > vh + 1) {
    problems.push(`the page scrolls (${se.scrollHeight} px)`);
  }
  return problems;
}"""
