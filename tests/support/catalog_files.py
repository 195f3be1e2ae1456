"""The message catalogs' PO sources, read with Babel (buildtools/catalogs.py) for the tests:
what every language says, to compare with what the app shows (tablero.web.i18n reads
the compiled MO files)."""

from __future__ import annotations

import functools
import gettext
import importlib.util
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "pyapp/web/src/tablero/web"
LANGS = ("en", "ja", "es", "nl")

_spec = importlib.util.spec_from_file_location("tablero_catalogs", ROOT / "buildtools/catalogs.py")
assert _spec is not None and _spec.loader is not None
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)

Text = str | tuple[str, ...]


def folders(*, tutorials: bool = True, boot: bool = True) -> list[Path]:
    """Every catalog folder (the shell's, each game's, each tutorial's, and the boot
    loader's)."""
    found = catalogs.folders(WEB) + ([catalogs.BOOT] if boot else [])
    return [f for f in found if tutorials or f.parent.name != "tutorial"]


def folder_messages(folder: Path, lang: str) -> dict[str, Text]:
    """``{key: text}`` of one folder's catalog in ``lang`` (a plural's forms as a tuple;
    an untranslated entry as empty)."""
    return {
        key: text if isinstance(text, str) else tuple(text)
        for key, text in catalogs.entries(catalogs.read(folder, lang))
    }


def messages(lang: str, *, tutorials: bool = False) -> dict[str, Text]:
    """Every message of ``lang``: the shell's and the games' (their tutorials' too)."""
    merged: dict[str, Text] = {}
    for folder in folders(tutorials=tutorials, boot=False):
        merged.update(folder_messages(folder, lang))
    return merged


@functools.cache
def plural_rule(folder: Path, lang: str) -> Callable[[int], int]:
    """The form index of a count in ``lang``, from the catalog's Plural-Forms (read once
    per folder and language: the PO files do not change during a run, and reading one
    with Babel takes about 10 ms, which ``text_for`` would pay for each plural)."""
    expr = catalogs.read(folder, lang).plural_expr
    return gettext.c2py(expr)


def text_for(text: Text, lang: str, count: int = 1) -> str:
    """One message's text: a plural's form for ``count``."""
    if isinstance(text, str):
        return text
    return text[plural_rule(WEB / "messages", lang)(count)]
