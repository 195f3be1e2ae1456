"""Hostile text in Chromium: names of players and saved games that hold markup, event
handlers, ``javascript:`` URLs, very long words, bidirectional overrides, zero-width and
combining characters are shown as text and cannot break the layout.

They reach the page the ways untrusted text does: an imported file (its game's name and
its seats' names), a shared link (its seats' names) and the rename form (a save's name).
On every screen that shows them (the pass-the-device screen, the table and its log, the
saves list, the start screen's "continue") the test reads the page:

* nothing ran and nothing was made of them: no script, image, handler or link element;
  ``window.__pwned`` never set; the markup is on screen as text;
* no direction control of theirs is left on the page (only balanced isolates of the
  app's: right-to-left text between U+2068 and U+2069, as ``<bdi>`` does);
* at most 4 combining marks on a character;
* the page is not wider than the window, at 1000 px and on a phone (375 px), and what
  shows of the long words (wrapped, or cut with an ellipsis) stays inside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tablero.core import make
from tablero.web.links import encode_link
from tablero.web.plugin import Seat
from tablero.web.saves import SavedGame, export_json
from test_app_flows import menu
from ui import NEXT_CLICK, click, open_app, renders, wait_rendered

pytestmark = pytest.mark.browser

IMG = '<img src=x onerror="window.__pwned=1">'
SCRIPT = "<script>window.__pwned=2</script>"
LINK = "javascript:window.__pwned=3//"
BIDI = "\u202eAna\u2066 \u05e9\u05dc\u05d5\u05dd \u202dBen"  # overrides, an isolate, Hebrew
ZALGO = "Z" + "\u0301\u0316\u0317\u0318\u0352" * 8 + "algo"
LONG = "W" * 40
INVISIBLE = "\u200b\u200c\u200d\ufeffZero\u200bwidth"
SEATS = [
    Seat(IMG, 0),
    Seat(BIDI, 1),
    Seat(ZALGO, 2),
    Seat(LONG, 3),
]
GAME_NAME = f"{SCRIPT}{LINK}{INVISIBLE}" + "M" * 40
RENAME = '<b onmouseover="window.__pwned=4">\u202e' + "Q" * 40

#: What the page made of the text: elements that should not exist, direction controls
#: left over, isolates out of balance, combining marks piled up, the page's width.
INSPECT = r"""() => {
  const app = document.getElementById('app');
  const bad = app.querySelectorAll(
    'script, iframe, object, embed, img[src="x"], [onerror], [onload], [onmouseover], '
    + 'a[href^="javascript"], b');
  const texts = [];
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.nodeValue);
  for (const el of app.querySelectorAll('*'))
    for (const a of el.attributes) texts.push(a.value);
  const all = texts.join('\n');
  const unbalanced = texts.filter(
    (s) => (s.match(/\u2068/g) || []).length !== (s.match(/\u2069/g) || []).length);
  const marks = Math.max(0, ...(all.match(/\p{M}+/gu) || []).map((m) => [...m].length));
  const outside = [];
  const walker2 = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  while (walker2.nextNode()) {
    const node = walker2.currentNode;
    if (!/WWWWWWWWWW|QQQQQQQQQQ|MMMMMMMMMM/.test(node.nodeValue)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      // what shows of it: clipped by the boxes that hide their overflow (an ellipsis)
      let [left, right] = [r.left, r.right];
      for (let e = node.parentElement; e && e !== app; e = e.parentElement) {
        if (getComputedStyle(e).overflowX === 'visible') continue;
        const box = e.getBoundingClientRect();
        [left, right] = [Math.max(left, box.left), Math.min(right, box.right)];
      }
      if (right > left && (left < -1 || right > innerWidth + 1)) outside.push(node.nodeValue);
    }
  }
  return {
    pwned: window.__pwned ?? null,
    bad: [...bad].map((e) => e.outerHTML.slice(0, 80)),
    controls: (all.match(/[\u202a-\u202e\u2066\u2067]/g) || []).length,
    unbalanced,
    marks,
    outside,
    wide: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    text: app.innerText,
  };
}"""


WIDTHS = (1000, 375)  # a window, a phone


def inspect(page, where: str, shows: tuple[str, ...] = ()) -> None:
    """Read the page at each of WIDTHS (the screen laid out again at each)."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        inspect_at(page, f"{where} at {width} px", shows)
    page.set_viewport_size({"width": WIDTHS[0], "height": 800})


