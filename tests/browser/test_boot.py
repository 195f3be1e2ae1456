"""The built site in Chromium: boot stages, boot failures, the manifest, offline play,
updates, and what a first visit downloads.  The figures printed here are in docs/pwa.md."""

from __future__ import annotations

import json
import struct
import time
import zipfile
from urllib.parse import urljoin

import pytest
from conftest import boot_data, copy_site, wait_offline_ready, wait_ready
from ui import new_game, place

import build

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

STAGES = ["download", "python", "games", "app"]

# Records the boot screen as it changes: stage states and the progress bar.
RECORD_BOOT = """
window.__bootTrace = [];
const last = {};
const note = (key, entry) => {
  const value = JSON.stringify(entry);
  if (last[key] !== value) { last[key] = value; window.__bootTrace.push(entry); }
};
new MutationObserver((mutations) => {
  for (const m of mutations) {
    const el = m.target;
    if (m.attributeName === "data-state" && el.dataset.stage) {
      note(el.dataset.stage, ["stage", el.dataset.stage, el.dataset.state]);
    } else if (m.attributeName === "aria-valuenow") {
      note("progress", ["progress", Number(el.getAttribute("aria-valuenow"))]);
    }
  }
}).observe(document, {subtree: true, attributes: true,
                      attributeFilter: ["data-state", "aria-valuenow"]});
"""


def boot_error(page, timeout_ms: int = 20_000) -> str:
    page.wait_for_selector("#boot-error", state="visible", timeout=timeout_ms)
    return page.inner_text("#boot-error")


def runtime_paths(site) -> list[str]:
    """The URL paths of the big runtime files and of every wheel and zip of the page (its
    Python bundles and its standard library)."""
    paths = []
    for pattern in (
        "pyodide/*/pyodide.asm.wasm",
        "pyodide/*/pyodide.asm.mjs",
        "wheels/*/*.whl",
        "py/*/*.zip",
    ):
        paths += ["/" + p.relative_to(site).as_posix() for p in site.glob(pattern)]
    return paths


# --- booting ---------------------------------------------------------------------------


def test_boots_through_the_stages(site_server, new_page, timer):
    page = new_page()
    page.add_init_script(RECORD_BOOT)
    page.goto(site_server.url)
    # The boot screen is there from the first paint, with its four named stages.
    stages = page.locator(".boot-stages [data-stage]")
    assert stages.count() == 4
    assert "Downloading the game runtime" in page.inner_text(".boot-stages")
    wait_ready(page)
    elapsed = timer()

    trace = page.evaluate("window.__bootTrace")
    done_order = [s for kind, s, *rest in (t for t in trace if t[0] == "stage") if rest == ["done"]]
    assert done_order == STAGES, trace
    active = [t[1] for t in trace if t[0] == "stage" and t[2] == "active"]
    assert active == STAGES, trace
    progress = [t[1] for t in trace if t[0] == "progress"]
    assert progress == sorted(progress) and progress[-1] == 100, progress
    assert len(set(progress)) >= 4, progress  # it really moved along the way

    log = page.evaluate("tableroBoot.log")
    assert [e["stage"] for e in log if e["state"] == "done"] == [*STAGES, "ready"]
    assert page.evaluate("performance.getEntriesByName('tablero-interactive').length") == 1
    assert page.locator("#boot").is_hidden()
    assert page.evaluate("document.documentElement.lang") == "en"
    print(f"\nfirst visit, fresh context: interactive after {elapsed:.2f} s; boot log {log}")


def test_the_app_starts_before_pyscript_which_still_runs_the_page_script(site_server, new_page):
    page = new_page()
    page.goto(site_server.url)
    wait_ready(page)
    # The board came up without PyScript: its core.js was not loaded before ready (only
    # probed with HEAD, a fetch).
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    loaded = (
        "performance.getEntriesByType('resource')"
        ".filter(e => e.name.includes('/pyscript/') && e.initiatorType !== 'fetch')"
        ".map(e => e.startTime)"
    )
    assert page.evaluate(loaded) == [] or page.evaluate("tableroBoot.pyscript") is not None
    assert marks["tablero-wheels-done"] < marks["tablero-interactive"], marks
    # PyScript is loaded after the board is interactive, gets the same interpreter and runs
    # the page's <script type="py">, which leaves the running app alone.
    renders = page.get_attribute("#app", "data-render")
    page.wait_for_function("tableroBoot.pyscript === 'done'", timeout=30_000)
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    assert marks["tablero-interactive"] < marks["tablero-pyscript-start"], marks
    pyscript = page.evaluate(loaded)
    assert pyscript and all(t > marks["tablero-interactive"] for t in pyscript), (pyscript, marks)
    assert page.evaluate("typeof document.body.dataset.bootFailed") == "undefined"
    assert page.get_attribute("#app", "data-render") == renders
    assert page.locator(".py-error").count() == 0
    # The app still plays after PyScript's set-up.
    page.set_viewport_size({"width": 1000, "height": 900})
    new_game(page)
    place(page, 6, "d2")
    assert page.locator('[data-tile-cell="d2"]').get_attribute("data-tile-value") == "6"


