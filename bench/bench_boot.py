#!/usr/bin/env python3
"""Browser boot benchmark: Tablero against a bare Pyodide page, side by side, in one run.

    uv run python bench/bench_boot.py [--runs 7] [--clicks 30] [--playouts 40]
                                      [--engine-repeats 5] [--settle 2] [--site DIR]
                                      [--games] [--against DIR [--label new]
                                      [--against-label old]] [--json out.json]

What it does (issue 6, part 1; docs/performance.md, "Boot (browser)", sums it up, and
docs/journal/performance-2026-11-29-to-12-05.md, "The harness", gives the details):

* builds the site once with ``build.build_site()`` into a temporary folder (or copies
  ``--site DIR``) and writes two extra pages into it: ``bare.html`` (``loadPyodide`` from
  the site's hashed runtime folder, ``1+1``, a mark in the DOM: nothing else) and
  ``bench-engine.html`` (the same runtime, the built ``tablero_core`` and
  ``tablero_arribada`` wheels unpacked with ``pyodide.unpackArchive``);
* serves that folder from 127.0.0.1 with a server of its own (``build.SiteHandler``: the
  site's MIME types and ``Cache-Control: no-cache``) that logs every response with its
  arrival time and body size;
* drives ``/usr/bin/chromium`` through Playwright with the launch options of
  ``tests/browser/conftest.py``, one persistent profile per page kind and run, the
  browser restarted for every visit:
  - **first visit** (empty profile): the app opened from a share link (``#tb1...``) of a
    2-player Arribada game, the bare page;
  - **second visit** (same profile: warm HTTP cache, the app's service worker active):
    the app with the same game preloaded into localStorage (``tablero.save.<id>`` +
    ``tablero.current``, written by an init script before the page's own scripts), the
    bare page;
  - **offline** (same profile, server stopped): the app, through its service worker;
* the order app/bare alternates from run to run;
* before each navigation, the freshly started browser is left alone for ``--settle``
  seconds (2 by default; 0 navigates at launch, as this harness did until 2026-11-30):
  Chromium's own start-up work runs in those seconds, not during the page's boot (in
  the headless Chromium 156 here, preloading its WebUI omnibox pop-up, about 0.45 s of
  CPU in the first second: a quarter of the two cores while a second visit boots).

With ``--games``, also per game of the registry (``tablero.core.game_ids()``, those with a
UI), a 2-player hot-seat game GAME_MOVES random moves in: **its save reopened** (a second
visit, the visited profile), **its share link in the visited profile** (a later visit: the
snapshot, and the game's bundle if the snapshot left it out) and **its share link in an
empty profile** (a first visit; bytes before interactive too).  For those, "interactive" is
game-neutral: the pass screen's button clicked, then the first render showing the game's
own controls (a ``data-act`` that is not the app's).

With ``--against DIR``, a second built site (the commit before a change, built in its own
checkout: ``python3 build.py site``) is served from its own origin and measured in the same
runs, the order of the two alternating from run to run; a second table gives each figure
for both, with the ratio this/against of the medians and paired (the median of the
per-run ratios).  The bare page is this site's only.

"Boot" = navigation start -> the page is usable, measured in the page with
``performance.now()`` (so from ``performance.timeOrigin``): for the bare page the moment
``1+1`` is in the DOM; for the app the moment Python has redrawn the board after the
harness clicked a legal target.  An init script clicks, in the page, as soon as each
target is on screen (``setTimeout(0)`` after the render that shows it): the pass-the-device
button (a hot-seat game opens behind it), a rack tile (``[data-act="pick-value"]``), then
a highlighted cell (``[data-act="cell"]``); "interactive" is the render that shows the
move's preview (``.arr-preview``).  The app's own ``body[data-ready]`` time is kept too.

Also measured: bytes (response bodies sent by the server) before interactive and in all
on a first visit (until the service worker has precached everything), with a check that
every runtime file is fetched once; click -> board updated latency (Playwright clicks on a
pick-value / cell / cancel-move / pick-value cycle that leaves the game unchanged, timed
in the page from the click event to the ``#app[data-render]`` mutation); engine speed
(random 2-player Arribada playouts per second, the same seeds and the same code, in the
app's Pyodide and in this CPython).
"""

from __future__ import annotations

import argparse
import datetime
import http.server
import inspect
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests" / "browser", ROOT / "bench"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from bench_engine import playout  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402

import build  # noqa: E402

try:  # the same Chromium and flags as the browser tests
    from conftest import CHROMIUM_ARGS, launch_options  # noqa: E402
except Exception:  # noqa: BLE001 - conftest needs pytest; keep a copy of its options
    CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    CHROMIUM_ARGS = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ]  # fmt: skip

    def launch_options(*, player: bool = False) -> dict:  # noqa: ARG001 - one browser here
        options = {"headless": True, "args": CHROMIUM_ARGS}
        if Path(CHROMIUM_PATH).exists():
            options["executable_path"] = CHROMIUM_PATH
        return options


from tablero.core import Rng, make  # noqa: E402
from tablero.web.links import decode_link, encode_link  # noqa: E402
from tablero.web.plugin import Seat  # noqa: E402
from tablero.web.saves import MemoryStorage, SavedGame, SaveStore  # noqa: E402

BOOT_TIMEOUT_MS = 120_000
VIEWPORT = {"width": 1000, "height": 900}
GAME_SEED = 7
GAME_MOVES = 20  # random moves played before the saved position
ENGINE_SEED0 = 1000
TARGETS = {
    "second_ratio": 0.4,
    "first_ratio": 1.15,
    "extra_bytes": 400_000,
    "offline_vs_second": 0.10,
    "click_median_ms": 30.0,
    "click_p95_ms": 60.0,
}


# --- the game the app boots into -------------------------------------------------------


def bench_game() -> tuple[str, dict[str, str], str]:
    """(share-link fragment, localStorage entries, save id) of a 2-player Arribada game
    (two human seats) at the start of a turn where the player to move can place a tile."""
    state = make("arribada", players=2, seed=GAME_SEED)
    rng = Rng(GAME_SEED).spawn()
    moves = 0
    while True:
        legal = state.legal_moves()
        if moves >= GAME_MOVES and any(str(m).startswith("place ") for m in legal):
            break
        state = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        moves += 1
    seats = [Seat("Ana", 0, "human"), Seat("Ben", 1, "human")]
    fragment = encode_link(state, seats)
    back, back_seats = decode_link(fragment)
    assert back == state and list(back_seats) == seats, "the share link does not round-trip"
    storage = MemoryStorage()
    store = SaveStore(storage)
    game_id = "bench0001"
    now = 1_790_000_000_000.0
    store.save(SavedGame(game_id, "Benchmark game", "arribada", seats, state, now, now))
    store.set_current(game_id)
    return fragment, dict(storage.data), game_id