def inspect_at(page, where: str, shows: tuple[str, ...]) -> None:
    seen = page.evaluate(INSPECT)
    assert seen["pwned"] is None, (where, seen["pwned"])
    assert seen["bad"] == [], (where, seen["bad"])
    assert seen["controls"] == 0, where
    assert seen["unbalanced"] == [], (where, seen["unbalanced"])
    assert seen["marks"] <= 4, (where, seen["marks"])
    assert seen["outside"] == [], (where, seen["outside"])
    assert seen["wide"] <= 0, (where, seen["wide"])
    for text in shows:
        assert text in seen["text"], (where, text)


def hostile_file(tmp_path: Path) -> Path:
    state = make("arribada", players=4, seed=3)
    game = SavedGame("abcdefgh", GAME_NAME, "arribada", SEATS, state, 1000.0, 2000.0)
    path = tmp_path / "hostile.json"
    path.write_text(export_json(game), encoding="utf-8")
    return path


def play_a_move(page) -> None:
    before = page.locator(".shell-log-list li").count()
    for _ in range(20):
        click(page, page.evaluate(NEXT_CLICK))
        if page.locator(".shell-log-list li").count() > before:
            return
    raise AssertionError("no move was played")


def test_hostile_names_are_text_and_keep_the_layout(new_page, site_server, tmp_path):
    page = open_app(new_page, site_server, viewport={"width": WIDTHS[0], "height": 800})
    # An imported file: the game's and the seats' names.
    before = renders(page)
    page.set_input_files('.shell-actions input[type="file"]', str(hostile_file(tmp_path)))
    wait_rendered(page, before)
    assert page.locator(".shell-pass").count() == 1, page.inner_text("#app")
    inspect(page, "pass screen", shows=("Pass the device",))
    click(page, "[data-act='app.reveal']")
    play_a_move(page)
    play_a_move(page)
    inspect(page, "table", shows=(IMG,))
    page.set_viewport_size({"width": WIDTHS[-1], "height": 800})
    click(page, ".shell-bar [data-act='app.drawer'][data-drawer='log']")  # a phone's drawer
    inspect_at(page, "log drawer", ())
    page.set_viewport_size({"width": WIDTHS[0], "height": 800})
    # The saves list, then a hostile new name typed into the rename form.
    menu(page, "app.saves")
    inspect(page, "saves", shows=(SCRIPT, LINK))
    click(page, ".shell-save [data-act='app.rename']")
    page.fill(".shell-rename input[name='name']", RENAME)
    click(page, ".shell-rename button[type='submit']")
    inspect(page, "saves renamed", shows=('<b onmouseover="window.__pwned=4">',))
    menu(page, "app.home")
    inspect(page, "home", shows=("QQQQ",))


def test_a_hostile_link_is_text(new_page, site_server):
    state = make("arribada", players=2, seed=5)
    state = state.apply(state.legal_moves()[0])
    fragment = encode_link(state, [Seat(SCRIPT, 0), Seat(BIDI + LONG, 1, "bot:random")])
    page = open_app(new_page, site_server, viewport={"width": WIDTHS[0], "height": 800})
    before = renders(page)
    page.goto(site_server.url + "#" + fragment)
    wait_rendered(page, before)
    page.wait_for_selector(".shell-table", timeout=30_000)
    inspect(page, "a link's table", shows=(SCRIPT[:12],))
