"""The page: index.html rendered from its template (boot data, inlined scripts, preloads,
its policy last, then the stamp), the boot loader's messages, the manifest, the
interpreter module, and our own scripts and stylesheets copied without their comments."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from buildtools.common import ROOT, STATIC, BuildError, _read_json, _sha
from buildtools.csp import (
    CSP_PLACEHOLDER,
    content_security_policy,
    game_styles,
    inline_script_hashes,
)
from buildtools.record import SiteFiles

# The Pyodide runtime files a boot really fetches (checked by tests/browser/test_boot.py).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
LANGUAGES = ("en", "ja", "es", "nl")
ICON_SIZES = (192, 512)
BOOT_TIMEOUT_S = 60
APP_NAME = "Tablero"
THEME_COLOUR = "#2b7a9b"  # the sea of the icon
BACKGROUND_COLOUR = "#f1ddb0"  # its sand
#: The boot loader's files (static/boot/), one job each, in the order the build joins them
#: into the one inline script of index.html (:func:`boot_script`).  Plain script text
#: sharing one scope: a file may use what the files before it declare, and the order is
#: that in which their top-level statements run (docs/pwa.md, "Booting").
BOOT_MODULES = (
    "state.js",  # the boot data, window.tableroBoot
    "patch.js",  # putting the app's HTML in place (window.tableroPatch)
    "motion.js",  # a move in motion after each patch (window.tableroMotion)
    "share.js",  # the share sheet's presence, a link's QR code (window.tableroQr)
    "keyboard.js",  # roving focus, Escape, the menu (window.tableroKeys)
    "install.js",  # the browser's install offer (window.tableroInstall)
    "messages.js",  # the language and the boot screen's strings
    "screen.js",  # the boot screen, its stages and progress
    "failure.js",  # a failed boot's message, the timeout
    "downloads.js",  # the fetch wrapper and resource timing: bytes, status, type
    "pyscript.js",  # PyScript after the board is interactive; the end of the boot
    "updates.js",  # the service worker and the "update available" prompt
    "start.js",  # the interpreter, the wheels, the app's start
    "later.js",  # the other engines, the rest of the stdlib, the wheels after a restore
    "go.js",  # the boot starts
)
#: The boot loader's Python, whose source the build puts in start.js for __BOOT_GLUE__.
BOOT_GLUE = ROOT / "pyapp" / "web" / "src" / "tablero" / "web" / "bootglue.py"
BOOT_GLUE_MODULE = "tablero.web.bootglue"


def strip_js_comments(text: str) -> str:
    """``text`` (our own JavaScript) without its whole-line ``//`` comments and blank
    lines: fewer bytes before the board is interactive.  Lines inside a multi-line
    template literal are kept as they are.

    >>> strip_js_comments("// a\\nconst x = 1; // b\\n\\nconst y = `\\n// c\\n`;\\n")
    'const x = 1; // b\\nconst y = `\\n// c\\n`;\\n'
    """
    kept = []
    in_template = False
    for line in text.splitlines():
        bare = line.strip()
        if not in_template and (not bare or bare.startswith("//")):
            continue
        kept.append(line)
        if (line.count("`") - line.count("\\`")) % 2:
            in_template = not in_template
    return "\n".join(kept) + "\n"


def strip_css_comments(text: str) -> str:
    """``text`` (our own CSS) without its ``/* ... */`` comments.

    >>> strip_css_comments("/* a */\\nb { c: d; } /* e */\\n")
    'b { c: d; }\\n'
    """
    text = re.sub(r"^[ \t]*/\*.*?\*/[ \t]*\n", "", text, flags=re.S | re.M)
    return re.sub(r"[ \t]*/\*.*?\*/", "", text, flags=re.S)


def boot_script() -> str:
    """The boot loader as index.html inlines it: the files of :data:`BOOT_MODULES` joined
    in that order, each without its comments (:func:`strip_js_comments`), with the source
    of :data:`BOOT_GLUE` as a JSON string in place of ``__BOOT_GLUE__``."""
    parts = []
    for name in BOOT_MODULES:
        path = STATIC / "boot" / name
        if not path.is_file():
            raise BuildError(f"static/boot/{name} is missing (buildtools/page.py BOOT_MODULES)")
        parts.append(strip_js_comments(path.read_text(encoding="utf-8")))
    script = "".join(parts).strip()
    if script.count("__BOOT_GLUE__") != 1:
        raise BuildError("static/boot/ must name __BOOT_GLUE__ once")
    glue = json.dumps(BOOT_GLUE.read_text(encoding="utf-8"))
    return script.replace("__BOOT_GLUE__", glue)


def _copy_hashed(src: Path, out: Path, folder: str, strip: bool = False) -> str:
    """Copy ``src`` to ``out/folder/<stem>.<hash>.<ext>``; its URL relative to the site.
    ``strip``: without its comments (``strip_js_comments``, ``strip_css_comments``)."""
    data = src.read_bytes()
    if strip and src.suffix == ".js":
        data = strip_js_comments(data.decode("utf-8")).encode("utf-8")
    elif strip and src.suffix == ".css":
        data = strip_css_comments(data.decode("utf-8")).encode("utf-8")
    stem, _, ext = src.name.partition(".")
    name = f"{stem}.{_sha(data)}.{ext}"
    (out / folder).mkdir(parents=True, exist_ok=True)
    (out / folder / name).write_bytes(data)
    return f"{folder}/{name}"


def boot_messages() -> dict[str, dict[str, str]]:
    """The boot loader's strings per language (static/messages/, compiled by
    :func:`compile_catalogs` into static/messages/catalog.json), checked: every
    ``boot.*`` key in English, no other key in any language."""
    path = STATIC / "messages" / "catalog.json"
    if not path.is_file():
        raise BuildError(f"{path.relative_to(ROOT)} is missing: run `python3 build.py catalogs`")
    messages = _read_json(path)
    english = messages.get("en", {})
    for lang in LANGUAGES:
        table = messages.get(lang)
        if not isinstance(table, dict) or not set(table) <= set(english):
            raise BuildError(f"static/messages: {lang!r} has keys that English has not")
        for key, value in table.items():
            if not key.startswith("boot.") or not isinstance(value, str):
                raise BuildError(f"static/messages: bad entry {lang}/{key}")
    return messages


def write_catalogs(out: Path) -> dict[str, dict[str, str]]:
    """dist/i18n/<lang>.json: the boot loader's strings in each language but English (whose
    strings are in the page).  The app's own catalogs travel in its wheel (MO files)."""
    boot = boot_messages()
    (out / "i18n").mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        text = json.dumps(boot[lang], ensure_ascii=False, sort_keys=True, indent=1)
        (out / "i18n" / f"{lang}.json").write_text(text + "\n", encoding="utf-8")
    return boot


