"""The page's Python as bundles of bytecode (docs/pwa.md, "The page's Python bundles"):
which wheels the page unpacks, how their files go into one bundle per package (a game's UI
package with its engine), compiled by the page's own Pyodide (make-bytecode.mjs), and
which bundle holds each module."""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from buildtools.common import NODE_RUNTIME, ROOT, TOOLS, BuildError, run_node

# The page unpacks these distributions, plus the engine of every game that has a UI
# package (tablero/web/games/<id>/): a game the page cannot show needs no engine there.
# The bots run in their web worker, which unpacks its own wheels.
PAGE_DISTRIBUTIONS = ("tablero-core", "tablero-web")
# The folder of the games' UI packages, one per game, named by its id (in the web wheel).
UI_PACKAGES = "tablero/web/games/"
UI_DIR = ROOT / "pyapp" / "web" / "src" / UI_PACKAGES
# The packages of tablero that are not a game's engine (pyapp/<dist>/src/tablero/<package>).
NOT_GAMES = ("core", "web", "bots", "cli")


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