def test_boot_screen_speaks_the_saved_language(site_server, new_page):
    page = new_page(locale="en-US")
    page.add_init_script("localStorage.setItem('tablero.lang', 'ja')")
    page.goto(site_server.url)
    page.wait_for_function("document.documentElement.lang === 'ja'")
    wait_ready(page)
    catalog = json.loads((site_server.directory / "i18n" / "ja.json").read_text("utf-8"))
    assert catalog["boot.stage.download"] == "ゲームの実行環境をダウンロード中"
    # The boot loader's strings only: the app's own catalogs are in its wheel (MO files),
    # never downloaded a second time.
    assert catalog == build.boot_messages()["ja"]


def test_missing_wasm_is_reported(built_site, make_server, new_page):
    server = make_server(built_site, missing={"pyodide.asm.wasm"})
    page = new_page()
    page.goto(server.url)
    message = boot_error(page)
    assert "pyodide.asm.wasm" in message and "404" in message, message
    assert "could not start" in message
    assert page.get_attribute("[data-stage='download']", "data-state") == "failed"
    assert page.get_attribute("body", "data-ready") is None


def test_wrong_wasm_mime_type_is_reported(built_site, make_server, new_page):
    server = make_server(built_site, wasm_type="text/plain")
    page = new_page()
    page.goto(server.url)
    message = boot_error(page)
    assert "pyodide.asm.wasm" in message, message
    assert "text/plain" in message and "application/wasm" in message, message


def test_stalled_download_times_out_with_the_stage(built_site, make_server, new_page):
    server = make_server(built_site, stall={"stdlib.zip"})
    page = new_page()
    page.goto(server.url + "?boot-timeout=3")
    message = boot_error(page, timeout_ms=15_000)
    assert "3 seconds" in message and "Downloading the game runtime" in message, message


def test_a_python_error_is_shown(built_site, tmp_path, make_server, new_page):
    site = copy_site(built_site, tmp_path / "site")
    # A site whose web bundle is replaced by an empty zip: the import fails.
    web = site / boot_data(site)["wheels"][-1]
    assert web.name == "web.zip"
    with zipfile.ZipFile(web, "w") as zf:
        zf.writestr("empty.txt", "")
    server = make_server(site)
    page = new_page()
    page.goto(server.url)
    message = boot_error(page)
    assert "Starting the app" in message and "tablero.web" in message, message


# --- the web app manifest ----------------------------------------------------------------


def test_manifest_is_linked_and_valid(site_server, new_page):
    page = new_page()
    page.goto(site_server.url)
    wait_ready(page)
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest_url = urljoin(site_server.url, href)
    response = page.request.get(manifest_url)
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Tablero"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] and manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        png = page.request.get(urljoin(manifest_url, icon["src"]))
        assert png.ok and png.headers["content-type"] == "image/png"
        body = png.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", body[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes[width] = icon
    assert {192, 512} <= set(sizes)
    # Chromium's own parser accepts it.
    cdp = page.context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert not parsed.get("errors"), parsed.get("errors")
    assert parsed["url"] == manifest_url


# --- bytes, offline, updates -------------------------------------------------------------