def game_fixtures() -> dict[str, tuple[str, dict[str, str]]]:
    """``{game: (share-link fragment, localStorage entries)}`` for every game of the
    registry the page can show (tablero.core.game_ids(), those with a UI): a 2-player
    hot-seat game after GAME_MOVES random moves from GAME_SEED (fewer if it ends)."""
    from tablero.core import game_ids
    from tablero.web.games import get_ui

    out = {}
    for game in game_ids():
        try:
            get_ui(game)
        except ValueError:
            continue
        state = make(game, players=2, seed=GAME_SEED)
        rng = Rng(GAME_SEED).spawn()
        for _ in range(GAME_MOVES):
            legal = state.legal_moves()
            after = state.apply_unchecked(legal[rng.randbelow(len(legal))])
            if after.is_terminal():
                break
            state = after
        seats = [Seat("Ana", 0, "human"), Seat("Ben", 1, "human")]
        storage = MemoryStorage()
        store = SaveStore(storage)
        now = 1_790_000_000_000.0
        store.save(SavedGame(f"bench-{game}", "Benchmark game", game, seats, state, now, now))
        store.set_current(f"bench-{game}")
        out[game] = (encode_link(state, seats), dict(storage.data))
    return out


# --- the server ------------------------------------------------------------------------


class BenchServer:
    """A static server on 127.0.0.1 (the site's handler) that logs every response as
    ``(wall time, method, path, status, body bytes)``; ``stop()``/``start()`` keep the port."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.port = 0
        self.log: list[tuple[float, str, str, int, int]] = []
        self._server: http.server.ThreadingHTTPServer | None = None
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> BenchServer:
        site = self

        class Handler(build.SiteHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(site.directory), **kwargs)

            def log_message(self, format, *args):  # quiet
                pass

            def send_response(self, code, message=None):
                self._status = code
                super().send_response(code, message)

            def send_head(self):
                t = time.time()
                f = super().send_head()
                status = getattr(self, "_status", 0)
                size = 0
                if f is not None and hasattr(f, "fileno") and status == 200:
                    size = os.fstat(f.fileno()).st_size
                body = size if self.command == "GET" else 0
                with site._lock:
                    site.log.append((t, self.command, urlsplit(self.path).path, status, body))
                return f

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def entries(self, since: int, until_time: float | None = None) -> list[tuple]:
        with self._lock:
            rows = list(self.log[since:])
        if until_time is not None:
            rows = [r for r in rows if r[0] <= until_time]
        return rows


def body_bytes(rows: list[tuple]) -> int:
    return sum(r[4] for r in rows if r[1] == "GET" and r[3] == 200)


# --- the site ----------------------------------------------------------------------------

BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title></head>
<body><p id="out">loading</p>
<script type="module">
import {{ loadPyodide }} from "./pyodide/{hash}/pyodide.mjs";
const pyodide = await loadPyodide({{ indexURL: "./pyodide/{hash}/" }});
document.getElementById("out").textContent = String(pyodide.runPython("1+1"));
document.body.dataset.done = String(performance.now());
</script></body></html>
"""

