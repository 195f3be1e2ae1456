"""The message catalogs' build step: every PO folder of tablero.web compiled to MO files.

Run by build.py (``uv run python buildtools/catalogs.py``) before the wheels are built and the
tests run; it needs Babel, a dev dependency (never on the page).  A folder holds
``messages.pot`` (English: ``msgctxt`` the key, ``msgid`` the text, ``msgid_plural`` its
plural) and ``<lang>.po`` per other language.  Each becomes ``<lang>.mo`` beside it, keyed
by the message key (a plural one by the key as both its ids), which
``tablero.web.i18n`` reads with the standard library's ``gettext``; ``en.mo`` is the
template's English.  An untranslated entry (an empty ``msgstr``, or a plural with an
empty form) is left out of its MO file, so the page shows its English.

The shell's MO files also carry every game's title and blurb (``<game>.title``,
``<game>.blurb``, :data:`CARRIED`), copied from the game's own catalog at compile time
(never written in the shell's PO sources): the home screen and the saves list show every
game's title before that game's bundle, and so its catalog, is on the page, and
``tablero.web.i18n`` reads those two keys from the shell's catalog.
"""

from __future__ import annotations

import datetime
import io
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "pyapp" / "web" / "src" / "tablero" / "web"
#: The boot loader's catalog (``boot.*``, shown by boot.js before Python runs): compiled
#: to one JSON file, ``{lang: {key: text}}``, which build.py puts in the page.
BOOT = ROOT / "static" / "messages"
BOOT_JSON = BOOT / "catalog.json"
LANGUAGES = ("en", "ja", "es", "nl")
TEMPLATE = "messages.pot"
# Fixed, so that the same PO files make the same MO bytes (and wheels).
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
#: The keys of a game's catalog (``<game>.<part>``) that the shell's MO files carry too
#: (``tablero.web.i18n._CARRIED``): what the picker and the saves list show of a game.
CARRIED = ("title", "blurb")


def folders(web: Path = WEB) -> list[Path]:
    """Every catalog folder of the app: the shell's, each game's, each game's tutorial's
    (the boot loader's, :data:`BOOT`, is apart)."""
    return sorted(path.parent for path in web.rglob(TEMPLATE))


def read(folder: Path, lang: str) -> Catalog:
    """The PO catalog of ``lang`` in ``folder`` (English: the template)."""
    name = TEMPLATE if lang == "en" else f"{lang}.po"
    with (folder / name).open("rb") as f:
        return read_po(f, locale=lang, abort_invalid=True)


def entries(catalog: Catalog) -> Iterator[tuple[str, str | tuple[str, ...]]]:
    """``(key, text)`` of every entry of a catalog read by :func:`read`: for the template
    its English (a plural's two forms), else its translation (a plural's forms)."""
    english = catalog.locale is not None and str(catalog.locale) == "en"
    for message in catalog:
        if not message.id:
            continue  # the header
        if message.context is None:
            raise ValueError(f"{message.id!r} has no msgctxt (its key)")
        if english:
            yield message.context, message.id
        else:
            yield message.context, message.string


def namespace(folder: Path) -> str:
    """The keys' namespace of a catalog folder: ``app`` (the shell's ``messages/``), a
    game's id (``games/<game>/messages/``) or ``<game>.tutorial``."""
    if folder.resolve() == BOOT:
        return "boot"
    owner = folder.parent
    if owner.name == "tutorial":
        return f"{owner.parent.name}.tutorial"
    if owner.parent.name == "games":
        return owner.name
    return "app"


def carried(web: Path, lang: str) -> list[tuple[str, str]]:
    """``(key, text)`` in ``lang`` of every game's :data:`CARRIED` keys, read from the
    game's own catalog (``<web>/games/<game>/messages/``), which must have them: the
    shell's MO files carry them (an untranslated one as empty: English shows)."""
    found = []
    for folder in folders(web):
        if folder.parent.parent != web / "games":
            continue  # the shell's or a tutorial's
        game = namespace(folder)
        texts = dict(entries(read(folder, lang)))
        for part in CARRIED:
            key = f"{game}.{part}"
            text = texts.get(key)
            if not isinstance(text, str):
                raise ValueError(f"{folder}: no {key} (a game's {part}, in its own catalog)")
            found.append((key, text))
    return found


def compile_folder(folder: Path) -> list[Path]:
    """``<lang>.mo`` of every language in ``folder`` (the shell's with every game's
    :data:`CARRIED` texts)."""
    own = namespace(folder)
    written = []
    for lang in LANGUAGES:
        source = read(folder, lang)
        keyed = Catalog(locale=lang, creation_date=STAMP, revision_date=STAMP, fuzzy=False)
        # the PO file's plural forms (gettext's, which Babel's CLDR data may not share:
        # Spanish there has a third form for millions)
        keyed.mime_headers = [("Plural-Forms", source.plural_forms)]
        texts = list(entries(source))
        for key, _ in texts:
            if not key.startswith(own + "."):
                raise ValueError(f"{folder}: {key} is not a key of {own}")
        if own == "app":
            texts += carried(folder.parent, lang)
        for key, text in texts:
            forms = (text,) if isinstance(text, str) else tuple(text)
            if not all(forms):
                continue  # untranslated: English shows
            if isinstance(text, str):
                keyed.add(key, text)
            else:
                keyed.add((key, key), forms)
        path = folder / f"{lang}.mo"
        data = io.BytesIO()
        write_mo(data, keyed)
        _replace(path, data.getvalue())
        written.append(path)
    return written


def _replace(path: Path, data: bytes) -> None:
    """``path`` holding ``data``: left alone when it already does, else written beside it
    and moved into place in one step. Processes may read the catalogs while a build
    compiles them again (the test suite's workers during its background site build):
    they never see a file half written."""
    if path.is_file() and path.read_bytes() == data:
        return
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    part.write_bytes(data)
    os.replace(part, path)


def compile_boot() -> Path:
    """:data:`BOOT_JSON`: the boot loader's texts in every language (an untranslated one
    left out: boot.js shows its English)."""
    table: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        table[lang] = {}
        for key, text in entries(read(BOOT, lang)):
            if not key.startswith("boot.") or not isinstance(text, str):
                raise ValueError(f"{BOOT}: {key} is not a boot.* text")
            if text:
                table[lang][key] = text
    _replace(BOOT_JSON, (json.dumps(table, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))
    return BOOT_JSON


def compile_all(web: Path = WEB) -> list[Path]:
    written = [path for folder in folders(web) for path in compile_folder(folder)]
    return [*written, compile_boot()]


def main(argv: list[str]) -> int:
    if argv not in ([], ["compile"]):
        print("usage: catalogs.py [compile]", file=sys.stderr)
        return 2
    written = compile_all()
    print(f"compiled {len(written)} catalogs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