def test_a_first_visit_then_later_visits_restored_online_and_offline(
    built_site, make_server, persistent_context, timer
):
    """One browser's visits, each checked as it comes (issue 31 merged five tests that
    each made this first visit: the precache costs about 6 s of CPU).  The first visit:
    what it downloads until the board is interactive and until the service worker has
    precached the site, and a plain boot (the snapshot neither used nor fetched).  The
    second: restored from the raw copy of the snapshot kept after the precache, the wasm
    compiled by the cache reader's worker.  The third, in Japanese: restored, the app
    drawn before the wheels are unpacked.  Then offline: a reload, a game played, a link
    with a query string, a browser restart.  Cost: about 25 s (three boots, a persistent
    profile, two small games)."""
    from test_snapshot import browser_wasm_module, mark_times, plays, snapshot_path, status

    server = make_server(built_site)  # its own log
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)
    until_ready = server.bytes_by_path()
    ready_s = timer()
    n_ready = len(server.log)
    # A plain boot: the snapshot not used, not downloaded before the board is up, and the
    # wheels unpacked before the app starts; the interpreter module left the page's own
    # WebAssembly.Module.
    first = status(page)
    assert first["used"] is False and first["error"] is None, first
    assert first["wasm"] == "page", first  # nothing in the cache yet: Pyodide compiles it
    assert browser_wasm_module(page), "the interpreter module left its WebAssembly.Module"
    assert page.evaluate("performance.getEntriesByName('tablero-snapshot-read-start').length") == 0
    marks = mark_times(page)
    assert marks["tablero-wheels-done"] < marks["tablero-app-start"], marks

    wait_offline_ready(page)
    offline_s = timer()
    until_offline = server.bytes_by_path()
    after_ready = server.bytes_by_path(n_ready)
    for path in runtime_paths(built_site):
        # The wheels are the bots worker's (no bot seat here): only the precache gets them;
        # the page's Python comes as bundles (py/), every game's on a start screen; the
        # rest of its standard library comes after the board is interactive.
        if path.endswith("/stdlib-extra.zip"):
            assert path not in until_ready, path
        elif "/wheels/" not in path:
            assert len(until_ready.get(path, [])) == 1, (path, until_ready.get(path))
        # The service worker precached it from the HTTP cache: no second download.
        assert len(until_offline.get(path, [])) == 1, (path, until_offline.get(path))
    # Pyodide's own standard library (sources only) is never used: the page has its own.
    (pristine,) = built_site.glob("pyodide/*/python_stdlib.zip")
    assert "/" + pristine.relative_to(built_site).as_posix() not in until_offline
    # The memory snapshot is never on the first visit's critical path (docs/pwa.md); the
    # service worker precached it once, after the boot.
    snapshot = snapshot_path(built_site)
    assert snapshot not in until_ready
    assert len(until_offline.get(snapshot, [])) == 1

    total_ready = sum(sum(v) for v in until_ready.values())
    total_offline = sum(sum(v) for v in until_offline.values())
    requests_ready = sum(1 for e in server.log[:n_ready] if e[0] == "GET")
    print(
        f"\nfirst visit: {total_ready:,} bytes in {requests_ready} GET requests until "
        f"interactive ({ready_s:.2f} s); {total_offline:,} bytes in all once the service "
        f"worker has precached everything ({offline_s:.2f} s)"
    )
    # A regression guard: about 13.9 MB today (docs/pwa.md), almost all of it Pyodide.
    assert total_ready < 16_000_000, f"the first visit grew to {total_ready:,} bytes"
    print(f"  {'until ready':>12} {'after':>10}  file")
    for path in sorted(until_offline, key=lambda p: -sum(until_offline[p])):
        before, after = sum(until_ready.get(path, [])), sum(after_ready.get(path, []))
        print(f"  {before:>12,} {after:>10,}  {path}")

    # Once the service worker has precached the gzipped snapshot, the page keeps a raw copy
    # (gunzipped in a worker, never fetched again).
    page.wait_for_function("tableroBoot.snapshotKept !== null", timeout=60_000)
    assert page.evaluate("tableroBoot.snapshotKept") is True
    keys = page.evaluate(
        "caches.open('tablero-snapshot').then(c => c.keys()).then(ks => ks.map(k => k.url))"
    )
    assert keys == [first["url"] + "?raw"], keys

    # The second visit, online, served by the service worker: restored from the raw copy.
    start = time.perf_counter()
    page.reload()
    wait_ready(page)
    warm_s = time.perf_counter() - start
    second = status(page)
    assert second["used"] is True and second["form"] == "raw", second
    assert second["error"] is None, second
    # The wasm was compiled by the cache reader's worker, and not fetched by the page.
    assert second["wasm"] == "worker", second
    # Its shared wrapper modules were for that loadPyodide() only.
    assert browser_wasm_module(page), "the interpreter module left its WebAssembly.Module"
    wasm = next(p for p in runtime_paths(built_site) if p.endswith(".wasm"))
    assert not page.evaluate(f"performance.getEntriesByName(location.origin + '{wasm}').length")
    # Read by the inline script at the top of index.html (static/snapshot-reader.js), before
    # PyScript: the interpreter module took those bytes (docs/pwa.md, "The snapshot").
    marks = mark_times(page)
    assert page.evaluate("window.tableroSnapshotRead.url") == second["url"]
    assert marks["tablero-snapshot-read-start"] <= marks["tablero-snapshot-read"], marks
    assert marks["tablero-interpreter-start"] < marks["tablero-interpreter-done"], marks
    print(f"second visit: interpreter from the snapshot in {second['ms']} ms")
    # Nothing more to keep; the snapshot was not fetched again, and the restored app plays
    # (lazy imports and the files unpacked after the restore work).
    page.wait_for_function("tableroBoot.snapshotKept !== null", timeout=60_000)
    assert page.evaluate("tableroBoot.snapshotKept") is False
    assert len(server.bytes_by_path().get(snapshot, [])) == 1
    plays(page)

    # The third, in Japanese: every catalog is in the snapshot, so the app draws at once
    # and the wheels are unpacked after the board is interactive.
    page.evaluate("localStorage.setItem('tablero.lang', 'ja')")
    page.reload()
    wait_ready(page)
    assert status(page)["used"] is True, status(page)
    assert page.evaluate("document.documentElement.lang") == "ja"
    text = page.inner_text("#app")
    assert any(ch > "\u3000" for ch in text), text[:200]  # Japanese on screen
    page.wait_for_function("tableroBoot.wheels === 'unpacked'", timeout=30_000)
    marks = mark_times(page)
    assert marks["tablero-interactive"] < marks["tablero-wheels-done"], marks
    # The files are there for what reads them later (another catalog, lazy imports).
    plays(page)
    page.evaluate("localStorage.setItem('tablero.lang', 'en')")

    # Offline.
    server.stop()
    start = time.perf_counter()
    page.reload()
    wait_ready(page)
    offline_boot_s = time.perf_counter() - start
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    print(f"second visit: interactive after {warm_s:.2f} s; offline: {offline_boot_s:.2f} s")
    # Still offline: start a game and play a move.
    page.set_viewport_size({"width": 1000, "height": 900})
    new_game(page)
    place(page, 6, "d2")
    assert page.locator('[data-tile-cell="d2"]').get_attribute("data-tile-value") == "6"
    # A link with a query string is a navigation the service worker answers too.
    page.goto(server.url + "?game=arribada")
    wait_ready(page)

    # A browser restart, still offline.
    context.close()
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server.url)
    wait_ready(page)