def write_manifest(
    out: Path, catalogs: Mapping[str, Mapping[str, str]], icons: Sequence[tuple[int, str]]
) -> None:
    """dist/manifest.webmanifest: the app's name, its description in English (the boot
    loader's ``catalogs``), its colours and its ``icons`` (``(size, url)``)."""
    manifest = {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": catalogs["en"].get("boot.description", APP_NAME),
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "lang": "en",
        "icons": [
            {"src": url, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for purpose in ("any", "maskable")
            for size, url in icons
        ],
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=1) + "\n")


def _render_template(template: str, values: dict[str, str], english: dict[str, str]) -> str:
    def replace(match: re.Match) -> str:
        name = match.group(1)
        if name.startswith("t:"):
            if name[2:] not in english:
                raise BuildError(f"index.html: no boot message {name[2:]!r}")
            return html.escape(english[name[2:]])
        if name not in values:
            raise BuildError(f"index.html: unknown placeholder {{{{{name}}}}}")
        return values[name]

    return re.sub(r"\{\{\s*([\w:.-]+)\s*\}\}", replace, template)


def preload_links(modules: list[str], fetches: list[str]) -> str:
    """``<link>`` tags that start every download the boot will make at once, instead of
    one after the other (boot loader -> PyScript -> config -> interpreter -> Pyodide -> wasm,
    stdlib, lock -> wheels).  ``crossorigin`` matches the fetch() of Pyodide and PyScript
    (mode cors, same-origin credentials), so each preload is used, not fetched twice."""
    tags = [f'<link rel="modulepreload" href="./{html.escape(u)}">' for u in modules]
    tags += [
        f'<link rel="preload" as="fetch" crossorigin href="./{html.escape(u)}">' for u in fetches
    ]
    return "\n  ".join(tags)


