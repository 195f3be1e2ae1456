"""The message catalog: every text the player reads, in en, ja, es and nl.

Messages live in ``tablero/web/messages/`` as flat JSON objects of ``key -> text``.
A language's catalog merges every file of that language: ``<lang>.json`` (the
shell's ``app.*`` keys) and ``<namespace>.<lang>.json`` (a game's or the boot
loader's keys, e.g. ``arribada.ja.json``).  Texts use ``{name}`` placeholders.

>>> cat = Catalog.load("es")
>>> cat.t("app.pass.title", name="Ana")
'Pasa el dispositivo a Ana'
>>> cat.t("app.no-such-key")
'app.no-such-key'
"""

from __future__ import annotations

import json
import string
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LANGUAGE_NAMES",
    "Catalog",
    "load_messages",
    "pick_language",
    "placeholders",
    "translator",
]

#: The languages the app is written in, in the order the menu lists them.
LANGUAGES = ("en", "ja", "es", "nl")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself (the language menu shows these, untranslated).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "es": "Español", "nl": "Nederlands"}

# The catalogs are files of this package, next to this module (a wheel is installed, and
# unpacked on the page, as files).  Not read through importlib.resources: importing it is
# 16 ms of a first visit in Pyodide, for nothing a folder path does not do.
_FOLDER = Path(__file__).with_name("messages")


def _message_files(lang: str) -> list[str]:
    """The names of the catalog files of ``lang``, ``<lang>.json`` first."""
    names = []
    for entry in _FOLDER.iterdir():
        name = entry.name
        if name == f"{lang}.json" or (name.endswith(f".{lang}.json") and name.count(".") == 2):
            names.append(name)
    return sorted(names, key=lambda n: (n != f"{lang}.json", n))


def load_messages(lang: str) -> dict[str, str]:
    """Every message of ``lang`` from the package, all files merged.

    A key defined twice (in two files) is an error: namespaces keep files apart.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for name in _message_files(lang):
        data = json.loads((_FOLDER / name).read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"messages/{name} must hold a JSON object")
        for key, text in data.items():
            if not isinstance(text, str):
                raise ValueError(f"messages/{name}: {key} is not a text")
            if key in merged:
                raise ValueError(f"messages/{name}: {key} is defined twice")
            merged[key] = text
    return merged


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message text.

    >>> sorted(placeholders("{name} scores {points}"))
    ['name', 'points']
    """
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown placeholder as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Catalog:
    """The messages of one language, with English as the fallback for missing keys."""

    def __init__(self, lang: str, messages: Mapping[str, str], fallback: Mapping[str, str]):
        self.lang = lang
        self._messages = dict(messages)
        self._fallback = fallback

    @classmethod
    def load(cls, lang: str) -> Catalog:
        fallback = _cached(DEFAULT_LANGUAGE)
        return cls(lang, _cached(lang), fallback)

    def has(self, key: str) -> bool:
        return key in self._messages or key in self._fallback

    def t(self, key: str, **params: object) -> str:
        """The text of ``key`` with ``params`` filled in; the key itself when unknown."""
        text = self._messages.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        if not params:
            return text
        # a parameter may itself be a message: (key, params), translated first
        params = {
            k: self.t(v[0], **v[1]) if isinstance(v, tuple) and len(v) == 2 else v
            for k, v in params.items()
        }
        try:
            return string.Formatter().vformat(text, (), _Params(params))
        except (ValueError, IndexError, KeyError):
            return text


_CACHE: dict[str, dict[str, str]] = {}


def _cached(lang: str) -> dict[str, str]:
    if lang not in _CACHE:
        _CACHE[lang] = load_messages(lang)
    return _CACHE[lang]


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
