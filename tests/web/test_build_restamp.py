"""A site derived from a built one (build.restamp_site, build.resnapshot_site; docs/pwa.md,
"The build") is what build_site makes with the other stamp or snapshot: build_site runs
three steps (build_files, snapshot_step, stamp_step), each writing only what depends on
its own input, and the derived site is the later steps run again on a copy of the files
of the earlier ones.

Checked cheaply, without Node: the stamp step's page function on the real index.html
template; and the steps' plumbing with stand-ins for the two expensive steps and for
Workbox (a first step writing a few files and its real record, a snapshot step naming its
snapshot by a chain of hashes as the real one does, a service worker listing every file
with its MD5): the derived sites equal the full builds file for file.  The real steps run
in the browser tests, which deploy derived sites (tests/browser/test_boot.py,
test_update_deploy.py, test_snapshot.py)."""

from __future__ import annotations

import hashlib
import html
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import buildtools.site  # noqa: E402

# --- the stamp in the page (build.stamp_page) ------------------------------------------------

STAMPS = ["", "v2", 'a "quoted" & <tagged> </script> stamp', "ビルド 7", "\\u0041 \\/"]


def real_page() -> str:
    """index.html as the build renders it (snapshot_step: no stamp yet), its placeholders
    filled with stand-ins; the inline scripts are real enough to be hashed."""
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    names = set(re.findall(r"\{\{\s*([\w.-]+)\s*\}\}", template))
    values = {name: f"./{name}.000000000000.x" for name in names}
    boot_data = {"stamp": "", "timeout_s": 60, "files": [{"url": "./a</b>", "size": 1}]}
    values.update(
        stamp="",
        csp=build.CSP_PLACEHOLDER,
        boot_data=build._boot_json(boot_data),
        boot_script="document.title = 'boot';",
        snapshot_reader="self.reader = 1;",
        preloads="",
    )
    page = build._render_template(template, values, build.boot_messages()["en"])
    policy = build.content_security_policy(page)
    return page.replace(build.CSP_PLACEHOLDER, html.escape(policy), 1)


def meta_stamp(page: str) -> str:
    (content,) = re.findall(r'<meta name="tablero-build" content="([^"]*)">', page)
    return content


def boot_data(page: str) -> dict:
    (block,) = re.findall(
        r'<script type="application/json" id="tablero-boot-data">(.*?)</script>', page, re.S
    )
    data: dict = json.loads(block)
    return data


@pytest.mark.parametrize("stamp", STAMPS)
def test_the_stamp_goes_into_the_meta_and_the_boot_data_and_nowhere_else(stamp: str) -> None:
    page = real_page()
    stamped = build.stamp_page(page, stamp)
    assert html.unescape(meta_stamp(stamped)) == stamp
    assert boot_data(stamped) == {**boot_data(page), "stamp": stamp}
    # Nothing else moved: the scripts the policy hashes, and the page outside the two spots.
    assert build.inline_script_hashes(stamped) == build.inline_script_hashes(page)
    assert strip_stamp(stamped) == strip_stamp(page)


def strip_stamp(page: str) -> str:
    page = re.sub(r'<meta name="tablero-build" content="[^"]*">', "", page)
    return re.sub(r'id="tablero-boot-data">.*?</script>', "", page, flags=re.S)


@pytest.mark.parametrize("old", STAMPS)
def test_a_stamped_page_does_not_depend_on_the_stamp_it_had(old: str) -> None:
    page = real_page()
    for new in STAMPS:
        assert build.stamp_page(build.stamp_page(page, old), new) == build.stamp_page(page, new)
    assert build.stamp_page(page, "") == page  # the build's own page is written unstamped