def write_interpreter(out: Path, pyodide_url: str, snapshot_url: str, stdlib_url: str) -> str:
    """static/interpreter.<hash>.mjs: the module PyScript loads instead of pyodide.mjs."""
    text = (STATIC / "snapshot-interpreter.mjs").read_text(encoding="utf-8")
    text = text.replace("__RUNTIME__", f"../{pyodide_url}")
    text = text.replace("__STDLIB__", f"../{stdlib_url}")
    text = strip_js_comments(text.replace("__SNAPSHOT__", f"./{Path(snapshot_url).name}"))
    url = f"static/interpreter.{_sha(text.encode())}.mjs"
    (out / url).write_text(text, encoding="utf-8")
    return url


def write_page(
    out: Path,
    files: SiteFiles,
    config_url: str,
    interpreter_url: str,
    snapshot_url: str,
    snapshot_engines: Sequence[str],
) -> None:
    """index.html from its template (the build's second step, :func:`snapshot_step`, once
    the snapshot, the interpreter module and the config that name one another are made):
    the boot data naming the files of ``files`` and those three, the snapshot reader and
    the boot loader (:func:`boot_script`) inlined, ``snapshot_engines`` the games the
    snapshot holds; no stamp yet (:func:`stamp_step` writes it); its policy, hashing the
    inline scripts, last."""
    bundles = files.bundles
    pyscript_url, pyodide_url, stdlib_url = files.pyscript, files.pyodide, files.stdlib
    base_urls = [bundles["core"], bundles["web"]]
    engine_urls = {game: url for game, url in bundles.items() if game not in ("core", "web")}
    # The boot loader is inlined into index.html (below): no request of its own.
    boot = boot_script()

    def file_entry(url: str, stage: str, check: str | None) -> dict:
        return {
            "url": f"./{url}",
            "size": (out / url).stat().st_size,
            "stage": stage,
            "check": check,
        }

    checks = {".wasm": "wasm", ".mjs": "js", ".js": "js"}
    boot_data = {
        "stamp": "",  # stamp_step()'s
        "timeout_s": BOOT_TIMEOUT_S,
        "pyscript": f"./{pyscript_url}/core.js",
        "config": f"./{config_url}",
        "interpreter": f"./{interpreter_url}",
        # The page's wheels, unpacked by the boot loader onto sys.path before the app starts: core
        # and web; then the engines (by game) of the first screen's game, the others after
        # the board is interactive (docs/pwa.md, "Booting").
        "wheels": [f"./{url}" for url in base_urls],
        "engines": {game: f"./{url}" for game, url in engine_urls.items()},
        # The games whose engines and UI the memory snapshot holds (a restored page needs
        # the others' bundles before it shows them: docs/pwa.md, "The snapshot").
        "snapshot_engines": list(snapshot_engines),
        # The rest of the page's standard library, added to sys.path after the board is
        # interactive, and the packages it completes (docs/pwa.md, "The standard library").
        "stdlib_extra": f"./{files.stdlib_extra}",
        "stdlib_split": list(files.stdlib_split),
        "sw": "./sw.js",
        "qr": f"./{files.qr}",  # the QR code module (uqr), imported when a panel shows one
        "i18n": "./i18n/",
        "bots": {
            "worker": f"./{files.bot_worker}",
            "indexURL": f"./{pyodide_url}/",
            "stdlib": f"./{stdlib_url}",
            "wheels": {
                Path(url).name.split("-")[0]: f"./{url}"
                for url in files.wheels
                if not Path(url).name.startswith("tablero_web-")
            },
        },
        "languages": list(LANGUAGES),
        "messages": boot_messages()["en"],
        "files": [
            # Loaded after the board is interactive: probed, not counted by the progress bar.
            file_entry(f"{pyscript_url}/core.js", "pyscript", "js"),
            file_entry(config_url, "pyscript", None),
            *(
                file_entry(f"{pyodide_url}/{name}", "download", checks.get(Path(name).suffix))
                for name in PYODIDE_FILES
                if name != "python_stdlib.zip"
            ),
            file_entry(stdlib_url, "download", None),
            file_entry(interpreter_url, "download", "js"),
            *(file_entry(url, "games", None) for url in base_urls),
        ],
    }
    values = {
        "app_css": files.app_css,
        "shell_css": files.shell_css,
        "boot_script": boot,
        "config": f"./{config_url}",
        "manifest": "manifest.webmanifest",
        "icon_192": files.icons[0][1],
        "theme_colour": THEME_COLOUR,
        "stamp": "",  # stamp_step()'s
        "csp": CSP_PLACEHOLDER,
        "boot_data": _boot_json(boot_data),
        "preloads": preload_links(
            modules=[
                interpreter_url,
                f"{pyodide_url}/pyodide.mjs",
                f"{pyodide_url}/pyodide.asm.mjs",
            ],
            # The wasm's preload is the snapshot reader's: a first visit only (below).
            fetches=[stdlib_url, f"{pyodide_url}/pyodide-lock.json"],
        ),
    }
    # The snapshot reader runs inline, first thing in <head> (static/snapshot-reader.js).
    reader = (STATIC / "snapshot-reader.js").read_text(encoding="utf-8")
    for placeholder, url in (
        ("__SNAPSHOT__", snapshot_url),
        ("__CACHE_READER__", files.cache_reader),
        ("__WASM__", f"{pyodide_url}/pyodide.asm.wasm"),
    ):
        reader = reader.replace(placeholder, f"./{url}")
    reader = strip_js_comments(reader).strip()
    values["snapshot_reader"] = reader
    for name, source in (("snapshot_reader", "snapshot-reader.js"), ("boot_script", "boot/")):
        if "</script" in values[name].lower() or "<!--" in values[name]:
            raise BuildError(f"static/{source} must not contain </script or <!--")
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    page = _render_template(template, values, boot_data["messages"])
    page = re.sub(r"[ \t]*<!--.*?-->[ \t]*\n?", "", page, flags=re.S)  # the template's notes
    # The policy comes last: it hashes the inline scripts exactly as they are served, and
    # the games' stylesheets, which their tables put in the page as <style> elements.
    styles = game_styles(out / url for url in files.wheels if "tablero_bots-" not in url)
    policy = content_security_policy(page, list(styles.values()))
    page = page.replace(CSP_PLACEHOLDER, html.escape(policy), 1)
    (out / "index.html").write_text(page, encoding="utf-8")


