"""The message catalog: every text the player reads, in en, ja, es and nl.

The catalogs are gettext PO files, one folder per namespace: the shell's ``app.*`` keys in
``tablero/web/messages/``, each game's ``<game>.*`` keys in its UI package,
``tablero/web/games/<game>/messages/``, and a game's tutorial texts
(``<game>.tutorial.*``) in ``tablero/web/games/<game>/tutorial/messages/``.  In a
folder, ``messages.pot`` is the English template and ``<lang>.po`` a translation; every
entry is keyed by its ``msgctxt`` (the message key), its ``msgid`` is the English text
and a plural message has a ``msgid_plural`` and one ``msgstr[i]`` per plural form of its
language (``Plural-Forms``).  The build compiles them (with Babel) into ``<lang>.mo``
files beside them, keyed by the message key; this module reads those with the standard
library's :mod:`gettext`, each language falling back to English.  See docs/i18n.md.

A game's title and blurb (``<game>.title``, ``<game>.blurb``) are written in its own
catalog but read from the shell's: the build copies them into the shell's MO files, since
the home screen and the saves list show every game's title before that game's bundle
(and so its catalog) is on the page.

Texts use ``{name}`` placeholders.  A plural message picks its form by the ``count``
parameter (a negative count by its size: "-1 point"); every number parameter is written
the language's way (``1,234`` in English, ``1.234`` in Spanish and Dutch).

>>> cat = Catalog.load("es")
>>> cat.t("app.pass.title", name="Ana")
'Pasa el dispositivo a Ana'
>>> cat.t("app.no-such-key")
'app.no-such-key'
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LANGUAGE_NAMES",
    "Catalog",
    "format_number",
    "join",
    "load_every_catalog",
    "pick_language",
    "placeholders",
    "translator",
]

#: The languages the app is written in, in the order the menu lists them.
LANGUAGES = ("en", "ja", "es", "nl")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself (the language menu shows these, untranslated).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "es": "Español", "nl": "Nederlands"}
#: Each language's digit group separator and decimal sign (CLDR's, as Babel gives them:
#: tests/web/test_catalogs.py checks these against it).
NUMBER_SYMBOLS = {"en": (",", "."), "ja": (",", "."), "es": (".", ","), "nl": (".", ",")}

# The catalogs are files of this package, next to this module (a wheel is installed, and
# unpacked on the page, as files).  Not read through importlib.resources: importing it is
# 16 ms of a first visit in Pyodide, for nothing a folder path does not do.
_FOLDER = Path(__file__).with_name("messages")
_GAMES = Path(__file__).with_name("games")
#: The shell's namespace (``app.*``), in :data:`_FOLDER`; every other is a game's.
_SHELL = "app"
_GAME_ID = re.compile(r"[a-z][a-z0-9_]*")
_TUTORIAL = "tutorial"
#: The keys of a game (``<game>.<part>``) read from the shell's catalog, into which the
#: build copies them from the game's (buildtools/catalogs.py ``CARRIED``).
_CARRIED = frozenset({"title", "blurb"})


def _namespace_folder(namespace: str) -> Path:
    """The folder of a namespace's catalogs: ``app``, ``<game>`` or ``<game>.tutorial``."""
    if namespace == _SHELL:
        return _FOLDER
    game, _, part = namespace.partition(".")
    return _GAMES / game / part / "messages" if part else _GAMES / game / "messages"


def _namespace(key: str) -> str | None:
    """The namespace whose catalog holds a message key (None for a key of no namespace):
    a game's title and blurb are in the shell's.

    >>> _namespace("app.menu.title"), _namespace("arraial.title"), _namespace("arraial.end.title")
    ('app', 'app', 'arraial')
    """
    first, _, rest = key.partition(".")
    if first == _SHELL:
        return _SHELL
    if not _GAME_ID.fullmatch(first):
        return None
    if rest in _CARRIED:
        return _SHELL
    return f"{first}.{_TUTORIAL}" if rest.startswith(_TUTORIAL + ".") else first


def _present() -> list[str]:
    """The namespaces read with a language: the shell's and every game's on the page
    (a game's package arrives with its engine).  Tutorials are read when first shown."""
    found = [_SHELL]
    if _GAMES.is_dir():
        found += sorted(
            entry.name
            for entry in _GAMES.iterdir()
            if _GAME_ID.fullmatch(entry.name) and (entry / "messages").is_dir()
        )
    return found


_LOADED: dict[tuple[str, str], gettext.NullTranslations] = {}


def _translations(lang: str, namespace: str) -> gettext.NullTranslations | None:
    """The compiled catalog of ``namespace`` in ``lang``, English behind it; None while
    the namespace is not on the page (a game whose bundle comes later)."""
    hit = _LOADED.get((lang, namespace))
    if hit is not None:
        return hit
    folder = _namespace_folder(namespace)
    path = folder / f"{lang}.mo"
    try:
        with path.open("rb") as f:
            found: gettext.NullTranslations = gettext.GNUTranslations(f)
    except FileNotFoundError:
        if (folder / "messages.pot").is_file():  # a source tree whose catalogs are not built
            raise RuntimeError(
                f"{path} is missing: compile the catalogs (python3 build.py catalogs)"
            ) from None
        return None
    if lang != DEFAULT_LANGUAGE:
        english = _translations(DEFAULT_LANGUAGE, namespace)
        if english is not None:
            found.add_fallback(english)
    _LOADED[(lang, namespace)] = found
    return found