ENGINE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>engine in Pyodide</title></head>
<body><p id="out">loading</p>
<script type="module">
import {{ loadPyodide }} from "./pyodide/{hash}/pyodide.mjs";
const pyodide = await loadPyodide({{ indexURL: "./pyodide/{hash}/" }});
for (const url of {wheels}) {{
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ": HTTP " + response.status);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
}}
window.pyodide = pyodide;
document.getElementById("out").textContent = "ready";
document.body.dataset.done = "1";
</script></body></html>
"""


def prepare_site(work: Path, site: str | None, name: str = "dist") -> tuple[Path, str, list[str]]:
    """The built site with bare.html and bench-engine.html, in ``work/name``; (folder,
    runtime hash, wheels)."""
    out = work / name
    if site:
        shutil.copytree(site, out)
    else:
        build.build_site(out)
    runtimes = sorted(out.glob("pyodide/*/pyodide.mjs"))
    if len(runtimes) != 1:
        raise SystemExit(f"expected one pyodide/<hash>/ folder in {out}, found {len(runtimes)}")
    runtime_hash = runtimes[0].parent.name
    wheels = []
    for name in ("tablero_core", "tablero_arribada"):
        found = sorted(out.glob(f"wheels/*/{name}-*.whl"))
        if len(found) != 1:
            raise SystemExit(f"expected one {name} wheel in {out}/wheels, found {len(found)}")
        wheels.append("./" + found[0].relative_to(out).as_posix())
    (out / "bare.html").write_text(BARE_HTML.format(hash=runtime_hash), encoding="utf-8")
    (out / "bench-engine.html").write_text(
        ENGINE_HTML.format(hash=runtime_hash, wheels=json.dumps(wheels)), encoding="utf-8"
    )
    return out, runtime_hash, wheels


# --- in-page probes ----------------------------------------------------------------------


# Installed before the page's scripts.  Watches #app[data-render] and body[data-ready];
# with ``auto`` it clicks the app to interactive (reveal -> rack tile -> cell -> preview:
# an Arribada game); with ``auto`` "board", any game: the pass screen's button, then the
# render that shows the game's own controls is interactive.  It times trusted clicks from
# the click event (capture phase, on window) to the render.
class VisitFailed(RuntimeError):
    """A visit that did not become interactive: counted and reported, the run goes on."""


# What a visit that never became interactive shows (its failure's message).
STUCK_JS = """() => ({
  ready: document.readyState, body: {...(document.body?.dataset || {})},
  boot: {stage: window.tableroBoot?.stage, engines: window.tableroBoot?.engines,
         pyscript: window.tableroBoot?.pyscript, failed: window.tableroBoot?.failed || null},
  controlled: !!navigator.serviceWorker?.controller,
  bench: window.__bench ? {t: window.__bench.t, steps: window.__bench.steps} : null,
  acts: Array.from(document.querySelectorAll('#app [data-act]')).slice(0, 12)
    .map((e) => e.dataset.act),
  motion: window.tableroMotion ? {started: window.tableroMotion.started,
    finished: window.tableroMotion.finished} : null,
  text: (document.body?.innerText || '').slice(0, 300),
})"""

PROBE_JS = """
(() => {
  if (window.__bench || location.protocol !== 'http:') return;
  const B = window.__bench = {t: {}, steps: [], lat: [], auto: %(auto)s};
  const now = () => performance.now();
  let pending = null, busy = false, picked = false, celled = false;
  const fire = (el) => el.dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true, view: window, button: 0}));
  window.addEventListener('click', (e) => {
    if (e.isTrusted) pending = {t0: now(), ts: e.timeStamp};
  }, true);
  function onRender() {
    const app = document.getElementById('app');
    if (!app || !document.body || document.body.dataset.ready !== '1') return;
    if (B.t.ready === undefined) B.t.ready = now();
    if (pending) {
      const p = pending, t1 = now();
      pending = null;
      const rec = {click: t1 - p.t0, input: t1 - p.ts, frame: null};
      B.lat.push(rec);
      requestAnimationFrame(() => setTimeout(() => { rec.frame = now() - p.t0; }, 0));
    }
    if (!B.auto || B.t.interactive !== undefined || busy) return;
    const q = (s) => app.querySelector(s);
    if (B.auto === 'board') {
      // Any game: the pass screen's button if there is one, then the first render that
      // shows the game's own controls (a data-act that is not the app's).
      if (q('[data-act]:not([data-act^="app."])')) { B.t.interactive = now(); return; }
      if (picked || !q('[data-act="app.reveal"]')) return;
      picked = busy = true;
      setTimeout(() => {
        busy = false;
        const t0 = now();
        const reveal = q('[data-act="app.reveal"]');  // found again, as below
        if (!reveal) { picked = false; return; }
        fire(reveal);
        B.steps.push(['reveal', t0, now()]);
      }, 0);
      return;
    }
    if (celled) {
      if (q('.arr-preview')) B.t.interactive = now();
      return;
    }
    let sel = null, name = null;
    if (q('[data-act="app.reveal"]')) { sel = '[data-act="app.reveal"]'; name = 'reveal'; }
    else if (!picked && q('[data-act="pick-value"]')) {
      sel = '[data-act="pick-value"]'; name = 'pick'; picked = true;
    } else if (picked && q('[data-act="cell"]')) {
      sel = '[data-act="cell"]'; name = 'cell'; celled = true;
    }
    if (!sel) return;
    busy = true;
    setTimeout(() => {
      busy = false;
      const t0 = now();
      // found again: a render in between (the app's own, after its boot) may have
      // replaced the element, and a click on a detached element reaches no listener
      const el = q(sel);
      if (!el) {  // gone: the next render picks again
        if (name === 'pick') picked = false;
        if (name === 'cell') celled = false;
        return;
      }
      fire(el);  // the app's listener runs synchronously: t1 - t0 is its whole work
      B.steps.push([name, t0, now()]);
    }, 0);
  }
  new MutationObserver(onRender).observe(document, {
    subtree: true, attributes: true, attributeFilter: ['data-render', 'data-ready'],
  });
})();
"""

STORAGE_JS = """
(() => {
  if (location.protocol !== 'http:') return;
  try {
    for (const k of Object.keys(localStorage)) {
      if (k.startsWith('tablero.save.') || k === 'tablero.current') localStorage.removeItem(k);
    }
    const entries = %s;
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  } catch (e) { console.error('bench: cannot preload localStorage', e); }
})();
"""


# --- visits ------------------------------------------------------------------------------


class Target:
    """A built site under test: its name in the report (``new``, ``old``...), its
    server, and the games it offers (those with a UI package in its web wheel: an older
    site may ship an engine it does not offer yet)."""

    def __init__(self, name: str, server: BenchServer, site: Path):
        self.name = name
        self.server = server
        self.games = site_games(site)


def site_games(site: Path) -> set[str]:
    """The games a built site offers: the UI packages in its ``tablero_web`` wheel."""
    found: set[str] = set()
    for wheel in site.glob("wheels/*/tablero_web-*.whl"):
        with zipfile.ZipFile(wheel) as z:
            for name in z.namelist():
                parts = name.split("/")
                if parts[:3] == ["tablero", "web", "games"] and parts[4:] == ["__init__.py"]:
                    found.add(parts[3])
    return found


class Bench:
    def __init__(self, pw, targets: list[Target], profiles: Path, fragment: str,
                 storage: dict[str, str], clicks: int, settle_s: float = 0.0,
                 games: dict[str, tuple[str, dict[str, str]]] | None = None):  # fmt: skip
        self.pw = pw
        self.settle_s = settle_s
        self.targets = targets
        self.server = targets[0].server  # the bare page's
        self.profiles = profiles
        self.fragment = fragment
        self.storage = storage
        self.games = games or {}
        self.clicks = clicks
        self.outside: list[str] = []

    def _context(self, profile: Path, probe: str | None, storage: dict[str, str] | None):
        context = self.pw.chromium.launch_persistent_context(
            str(profile), **launch_options(player=True), viewport=VIEWPORT
        )

        def guard(request):
            parts = urlsplit(request.url)
            if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
                self.outside.append(request.url)

        context.on("request", guard)
        if self.settle_s > 0:
            # The browser's own start-up (its processes, its preloaded WebUI) before the
            # page's boot, not during it: both page kinds alike.
            time.sleep(self.settle_s)
        if probe is not None:
            context.add_init_script(PROBE_JS % {"auto": probe})
            if storage is not None:
                context.add_init_script(STORAGE_JS % json.dumps(storage))
        return context

    def visit(self, kind: str, phase: str, run: int, target: Target | None = None,
              game: str | None = None) -> dict:  # fmt: skip
        """One visit in a freshly started browser; returns its figures.

        ``kind`` "app" (of ``target``, the first one by default) or "bare"; ``phase``
        "first" (empty profile, the Arribada link), "second" (the Arribada save
        reopened), "offline" (the same, server stopped), or for ``game``: "game-second"
        (its save reopened), "game-link" (its share link in an empty profile: a first
        visit), "game-link-later" (its link in the visited profile)."""
        app = kind == "app"
        target = target or self.targets[0]
        server = target.server if app else self.server
        name = f"{kind}-{target.name}" if app else kind
        profile = self.profiles / f"run{run}-{name}"
        probe, storage, fragment = None, None, ""
        if app:
            probe, storage = "true", self.storage
            if phase == "first":
                storage, fragment = None, self.fragment
            elif game is not None:
                link, saved = self.games[game]
                probe = '"board"'
                storage = saved if phase == "game-second" else None
                fragment = link if phase.startswith("game-link") else ""
                if phase == "game-link":
                    profile = self.profiles / f"run{run}-{name}-link-{game}"
        context = self._context(profile, probe, storage)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            since = len(server.log)
            url = server.url + ("" if app else "bare.html")
            if fragment:
                url += "#" + fragment
            page.goto(url, wait_until="commit", timeout=BOOT_TIMEOUT_MS)
            if app:
                try:
                    page.wait_for_function(
                        "() => (window.__bench && window.__bench.t.interactive !== undefined)"
                        " || (document.body && document.body.dataset.bootFailed)",
                        timeout=BOOT_TIMEOUT_MS,
                    )
                except PlaywrightError as error:
                    if not isinstance(error, PlaywrightTimeoutError):
                        # the page's renderer crashed (Playwright says "Target crashed")
                        raise VisitFailed(
                            f"app page failed ({target.name}, {phase} {game or ''}, run {run}):"
                            f" {error.message}"
                        ) from None
                    raise VisitFailed(
                        f"app not interactive in {BOOT_TIMEOUT_MS // 1000} s ({target.name}, "
                        f"{phase} {game or ''}, run {run}): {page.evaluate(STUCK_JS)}"
                    ) from None
                failed = page.evaluate("document.body.dataset.bootFailed || ''")
                if failed:
                    message = page.inner_text("#boot-error")
                    raise RuntimeError(
                        f"app boot failed ({target.name}, {phase} {game or ''}, run {run}): "
                        f"{message}"
                    )
                probe_out = page.evaluate(
                    "() => ({t: window.__bench.t, steps: window.__bench.steps,"
                    " origin: performance.timeOrigin,"
                    " controlled: !!navigator.serviceWorker?.controller,"
                    " snapshot: window.tableroSnapshot || null,"
                    " engines: window.tableroBoot?.engines || null,"
                    " marks: performance.getEntriesByType('mark')"
                    ".map(m => [m.name, m.startTime])})"
                )
                boot_ms = probe_out["t"]["interactive"]
                result = {
                    "kind": kind, "phase": phase, "run": run, "target": target.name,
                    "game": game,
                    "boot_s": boot_ms / 1000,
                    "ready_s": probe_out["t"]["ready"] / 1000,
                    "steps": probe_out["steps"],
                    "sw_controlled": probe_out["controlled"],
                    "boot_clicks_ms": sum(t1 - t0 for _, t0, t1 in probe_out["steps"]),
                    "marks": probe_out["marks"],
                    "engines": probe_out["engines"],
                    # {url, used, error, ms} from static/snapshot-interpreter.mjs
                    "snapshot": probe_out["snapshot"],
                }  # fmt: skip
                cut_ready = (probe_out["origin"] + probe_out["t"]["ready"]) / 1000
                cut = (probe_out["origin"] + boot_ms) / 1000
            else:
                page.wait_for_function(
                    "() => document.body && document.body.dataset.done", timeout=BOOT_TIMEOUT_MS
                )
                done, origin = page.evaluate(
                    "() => [Number(document.body.dataset.done), performance.timeOrigin]"
                )
                result = {"kind": kind, "phase": phase, "run": run, "boot_s": done / 1000}
                cut_ready = cut = (origin + done) / 1000
            result["load"] = os.getloadavg()[0]
            if phase == "game-link":
                result["bytes_interactive"] = body_bytes(server.entries(since, cut))
                result["requests_interactive"] = len(server.entries(since, cut))
            if phase == "first":
                result["bytes_interactive"] = body_bytes(server.entries(since, cut))
                result["requests_interactive"] = len(server.entries(since, cut))
                if app:
                    result["bytes_ready"] = body_bytes(server.entries(since, cut_ready))
                    result["after_ready"] = [  # what was fetched between ready and interactive
                        [r[2], r[4]]
                        for r in server.entries(since, cut)
                        if r[0] > cut_ready and r[1] == "GET"
                    ]
                    # everything the first visit downloads: until the worker has precached
                    page.wait_for_selector(
                        "html[data-offline='ready']", state="attached", timeout=BOOT_TIMEOUT_MS
                    )
                    page.wait_for_timeout(500)
                rows = server.entries(since)
                result["bytes_total"] = body_bytes(rows)
                result["requests_total"] = len(rows)
                counts: dict[str, int] = {}
                for _, method, path, status, _size in rows:
                    if method == "GET" and status == 200:
                        counts[path] = counts.get(path, 0) + 1
                runtime = {
                    p: n for p, n in counts.items()
                    if p.startswith(("/pyodide/", "/wheels/", "/py/", "/pyscript/"))
                }  # fmt: skip
                result["runtime_files"] = len(runtime)
                result["fetched_twice"] = sorted(p for p, n in runtime.items() if n > 1)
            if app and phase == "second" and self.clicks:
                result["clicks"], result["app_measures"] = self.click_cycle(page)
            return result
        finally:
            context.close()

    def click_cycle(self, page) -> list[dict]:
        """Playwright clicks that leave the game as it was: cancel the previewed move and
        drop the tile, then cycles of rack tile -> cell -> cancel -> the same tile again."""

        def click(selector: str) -> None:
            before = page.get_attribute("#app", "data-render")
            page.locator(selector).first.click()
            page.wait_for_function(
                "b => document.getElementById('app').dataset.render !== b",
                arg=before, timeout=10_000,
            )  # fmt: skip

        start = page.evaluate("() => { window.__bench.lat = []; return performance.now(); }")
        value = page.get_attribute('[data-act="pick-value"]', "data-value")
        tile = f'[data-act="pick-value"][data-value="{value}"]'
        cycle = ['[data-act="cancel-move"]', tile, tile, '[data-act="cell"]']
        done = 0
        while done < self.clicks:
            selector = cycle[done % len(cycle)]
            click(selector)
            if selector == '[data-act="cell"]' and page.locator(".arr-preview").count() != 1:
                raise RuntimeError("the cell click did not show the move's preview")
            done += 1
        page.wait_for_timeout(100)  # the last rAF/setTimeout of the frame figure
        lat = page.evaluate("() => window.__bench.lat")
        # The app's own measures, if it sets them (names "tablero:<part>", see
        # docs/performance.md, "Boot (browser)"): durations per click, by name.
        measures = page.evaluate(
            "s => performance.getEntriesByType('measure')"
            ".filter(m => m.name.startsWith('tablero:') && m.startTime >= s)"
            ".map(m => [m.name, m.duration])",
            start,
        )
        return lat, measures


# --- engine speed ------------------------------------------------------------------------

# The same source runs in CPython (exec) and in Pyodide (runPython): bench_engine.playout.
ENGINE_CODE = (
    "import gc, json, time\n"
    "from tablero.core import Rng, make\n\n"
    + inspect.getsource(playout)
    + """