_BOOT_DATA = re.compile(
    r'(<script type="application/json" id="tablero-boot-data">)(.*?)(</script>)', re.S
)
_STAMP_META = re.compile(r'<meta name="tablero-build" content="[^"]*">')


def _boot_json(boot_data: Mapping[str, object]) -> str:
    """The boot data as index.html holds it (compact JSON, no ``</`` to end its script)."""
    text = json.dumps(boot_data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/")


def stamp_page(page: str, stamp: str) -> str:
    """index.html (``page``, as a build writes it) with the deploy label ``stamp`` in its
    ``<meta name="tablero-build">`` and its boot data (``"stamp"``), whatever they held.
    Neither is in a script the browser runs, so the page's policy holds (checked).

    >>> page = ('<meta name="tablero-build" content="">\\n<script type="application/json" '
    ...         'id="tablero-boot-data">{"stamp":"","a":"<\\\\/b>"}</script>')
    >>> print(stamp_page(page, 'v"2'))
    <meta name="tablero-build" content="v&quot;2">
    <script type="application/json" id="tablero-boot-data">{"stamp":"v\\"2","a":"<\\/b>"}</script>
    """
    block = _BOOT_DATA.search(page)
    if block is None or len(_BOOT_DATA.findall(page)) != 1:
        raise BuildError("index.html must hold one boot data block")
    boot_data = json.loads(block.group(2))
    if "stamp" not in boot_data:
        raise BuildError("index.html's boot data has no stamp")
    boot_data["stamp"] = stamp
    stamped = page[: block.start(2)] + _boot_json(boot_data) + page[block.end(2) :]
    meta = f'<meta name="tablero-build" content="{html.escape(stamp)}">'
    stamped, n = _STAMP_META.subn(lambda _: meta, stamped)
    if n != 1:
        raise BuildError(f'index.html must hold one <meta name="tablero-build">, not {n}')
    if inline_script_hashes(stamped) != inline_script_hashes(page):
        raise BuildError("the stamp changed a script of index.html: its policy would not hold")
    return stamped
