"""The site: :func:`build_site` in three steps, and the sites derived from a built one
(:func:`restamp_site`, :func:`resnapshot_site`), the later steps run again on a copy."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from buildtools.bundles import page_bundles, page_wheels
from buildtools.common import DIST, ROOT, STATIC, BuildError, _folder_hash, _npm_path, _sha, step
from buildtools.environment import install_npm_packages
from buildtools.page import (
    BOOT_GLUE_MODULE,
    ICON_SIZES,
    PYODIDE_FILES,
    _copy_hashed,
    stamp_page,
    write_catalogs,
    write_interpreter,
    write_manifest,
    write_page,
)
from buildtools.record import BUILD_RECORD, SiteFiles
from buildtools.serviceworker import generate_service_worker
from buildtools.snapshot import SNAPSHOT_MAX_GAMES, make_snapshot, snapshot_imports
from buildtools.stdlib import page_stdlib
from buildtools.wheels import build_wheels, distributions

# build_site() runs three steps in order, each writing only what depends on its own input:
# build_files() every file that depends on neither the snapshot nor the stamp (wheels,
# runtime, bundles, stdlib, stylesheets, icons, manifest...); snapshot_step() the memory
# snapshot (``snapshot_games``) and what names it, by a chain of content hashes: the
# interpreter module, PyScript's config and index.html; stamp_step() the stamp (into
# index.html) and the service worker, which precaches every file as it is by then.
# restamp_site() and resnapshot_site() run the later steps alone on a copy of a built site:
# the same code on the same files as build_site() with the other stamp or snapshot.

# The browser gets every distribution under pyapp/ but these (CPython only).
NOT_IN_BROWSER = ("tablero-cli",)


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
    # uqr (npm, pinned): the share panel's QR code of a link, imported when one is shown.
    qr_module = _npm_path("uqr", "dist", "index.mjs").read_bytes()
    qr = f"static/uqr.{_sha(qr_module)}.mjs"
    (out / qr).write_bytes(qr_module)
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

    write_manifest(out, catalogs, icons)

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
        qr=qr,
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
    # Not tablero.web.bootglue: the page never imports it (the boot loader runs its source,
    # buildtools/page.py BOOT_GLUE), and the snapshot holds only what the app imports.
    imports = [
        name
        for name in snapshot_imports([out / url for url in files.page_wheels])
        if name != BOOT_GLUE_MODULE
    ]
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
    # PyScript loads after the board is interactive and gets the interpreter the boot loader
    # already started the app with; it unpacks the page's wheels itself (docs/pwa.md).
    config = {"interpreter": f"./{interpreter_url}"}
    config_bytes = (json.dumps(config, indent=1) + "\n").encode()
    config_url = f"config.{_sha(config_bytes)}.json"
    (out / config_url).write_bytes(config_bytes)

    # index.html names them all (buildtools/page.py): the boot data, the inline scripts and
    # the policy that hashes them.
    write_page(out, files, config_url, interpreter_url, snapshot_url, list(snapshot["plan"].games))


def stamp_step(out: Path, stamp: str) -> dict:
    """A build's last step, on the files of the others: ``stamp`` written into index.html
    (:func:`stamp_page`), then the service worker (:func:`generate_service_worker`), which
    precaches the site's files as they are now; its report."""
    index = out / "index.html"
    index.write_text(stamp_page(index.read_text(encoding="utf-8"), stamp), encoding="utf-8")
    report = generate_service_worker(out)
    step(f"site ready: {report['count']} files precached by sw.js ({report['size'] / 1e6:.1f} MB)")
    return report