def bench_sample(players, seeds):
    gc.collect()
    start = time.perf_counter()
    moves = [playout("arribada", players, s) for s in seeds]
    return json.dumps({"seconds": time.perf_counter() - start, "moves": moves})
"""
)


def engine_speed(pw, server: BenchServer, playouts: int, repeats: int) -> dict:
    """Random 2-player playouts per second, the same seeds, alternating CPython/Pyodide."""
    seeds = list(range(ENGINE_SEED0, ENGINE_SEED0 + playouts))
    ns: dict = {}
    exec(compile(ENGINE_CODE, "<bench-engine>", "exec"), ns)
    browser = pw.chromium.launch(**launch_options(player=True))
    try:
        page = browser.new_page()
        page.goto(server.url + "bench-engine.html")
        page.wait_for_function("() => document.body && document.body.dataset.done",
                               timeout=BOOT_TIMEOUT_MS)  # fmt: skip
        page.evaluate("code => { pyodide.runPython(code); }", ENGINE_CODE)
        version = page.evaluate("() => pyodide.runPython('import sys; sys.version')")
        call = f"bench_sample(2, {seeds!r})"
        page.evaluate("c => pyodide.runPython(c)", f"bench_sample(2, {seeds[:2]!r})")  # warm
        ns["bench_sample"](2, seeds[:2])
        cpy, pyo = [], []
        moves_c = moves_p = None
        for _ in range(repeats):
            c = json.loads(ns["bench_sample"](2, seeds))
            p = json.loads(page.evaluate("c => pyodide.runPython(c)", call))
            cpy.append(playouts / c["seconds"])
            pyo.append(playouts / p["seconds"])
            moves_c, moves_p = c["moves"], p["moves"]
    finally:
        browser.close()
    if moves_c != moves_p:
        raise RuntimeError("CPython and Pyodide played different games from the same seeds")
    return {
        "playouts": playouts,
        "seeds": [seeds[0], seeds[-1]],
        "moves_per_playout": sum(moves_c) / len(moves_c),
        "same_games": True,
        "cpython_rates": cpy,
        "pyodide_rates": pyo,
        "cpython": statistics.median(cpy),
        "pyodide": statistics.median(pyo),
        "ratio": statistics.median(p / c for p, c in zip(pyo, cpy, strict=True)),
        "cpython_version": platform.python_version(),
        "pyodide_python": version.split()[0],
    }


# --- summary -----------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def summarise(visits: list[dict], engine: dict | None) -> dict:
    def pick(kind, phase, key="boot_s"):
        return [v[key] for v in visits if v["kind"] == kind and v["phase"] == phase and key in v]

    def med(values):
        return statistics.median(values) if values else None

    s: dict = {}
    for kind, phase in (("app", "first"), ("app", "second"), ("app", "offline"),
                        ("bare", "first"), ("bare", "second")):  # fmt: skip
        values = pick(kind, phase)
        s[f"{kind}_{phase}"] = {"median": med(values), "min": min(values), "max": max(values),
                                "all": values}  # fmt: skip
        if kind == "app":
            s[f"{kind}_{phase}"]["ready_median"] = med(pick(kind, phase, "ready_s"))
            s[f"{kind}_{phase}"]["boot_clicks_ms_median"] = med(pick(kind, phase, "boot_clicks_ms"))

    def paired(a, b):  # per-run ratios, then their median
        ra = {v["run"]: v["boot_s"] for v in visits if (v["kind"], v["phase"]) == a}
        rb = {v["run"]: v["boot_s"] for v in visits if (v["kind"], v["phase"]) == b}
        return med([ra[r] / rb[r] for r in ra if r in rb])

    s["first_ratio"] = s["app_first"]["median"] / s["bare_first"]["median"]
    s["second_ratio"] = s["app_second"]["median"] / s["bare_second"]["median"]
    s["offline_vs_second"] = s["app_offline"]["median"] / s["app_second"]["median"]
    s["first_ratio_paired"] = paired(("app", "first"), ("bare", "first"))
    s["second_ratio_paired"] = paired(("app", "second"), ("bare", "second"))
    s["offline_vs_second_paired"] = paired(("app", "offline"), ("app", "second"))
    for key in ("bytes_interactive", "bytes_total", "bytes_ready", "requests_interactive",
                "requests_total", "runtime_files"):  # fmt: skip
        for kind in ("app", "bare"):
            values = pick(kind, "first", key)
            if values:
                s[f"{kind}_{key}"] = med(values)
    s["load_during"] = [min(v["load"] for v in visits), max(v["load"] for v in visits)]
    s["fetched_twice"] = sorted({p for v in visits for p in v.get("fetched_twice", [])})
    # Did the app restore the memory snapshot (window.tableroSnapshot)?  A second or
    # offline visit that did not is a failure of the run (main() says so).
    s["snapshot"] = {}
    for phase in ("first", "second", "offline"):
        snaps = [
            v.get("snapshot") or {} for v in visits if (v["kind"], v["phase"]) == ("app", phase)
        ]
        ms = [x["ms"] for x in snaps if x.get("ms") is not None]
        s["snapshot"][phase] = {
            "n": len(snaps),
            "used": sum(1 for x in snaps if x.get("used")),
            "ms_median": med(ms),
            "errors": sorted({x["error"] for x in snaps if x.get("error")}),
        }
    s["snapshot_failures"] = [
        f"{v['phase']} visit of run {v['run'] + 1}: "
        + ((v.get("snapshot") or {}).get("error") or "not in the cache, booted plain")
        for v in visits
        if v["kind"] == "app"
        and v["phase"] != "first"
        and not (v.get("snapshot") or {}).get("used")
    ]
    s["sw_controlled_second"] = all(
        v.get("sw_controlled") for v in visits if v["kind"] == "app" and v["phase"] != "first"
    )
    lat = [c for v in visits for c in v.get("clicks", [])]
    if lat:
        ms = [c["click"] for c in lat]
        frames = [c["frame"] for c in lat if c["frame"] is not None]
        s["click"] = {
            "n": len(ms), "median_ms": med(ms), "p95_ms": p95(ms), "max_ms": max(ms),
            "input_median_ms": med([c["input"] for c in lat]),
            "input_p95_ms": p95([c["input"] for c in lat]),
            "frame_median_ms": med(frames) if frames else None,
            "frame_p95_ms": p95(frames) if frames else None,
        }  # fmt: skip
    by_name: dict[str, list[float]] = {}
    for v in visits:
        for name, duration in v.get("app_measures", []):
            by_name.setdefault(name, []).append(duration)
    s["app_measures"] = {
        name: {"n": len(d), "median_ms": med(d), "p95_ms": p95(d)} for name, d in by_name.items()
    }
    s["engine"] = engine
    return s


# The figures compared between sites (--against) and per game (--games): (key, label,
# phase, value, unit); per game the label gets the game's name in front.
_COMPARED = (
    ("first", "first visit (Arribada link), boot to interactive", "first", "boot_s", "s"),
    ("first_ready", "first visit, app ready", "first", "ready_s", "s"),
    ("second", "second visit (Arribada save reopened), boot to interactive", "second",
     "boot_s", "s"),
    ("second_ready", "second visit, app ready", "second", "ready_s", "s"),
    ("offline", "offline (server stopped), boot to interactive", "offline", "boot_s", "s"),
    ("bytes", "first visit, bytes before interactive", "first", "bytes_interactive", "MB"),
)  # fmt: skip
_PER_GAME = (
    ("second", "second visit (its save reopened), boot to interactive", "game-second",
     "boot_s", "s"),
    ("link_later", "its link, visited profile (snapshot), boot to interactive",
     "game-link-later", "boot_s", "s"),
    ("link", "its link, empty profile (first visit), boot to interactive", "game-link",
     "boot_s", "s"),
    ("link_bytes", "its link, empty profile, bytes before interactive", "game-link",
     "bytes_interactive", "MB"),
)  # fmt: skip


def compare(visits: list[dict], names: list[str], games: list[str]) -> dict:
    """Each site's medians of the figures of _COMPARED (and _PER_GAME for each game), the
    clicks' median and p95, and for a second site the ratios first/second: of the medians
    and paired (the median of the per-run ratios)."""
    rows: list[dict] = []
    specs = [(key, label, phase, value, unit, None) for key, label, phase, value, unit in _COMPARED]
    for game in games:
        specs += [(f"{game}_{key}", f"{game}: {label}", phase, value, unit, game)
                  for key, label, phase, value, unit in _PER_GAME]  # fmt: skip
    for key, label, phase, value, unit, game in specs:
        per_site = {}
        for name in names:
            per_site[name] = {
                v["run"]: v[value] for v in visits
                if v["kind"] == "app" and v.get("target") == name and v["phase"] == phase
                and v.get("game") == game and value in v
            }  # fmt: skip
        row = {"key": key, "label": label, "unit": unit,
               "median": {n: statistics.median(r.values()) if r else None
                          for n, r in per_site.items()},
               "n": {n: len(r) for n, r in per_site.items()}}  # fmt: skip
        if len(names) > 1:
            a, b = per_site[names[0]], per_site[names[1]]
            ma, mb = row["median"][names[0]], row["median"][names[1]]
            row["ratio"] = ma / mb if ma is not None and mb else None
            pairs = [a[r] / b[r] for r in a if r in b and b[r]]
            row["ratio_paired"] = statistics.median(pairs) if pairs else None
        rows.append(row)
    clicks = {}
    for name in names:
        ms = [c["click"] for v in visits if v.get("target") == name for c in v.get("clicks", [])]
        clicks[name] = {"n": len(ms), "median_ms": statistics.median(ms) if ms else None,
                        "p95_ms": p95(ms) if ms else None}  # fmt: skip
    later_phases = ("second", "offline", "game-second", "game-link-later")
    later = {name: [0, 0] for name in names}
    failures = []
    for v in visits:
        if v["kind"] != "app" or v["phase"] not in later_phases:
            continue
        used = bool((v.get("snapshot") or {}).get("used"))
        later[v["target"]][0] += used
        later[v["target"]][1] += 1
        if not used:
            why = (v.get("snapshot") or {}).get("error") or "not in the cache, booted plain"
            what = f"{v['phase']} {v.get('game') or ''}".strip()
            failures.append(f"{v['target']} {what} visit of run {v['run'] + 1}: {why}")
    return {"rows": rows, "clicks": clicks, "snapshot_failures": failures, "restored": later}


def compare_markdown(c: dict, names: list[str]) -> str:
    def show(x: float | None, unit: str) -> str:
        if x is None:
            return "-"
        return f"{x / 1e6:.2f} MB" if unit == "MB" else f"{x:.2f} s"

    two = len(names) > 1
    head = "| figure | " + " | ".join(names) + " |"
    rule = "|---|" + "---:|" * len(names)
    if two:
        head += f" {names[0]}/{names[1]} (paired) |"
        rule += "---:|"
    lines = [head, rule]
    for row in c["rows"]:
        if all(v is None for v in row["median"].values()):
            continue
        n = "/".join(str(row["n"][name]) for name in names)
        cells = [show(row["median"][name], row["unit"]) for name in names]
        line = f"| {row['label']} (n = {n}) | " + " | ".join(cells) + " |"
        if two:
            r, rp = row.get("ratio"), row.get("ratio_paired")
            line += f" {r:.2f} ({rp:.2f}) |" if r is not None and rp is not None else " - |"
        lines.append(line)
    clicks = c["clicks"]
    cells = [f"{clicks[n]['median_ms']:.1f} / {clicks[n]['p95_ms']:.1f} ms"
             if clicks[n]["median_ms"] is not None else "-" for n in names]  # fmt: skip
    line = "| click → board updated, median / p95 | " + " | ".join(cells) + " |"
    if two and all(clicks[n]["median_ms"] for n in names):
        a, b = clicks[names[0]], clicks[names[1]]
        line += f" {a['median_ms'] / b['median_ms']:.2f} / {a['p95_ms'] / b['p95_ms']:.2f} |"
    elif two:
        line += " - |"
    lines.append(line)
    cells = [f"{c['restored'][n][0]}/{c['restored'][n][1]}" for n in names]
    line = "| later visits that restored the snapshot | " + " | ".join(cells) + " |"
    lines.append(line + (" - |" if two else ""))
    return "\n".join(lines)


def fmt_s(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f} s"


def fmt_ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f} ms"


def mb(x: float) -> str:
    return f"{x / 1e6:.2f} MB"


def verdict(ok: bool) -> str:
    return "pass" if ok else "**fail**"


def markdown(s: dict) -> str:
    t = TARGETS
    a1, a2, ao = s["app_first"], s["app_second"], s["app_offline"]
    b1, b2 = s["bare_first"], s["bare_second"]
    extra = s["app_bytes_interactive"] - s["bare_bytes_interactive"]
    extra_ready = s["app_bytes_ready"] - s["bare_bytes_interactive"]
    sn = s["snapshot"]
    rows = [
        "| figure | app | bare page | ratio / difference | target | result |",
        "|---|---:|---:|---:|---|---|",
        f"| first visit, boot to interactive (median) | {fmt_s(a1['median'])} "
        f"| {fmt_s(b1['median'])} | {s['first_ratio']:.2f} × "
        f"(paired {s['first_ratio_paired']:.2f}) "
        f"| ≤ {t['first_ratio']} × bare | {verdict(s['first_ratio'] <= t['first_ratio'])} |",
        f"| second visit, boot to interactive (median) | {fmt_s(a2['median'])} "
        f"| {fmt_s(b2['median'])} | {s['second_ratio']:.2f} × "
        f"(paired {s['second_ratio_paired']:.2f}) "
        f"| ≤ {t['second_ratio']} × bare | {verdict(s['second_ratio'] <= t['second_ratio'])} |",
        f"| offline (server stopped, service worker), boot to interactive | {fmt_s(ao['median'])} "
        f"| - | {s['offline_vs_second']:.2f} × second visit "
        f"| within {t['offline_vs_second']:.0%} of second visit "
        f"| {verdict(abs(s['offline_vs_second'] - 1) <= t['offline_vs_second'])} |",
        f"| app ready (`body[data-ready]`), first / second / offline | "
        f"{a1['ready_median']:.2f} / {a2['ready_median']:.2f} / {ao['ready_median']:.2f} s "
        "| - | - | - | - |",
        f"| app: the 3 clicks to interactive, Python's handler time (sum), first / second "
        f"/ offline | {a1['boot_clicks_ms_median']:.0f} / {a2['boot_clicks_ms_median']:.0f} / "
        f"{ao['boot_clicks_ms_median']:.0f} ms | - | - | - | - |",
        "| memory snapshot restored (`window.tableroSnapshot.used`), first / second / offline "
        f"| {sn['first']['used']}/{sn['first']['n']} / "
        f"{sn['second']['used']}/{sn['second']['n']} / "
        f"{sn['offline']['used']}/{sn['offline']['n']} | - | - "
        "| every second and offline visit "
        f"| {verdict(not s['snapshot_failures'])} |",
        "| interpreter ready (`tableroSnapshot.ms`, from boot.js's start), first / second / "
        f"offline | {fmt_ms(sn['first']['ms_median'])} / {fmt_ms(sn['second']['ms_median'])} / "
        f"{fmt_ms(sn['offline']['ms_median'])} | - | - | - | - |",
        f"| first visit, bytes before the app is ready (`body[data-ready]`) "
        f"| {mb(s['app_bytes_ready'])} | - | {extra_ready / 1e3:+.0f} KB | - | - |",
        f"| first visit, bytes before interactive | {mb(s['app_bytes_interactive'])} "
        f"| {mb(s['bare_bytes_interactive'])} | {extra / 1e3:+.0f} KB "
        f"| ≤ bare + 400 KB | {verdict(extra <= t['extra_bytes'])} |",
        f"| first visit, bytes in all (until the worker has precached) "
        f"| {mb(s['app_bytes_total'])} | {mb(s['bare_bytes_total'])} | - | - | - |",
        f"| runtime files fetched more than once (first visit, precache included) "
        f"| {len(s['fetched_twice'])} of {s['app_runtime_files']:.0f} | - | - | each once "
        f"| {verdict(not s['fetched_twice'])} |",
    ]
    c = s.get("click")
    if c:
        rows += [
            f"| click → board updated, median (n = {c['n']}) | {c['median_ms']:.1f} ms | - | - "
            f"| ≤ {t['click_median_ms']:.0f} ms "
            f"| {verdict(c['median_ms'] <= t['click_median_ms'])} |",
            f"| click → board updated, 95th percentile | {c['p95_ms']:.1f} ms | - | - "
            f"| ≤ {t['click_p95_ms']:.0f} ms | {verdict(c['p95_ms'] <= t['click_p95_ms'])} |",
            f"| input event → board updated, median / p95 | {c['input_median_ms']:.1f} / "
            f"{c['input_p95_ms']:.1f} ms | - | - | - | - |",
            f"| click → next frame, median / p95 | {c['frame_median_ms']:.1f} / "
            f"{c['frame_p95_ms']:.1f} ms | - | - | - | - |",
        ]
    for name, m in sorted(s.get("app_measures", {}).items()):
        rows.append(
            f"| app measure `{name}` per click, median / p95 (n = {m['n']}) "
            f"| {m['median_ms']:.1f} / {m['p95_ms']:.1f} ms | - | - | - | - |"
        )
    e = s.get("engine")
    if e:
        rows.append(
            f"| random 2-player Arribada playouts/s: Pyodide {e['pyodide_python']} vs CPython "
            f"{e['cpython_version']} | {e['pyodide']:.1f} | {e['cpython']:.1f} (CPython) "
            f"| {e['ratio']:.2f} × CPython | - | - |"
        )
    return "\n".join(rows)


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        chromium = subprocess.run(
            [launch_options(player=True).get("executable_path", "chromium"), "--version"],
            capture_output=True, text=True, timeout=30,
        ).stdout.strip()  # fmt: skip
    except Exception:  # noqa: BLE001
        chromium = "unknown"
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "chromium": chromium,
    }


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True).stdout.strip()  # fmt: skip
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()  # fmt: skip
        return out + ("+dirty" if dirty else "")
    except OSError:
        return "unknown"


# --- main ----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="alternating runs (at least 7)")
    parser.add_argument("--clicks", type=int, default=30, help="timed clicks per second visit")
    parser.add_argument("--playouts", type=int, default=40,
                        help="playouts per engine sample (0: no engine figures)")  # fmt: skip
    parser.add_argument("--engine-repeats", type=int, default=5)
    parser.add_argument("--settle", type=float, default=2.0,
                        help="seconds a freshly started browser is left alone before each "
                        "navigation (0: navigate at launch)")  # fmt: skip
    parser.add_argument("--site", help="use this built site (copied) instead of building one")
    parser.add_argument("--games", action="store_true",
                        help="also, per game of the registry: its save reopened (a second "
                        "visit), its share link in an empty profile (a first visit) and in "
                        "the visited one")  # fmt: skip
    parser.add_argument("--against", metavar="DIR",
                        help="another built site (e.g. the commit before's dist/), measured "
                        "in the same runs, alternating with this one; the report compares "
                        "them (ratios this/against)")  # fmt: skip
    parser.add_argument("--label", default="new", help="this site's name in the report")
    parser.add_argument("--against-label", default="old", help="the other site's name")
    parser.add_argument("--json", help="write every figure to this file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    started = datetime.datetime.now().astimezone()
    load_start = os.getloadavg()
    fragment, storage, _ = bench_game()
    games = game_fixtures() if args.games else {}
    engine = None
    with tempfile.TemporaryDirectory(prefix="tablero-bench-boot-") as tmp:
        work = Path(tmp)
        site, runtime_hash, _ = prepare_site(work, args.site)
        targets = [Target(args.label, BenchServer(site).start(), site)]
        if args.against:
            other, _, _ = prepare_site(work, args.against, name="against")
            targets.append(Target(args.against_label, BenchServer(other).start(), other))
        profiles = work / "profiles"
        visits: list[dict] = []
        stuck: list[str] = []  # visits that never became interactive
        try:
            with sync_playwright() as pw:
                bench = Bench(pw, targets, profiles, fragment, storage, args.clicks,
                              args.settle, games)  # fmt: skip
                # warm the OS file cache for Chromium itself (not timed)
                pw.chromium.launch(**launch_options(player=True)).close()

                def record(v: dict | None) -> None:
                    if v is None:
                        return
                    visits.append(v)
                    who = f"{v['kind']} {v.get('target', '')}".strip()
                    what = f"{v['phase']} {v.get('game') or ''}".strip()
                    print(f"run {v['run'] + 1}/{args.runs} {who:9} {what:26} "
                          f"{v['boot_s']:.2f} s", flush=True)  # fmt: skip

                def attempt(*how) -> dict | None:
                    try:
                        return bench.visit(*how)
                    except VisitFailed as failure:
                        stuck.append(str(failure))
                        print(f"STUCK: {failure}", flush=True)
                        return None

                for run in range(args.runs):
                    apps: list[Target | None] = list(targets if run % 2 == 0 else targets[::-1])
                    order = [*apps, None] if run % 2 == 0 else [None, *apps]  # None: bare
                    for phase in ("first", "second"):
                        for target in order:
                            record(attempt("app" if target else "bare", phase, run, target))
                    for target in apps:
                        assert target is not None
                        target.server.stop()
                        try:
                            v = attempt("app", "offline", run, target)
                        finally:
                            target.server.start()
                        record(v)
                    for game in games:
                        for target in apps:
                            if target is None or game not in target.games:
                                continue  # a game the site does not offer yet
                            for phase in ("game-second", "game-link-later", "game-link"):
                                record(attempt("app", phase, run, target, game))
                    for profile in profiles.glob(f"run{run}-*"):
                        shutil.rmtree(profile, ignore_errors=True)
                if args.playouts:
                    print("engine: CPython vs Pyodide playouts ...", flush=True)
                    engine = engine_speed(pw, targets[0].server, args.playouts,
                                          args.engine_repeats)  # fmt: skip
                outside = bench.outside
        finally:
            for target in targets:
                target.server.stop()
    load_end = os.getloadavg()
    primary = [v for v in visits if v["kind"] == "bare" or v.get("target") == args.label]
    summary = summarise([v for v in primary if v["phase"] in ("first", "second", "offline")],
                        engine)  # fmt: skip
    names = [t.name for t in targets]
    compared = compare(visits, names, list(games)) if len(targets) > 1 or games else None
    info = {
        "date": started.isoformat(timespec="seconds"),
        "machine": machine(),
        "commit": commit(),
        "runtime": runtime_hash,
        "runs": args.runs,
        "settle_s": args.settle,
        "against": args.against,
        "load_average_start": load_start,
        "load_average_end": load_end,
        "requests_outside_127": outside,
        "command": "uv run python bench/bench_boot.py " + " ".join(argv or sys.argv[1:]),
    }
    table = markdown(summary)
    m = info["machine"]
    print()
    print(f"{info['date']}, {m['nproc']} × {m['cpu']}, {m['chromium']}, commit {info['commit']}, "
          f"{args.runs} runs, browser settled {args.settle:g} s before each navigation; "
          f"load average {load_start[0]:.2f} at the start, "
          f"{load_end[0]:.2f} / {load_end[1]:.2f} / {load_end[2]:.2f} at the end, "
          f"{summary['load_during'][0]:.2f}-{summary['load_during'][1]:.2f} (1 min) "
          "during the visits")  # fmt: skip
    print()
    print(f"{args.label} against the bare page:\n")
    print(table)
    if compared is not None:
        print()
        print(compare_markdown(compared, names))
    if outside:
        print(f"\nWARNING: {len(outside)} requests left 127.0.0.1: {outside[:5]}")
    failed = compared["snapshot_failures"] if compared else summary["snapshot_failures"]
    if failed:
        print(f"\nRUN FAILED: {len(failed)} later visit(s) did not restore the memory "
              "snapshot, so their times are not those of a later visit:")  # fmt: skip
        for line in failed:
            print(f"  - {line}")
    if stuck:
        print(f"\nRUN FAILED: {len(stuck)} visit(s) never became interactive (left out of "
              "the figures):")  # fmt: skip
        for line in stuck:
            print(f"  - {line}")
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "info": info,
                    "summary": summary,
                    "compared": compared,
                    "visits": visits,
                    "stuck": stuck,
                },
                indent=1,
            )  # fmt: skip
            + "\n"
        )
    return 1 if failed or stuck else 0


if __name__ == "__main__":
    sys.exit(main())
