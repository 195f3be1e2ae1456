"""No untranslated text on the table of any game, in Japanese, Spanish and Dutch.

Each game's table is reached as a player reaches it (the screens of test_a11y.py, at a
decision that shows the most words: a move's preview), read in English, then the
language is switched in the menu and the same table read again.  A text shown in both
is left untranslated unless it holds no word (numbers, coordinates, symbols), is a
player's name or a language's name in itself (the language menu), or is a catalog text
its language marks the same as English on purpose (names such as Arraial, words such as
"Total"): both hard-coded English and a message missing from a language's catalog are
caught.  The finished game's end screen (a saved game imported) is read the same way.
"""

from __future__ import annotations

import re

import pytest
import test_a11y as screens
from conftest import wait_ready
from support.catalog_files import catalogs as po
from support.catalog_files import folders
from tablero.web import i18n
from ui import open_app, wait_rendered

pytestmark = pytest.mark.browser

#: Every text node of the app and every label a screen reader reads (aria-label, title,
#: alt, placeholder), in page order.
TEXTS_JS = """() => {
  const app = document.getElementById('app');
  const out = [];
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest('style, script')) continue;
    const text = node.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of app.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.push(value);
    }
  }
  return out;
}"""
#: The players' names, and each language's name in itself (the language menu).
NAMES = ("Ana", "Ben")
LANGUAGE_NAMES = set(i18n.LANGUAGE_NAMES.values())
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: a word, not "e7" or "A"
TABLES = {
    "arribada": screens.arribada_preview,
    "arboretum": screens.arboretum_play,
    "arraial": screens.arraial_preview,
    "diadeplaya": screens.diadeplaya_preview,
}


def _pattern(text: str) -> re.Pattern[str]:
    """A message text as a pattern: each placeholder matches any text."""
    parts = re.split(r"\{[a-z_0-9]+\}", text)
    return re.compile(".*?".join(re.escape(part) for part in parts), re.S)


def same_on_purpose(lang: str) -> tuple[list[str], list[re.Pattern[str]]]:
    """The texts ``lang`` keeps as in English, marked so in its catalogs: the plain ones
    (names such as "Cassia", which other messages' placeholders may hold) and, as
    patterns, those with placeholders and words of their own."""
    plain, patterns = [], []
    for folder in folders():
        for message in po.read(folder, lang):
            if message.id and "same-as-english" in message.flags:
                texts = [message.string] if isinstance(message.string, str) else message.string
                for text in texts:
                    literal = re.sub(r"\{\w+\}", "", text)
                    if literal == text:
                        plain.append(text)
                    elif WORD.search(literal):  # not "{a} {b}", which would match any text
                        patterns.append(_pattern(text))
    return sorted(plain, key=len, reverse=True), patterns


def untranslated(english: list[str], other: list[str], lang: str) -> list[str]:
    plain, patterns = same_on_purpose(lang)
    shown = set(english)
    left = []
    for text in dict.fromkeys(other):
        if text not in shown or text in LANGUAGE_NAMES:
            continue
        words = text
        for name in (*NAMES, *plain):
            words = words.replace(name, "")
        if not WORD.search(words) or any(p.fullmatch(text) for p in patterns):
            continue
        left.append(text)
    return left


def switch_language(page, lang: str) -> None:
    before = page.get_attribute("#app", "data-render")
    page.locator("details.shell-menu > summary").click()
    page.select_option(".shell-menu-items select[name='lang']", lang)
    wait_rendered(page, before)
    assert page.evaluate("document.documentElement.lang") == lang
    page.keyboard.press("Escape")


def read_in(page, lang: str) -> tuple[list[str], list[str]]:
    """The texts on screen in English and then in ``lang`` (the page left in English)."""
    english = page.evaluate(TEXTS_JS)
    switch_language(page, lang)
    other = page.evaluate(TEXTS_JS)
    switch_language(page, "en")
    return english, other


LANGUAGES = ("ja", "es", "nl")


@pytest.mark.parametrize("game", list(TABLES))
def test_no_untranslated_text_on_the_table(new_page, site_server, game):
    """One page a game: its table reached once and read in English and in each other
    language in turn, then a finished game's end screen the same way (until issue 31,
    one test a game and a language, each reaching the table again: the same checks)."""
    page = open_app(new_page, site_server, viewport={"width": 1280, "height": 800})
    TABLES[game](page)
    left: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        english, other = read_in(page, lang)
        assert len(other) >= 10, other  # the table was read
        left[f"table, {lang}"] = untranslated(english, other, lang)
    # the end of a finished game of the same kind
    page.goto(site_server.url)
    wait_ready(page)
    screens.end(game)(page)
    for lang in LANGUAGES:
        english, other = read_in(page, lang)
        left[f"end, {lang}"] = untranslated(english, other, lang)
    assert {where: texts for where, texts in left.items() if texts} == {}


def test_the_check_finds_english_left_on_screen():
    english = ["Your turn", "Ana", "12", "e7", "Total", "English", "Arraial", "Arraial 2"]
    shown = ["Tu turno", "Ana", "12", "e7", "Total", "English", "Arraial", "Arraial 2", "Ok"]
    assert untranslated(english, [*shown, "Your turn"], "es") == ["Your turn"]
    assert untranslated(english, shown, "es") == []
    assert untranslated(english, shown, "ja") == ["Total", "Arraial", "Arraial 2"]
