#!/usr/bin/env python3
"""Tablero's task runner (standard library only).

    python3 build.py test [PYTEST ARGS...]   set up, run ruff, mypy and the whole test suite
    python3 build.py wheels [--out DIR]      build one wheel per distribution under pyapp/
    python3 build.py site [--out DIR]        build the static site (PWA) into dist/
    python3 build.py serve [--port N]        build the site into dist/ and serve it locally
    python3 build.py icons                   redraw static/icons/icon-{192,512}.png

``test`` needs only python3 (with pip) and Node.js/npm on the machine: it installs uv
(pinned), the Python environment (``uv sync --frozen`` from uv.lock into .venv), the
npm packages (``npm ci`` from package-lock.json) and Chromium for the browser tests
(apt-get, as root), runs the checks (``ruff check``, ``ruff format --check``, ``mypy``;
configured in pyproject.toml), then pytest; it fails if any of them does.  The site
build is described in docs/pwa.md.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import html
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent
UV_VERSION = "0.13.9"
DIST = ROOT / "dist"
DEFAULT_WHEEL_DIR = DIST / "wheels"


class BuildError(Exception):
    """A step failed; the message says what to do."""


def step(message: str) -> None:
    print(f"==> {message}", flush=True)


def run(cmd: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    print("    $ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT, env=env, check=False)


# --- uv -------------------------------------------------------------------------------


def uv_env() -> dict[str, str]:
    """The environment for uv: never download a Python, use the one running this script."""
    env = dict(os.environ)
    env["UV_PYTHON_DOWNLOADS"] = "never"
    env.setdefault("UV_PYTHON", sys.executable)
    return env


def _uv_version(cmd: list[str]) -> str | None:
    try:
        out = subprocess.run([*cmd, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    parts = out.split()
    return parts[1] if len(parts) >= 2 and parts[0] == "uv" else None


def _uv_candidates() -> list[list[str]]:
    candidates = []
    # `uv run` tells its children where uv is (tests calling build_wheels run under it).
    if os.environ.get("UV"):
        candidates.append([os.environ["UV"]])
    if shutil.which("uv"):
        candidates.append([shutil.which("uv")])
    candidates.append([sys.executable, "-m", "uv"])
    return candidates


@functools.cache
def ensure_uv() -> tuple[str, ...]:
    """The command that runs uv UV_VERSION; installs it with pip when it is missing."""
    for cmd in _uv_candidates():
        if _uv_version(cmd) == UV_VERSION:
            return tuple(cmd)
    step(f"installing uv=={UV_VERSION} with pip")
    result = run([sys.executable, "-m", "pip", "install", "--quiet", f"uv=={UV_VERSION}"])
    cmd = [sys.executable, "-m", "uv"]
    if result.returncode != 0 or _uv_version(cmd) != UV_VERSION:
        raise BuildError(
            f"could not install uv=={UV_VERSION} with `{sys.executable} -m pip`; "
            f"install it by hand (`pip install uv=={UV_VERSION}`) and run this again"
        )
    return tuple(cmd)


def uv(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = run([*ensure_uv(), *args], env=uv_env())
    if check and result.returncode != 0:
        raise BuildError(f"`uv {' '.join(args)}` failed (exit code {result.returncode})")
    return result


# --- set-up -------------------------------------------------------------------------------


def sync_python_env() -> None:
    step("checking that uv.lock matches the pyproject.toml files")
    if uv("lock", "--check", check=False).returncode != 0:
        raise BuildError(
            "uv.lock is out of date with pyproject.toml or pyapp/*/pyproject.toml: "
            "run `uv lock` and commit the new uv.lock"
        )
    step("installing the Python environment in .venv (uv sync --frozen)")
    if uv("sync", "--frozen", "--python", sys.executable, check=False).returncode != 0:
        raise BuildError(
            "`uv sync --frozen` failed; if uv.lock is stale, run `uv lock` and commit uv.lock"
        )


def ensure_node() -> str | None:
    """Install Node.js and npm from Debian's packages when running as root without them."""
    apt = shutil.which("apt-get")
    if apt is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return None
    step("installing Node.js and npm (apt-get install nodejs npm)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run([apt, "update"], env=env).returncode != 0:
        return None
    if run([apt, "install", "-y", "--no-install-recommends", "nodejs", "npm"], env=env).returncode:
        return None
    return shutil.which("npm")


def install_npm_packages() -> None:
    marker = ROOT / "node_modules" / ".package-lock.json"  # written by every npm install
    lock = ROOT / "package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        step("npm packages are up to date (node_modules/)")
        return
    npm = shutil.which("npm") or ensure_node()
    if npm is None:
        print(
            "    warning: npm is not installed, so node_modules/ (Pyodide) cannot be set up; "
            "the Pyodide tests will fail under CI and are skipped locally only without node",
            flush=True,
        )
        return
    step("installing npm packages (npm ci)")
    if run([npm, "ci", "--no-audit", "--no-fund"]).returncode != 0:
        raise BuildError("`npm ci` failed")


CHROMIUM_PATH = "/usr/bin/chromium"


def ensure_chromium() -> None:
    """The browser tests drive the system Chromium; install it (as root, with apt-get)."""
    wanted = os.environ.get("CHROMIUM_PATH", CHROMIUM_PATH)
    if Path(wanted).exists():
        step(f"Chromium for the browser tests: {wanted}")
        return
    apt = shutil.which("apt-get")
    if apt is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        print(
            f"    warning: {wanted} is missing and cannot be installed here (not root with "
            "apt-get); the browser tests will try Playwright's own Chromium",
            flush=True,
        )
        return
    step("installing Chromium for the browser tests (apt-get install chromium)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run([apt, "update"], env=env).returncode != 0:
        raise BuildError("`apt-get update` failed, so Chromium cannot be installed")
    if run([apt, "install", "-y", "chromium"], env=env).returncode:
        raise BuildError("`apt-get install chromium` failed")


# The checks ``test`` runs before pytest: lint, format and types, each configured in
# pyproject.toml ([tool.ruff], [tool.mypy]) and installed from uv.lock.
CHECKS = (
    ("ruff check .", ("ruff", "check", ".")),
    ("ruff format --check .", ("ruff", "format", "--check", ".")),
    ("mypy", ("mypy",)),
)


def run_checks() -> list[str]:
    """Run every check of CHECKS (all of them, even after one fails); the failed ones."""
    failed = []
    for name, args in CHECKS:
        step(f"checking: {name}")
        if uv("run", "--frozen", *args, check=False).returncode != 0:
            failed.append(name)
    return failed


def compile_catalogs() -> None:
    """Compile the PO message catalogs into the MO files the app reads (beside them, not in
    git), with Babel from the Python environment: buildtools/catalogs.py."""
    step("compiling the message catalogs (PO -> MO)")
    uv("run", "--frozen", "python", str(TOOLS / "catalogs.py"), "compile")


def cmd_catalogs() -> int:
    compile_catalogs()
    return 0


#: pytest-xdist workers a core: one (two a core made the browser tests thrash: four
#: Chromiums on two cores, a slower run; docs/testing.md has the measurements).
WORKERS_PER_CORE = 1
MAX_WORKERS = 8  # each worker runs a Chromium of its own


def parallel(pytest_args: list[str]) -> list[str]:
    """``pytest_args`` with pytest-xdist workers (:data:`WORKERS_PER_CORE` a core) unless
    they choose the workers themselves (``-n``, ``--numprocesses``, ``--dist``, ``-p
    no:xdist``)."""
    chosen = any(
        a == "-n" or a.startswith(("-n", "--numprocesses", "--dist")) or a == "no:xdist"
        for a in pytest_args
    )
    if chosen:
        return pytest_args
    workers = min(MAX_WORKERS, WORKERS_PER_CORE * (os.cpu_count() or 1))
    # loadgroup: tests marked with one xdist_group run on one worker (a module that keeps
    # one page a screen size); the others go to whichever worker is free.
    return ["-n", str(workers), "--dist", "loadgroup", *pytest_args]


def cmd_test(pytest_args: list[str]) -> int:
    sync_python_env()
    install_npm_packages()
    ensure_chromium()
    failed = run_checks()
    # The browser tests build the site themselves, once per session, into a temporary
    # folder (tests/browser/conftest.py), so they always test a fresh build.
    pytest_args = parallel(pytest_args)
    step("running the tests: " + " ".join(["pytest", *pytest_args]))
    code = uv("run", "--frozen", "pytest", *pytest_args, check=False).returncode
    # A failed check fails the command, but pytest still runs first: one run (a CI run is
    # long) reports both the checks and the tests.  The exit code is pytest's when it
    # failed, else 1 when a check did.
    if failed:
        print(f"build.py: error: these checks failed: {'; '.join(failed)}", file=sys.stderr)
        return code or 1
    return code


# --- wheels -------------------------------------------------------------------------------


def distributions() -> list[str]:
    """The distribution name of every package under pyapp/."""
    names = []
    for pyproject in sorted(ROOT.glob("pyapp/*/pyproject.toml")):
        with pyproject.open("rb") as f:
            names.append(tomllib.load(f)["project"]["name"])
    return names


def build_wheels(
    out_dir: Path | str = DEFAULT_WHEEL_DIR, names: tuple[str, ...] | None = None
) -> list[Path]:
    """Build one wheel per distribution under pyapp/ (or of ``names``) into ``out_dir``."""
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    compile_catalogs()  # the web wheel carries the MO files
    wheels = []
    for name in names or distributions():
        prefix = name.replace("-", "_")
        for old in out_dir.glob(f"{prefix}-*.whl"):
            old.unlink()
        step(f"building the wheel of {name}")
        uv("build", "--wheel", "--package", name, "--out-dir", str(out_dir))
        built = sorted(out_dir.glob(f"{prefix}-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one wheel for {name} in {out_dir}, found {built}")
        wheels.append(built[0])
    return wheels


def cmd_wheels(out: str) -> int:
    for wheel in build_wheels(Path(out)):
        print(wheel)
    return 0


# --- site ---------------------------------------------------------------------------------

# The browser gets every distribution under pyapp/ but these (CPython only).
NOT_IN_BROWSER = ("tablero-cli",)
# The Pyodide runtime files a boot really fetches (checked by tests/browser/test_boot.py).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript chunks only its editor and terminal load (Tablero uses neither): copied, so that
# nothing PyScript might import is missing, but not precached for offline use.  (Its small
# py-editor/py-terminal/py-game plugin stubs are imported at every boot: precached.)
PYSCRIPT_UNUSED = ("codemirror", "xterm")
LANGUAGES = ("en", "ja", "es", "nl")
STATIC = ROOT / "static"
# The build's own tools (Node scripts, the catalogs' compiler, the icons' drawing): never
# copied into the site.
TOOLS = ROOT / "buildtools"
# What the build's Node scripts share.
NODE_RUNTIME = TOOLS / "node-runtime.mjs"
ICON_SIZES = (192, 512)
BOOT_TIMEOUT_S = 60
MAX_PRECACHE_FILE = 32 * 1024 * 1024
APP_NAME = "Tablero"
THEME_COLOUR = "#2b7a9b"  # the sea of the icon
BACKGROUND_COLOUR = "#f1ddb0"  # its sand


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _folder_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for f in sorted(files, key=lambda p: p.name):
        h.update(f.name.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:12]


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


def _read_json(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BuildError(f"{path.relative_to(ROOT)} is not valid JSON: {exc}") from exc


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


def _npm_path(*parts: str) -> Path:
    path = ROOT.joinpath("node_modules", *parts)
    if not path.exists():
        raise BuildError(f"{path.relative_to(ROOT)} is missing: run `npm ci`")
    return path


# --- the page's wheels and the memory snapshot (docs/pwa.md, "The snapshot") ----------

# The page unpacks these distributions, plus the engine of every game that has a UI
# package (tablero/web/games/<id>/): a game the page cannot show needs no engine there.
# The bots run in their web worker, which unpacks its own wheels.
PAGE_DISTRIBUTIONS = ("tablero-core", "tablero-web")
# The folder of the games' UI packages, one per game, named by its id (in the web wheel).
UI_PACKAGES = "tablero/web/games/"
UI_DIR = ROOT / "pyapp" / "web" / "src" / UI_PACKAGES
# The packages of tablero that are not a game's engine (pyapp/<dist>/src/tablero/<package>).
NOT_GAMES = ("core", "web", "bots", "cli")
# What the memory snapshot holds (docs/pwa.md, "The snapshot"): core and web, then the
# games in the registry's order (tablero.core.game_ids(), the order the picker offers them
# in) as long as the heap Pyodide starts with (30 MiB: a snapshot of a heap that grew past
# it does not restore, "RangeError: offset is out of bounds") keeps this much unused, as
# measured game by game at build time (plan_snapshot()); the games left out are unpacked
# and imported on demand.  The margin covers what a measurement may be off by (two runs of
# the same build differ by about 0.1 MiB).
SNAPSHOT_HEAP_MARGIN = 1 * 2**20
# The build fails if the first this many games of the registry do not fit: a snapshot
# without the most likely game would leave its import to every later visit.
SNAPSHOT_MIN_GAMES = 1
# At most this many games in the snapshot (None: as many as fit; the tests use 1).
SNAPSHOT_MAX_GAMES: int | None = None
# The bundles every snapshot holds, in this order; the others are games (page_bundles).
SNAPSHOT_BASE = ("core", "web")
# Python source whose value is the JSON list of the games in the order the snapshot wants
# them: the registry's, read in the page's own Pyodide once core is imported.
SNAPSHOT_ORDER = "import json\nfrom tablero.core import game_ids\njson.dumps(game_ids())"
# Modules never imported before the snapshot: the bots (in the worker), and any module that
# imports js/pyodide/pyscript at its top (browser glue, which may hold JS objects).
SNAPSHOT_SKIP = re.compile(r"^tablero\.bots(\.|$)|\.__main__$")
_BROWSER_IMPORT = re.compile(r"^(?:import|from)\s+(?:js|pyodide|pyscript)\b", re.MULTILINE)


# Run before the snapshot, after the imports: what the app's start() would otherwise do on
# every visit (measured: 50 of its 80 ms on a second visit): every language's catalog, read
# from the page's wheels, which are this very build's.  With the catalogs in memory the app needs
# no file to start, so after a restore boot.js unpacks the wheels after the board is
# interactive (docs/pwa.md).  Then tablero.web.warmup clicks through a game of each kind,
# headless, so the first table and clicks after a restore run as fast as later ones.
SNAPSHOT_WARM = """
from tablero.web.i18n import LANGUAGES, translator
for _lang in LANGUAGES:
    translator(_lang)
del _lang
from tablero.web.warmup import warm_up
warm_up()
del warm_up
import gc
gc.collect()
"""


def ui_games(folder: Path = UI_DIR) -> list[str]:
    """The games with a UI package: the folders of ``tablero/web/games/`` that hold an
    ``__init__.py``, by name (the game's id, ``_`` and all)."""
    return sorted(init.parent.name for init in folder.glob("*/__init__.py"))


def page_wheels(wheel_urls: list[str], ui_folder: Path = UI_DIR) -> list[str]:
    """The wheels the page unpacks at boot: core, web and the engines of the games with a
    UI package (their imports are lazy: only the game being played is imported)."""
    wanted = {d.replace("-", "_") for d in PAGE_DISTRIBUTIONS}
    # A wheel's file name starts with its distribution, tablero-<game>, "-" written "_".
    wanted |= {f"tablero_{game}" for game in ui_games(ui_folder)}
    return [url for url in wheel_urls if Path(url).name.split("-")[0] in wanted]


def run_node(script: Path, options: dict, doing: str) -> str:
    """``node <script> OPTIONS.json`` (the options written to a temporary file); its
    standard output.  ``doing`` names the step in the messages ("making the ...")."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(f"Node.js is needed for {doing}")
    with tempfile.TemporaryDirectory(prefix="tablero-node-") as tmp:
        path = Path(tmp) / "options.json"
        path.write_text(json.dumps(options))
        result = subprocess.run(
            [node, str(script), str(path)], cwd=ROOT, capture_output=True, text=True
        )
    if result.returncode != 0:
        name = script.relative_to(ROOT).as_posix()
        raise BuildError(f"{doing} failed ({name}):\n{result.stderr.strip()}")
    return result.stdout


def wheel_package(files: Iterable[str]) -> str:
    """The package of ``tablero`` a wheel holds, from its files' folder: ``core``, ``web``,
    a game's engine (``arribada``, ``tiny_nim``...), ``bots``."""
    packages = {n.split("/")[1] for n in files if n.startswith("tablero/") and n.count("/") > 1}
    if len(packages) != 1:
        raise BuildError(f"a wheel must hold one package of tablero, not {sorted(packages)}")
    return packages.pop()


def bundle_contents(wheels: Mapping[str, Mapping[str, bytes]]) -> dict[str, dict[str, bytes]]:
    """The page's bundles, ``{bundle: {file: bytes}}``, from its wheels' files (``{wheel:
    {file: bytes}}``): one bundle per wheel, named by the package it holds (``core``,
    ``web``, each game's engine), but that the files of a game's UI package
    (``tablero/web/games/<game>/**``, the folder's name being the game's id) go with
    that game's engine, when the page has it.  The wheels' metadata is left out."""
    packages = {wheel: wheel_package(files) for wheel, files in wheels.items()}
    games = {package for package in packages.values() if package not in NOT_GAMES}
    bundles: dict[str, dict[str, bytes]] = {}
    for wheel, files in wheels.items():
        for name, data in files.items():
            if ".dist-info/" in name:
                continue
            bundle = packages[wheel]
            if name.startswith(UI_PACKAGES):
                game, inside, _ = name.removeprefix(UI_PACKAGES).partition("/")
                if inside and game in games:
                    bundle = game
            bundles.setdefault(bundle, {})[name] = data
    return bundles


def page_bundles(out: Path, pyodide_url: str, wheel_urls: list[str]) -> dict[str, str]:
    """The page's Python as bundles of bytecode: ``{"core": url, "web": url, <game>: url}``.

    Made from the page's wheels (:func:`bundle_contents`): ``core`` and ``web`` (without
    the games' UI packages), and one bundle per game with its engine and its UI package
    (``tablero/web/games/<game>/``, its catalogs included), so a boot fetches only the
    game being played.  Every module is compiled by the page's own Pyodide to a sourceless
    ``.pyc`` (buildtools/make-bytecode.mjs: a first visit imports without compiling); the
    wheels' metadata is left out (nothing on the page reads it).  Named
    ``py/<hash>/<bundle>.zip``, the hash taken over the runtime, the sources and the
    script, so unchanged code keeps its URL across builds."""
    import zipfile

    wheels = {}
    for url in wheel_urls:
        with zipfile.ZipFile(out / url) as zf:
            wheels[url] = {name: zf.read(name) for name in zf.namelist()}
    contents = bundle_contents(wheels)
    script = TOOLS / "make-bytecode.mjs"
    urls: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="tablero-bytecode-") as tmp:
        jobs = []
        for bundle, files in sorted(contents.items()):
            digest = hashlib.sha256(
                pyodide_url.encode() + script.read_bytes() + NODE_RUNTIME.read_bytes()
            )
            src = Path(tmp) / f"{bundle}.src.zip"
            with zipfile.ZipFile(src, "w", zipfile.ZIP_STORED) as zf:
                for name in sorted(files):
                    zf.writestr(zipfile.ZipInfo(name, (2020, 2, 2, 0, 0, 0)), files[name])
                    digest.update(name.encode() + b"\0" + files[name])
            url = f"py/{digest.hexdigest()[:12]}/{bundle}.zip"
            (out / url).parent.mkdir(parents=True, exist_ok=True)
            jobs.append({"src": str(src), "dst": str(out / url)})
            urls[bundle] = url
        options = {"pyodide": str(out / pyodide_url), "jobs": jobs}
        run_node(script, options, "compiling the page's Python")
    return urls


# Never used before the board is interactive (nothing on the page imports them: test
# tools, mail, XML, HTTP servers, the codecs of other encodings...): the second zip of the
# page's standard library, added to sys.path after the board is interactive.  Matched
# against file names in python_stdlib.zip; make-stdlib.mjs fails the build if one of them
# is imported by Python's start or the page's modules.
STDLIB_DEFER = (
    r"encodings/(?!(?:__init__|aliases|ascii|latin_1|utf_8|utf_8_sig|utf_16|utf_16_le"
    r"|utf_16_be|utf_32|utf_32_le|utf_32_be|unicode_escape|raw_unicode_escape|charmap"
    r"|idna|punycode|cp437|base64_codec|hex_codec|undefined)\.py$)",
    r"(?:email|multiprocessing|xml|xmlrpc|_pyrepl|unittest|http|wsgiref|pydoc_data|ctypes"
    r"|tkinter|idlelib|turtledemo|lib2to3|ensurepip|venv|sqlite3|curses|dbm)/",
    r"(?:pdb|bdb|doctest|pydoc|tarfile|_pyio|pickletools|imaplib|mailbox|smtplib|poplib"
    r"|ftplib|nntplib|turtle|_pydecimal|difflib|optparse|mailcap|telnetlib|cgi|cgitb)\.py$",
)


def page_stdlib(
    out: Path, pyodide_url: str, bundle_urls: list[str], imports: list[str]
) -> tuple[str, str, dict]:
    """The page's standard library (buildtools/make-stdlib.mjs): ``py/<hash>/stdlib.zip``, what
    Pyodide mounts at its start, with the modules Python's start and the page and the
    bots import (``imports``, from ``zips``) compiled to bytecode by this runtime, and
    ``py/<hash>/stdlib-extra.zip``, the modules of STDLIB_DEFER, added later; (boot URL,
    extra URL, the script's report).  Pyodide's own python_stdlib.zip holds sources only:
    compiling them in the browser was most of Python's start on a first visit
    (docs/pwa.md, "The standard library")."""
    script = TOOLS / "make-stdlib.mjs"
    with tempfile.TemporaryDirectory(prefix="tablero-stdlib-") as tmp:
        boot, extra = Path(tmp) / "stdlib.zip", Path(tmp) / "stdlib-extra.zip"
        options = {
            "pyodide": str(out / pyodide_url),
            "zips": [str(out / url) for url in bundle_urls],
            "imports": imports,
            "defer": list(STDLIB_DEFER),
            "boot": str(boot),
            "extra": str(extra),
        }
        report = json.loads(run_node(script, options, "compiling the standard library"))
        folder = f"py/{_folder_hash([boot, extra])}"
        (out / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy2(boot, out / folder / boot.name)
        shutil.copy2(extra, out / folder / extra.name)
    return f"{folder}/{boot.name}", f"{folder}/{extra.name}", report


def snapshot_imports(wheels: list[Path], skip: re.Pattern = SNAPSHOT_SKIP) -> list[str]:
    """The modules imported before the snapshot: every module of the page's wheels but
    those matched by ``skip`` or importing js/pyodide/pyscript at their top."""
    import zipfile

    names = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for entry in zf.namelist():
                if not entry.endswith(".py") or ".dist-info/" in entry:
                    continue
                module = entry[:-3].replace("/", ".").removesuffix(".__init__")
                if skip.search(module):
                    continue
                if _BROWSER_IMPORT.search(zf.read(entry).decode("utf-8", "replace")):
                    continue
                names.append(module)
    return sorted(names)


@dataclass(frozen=True)
class SnapshotPlan:
    """What the memory snapshot holds (:func:`plan_snapshot`): ``bundles`` in the
    snapshot, in import order (core, web, then games), and ``later``, the games left out
    (unpacked and imported on demand by the page).  Heap figures in bytes: ``heap``, the
    heap Pyodide starts with; ``base``, what Pyodide alone uses of it; ``used``, what it
    uses with the snapshot's bundles (measured); ``budget``, what the snapshot may use
    (``heap`` less the margin); ``costs``, each measured bundle's share, in the order
    measured; ``reason``, why the first game left out is (empty if none is)."""

    bundles: tuple[str, ...]
    later: tuple[str, ...]
    heap: int
    base: int
    used: int
    budget: int
    costs: dict[str, int] = field(default_factory=dict)
    reason: str = ""

    @property
    def games(self) -> tuple[str, ...]:
        """The games in the snapshot, in order."""
        return tuple(b for b in self.bundles if b not in SNAPSHOT_BASE)

    def summary(self) -> str:
        """The build's lines about the heap: size, use bundle by bundle, headroom."""
        mib = 2**20
        costs = ", ".join(f"+ {name} {cost / mib:.2f}" for name, cost in self.costs.items())
        lines = [
            f"heap {self.heap / mib:.1f} MiB; in use: Pyodide {self.base / mib:.2f} MiB, "
            f"{costs} (measured one by one)",
            f"in the snapshot: {', '.join(self.bundles)}: {self.used / mib:.2f} MiB in use, "
            f"headroom {(self.heap - self.used) / mib:.2f} MiB (budget "
            f"{self.budget / mib:.2f} MiB: a margin of {(self.heap - self.budget) / mib:.2f}"
            " MiB)",
        ]
        if self.later:
            lines.append(f"on demand: {', '.join(self.later)} ({self.reason})")
        return "\n".join(lines)


def plan_snapshot(
    heap: int,
    base: int,
    steps: Sequence[tuple[str, int]],
    *,
    margin: int = SNAPSHOT_HEAP_MARGIN,
    min_games: int = SNAPSHOT_MIN_GAMES,
    max_games: int | None = SNAPSHOT_MAX_GAMES,
) -> SnapshotPlan:
    """Which bundles the memory snapshot holds, from the heap they were measured to use.

    ``heap``: the heap Pyodide starts with; ``base``: what Pyodide alone uses of it;
    ``steps``: ``(bundle, used)`` in the order measured, each bundle imported (and the app
    warmed up) on top of the ones before it, ``used`` the heap's peak use then: first the
    bundles of SNAPSHOT_BASE, then the games in the order they are wanted (the
    registry's).  The snapshot holds SNAPSHOT_BASE and the longest run of games, in that
    order, that leaves ``margin`` of the heap unused (at most ``max_games``); the others
    are left out.  A :class:`BuildError` names the bundle that does not fit when one of
    SNAPSHOT_BASE or the first ``min_games`` games does not.

    >>> p = plan_snapshot(30, 22, [("core", 23), ("web", 24), ("a", 27), ("b", 30)], margin=1)
    >>> p.bundles, p.later, p.used
    (('core', 'web', 'a'), ('b',), 27)
    """
    budget = heap - margin
    bundles: list[str] = []
    later: list[str] = []
    costs: dict[str, int] = {}
    used = previous = base
    reason = ""
    mib = 2**20
    for name, after in steps:
        costs[name] = after - previous
        previous = after
        game = name not in SNAPSHOT_BASE
        games = len(bundles) - len(SNAPSHOT_BASE) if game else 0
        if later:
            later.append(name)
            continue
        if after <= budget and not (game and max_games is not None and games >= max_games):
            bundles.append(name)
            used = after
            continue
        if after <= budget:  # a game over max_games
            reason = f"at most {max_games} game{'s' if max_games != 1 else ''} in the snapshot"
            later.append(name)
            continue
        over = (
            f"with {name} the heap would be in use up to {after / mib:.2f} MiB, over the "
            f"snapshot's budget of {budget / mib:.2f} MiB (the {heap / mib:.1f} MiB heap "
            f"Pyodide starts with, less SNAPSHOT_HEAP_MARGIN, {margin / mib:.2f} MiB: a "
            "snapshot of a grown heap does not restore)"
        )
        if not game:
            raise BuildError(
                f"the memory snapshot has no room for {name}: {over}.  "
                f"{' and '.join(SNAPSHOT_BASE)} are in every snapshot: make {name} lighter "
                "(fewer modules imported at the top, smaller tables built at import time, "
                "less kept by the warm-up in tablero.web.warmup)."
            )
        if games < min_games:
            first = steps[len(SNAPSHOT_BASE) : len(SNAPSHOT_BASE) + min_games]
            firsts = "first game" if min_games == 1 else f"first {min_games} games"
            raise BuildError(
                f"the memory snapshot has no room for the game {name}: {over}.  The "
                f"registry's {firsts} ({', '.join(n for n, _ in first)}; SNAPSHOT_MIN_GAMES "
                f"in build.py) must be in the snapshot: make {name} lighter (its engine's "
                "and its UI's imports, what tablero.web.warmup keeps of it), or put a "
                "lighter game before it in the registry (tablero.core.registry)."
            )
        reason = over
        later.append(name)
    return SnapshotPlan(
        bundles=tuple(bundles),
        later=tuple(later),
        heap=heap,
        base=base,
        used=used,
        budget=budget,
        costs=costs,
        reason=reason,
    )


def bundle_modules(names: Iterable[str]) -> set[str]:
    """The modules of a bundle's (or a wheel's) file names: ``tablero/web/app.pyc`` ->
    ``tablero.web.app``, a package's ``__init__`` -> the package."""
    modules = set()
    for name in names:
        stem, dot, suffix = name.rpartition(".")
        if dot and suffix in ("py", "pyc") and ".dist-info/" not in name:
            modules.add(stem.replace("/", ".").removesuffix(".__init__"))
    return modules


def bundle_imports(zips: Mapping[str, Path], imports: Sequence[str]) -> dict[str, list[str]]:
    """``imports`` (snapshot_imports()) by the bundle that holds each, ``{bundle: [module,
    ...]}`` in the order of ``zips`` (every bundle present, maybe with none)."""
    import zipfile

    owner: dict[str, str] = {}
    for bundle, path in zips.items():
        with zipfile.ZipFile(path) as zf:
            for module in bundle_modules(zf.namelist()):
                owner.setdefault(module, bundle)
    out: dict[str, list[str]] = {bundle: [] for bundle in zips}
    lost = [module for module in imports if module not in owner]
    if lost:
        raise BuildError(f"modules to import before the snapshot in none of the page's "
                         f"bundles: {', '.join(lost)}")  # fmt: skip
    for module in imports:
        out[owner[module]].append(module)
    return out


def make_snapshot(
    out: Path,
    pyodide_url: str,
    stdlib_url: str,
    bundles: Mapping[str, str],
    imports: list[str],
    max_games: int | None = SNAPSHOT_MAX_GAMES,
) -> tuple[str, dict]:
    """Make the gzipped memory snapshot (buildtools/make-snapshot.mjs) into ``out/static``,
    named by the hash of everything it is made of (runtime, bundles, modules, script);
    its URL relative to the site and the script's report, with ``plan``, the
    :class:`SnapshotPlan`.  ``bundles``: the page's, ``{"core": url, "web": url, <game>:
    url}`` (page_bundles()); ``imports``: the modules to import (snapshot_imports()).

    First the heap each bundle needs is measured, bundle by bundle, the games in the
    registry's order; plan_snapshot() then picks the bundles that fit (it fails the build
    when core, web or the first game do not).  The page's standard library is mounted and
    the chosen bundles unpacked (the files a restored page has); the build fails if the
    heap grew or if the snapshot does not restore."""
    import gzip

    zips = {name: out / url for name, url in bundles.items()}
    by_bundle = bundle_imports(zips, imports)
    script = TOOLS / "make-snapshot.mjs"

    def entry(name: str) -> dict:
        return {"name": name, "zip": str(zips[name]), "imports": by_bundle[name],
                "game": name not in SNAPSHOT_BASE}  # fmt: skip

    base = [name for name in SNAPSHOT_BASE if name in zips]
    games = [name for name in zips if name not in SNAPSHOT_BASE]
    common = {"pyodide": str(out / pyodide_url), "stdlib": str(out / stdlib_url),
              "warm": SNAPSHOT_WARM}  # fmt: skip
    measure = {**common, "measure": True, "order": SNAPSHOT_ORDER,
               "bundles": [entry(name) for name in base + games]}  # fmt: skip
    doing = "measuring the heap of the Pyodide memory snapshot"
    measured = json.loads(run_node(script, measure, doing))
    plan = plan_snapshot(
        measured["heap"],
        measured["base"],
        [(s["bundle"], s["used"]) for s in measured["steps"]],
        margin=SNAPSHOT_HEAP_MARGIN,
        min_games=SNAPSHOT_MIN_GAMES,
        max_games=max_games,
    )
    print("    " + plan.summary().replace("\n", "\n    "), flush=True)
    later = list(plan.later)
    imported = [m for name in plan.bundles for m in by_bundle[name]]
    left_out = [m for name in later for m in by_bundle[name]]
    check = "\n".join(
        [
            "import sys",
            f"_missing = [m for m in {imported!r} if m not in sys.modules]",
            "assert not _missing, f'not in the snapshot: {_missing}'",
            f"_early = [m for m in {left_out!r} if m in sys.modules]",
            "assert not _early, f'left out of the snapshot, yet in it: {_early}'",
            # The games left out were unpacked after the restore, as the page does.
            "for _finder in list(sys.path_importer_cache.values()):",
            "    if hasattr(_finder, 'invalidate_caches'):",
            "        _finder.invalidate_caches()",
            # Every engine of the page sets up a game after a restore, and has its UI.
            "from tablero.core import get_game, make",
            "from tablero.web.games import get_ui",
            f"for _game in {sorted(games)!r}:",
            # at the smallest table its default options allow (Día de Playa's
            # solitaire seat count is not its default mode's)
            "    _info = get_game(_game)",
            "    for _n in range(_info.min_players, _info.max_players + 1):",
            "        try:",
            "            make(_game, players=_n, seed=1)",
            "            break",
            "        except ValueError:",
            "            continue",
            "    else:",
            "        raise AssertionError(f'{_game} sets up no game with its defaults')",
            "    get_ui(_game)",
            "from tablero.web.i18n import translator",
            "assert translator('en')('app.brand') != 'app.brand'",
        ]
    )
    with tempfile.TemporaryDirectory(prefix="tablero-snapshot-") as tmp:
        raw = Path(tmp) / "snapshot.bin"
        options = {
            **common,
            "bundles": [entry(name) for name in plan.bundles],
            "later": [str(zips[name]) for name in later],
            "check": check,
            "out": str(raw),
        }
        report = json.loads(run_node(script, options, "making the Pyodide memory snapshot"))
        if report["used"] > plan.budget:
            raise BuildError(
                f"the memory snapshot uses {report['used'] / 2**20:.2f} MiB of the heap, over "
                f"its budget of {plan.budget / 2**20:.2f} MiB, though its bundles were "
                f"measured at {plan.used / 2**20:.2f} MiB: raise SNAPSHOT_HEAP_MARGIN in "
                f"build.py, or make {plan.bundles[-1]} lighter."
            )
        inputs = hashlib.sha256()
        for part in (pyodide_url, stdlib_url, *(bundles[name] for name in plan.bundles),
                     *later, *imported, SNAPSHOT_WARM, script.read_text(encoding="utf-8"),
                     NODE_RUNTIME.read_text(encoding="utf-8")):  # fmt: skip
            inputs.update(part.encode() + b"\0")
        url = f"static/snapshot.{inputs.hexdigest()[:12]}.gz"
        (out / "static").mkdir(parents=True, exist_ok=True)
        (out / url).write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
    report["modules_imported"] = len(imported)
    report["gzipped"] = (out / url).stat().st_size
    report["plan"] = plan
    report["measured"] = measured
    return url, report


def preload_links(modules: list[str], fetches: list[str]) -> str:
    """``<link>`` tags that start every download the boot will make at once, instead of
    one after the other (boot.js -> PyScript -> config -> interpreter -> Pyodide -> wasm,
    stdlib, lock -> wheels).  ``crossorigin`` matches the fetch() of Pyodide and PyScript
    (mode cors, same-origin credentials), so each preload is used, not fetched twice."""
    tags = [f'<link rel="modulepreload" href="./{html.escape(u)}">' for u in modules]
    tags += [
        f'<link rel="preload" as="fetch" crossorigin href="./{html.escape(u)}">' for u in fetches
    ]
    return "\n  ".join(tags)


CSP_PLACEHOLDER = "__TABLERO_CSP__"
#: The page's Content-Security-Policy, one directive a line; ``{scripts}`` becomes the
#: sha256 sources of the page's inline scripts (:func:`inline_script_hashes`).  Why each
#: source is allowed: docs/pwa.md, "The content security policy".
CSP_DIRECTIVES = (
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval' {scripts}",
    "style-src 'self' {styles}",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
)
#: The scripts the browser runs (no ``type``, or a JavaScript or module type); data blocks
#: (``application/json``) and PyScript's ``type="py"`` are never run by the browser.
_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_RUN_TYPES = ("", "module", "text/javascript", "application/javascript")


def inline_script_hashes(page: str) -> list[str]:
    """The CSP sources (``'sha256-<base64>'``) of every inline script of ``page`` that the
    browser runs, in page order.

    >>> inline_script_hashes('<script>a()</script><script type="py">b</script>')
    ["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]
    """
    out = []
    for match in _INLINE_SCRIPT.finditer(page):
        attrs = match.group("attrs")
        if re.search(r"\ssrc\s*=", attrs):
            continue
        kind = re.search(r"""\stype\s*=\s*["']?([^"'\s>]*)""", attrs)
        if (kind.group(1).lower() if kind else "") not in _RUN_TYPES:
            continue
        digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
        out.append(f"'sha256-{base64.b64encode(digest).decode('ascii')}'")
    return out


def content_security_policy(page: str, styles: Sequence[str] = ()) -> str:
    """The policy of ``page`` (CSP_DIRECTIVES with the hashes of its inline scripts and
    of the ``styles``, the texts of the games' ``<style>`` elements)."""
    scripts = " ".join(dict.fromkeys(inline_script_hashes(page)))
    sheets = " ".join(dict.fromkeys(_csp_hash(text) for text in styles))
    return "; ".join(d.format(scripts=scripts, styles=sheets).strip() for d in CSP_DIRECTIVES)


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


# Run by the host's Python over the built wheels' sources: the text of every game UI's
# <style> element (``tablero.web.games.<game>.style.style_tag()``, one constant text each).
_GAME_STYLES = """
import importlib, json, pkgutil, re, sys
sys.path.insert(0, sys.argv[1])
import tablero.web.games as games
out = {}
for info in pkgutil.iter_modules(games.__path__):
    if not info.ispkg:
        continue
    try:
        module = importlib.import_module(f"tablero.web.games.{info.name}.style")
    except ModuleNotFoundError:
        continue
    match = re.fullmatch(r"<style>(.*)</style>", module.style_tag(), re.S)
    if match is None:
        raise SystemExit(f"{info.name}: style_tag() is not one <style> element")
    out[info.name] = match.group(1)
print(json.dumps(out))
"""


def game_styles(wheels: Iterable[Path]) -> dict[str, str]:
    """The text of each game UI's ``<style>`` element (its ``style.style_tag()``), read
    from the built ``wheels`` by this Python: the policy allows exactly these."""
    with tempfile.TemporaryDirectory(prefix="tablero-styles-") as tmp:
        for wheel in wheels:
            shutil.unpack_archive(wheel, tmp, "zip")
        result = subprocess.run(
            [sys.executable, "-I", "-B", "-c", _GAME_STYLES, tmp],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
    if result.returncode != 0:
        raise BuildError(f"reading the games' stylesheets failed:\n{result.stderr.strip()}")
    styles: dict[str, str] = json.loads(result.stdout)
    return styles


def write_interpreter(out: Path, pyodide_url: str, snapshot_url: str, stdlib_url: str) -> str:
    """static/interpreter.<hash>.mjs: the module PyScript loads instead of pyodide.mjs."""
    text = (STATIC / "snapshot-interpreter.mjs").read_text(encoding="utf-8")
    text = text.replace("__RUNTIME__", f"../{pyodide_url}")
    text = text.replace("__STDLIB__", f"../{stdlib_url}")
    text = strip_js_comments(text.replace("__SNAPSHOT__", f"./{Path(snapshot_url).name}"))
    url = f"static/interpreter.{_sha(text.encode())}.mjs"
    (out / url).write_text(text, encoding="utf-8")
    return url


def generate_service_worker(out: Path) -> dict:
    """dist/sw.js by Workbox generateSW (buildtools/build-sw.mjs), precaching the whole app."""
    options = {
        "dir": str(out),
        # Pyodide's own python_stdlib.zip stays in the runtime folder, unused by the page
        # (it mounts its own: page_stdlib()).
        "ignore": [
            "sw.js",
            BUILD_RECORD,  # the build's own (read by its later steps)
            "pyodide/*/python_stdlib.zip",
            *(f"pyscript/*/{name}*" for name in PYSCRIPT_UNUSED),
        ],
        # Already versioned URLs (content hash in the path or the name): the service worker
        # precaches them from the HTTP cache instead of downloading them a second time.
        "hashed": r"^(pyodide|pyscript|wheels|py)/[0-9a-f]{12}/|\.[0-9a-f]{12}\.[a-z]+$",
        "maxFileSize": MAX_PRECACHE_FILE,
    }
    stdout = run_node(TOOLS / "build-sw.mjs", options, "generating the service worker")
    report = json.loads(stdout)
    if report["warnings"]:
        raise BuildError("workbox-build warned: " + "; ".join(report["warnings"]))
    sw = (out / "sw.js").read_text(encoding="utf-8")
    for must in (
        "pyodide.asm.wasm",
        "/stdlib.zip",
        "/stdlib-extra.zip",
        "index.html",
        "tablero_web-",
        "tablero_bots-",
        "static/bot-worker.",
    ):
        if must not in sw:
            raise BuildError(f"the service worker does not precache {must}")
    return report


# --- the build's three steps ----------------------------------------------------------------
#
# build_site() runs three steps in order, each writing only what depends on its own input:
# build_files() every file that depends on neither the snapshot nor the stamp (wheels,
# runtime, bundles, stdlib, stylesheets, icons, manifest...); snapshot_step() the memory
# snapshot (``snapshot_games``) and what names it, by a chain of content hashes: the
# interpreter module, PyScript's config and index.html; stamp_step() the stamp (into
# index.html) and the service worker, which precaches every file as it is by then.
# restamp_site() and resnapshot_site() run the later steps alone on a copy of a built site:
# the same code on the same files as build_site() with the other stamp or snapshot.

#: The record of a build's first step (:class:`SiteFiles`), in the site, read by the later
#: steps.  Nothing fetches it and the service worker does not precache it.
BUILD_RECORD = "build-record.json"


@dataclass(frozen=True)
class SiteFiles:
    """What a build's first step made (:func:`build_files`), URLs relative to the site:
    the runtime's and PyScript's folders, the wheels (all; the page's), the page's Python
    bundles (``{"core": url, "web": url, <game>: url}``), its standard library (the zip
    mounted at boot, the one added later, the packages split between them), the bots'
    worker, the snapshot's cache reader, the stylesheets, the icons (``(size, url)``), and
    ``files``, every file of the site the step wrote (all but the record itself)."""

    pyodide: str
    pyscript: str
    wheels: tuple[str, ...]
    page_wheels: tuple[str, ...]
    bundles: dict[str, str]
    stdlib: str
    stdlib_extra: str
    stdlib_split: tuple[str, ...]
    bot_worker: str
    cache_reader: str
    app_css: str
    shell_css: str
    icons: tuple[tuple[int, str], ...]
    files: tuple[str, ...]

    def write(self, site: Path) -> None:
        """Into ``site`` as :data:`BUILD_RECORD`."""
        text = json.dumps(asdict(self), indent=1) + "\n"
        (site / BUILD_RECORD).write_text(text, encoding="utf-8")

    @classmethod
    def read(cls, site: Path) -> SiteFiles:
        """The record of the built ``site``."""
        path = Path(site) / BUILD_RECORD
        if not path.is_file():
            raise BuildError(f"{site} has no {BUILD_RECORD}: not a site made by build_site()")
        data = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            **{
                **data,
                **{k: tuple(data[k]) for k in ("wheels", "page_wheels", "stdlib_split", "files")},
                "icons": tuple((int(size), url) for size, url in data["icons"]),
            }
        )


def build_site(
    out: Path | str = DIST, stamp: str = "", snapshot_games: int | None = SNAPSHOT_MAX_GAMES
) -> Path:
    """Build the whole static site into ``out`` (emptied first); ``out``.

    ``stamp`` is written into index.html (a deploy label; the tests use it to make a
    new version of an otherwise identical build); ``snapshot_games``: at most this many
    games in the memory snapshot (None: as many as fit; the tests use fewer).  Three
    steps (:func:`build_files`, :func:`snapshot_step`, :func:`stamp_step`): a site with
    another stamp or snapshot is the later steps run again on a copy
    (:func:`restamp_site`, :func:`resnapshot_site`).
    """
    out = Path(out).resolve()
    build_files(out)
    snapshot_step(out, snapshot_games)
    stamp_step(out, stamp)
    return out


def restamp_site(src: Path | str, out: Path | str, stamp: str) -> Path:
    """The site built in ``src`` with another ``stamp``, in ``out`` (emptied first); ``out``:
    ``src``'s files but the service worker copied, then the build's last step
    (:func:`stamp_step`) run on them, so ``out`` is what ``build_site(stamp=stamp)`` (with
    ``src``'s snapshot) makes.  The tests deploy "build N+1" so, in seconds instead of a
    build."""
    out = _empty(out, keep=src)
    shutil.copytree(src, out, dirs_exist_ok=True)
    (out / "sw.js").unlink(missing_ok=True)  # the last step's, made again
    stamp_step(out, stamp)
    return out


def resnapshot_site(
    src: Path | str,
    out: Path | str,
    snapshot_games: int | None = SNAPSHOT_MAX_GAMES,
    stamp: str = "",
) -> Path:
    """The site built in ``src`` with at most ``snapshot_games`` games in its memory
    snapshot (and ``stamp``), in ``out`` (emptied first); ``out``: the files of ``src``'s
    first step copied (its record, :class:`SiteFiles`), then the build's later steps
    (:func:`snapshot_step`, :func:`stamp_step`) run on them, so ``out`` is what
    ``build_site(stamp=stamp, snapshot_games=snapshot_games)`` makes."""
    src = Path(src)
    record = SiteFiles.read(src)
    out = _empty(out, keep=src)
    for name in (*record.files, BUILD_RECORD):
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src / name, out / name)
    snapshot_step(out, snapshot_games)
    stamp_step(out, stamp)
    return out


def _empty(out: Path | str, keep: Path | str | None = None) -> Path:
    """``out`` made an empty folder (resolved); never ``keep`` (the site it derives from)
    or a folder holding it."""
    out = Path(out).resolve()
    if keep is not None and Path(keep).resolve().is_relative_to(out):
        raise BuildError(f"{out} holds the site {keep}: derive a site into another folder")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    return out


def build_files(out: Path) -> SiteFiles:
    """A build's first step: ``out`` emptied, then every file of the site that depends on
    neither the memory snapshot nor the stamp, and the record of them (:class:`SiteFiles`,
    :data:`BUILD_RECORD`)."""
    install_npm_packages()
    _npm_path("pyodide")  # fail early, with advice, when node_modules/ is not set up
    pyscript_dir = _npm_path("@pyscript", "core", "dist")
    with tempfile.TemporaryDirectory(prefix="tablero-wheels-") as tmp:
        shipped = tuple(d for d in distributions() if d not in NOT_IN_BROWSER)
        wheels = build_wheels(Path(tmp), shipped)
        step(f"building the site into {out}")
        out = _empty(out)
        wheel_urls = []
        for wheel in wheels:
            url = f"wheels/{_sha(wheel.read_bytes())}/{wheel.name}"
            (out / url).parent.mkdir(parents=True)
            shutil.copy2(wheel, out / url)
            wheel_urls.append(url)

    runtime = [_npm_path("pyodide", name) for name in PYODIDE_FILES]
    pyodide_url = f"pyodide/{_folder_hash(runtime)}"
    (out / pyodide_url).mkdir(parents=True)
    for f in runtime:
        shutil.copy2(f, out / pyodide_url / f.name)

    pyscript_files = [
        f
        for f in sorted(pyscript_dir.iterdir())
        if f.is_file() and f.suffix != ".map" and f.name != "service-worker.js"
    ]
    pyscript_url = f"pyscript/{_folder_hash(pyscript_files)}"
    (out / pyscript_url).mkdir(parents=True)
    for f in pyscript_files:
        shutil.copy2(f, out / pyscript_url / f.name)

    # The page's Python, compiled: what the memory snapshot imports (docs/pwa.md).
    page_urls = page_wheels(wheel_urls)
    step("compiling the page's Python (node buildtools/make-bytecode.mjs)")
    bundles = page_bundles(out, pyodide_url, page_urls)
    sizes = (f"{name} {(out / url).stat().st_size / 1e3:.0f} KB" for name, url in bundles.items())
    print("    " + ", ".join(sizes), flush=True)
    # The page's own standard library: the modules in use compiled (docs/pwa.md).
    step("compiling the standard library (node buildtools/make-stdlib.mjs)")
    imports = snapshot_imports([out / url for url in page_urls])
    # The bots' worker mounts it too: their modules count among those in use.
    bots_wheel = [url for url in wheel_urls if Path(url).name.startswith("tablero_bots-")]
    stdlib_url, extra_url, stdlib = page_stdlib(
        out,
        pyodide_url,
        [*bundles.values(), *bots_wheel],
        imports + snapshot_imports([out / u for u in bots_wheel], skip=re.compile(r"__main__")),
    )
    print(
        f"    {stdlib['compiled']} of {stdlib['modules']} modules in use compiled, "
        f"{stdlib['boot'] / 1e6:.2f} MB; {stdlib['deferred']} files for later, "
        f"{stdlib['extra'] / 1e6:.2f} MB",
        flush=True,
    )

    catalogs = write_catalogs(out)
    # The bots' web worker (Pyodide in a plain module worker; docs/bots.md): its URL, the
    # runtime folder and the wheels it unpacks go to the page in the boot data.
    bot_worker = _copy_hashed(STATIC / "bot-worker.js", out, "static")
    # The worker that reads the snapshot and compiles the wasm on later visits.
    cache_reader = _copy_hashed(STATIC / "cache-reader.js", out, "static", strip=True)
    app_css = _copy_hashed(STATIC / "app.css", out, "static", strip=True)
    shell_css = _copy_hashed(STATIC / "app-shell.css", out, "static", strip=True)
    icons = []
    (out / "static" / "icons").mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        src = STATIC / "icons" / f"icon-{size}.png"
        if not src.exists():
            raise BuildError(f"{src.relative_to(ROOT)} is missing: run `python3 build.py icons`")
        shutil.copy2(src, out / "static" / "icons" / src.name)
        icons.append((size, f"static/icons/{src.name}"))

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

    record = SiteFiles(
        pyodide=pyodide_url,
        pyscript=pyscript_url,
        wheels=tuple(wheel_urls),
        page_wheels=tuple(page_urls),
        bundles=bundles,
        stdlib=stdlib_url,
        stdlib_extra=extra_url,
        stdlib_split=tuple(stdlib["split"]),
        bot_worker=bot_worker,
        cache_reader=cache_reader,
        app_css=app_css,
        shell_css=shell_css,
        icons=tuple(icons),
        files=tuple(sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())),
    )
    record.write(out)
    return record


def snapshot_step(out: Path, snapshot_games: int | None = SNAPSHOT_MAX_GAMES) -> None:
    """A build's second step, on the files of its first (``out``'s :class:`SiteFiles`):
    the memory snapshot with at most ``snapshot_games`` games (its name the hash of its
    inputs), the interpreter module that names it, PyScript's config that names that, and
    index.html, which names them all (its policy hashing the inline scripts, the snapshot
    reader among them), without a stamp (:func:`stamp_step` writes it)."""
    files = SiteFiles.read(out)
    bundles = files.bundles
    # The memory snapshot (the app's modules imported) and the module PyScript loads as
    # its interpreter, which restores it when the service worker has it (docs/pwa.md).
    step("making the Pyodide memory snapshot (node buildtools/make-snapshot.mjs)")
    imports = snapshot_imports([out / url for url in files.page_wheels])
    snapshot_url, snapshot = make_snapshot(
        out, files.pyodide, files.stdlib, bundles, imports, max_games=snapshot_games
    )
    print(
        f"    {snapshot['modules_imported']} modules, heap {snapshot['heap'] / 2**20:.1f} MiB "
        f"of which {snapshot['used'] / 2**20:.2f} MiB in use (headroom "
        f"{(snapshot['heap'] - snapshot['used']) / 2**20:.2f} MiB), "
        f"{snapshot['bytes'] / 1e6:.1f} MB, {snapshot['gzipped'] / 1e6:.2f} MB gzipped, "
        f"restored in {snapshot['restoreMs']} ms",
        flush=True,
    )
    interpreter_url = write_interpreter(out, files.pyodide, snapshot_url, files.stdlib)

    # The PyScript configuration (JSON loads faster than TOML): our interpreter module only.
    # PyScript loads after the board is interactive and gets the interpreter boot.js already
    # started the app with; boot.js unpacks the page's wheels itself (docs/pwa.md).
    config = {"interpreter": f"./{interpreter_url}"}
    config_bytes = (json.dumps(config, indent=1) + "\n").encode()
    config_url = f"config.{_sha(config_bytes)}.json"
    (out / config_url).write_bytes(config_bytes)

    pyscript_url, pyodide_url, stdlib_url = files.pyscript, files.pyodide, files.stdlib
    base_urls = [bundles["core"], bundles["web"]]
    engine_urls = {game: url for game, url in bundles.items() if game not in ("core", "web")}
    # The boot loader is inlined into index.html (below): no request of its own.
    boot_script = strip_js_comments((STATIC / "boot.js").read_text(encoding="utf-8")).strip()

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
        # The page's wheels, unpacked by boot.js onto sys.path before the app starts: core
        # and web; then the engines (by game) of the first screen's game, the others after
        # the board is interactive (docs/pwa.md, "Booting").
        "wheels": [f"./{url}" for url in base_urls],
        "engines": {game: f"./{url}" for game, url in engine_urls.items()},
        # The games whose engines and UI the memory snapshot holds (a restored page needs
        # the others' bundles before it shows them: docs/pwa.md, "The snapshot").
        "snapshot_engines": list(snapshot["plan"].games),
        # The rest of the page's standard library, added to sys.path after the board is
        # interactive, and the packages it completes (docs/pwa.md, "The standard library").
        "stdlib_extra": f"./{files.stdlib_extra}",
        "stdlib_split": list(files.stdlib_split),
        "sw": "./sw.js",
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
        "boot_script": boot_script,
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
    for name, source in (("snapshot_reader", "snapshot-reader.js"), ("boot_script", "boot.js")):
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


def stamp_step(out: Path, stamp: str) -> dict:
    """A build's last step, on the files of the others: ``stamp`` written into index.html
    (:func:`stamp_page`), then the service worker (:func:`generate_service_worker`), which
    precaches the site's files as they are now; its report."""
    index = out / "index.html"
    index.write_text(stamp_page(index.read_text(encoding="utf-8"), stamp), encoding="utf-8")
    report = generate_service_worker(out)
    step(f"site ready: {report['count']} files precached by sw.js ({report['size'] / 1e6:.1f} MB)")
    return report


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


def cmd_site(out: str, stamp: str) -> int:
    print(build_site(Path(out), stamp))
    return 0


def cmd_screenshots() -> int:
    """Refresh docs/screenshots/ by playing the built site in Chromium."""
    sync_python_env()
    install_npm_packages()
    step("taking screenshots of the main screens into docs/screenshots/")
    script = ROOT / "tests" / "browser" / "screens.py"
    return uv("run", "--frozen", "python", str(script), check=False).returncode


def cmd_icons() -> int:
    spec = importlib.util.spec_from_file_location("tablero_icons", TOOLS / "icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for path in module.write_icons(STATIC / "icons"):
        print(path.relative_to(ROOT))
    return 0


# --- serve --------------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",  # anything else makes Pyodide hang at boot
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".gz": "application/gzip",  # the snapshot: gunzipped by the page, not the browser
        ".zip": "application/zip",
        ".png": "image/png",
        ".css": "text/css",
    }

    def end_headers(self) -> None:
        # Revalidate every time, so a rebuilt file is never served stale while developing
        # (unchanged files get a 304 from their Last-Modified date).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def cmd_serve(port: int) -> int:
    site = build_site(DIST)
    handler = functools.partial(SiteHandler, directory=str(site))
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as exc:
        raise BuildError(
            f"cannot serve on 127.0.0.1:{port} ({exc.strerror}): pick another port with "
            "--port N (--port 0 takes any free one)"
        ) from exc
    with server:
        host, real_port = server.server_address[:2]
        print(f"Serving {site} at http://{host}:{real_port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
    return 0


# --- command line -------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("test", help="install everything, run ruff and mypy, then pytest with ARGS")
    wheels = sub.add_parser("wheels", help="build one wheel per pyapp/ distribution")
    wheels.add_argument("--out", default=str(DEFAULT_WHEEL_DIR), help="output folder")
    site = sub.add_parser("site", help="build the static site into dist/")
    site.add_argument("--out", default=str(DIST), help="output folder (emptied first)")
    site.add_argument("--stamp", default="", help="a deploy label written into index.html")
    sub.add_parser("icons", help="redraw static/icons/icon-*.png")
    sub.add_parser("catalogs", help="compile the PO message catalogs into MO files")
    sub.add_parser("screenshots", help="refresh docs/screenshots/ (Chromium)")
    serve = sub.add_parser("serve", help="build dist/ and serve it on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000, help="port (0: any free port)")
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["test"]:
            # Everything after `test` goes to pytest untouched (argparse would eat `-k` etc.).
            return cmd_test(argv[1:])
        args = parser.parse_args(argv)
        if args.command == "wheels":
            return cmd_wheels(args.out)
        if args.command == "site":
            return cmd_site(args.out, args.stamp)
        if args.command == "icons":
            return cmd_icons()
        if args.command == "catalogs":
            return cmd_catalogs()
        if args.command == "screenshots":
            return cmd_screenshots()
        return cmd_serve(args.port)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