# The update prompt of a deploy found as the page starts, and the caches after it, are
# checked by tests/browser/test_update_deploy.py (its fourth deploy: issue 31).


def test_a_link_loads_its_games_engine_first_and_the_others_after(
    built_site, make_server, new_page
):
    """Engines on demand (issue 6): a first visit from an Arribada link unpacks core, web
    and the Arribada engine before the board is ready, Arboretum's only afterwards; an act
    that could open another game waits for it, then runs."""
    from tablero.core import make
    from tablero.web.links import encode_link
    from tablero.web.plugin import Seat

    server = make_server(built_site)  # its own origin and log: a first visit
    engines = {g: url.lstrip(".") for g, url in boot_data(built_site)["engines"].items()}
    assert {"arribada", "arboretum", "arraial"} <= set(engines)
    state = make("arribada", players=2, seed=5)
    link = encode_link(state, [Seat("Ana", 0, "human"), Seat("Ben", 1, "human")])
    page = new_page(viewport={"width": 1000, "height": 900})
    page.goto(f"{server.url}#{link}")
    wait_ready(page)
    until_ready = server.bytes_by_path()
    assert engines["arribada"] in until_ready
    assert not [g for g in engines if g != "arribada" and engines[g] in until_ready]
    assert page.evaluate("tableroBoot.engines") == "partial"

    # The menu's "home" could lead to another game: it waits for the engines, then runs.
    page.locator("details.shell-menu > summary").click()
    page.locator('.shell-menu-items [data-act="app.home"]').click()
    page.wait_for_selector('[data-act="app.new"][data-game="arboretum"]', timeout=15_000)
    assert page.evaluate("tableroBoot.engines") == "all"
    for game in engines:  # every other engine, fetched once
        assert len(server.bytes_by_path().get(engines[game], [])) == 1, game
    # And the other game plays.
    page.locator('[data-act="app.new"][data-game="arboretum"]').click()
    page.wait_for_selector('form[data-act="app.start"]')
    page.locator('form[data-act="app.start"] button[type="submit"]').click()
    page.wait_for_selector('[data-act="app.reveal"]')
    page.locator('[data-act="app.reveal"]').click()
    page.wait_for_selector(".arb-hand")
    # Its stylesheet, scoped to its markup, applies: to the root ([data-game].arb-table)
    # and inside it ([data-game] .arb-hand).
    # (the root's layout is the shell's table grid; its ink colour is the game's own)
    assert page.eval_on_selector(".arb-table", "e => getComputedStyle(e).color") == (
        "rgb(35, 48, 31)"
    )
    assert page.eval_on_selector(".arb-hand", "e => getComputedStyle(e).display") == "flex"
    # Its texts came with its bundle, after the catalogs were first read (Arribada's
    # only): they joined when first asked for (tablero.web.i18n), no key shows.
    assert "arboretum." not in page.inner_text("#app")