def test_a_page_the_stamp_step_cannot_stamp_is_a_build_error() -> None:
    page = real_page()
    meta = '<meta name="tablero-build" content="">'
    with pytest.raises(build.BuildError, match="one <meta"):
        build.stamp_page(page.replace(meta, ""), "v2")
    with pytest.raises(build.BuildError, match="one <meta"):
        build.stamp_page(page.replace(meta, meta + meta), "v2")
    with pytest.raises(build.BuildError, match="one boot data block"):
        build.stamp_page(page.replace('id="tablero-boot-data"', 'id="other"'), "v2")
    with pytest.raises(build.BuildError, match="no stamp"):
        build.stamp_page(page.replace('{"stamp":"",', "{"), "v2")
    # A stamp inside a script the browser runs would break the policy's hash of it.
    in_script = page.replace(meta, "").replace(
        "<script", f"<script>var m = '{meta}'</script><script", 1
    )
    with pytest.raises(build.BuildError, match="policy"):
        build.stamp_page(in_script, "v2")


# --- the steps (build_site, restamp_site, resnapshot_site) ----------------------------------


def fake_build_files(out: Path) -> build.SiteFiles:
    """The first step's stand-in: a few files, the runtime's among them, and the record."""
    build._empty(out)
    files = {
        "pyodide/aaaaaaaaaaaa/pyodide.asm.wasm": b"wasm",
        "py/bbbbbbbbbbbb/stdlib.zip": b"stdlib",
        "py/bbbbbbbbbbbb/core.zip": b"core",
        "py/bbbbbbbbbbbb/web.zip": b"web",
        "py/bbbbbbbbbbbb/arribada.zip": b"arribada",
        "py/bbbbbbbbbbbb/arboretum.zip": b"arboretum",
        "i18n/en.json": b"{}",
        "manifest.webmanifest": b"{}",
    }
    for name, data in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    record = build.SiteFiles(
        pyodide="pyodide/aaaaaaaaaaaa",
        pyscript="pyscript/cccccccccccc",
        wheels=(),
        page_wheels=(),
        bundles={g: f"py/bbbbbbbbbbbb/{g}.zip" for g in ("core", "web", "arribada", "arboretum")},
        stdlib="py/bbbbbbbbbbbb/stdlib.zip",
        stdlib_extra="py/bbbbbbbbbbbb/stdlib-extra.zip",
        stdlib_split=("encodings",),
        bot_worker="static/bot-worker.dddddddddddd.js",
        cache_reader="static/cache-reader.eeeeeeeeeeee.js",
        qr="static/uqr.abababababab.mjs",
        app_css="static/app.ffffffffffff.css",
        shell_css="static/app-shell.ffffffffffff.css",
        icons=((192, "static/icons/icon-192.png"),),
        files=tuple(sorted(files)),
    )
    record.write(out)
    return record


def fake_snapshot_step(out: Path, snapshot_games: int | None = None) -> None:
    """The second step's stand-in, reading the first's record as the real one does: the
    snapshot named by its inputs, the interpreter module by its text (which names the
    snapshot), the config by its bytes (which name the interpreter), the page naming all."""
    files = build.SiteFiles.read(out)
    games = [g for g in files.bundles if g not in build.SNAPSHOT_BASE][:snapshot_games]
    inputs = json.dumps([files.pyodide, files.stdlib, games]).encode()
    snapshot = f"static/snapshot.{build._sha(inputs)}.gz"
    (out / "static").mkdir(exist_ok=True)
    (out / snapshot).write_bytes(b"heap of " + " ".join(games).encode())
    text = f"restore('./{Path(snapshot).name}')\n"
    interpreter = f"static/interpreter.{build._sha(text.encode())}.mjs"
    (out / interpreter).write_text(text)
    config = json.dumps({"interpreter": f"./{interpreter}"}).encode()
    config_url = f"config.{build._sha(config)}.json"
    (out / config_url).write_bytes(config)
    data = {"stamp": "", "config": f"./{config_url}", "snapshot_engines": games}
    page = (
        '<meta name="tablero-build" content="">\n'
        f"<script>read('./{snapshot}')</script>\n"
        '<script type="application/json" id="tablero-boot-data">'
        f"{build._boot_json(data)}</script>\n"
    )
    (out / "index.html").write_text(page, encoding="utf-8")