def load_every_catalog() -> list[tuple[str, str]]:
    """Read every catalog on the page into memory, the tutorials' included, in every
    language; the (language, namespace) pairs read.

    The memory snapshot's warm-up calls it (tablero.web.warmup): a page restored from the
    snapshot has no catalog files until its wheels are unpacked after interactive, so a
    catalog not read before the snapshot would be missing in the first seconds (a
    tutorial opened then showed its message keys)."""
    games = _present()[1:]  # after the shell's
    namespaces = _present() + [
        f"{g}.{_TUTORIAL}" for g in games if (_GAMES / g / _TUTORIAL / "messages").is_dir()
    ]
    return [
        (lang, namespace)
        for namespace in namespaces
        for lang in LANGUAGES
        if _translations(lang, namespace) is not None
    ]


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message text.

    >>> sorted(placeholders("{name} scores {points}"))
    ['name', 'points']
    """
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def format_number(number: int | float, lang: str) -> str:
    """``number`` written the way of ``lang``: its digit groups and decimal sign.

    >>> format_number(12345, "en"), format_number(12345, "nl"), format_number(-2.5, "es")
    ('12,345', '12.345', '-2,5')
    """
    group, decimal = NUMBER_SYMBOLS.get(lang, NUMBER_SYMBOLS[DEFAULT_LANGUAGE])
    return f"{number:,}".translate({ord(","): group, ord("."): decimal})


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown placeholder as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """The messages of one language, with English as the fallback for missing keys."""

    def __init__(self, lang: str):
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
        self.lang = lang

    @classmethod
    def load(cls, lang: str) -> Catalog:
        """The catalog of ``lang``, with every namespace on the page read now (so that,
        restored from the memory snapshot, the app needs no file to start)."""
        catalog = cls(lang)
        for namespace in _present():
            _translations(lang, namespace)
        return catalog

    def _lookup(self, key: str, count: int | None) -> str | None:
        namespace = _namespace(key)
        found = _translations(self.lang, namespace) if namespace else None
        if found is None:
            return None
        # gettext() gives a plural message's form for 1; ngettext() of a singular message,
        # its key.  A negative count takes the form of its size, as CLDR's rules do
        # ("-1 point"; gettext's expressions are written for n >= 0).
        text = found.gettext(key) if count is None else found.ngettext(key, key, abs(count))
        if text == key and count is not None:
            text = found.gettext(key)
        return None if text == key else text

    def has(self, key: str) -> bool:
        return self._lookup(key, None) is not None

    def t(self, key: str, **params: object) -> str:
        """The text of ``key`` with ``params`` filled in; the key itself when unknown.

        A plural message takes the form for ``params["count"]``; a parameter that is a
        number is written the way of the language; one that is a pair ``(key, params)``
        is itself a message, translated first."""
        count = params.get("count")
        text = self._lookup(key, count if isinstance(count, int) else None)
        if text is None:
            text = key
        if not params:
            return text
        values = {name: self._value(value) for name, value in params.items()}
        try:
            return string.Formatter().vformat(text, (), _Params(values))
        except (ValueError, IndexError, KeyError):
            return text

    def _value(self, value: object) -> object:
        if isinstance(value, tuple) and len(value) == 2:
            return self.t(value[0], **value[1])
        if isinstance(value, int | float) and not isinstance(value, bool):
            return format_number(value, self.lang)
        return value


def join(t: Callable[..., str], key: str, parts: Iterable[str]) -> str:
    """``parts`` joined two by two by the message ``key``, a pattern ``{a} {b}``: the
    separator is the language's (Japanese sentences take none, and a PO file cannot
    hold an empty text: it would read as untranslated).

    >>> join(translator("ja"), "arribada.log.sep", ["A。", "B。"])
    'A。B。'
    """
    joined: str | None = None
    for part in parts:
        joined = part if joined is None else t(key, a=joined, b=part)
    return joined or ""


_TRANSLATORS: dict[str, Callable[..., str]] = {}


def translator(lang: str) -> Callable[..., str]:
    """The ``t(key, **params)`` of ``lang`` (English for an unknown language)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    if lang not in _TRANSLATORS:
        _TRANSLATORS[lang] = Catalog.load(lang).t
    return _TRANSLATORS[lang]


def pick_language(saved: str | None, preferred: Iterable[str] = ()) -> str:
    """The language to show: the player's saved choice, else the first of the browser's
    preferred languages (``navigator.languages``) that Tablero speaks, else English.

    >>> pick_language(None, ["nl-BE", "en-US"])
    'nl'
    >>> pick_language("ja", ["es"])
    'ja'
    >>> pick_language("xx", ["fr"])
    'en'
    """
    if saved in LANGUAGES:
        return saved
    for tag in preferred:
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE
