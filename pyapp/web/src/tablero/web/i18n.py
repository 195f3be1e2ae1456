"""The message catalog: every text the player reads, in en, ja, es and nl.

Messages are flat JSON objects of ``key -> text``, one file per language: the shell's
``app.*`` keys in ``tablero/web/messages/<lang>.json``, and each game's keys, all
starting with ``<game>.``, in its UI package, ``tablero/web/games/<game>/messages/
<lang>.json``.  A language's catalog merges them.  Texts use ``{name}`` placeholders.

>>> cat = Catalog.load("es")
>>> cat.t("app.pass.title", name="Ana")
'Pasa el dispositivo a Ana'
>>> cat.t("app.no-such-key")
'app.no-such-key'
"""

from __future__ import annotations

import json
import re
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
_GAMES = Path(__file__).with_name("games")
#: The shell's namespace (``app.*``), in :data:`_FOLDER`; every other is a game's.
_SHELL = "app"
_GAME_ID = re.compile(r"[a-z][a-z0-9_]*")


def _game_file(game: str, lang: str) -> Path:
    """The catalog of ``game`` in ``lang``, in the game's UI package."""
    return _GAMES / game / "messages" / f"{lang}.json"


def _message_files(lang: str) -> list[tuple[str, Path]]:
    """``(namespace, file)`` of every catalog file of ``lang``, the shell's first, then the
    games' by id (those present: on the page a game's package comes with its engine)."""
    files = [(_SHELL, _FOLDER / f"{lang}.json")]
    if _GAMES.is_dir():
        for game in sorted(entry.name for entry in _GAMES.iterdir()):
            if _GAME_ID.fullmatch(game) and (path := _game_file(game, lang)).is_file():
                files.append((game, path))
    return files


def _read(namespace: str, path: Path, into: dict[str, str]) -> None:
    """Merge the catalog file ``path`` of ``namespace`` into ``into``."""
    shown = (
        f"messages/{path.name}"
        if namespace == _SHELL
        else f"games/{namespace}/messages/{path.name}"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError(f"{shown} must hold a JSON object")
    for key, text in data.items():
        if not isinstance(text, str):
            raise ValueError(f"{shown}: {key} is not a text")
        if not key.startswith(f"{namespace}."):
            raise ValueError(f"{shown}: {key} is not a {namespace}.* key")
        if key in into:
            raise ValueError(f"{shown}: {key} is defined twice")
        into[key] = text


def load_messages(lang: str) -> dict[str, str]:
    """Every message of ``lang`` from the package, all files merged.

    A key defined twice (in two files) is an error: namespaces keep files apart.
    """
    return _load(lang)[0]


def _load(lang: str) -> tuple[dict[str, str], set[str]]:
    """The messages of ``lang``, all files merged, and the namespaces read."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    files = _message_files(lang)
    for namespace, path in files:
        _read(namespace, path, merged)
    return merged, {namespace for namespace, _ in files}


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
        self._late = False  # the package's catalog: a game's may arrive later (_arrived)

    @classmethod
    def load(cls, lang: str) -> Catalog:
        fallback = _cached(DEFAULT_LANGUAGE)
        catalog = cls(lang, {}, fallback)
        catalog._messages = _cached(lang)  # shared, so a game's late catalog joins it
        catalog._late = True
        return catalog

    def _missing(self, key: str) -> str | None:
        """The text of ``key``, found in neither table: a game's catalog come late."""
        if self._late and _arrived(key):
            return self._messages.get(key, self._fallback.get(key))
        return None

    def has(self, key: str) -> bool:
        return key in self._messages or key in self._fallback or self._missing(key) is not None

    def t(self, key: str, **params: object) -> str:
        """The text of ``key`` with ``params`` filled in; the key itself when unknown."""
        text = self._messages.get(key)
        if text is None:
            # a late catalog first (a tutorial's, in this language), then English
            text = self._missing(key)
            if text is None:
                text = self._fallback.get(key)
                if text is None:
                    text = key
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
#: The namespaces in each cached catalog (the shell's and the games' read so far).
_NAMESPACES: dict[str, set[str]] = {}


def _cached(lang: str) -> dict[str, str]:
    if lang not in _CACHE:
        _CACHE[lang], _NAMESPACES[lang] = _load(lang)
    return _CACHE[lang]


def _po_unquote(text: str) -> str:
    """A PO file's quoted string (``"..."``) as its text."""
    body = text.strip()[1:-1]
    out, i = [], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(escapes.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_po(path: Path, *, english: bool = False) -> dict[str, str]:
    """``{msgctxt: text}`` of a gettext PO (or POT) file whose entries are keyed by
    ``msgctxt``: the ``msgstr`` (an empty one is left out, so it falls back to English),
    or with ``english`` the ``msgid`` (a template's English text)."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current = ""

    def done() -> None:
        key = fields.get("msgctxt")
        text = fields.get("msgid" if english else "msgstr", "")
        if key and text:
            entries[key] = text

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and fields:
                done()
                fields = {}
            continue
        if line.startswith('"'):
            fields[current] = fields.get(current, "") + _po_unquote(line)
            continue
        word, _, rest = line.partition(" ")
        current = word
        fields[word] = _po_unquote(rest)
    if fields:
        done()
    return entries


def _tutorial_file(game: str, lang: str) -> Path:
    """A game's tutorial catalog (its texts ``<game>.tutorial.*``): English is the
    template ``messages.pot``, the others ``<lang>.po``."""
    folder = _GAMES / game / "tutorial" / "messages"
    return folder / ("messages.pot" if lang == DEFAULT_LANGUAGE else f"{lang}.po")


def _tutorial_arrived(game: str) -> bool:
    """Read ``game``'s tutorial catalog into every cached catalog lacking it (the
    tutorial's texts are read only when a tutorial is first shown)."""
    namespace = f"{game}.tutorial"
    arrived = False
    for lang, merged in _CACHE.items():
        path = _tutorial_file(game, lang)
        if namespace not in _NAMESPACES[lang] and path.is_file():
            for key, text in read_po(path, english=lang == DEFAULT_LANGUAGE).items():
                if key.startswith(namespace + "."):
                    merged.setdefault(key, text)
            _NAMESPACES[lang].add(namespace)
            arrived = True
    return arrived


def _arrived(key: str) -> bool:
    """Whether the catalog of ``key``'s game was missing from a cached catalog and is
    there now (engines on demand: the page unpacks a game's bundle, its UI package and
    catalog with it, after the first screen); it then joins every cached catalog that
    lacked it.  Called for a key found nowhere, so never in the common case."""
    game, _, rest = key.partition(".")
    if not _GAME_ID.fullmatch(game):
        return False
    if rest.startswith("tutorial."):
        return _tutorial_arrived(game)
    arrived = False
    for lang, merged in _CACHE.items():
        path = _game_file(game, lang)
        if game not in _NAMESPACES[lang] and path.is_file():
            _read(game, path, merged)
            _NAMESPACES[lang].add(game)
            arrived = True
    return arrived


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