def fake_service_worker(out: Path) -> dict:
    """Workbox's stand-in: every file of the site (but its own and the build's record) with
    its MD5."""
    precache = {
        p.relative_to(out).as_posix(): hashlib.md5(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name not in ("sw.js", build.BUILD_RECORD)
    }
    (out / "sw.js").write_text(json.dumps(precache, indent=1))
    return {"count": len(precache), "size": 0, "warnings": []}


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> None:
    # Patched where build_site, restamp_site, resnapshot_site and stamp_step look them up:
    # buildtools.site (build.build_files and the others are the same functions, re-exported).
    monkeypatch.setattr(buildtools.site, "build_files", fake_build_files)
    monkeypatch.setattr(buildtools.site, "snapshot_step", fake_snapshot_step)
    monkeypatch.setattr(buildtools.site, "generate_service_worker", fake_service_worker)


def tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def names(site: Path, text: str) -> list[str]:
    """The files of ``site`` whose bytes hold ``text``."""
    return sorted(name for name, data in tree(site).items() if text.encode() in data)


@pytest.mark.usefixtures("steps")
def test_a_restamped_site_is_the_build_with_that_stamp(tmp_path: Path) -> None:
    v1 = build.build_site(tmp_path / "v1", stamp="build-one")
    v2 = build.restamp_site(v1, tmp_path / "v2", "build-two")
    assert tree(v2) == tree(build.build_site(tmp_path / "full", stamp="build-two"))
    assert names(v1, "build-one") == ["index.html"]
    assert names(v2, "build-one") == [] and names(v2, "build-two") == ["index.html"]
    # Only the page and the service worker (the page's revision in it) changed.
    assert {n for n, data in tree(v1).items() if tree(v2)[n] != data} == {"index.html", "sw.js"}
    precache = json.loads((v2 / "sw.js").read_text())
    assert precache["index.html"] == hashlib.md5((v2 / "index.html").read_bytes()).hexdigest()
    # A restamp of a restamp: the same site.
    again = build.restamp_site(v2, tmp_path / "again", "build-one")
    assert tree(again) == tree(v1)


@pytest.mark.usefixtures("steps")
def test_a_resnapshotted_site_is_the_build_with_that_snapshot(tmp_path: Path) -> None:
    every = build.build_site(tmp_path / "every")
    one = build.resnapshot_site(every, tmp_path / "one", snapshot_games=1, stamp="v2")
    assert tree(one) == tree(build.build_site(tmp_path / "full", "v2", snapshot_games=1))
    # The first step's files as they were; the snapshot and all that names it anew, and
    # nothing left of the old ones (the service worker would precache them).
    record = build.SiteFiles.read(every)
    assert all(tree(one)[name] == tree(every)[name] for name in record.files)
    (old,) = every.glob("static/snapshot.*.gz")
    (new,) = one.glob("static/snapshot.*.gz")
    assert old.name != new.name and len(list(one.glob("config.*.json"))) == 1
    (interpreter,) = one.glob("static/interpreter.*.mjs")
    assert names(one, old.name) == []
    assert names(one, new.name) == ["index.html", f"static/{interpreter.name}", "sw.js"]
    assert boot_data((one / "index.html").read_text())["snapshot_engines"] == ["arribada"]
    back = build.resnapshot_site(one, tmp_path / "back", snapshot_games=None)
    assert tree(back) == tree(every)


@pytest.mark.usefixtures("steps")
def test_a_site_is_never_derived_into_its_own_folder(tmp_path: Path) -> None:
    site = build.build_site(tmp_path / "site")
    for out in (site, tmp_path):
        with pytest.raises(build.BuildError, match="another folder"):
            build.restamp_site(site, out, "v2")
        with pytest.raises(build.BuildError, match="another folder"):
            build.resnapshot_site(site, out, snapshot_games=1)
    assert (site / "index.html").exists()


def test_the_first_steps_record_reads_back_as_written(tmp_path: Path) -> None:
    record = fake_build_files(tmp_path / "site")
    assert build.SiteFiles.read(tmp_path / "site") == record
    with pytest.raises(build.BuildError, match="no build-record.json"):
        build.SiteFiles.read(tmp_path)
