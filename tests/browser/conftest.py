"""Fixtures for the browser tests: the built site, a local static server, Chromium.

* ``built_site``: the real site build (``build.build_site``), made once per session into a
  temporary folder, so the tests always drive a fresh build of the working tree.
* ``site_server``: a static server on a free 127.0.0.1 port serving it (quiet, correct
  MIME types, a request log, switches for failures, ``stop()``/``start()`` on the same
  port for the offline tests); ``make_server`` starts extra ones (own origin, own log).
* ``browser``: Chromium (``CHROMIUM_PATH``, else Debian's headless shell, else
  /usr/bin/chromium, else Playwright's own).
* ``new_page``/``persistent_context``: pages whose every request is checked by the
  network guard: any request to a host other than 127.0.0.1 fails the test.
* ``wait_ready(page)``: waits for ``body[data-ready="1"]`` (or a boot failure).
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from support.site_build import shared_site  # noqa: E402

import build  # noqa: E402
from buildtools import environment  # noqa: E402

#: The browser a player runs (Debian's `chromium`): the benchmarks and the screenshots.
PLAYER_CHROMIUM = environment.CHROMIUM_PATH
#: The tests' browser: Debian's `chromium-headless-shell`, the same Chromium (the same
#: Blink, V8 and version) built without the browser's own user interface, which is what
#: Playwright drives by default for headless runs.  It costs about a tenth less CPU
#: than `chromium --headless` over the browser tests (docs/testing.md, "The headless
#: shell"); without it the tests use `chromium`.  Both installed by ``build.py test``.
HEADLESS_SHELL = environment.HEADLESS_SHELL_PATH
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH") or (
    HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else PLAYER_CHROMIUM
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Belt and braces for the network guard: no host name resolves but 127.0.0.1.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
READY_TIMEOUT_MS = 60_000
ALLOWED_HOSTS = {"127.0.0.1"}


# --- the site and its server -----------------------------------------------------------


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The site, built once per session by build.py into a temporary folder.  Under
    pytest-xdist the workers share one build: the first worker to collect a browser test
    starts it in the background (tests/conftest.py, while the tests without a browser
    run), and every worker waits here until it is done."""
    shared = shared_site(tmp_path_factory)
    if shared is None:
        return build.build_site(tmp_path_factory.mktemp("site") / "dist")
    return shared.wait()


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that does not print a client's hanging up mid-response
    (a tab leaving the page while its service worker still downloads the site)."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """A static server for a built site on 127.0.0.1, with switches for the tests.

    ``directory`` can be changed while serving (a new deploy); ``wasm_type`` is the MIME
    type sent for .wasm files; requests whose path ends with a name in ``missing`` get a
    404 and those in ``stall`` never get an answer (until the server stops).  ``log``
    holds ``(method, path, status, body_bytes)`` for every request.
    """

    def __init__(self, directory: Path, port: int = 0):
        self.directory = Path(directory)
        self.port = port
        self.wasm_type = "application/wasm"
        self.missing: set[str] = set()
        self.stall: set[str] = set()
        self.log: list[tuple[str, str, int, int]] = []
        self._server: http.server.ThreadingHTTPServer | None = None
        self._stopping = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> SiteServer:
        site = self

        class Handler(build.SiteHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(site.directory), **kwargs)

            def log_message(self, format, *args):  # quiet
                pass

            def guess_type(self, path):
                if str(path).endswith(".wasm"):
                    return site.wasm_type
                return super().guess_type(path)

            def send_response(self, code, message=None):
                self._status = code
                super().send_response(code, message)

            def send_head(self):
                name = urlsplit(self.path).path.rsplit("/", 1)[-1]
                if name in site.stall:
                    site._stopping.wait(60)
                    self.close_connection = True
                    return None
                if name in site.missing:
                    self.send_error(404, "missing (test switch)")
                    site.log.append((self.command, self.path, 404, 0))
                    return None
                f = super().send_head()
                size = os.fstat(f.fileno()).st_size if f is not None and hasattr(f, "fileno") else 0
                status = getattr(self, "_status", 0)
                body = size if self.command == "GET" and status == 200 else 0
                site.log.append((self.command, self.path, status, body))
                return f

        self._stopping.clear()
        self._server = QuietServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._stopping.set()
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def bytes_by_path(self, since: int = 0) -> dict[str, list[int]]:
        """GET responses with a body since log index ``since``: path -> [bytes, ...]."""
        out: dict[str, list[int]] = {}
        for method, path, status, size in self.log[since:]:
            if method == "GET" and status == 200:
                out.setdefault(urlsplit(path).path, []).append(size)
        return out


@pytest.fixture(scope="session")
def site_server(built_site):
    server = SiteServer(built_site).start()
    yield server
    server.stop()


@pytest.fixture
def make_server():
    """Start extra servers (each its own origin, so no service worker is shared)."""
    servers: list[SiteServer] = []

    def make(directory: Path, **switches) -> SiteServer:
        server = SiteServer(directory)
        for name, value in switches.items():
            setattr(server, name, value)
        servers.append(server.start())
        return server

    yield make
    for server in servers:
        server.stop()


def boot_data(site: Path) -> dict:
    """The boot data block of the built index.html (file list, wheels, URLs)."""
    import re

    page = (site / "index.html").read_text(encoding="utf-8")
    match = re.search(r'<script type="application/json" id="tablero-boot-data">(.*?)</script>',
                      page, re.S)  # fmt: skip
    assert match, "index.html has no boot data"
    return json.loads(match.group(1).replace("<\\/", "</"))


def copy_site(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest)
    return dest


# --- the browser ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def launch_options(*, player: bool = False) -> dict:
    """Playwright's launch options: the tests' Chromium (:data:`CHROMIUM_PATH`), or with
    ``player`` the browser a player runs (the benchmarks, the screenshots) when the
    machine has it; ``CHROMIUM_PATH`` in the environment chooses for both."""
    options = {"headless": True, "args": CHROMIUM_ARGS}
    path = CHROMIUM_PATH
    if player and not os.environ.get("CHROMIUM_PATH") and Path(PLAYER_CHROMIUM).exists():
        path = PLAYER_CHROMIUM
    if Path(path).exists():
        options["executable_path"] = path
    # else: Playwright's own Chromium, on machines that have one (`playwright install`).
    return options


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(**launch_options())
    yield browser
    browser.close()


class NetworkGuard:
    """Records every request of the contexts it watches; anything not to 127.0.0.1 is a
    violation (and is aborted where the context is routed)."""

    def __init__(self):
        self.urls: list[str] = []
        self.violations: list[str] = []

    @staticmethod
    def allowed(url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about", "chrome-extension"):
            return True
        return parts.hostname in ALLOWED_HOSTS

    def _record(self, request) -> None:
        self.urls.append(request.url)
        if not self.allowed(request.url) and request.url not in self.violations:
            self.violations.append(request.url)

    def _route(self, route) -> None:
        if self.allowed(route.request.url):
            route.continue_()
        else:
            if route.request.url not in self.violations:
                self.violations.append(route.request.url)
            route.abort("blockedbyclient")

    def watch(self, context, route: bool = False) -> None:
        """Watch ``context``: every request is recorded, and one that is not for
        127.0.0.1 fails the test (the launch flag --host-resolver-rules already makes it
        fail to resolve).  ``route=True`` also intercepts every request in Playwright and
        aborts the outside ones; no context of the suite asks for it any more: each
        request then makes a round trip to Playwright's driver and the context loses its
        HTTP cache, about 0.3-0.5 core-seconds a page load (measured in one tab, 10 loads
        a batch, routed and not interleaved: 1.45-1.69 against 1.08-1.18)."""
        context.on("request", self._record)
        if route:
            context.route("**/*", self._route)

    def unwatch(self, context) -> None:
        """Stop watching ``context`` (the shared tab's, after its test)."""
        context.remove_listener("request", self._record)
        context.unroute("**/*", self._route)

    def origins(self) -> set[str]:
        """The http(s) origins of every request seen."""
        out = set()
        for url in self.urls:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https") and parts.netloc:
                out.add(f"{parts.scheme}://{parts.netloc}")
        return out


@pytest.fixture
def network_guard():
    guard = NetworkGuard()
    yield guard
    assert not guard.violations, f"requests left 127.0.0.1: {guard.violations}"


#: Every context of the suite prefers reduced motion (nothing is checked halfway through
#: an animation, and nothing waits for one) unless its test is about motion and says
#: ``reduced_motion="no-preference"``.
DEFAULT_OPTIONS = {"reduced_motion": "reduce"}
#: Playwright's own default viewport, which a context made without one gets.
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}
#: Context options the shared tab can take on by itself (the others need a context).
TAB_OPTIONS = {"viewport", "reduced_motion", "color_scheme"}
#: The storage a shared tab's origins lose between two tests: everything the app keeps
#: (localStorage and the rest), but the service worker and its precache, which a fresh
#: context would install again for each test (about 2.3 s of CPU a test, while the app
#: boots from the network as on a first visit; 0.4 s from the service worker).  The
#: tests of a first visit, of the service worker and of the caches make contexts of
#: their own (``route=False``, ``persistent_context``, ``make_server``'s own origin).
CLEARED_STORAGE = ",".join(
    ("cookies", "local_storage", "indexeddb", "websql", "file_systems", "shared_storage",
     "storage_buckets")
)  # fmt: skip
#: Context options a pooled tab's context is made with (:class:`TabPool`): a second
#: device that is a touch phone, grants the clipboard, or names its browser.  Other
#: options (a locale, a time zone) still get a fresh context each: they are asked for once
#: or twice in the suite, where a pooled context would only add its service worker's
#: precache.
POOL_OPTIONS = {"has_touch", "is_mobile", "permissions", "accept_downloads", "user_agent"}
#: A shared tab whose history grew past this is replaced (Chromium keeps at most 50).
MAX_HISTORY = 30
#: A shared tab's app is started again in place at most this many times in a row (see
#: :class:`SharedTab`); the next test's page is then loaded for real, which also ends
#: whatever the tests' own scripts left in the page (an observer, a variable).
MAX_RESTARTS = 8
#: The app stopped in its page (``tableroBoot.stop``, tablero.web.main.stop), when it is
#: there and ready, and its local storage emptied (a live page does not see the storage
#: service's clearing at once: :data:`CLEARED_STORAGE` then clears the rest).
STOP = """() => {
  if (document.body?.dataset.ready !== '1' || typeof window.tableroBoot?.stop !== 'function')
    return false;
  tableroBoot.stop();
  localStorage.clear();
  return true;
}"""
#: The app's playback switch off in every test's browser (``tablero.web.main.PLAYBACK_KEY``)
#: unless the test's page turned it on: the others' moves are shown as they come and a
#: game that ends opens on its summary, which is what the tests of everything else
#: expect; the tests of playback (test_motion.py) turn it on in the menu, as a player does.
#: An init script of every context the tests make (a document without storage, such as
#: about:blank, is left alone), and the first thing a start in place does.
PLAYBACK_OFF = (
    "try { if (localStorage.getItem('tablero.playback') === null)"
    " localStorage.setItem('tablero.playback', '0'); } catch (e) {}"
)
#: The app started again in its page at ``url``, as a visit to that address would start
#: it with what the storage holds (``tableroBoot.restart``).
RESTART = f"""url => {{
  history.replaceState(null, '', url);
  {PLAYBACK_OFF}
  tableroBoot.restart();
}}"""
#: What a test may do to a page that outlives the next navigation; a shared tab that
#: had one of these done is closed after the test and a new one made for the next.
LASTING = ("add_init_script", "expose_binding", "expose_function", "route",
           "route_from_har", "set_extra_http_headers")  # fmt: skip


class SharedTab:
    """One browser tab that the tests of a worker take in turn (``new_page``'s first
    page in each test), instead of a context and a page made and booted for each test.

    Booting the app in a new context costs about 3 s (a new renderer process compiles
    Pyodide's WebAssembly again, and the service worker precaches the site); in a tab
    that has already run it, about 0.8 s of CPU (the load, then what the page does after
    it is interactive); started again in place, about 0.05 s.  Between two tests the tab
    is reset to a returning player's browser with nothing saved: the app is stopped in
    its page (``tableroBoot.stop()``: its tasks cancelled, its bots' worker ended, its
    screen emptied), or the tab goes to about:blank when the app is not there and ready;
    every storage of each origin the last test visited is then cleared but the service
    worker's (:data:`CLEARED_STORAGE`), the other tabs of its context are closed, and
    the viewport and media features are set from the test's options; a tab whose
    history is long is replaced.  The next test's first ``goto`` of the app's address
    (with any link in its fragment) starts the app again in place there
    (``tableroBoot.restart()``: the address set, the app started as a visit to it starts
    it); any other address, any ``goto`` option, a test marked ``page_load`` (what it
    checks is the page's load or its history's first entry, or it changes the page
    beyond the app: its tab is then not restarted in place after it either) or every
    :data:`MAX_RESTARTS` + 1-th test loads the page for real.  A test that did something
    to the page that outlives a navigation (:data:`LASTING`, such as an init script) gets
    its tab closed after it; the listeners it added on the page are removed.  Options a
    tab cannot take on (a locale, a touch screen...) and ``route=False`` (caching tests)
    get a fresh context, as before.
    """

    def __init__(self, browser, context_options: dict | None = None) -> None:
        self.browser = browser
        self.context_options = context_options or {}
        self.context = None
        self.page = None
        self.lasting = False
        self.listeners: list[tuple[str, object]] = []
        self.app_url: str | None = None  # the stopped app's address (no fragment)
        self.loads = False  # the test's pages load for real, and leave no app to restart
        self.restarts = 0  # in-place starts since the page was last loaded

    @staticmethod
    def fits(route: bool, options: dict) -> bool:
        return route and set(options) <= TAB_OPTIONS

    def take(self, guard: NetworkGuard, options: dict, load: bool = False):
        """The tab for a test; ``load``: its first ``goto`` loads the page for real."""
        if self.page is None or self.lasting or self.page.is_closed():
            self.close()
            self.context = self.browser.new_context(**self.context_options)
            self.context.add_init_script(PLAYBACK_OFF)
            self.page = self._watched(self.context.new_page())
        self.loads = load
        if load:
            self.app_url = None
        self.page.set_viewport_size(options.get("viewport", DEFAULT_VIEWPORT))
        self.page.emulate_media(
            reduced_motion=options.get("reduced_motion", DEFAULT_OPTIONS["reduced_motion"]),
            color_scheme=options.get("color_scheme", "light"),
        )
        self.page.set_default_timeout(30_000)
        self.page.set_default_navigation_timeout(30_000)
        guard.watch(self.context)
        return self.page

    def give_back(self, guard: NetworkGuard) -> None:
        """After the test: the guard unhooked, the page's listeners removed, the tab
        blank and its origins' storage cleared (or the tab closed)."""
        if self.context is None or self.page is None:
            return
        guard.unwatch(self.context)
        if self.lasting or self.page.is_closed():
            self.close()
            return
        for event, handler in self.listeners:
            self.page.remove_listener(event, handler)
        self.listeners.clear()
        try:
            for page in self.context.pages:
                if page is not self.page:
                    page.close()
            if self.page.evaluate("history.length") > MAX_HISTORY:
                self.close()  # a test may count history entries, which Chromium caps
                return
            self.app_url = None
            # The page's own origin too: a test that only restarted the app in place
            # made no request there.
            origins = guard.origins() | {
                f"{parts.scheme}://{parts.netloc}"
                for parts in [urlsplit(self.page.url)]
                if parts.scheme in ("http", "https")
            }
            if not self.loads and self.restarts < MAX_RESTARTS and self.page.evaluate(STOP):
                self.app_url = self.page.url.split("#")[0]
            else:
                if origins:  # emptied from the page too, before it goes
                    self.page.evaluate("() => { try { localStorage.clear(); } catch {} }")
                self.page.goto("about:blank")
            cdp = self.context.new_cdp_session(self.page)
            for origin in sorted(origins):
                cdp.send(
                    "Storage.clearDataForOrigin",
                    {"origin": origin, "storageTypes": CLEARED_STORAGE},
                )
            cdp.detach()
            self.context.set_offline(False)
        except Exception:  # noqa: BLE001 - a tab that cannot be reset is replaced
            self.close()

    def _goto(self, original, url: str, **kwargs):
        """``page.goto``: the stopped app started again in place when ``url`` is its
        address (:data:`RESTART`), else a real navigation."""
        app_url, self.app_url = self.app_url, None
        if app_url is not None and not kwargs and url.split("#")[0] == app_url:
            self.restarts += 1
            self.page.evaluate(RESTART, url)
            return None
        self.restarts = 0
        return original(url, **kwargs)

    def _watched(self, page):
        """``page`` with its lasting changes and its listeners noticed, and its ``goto``
        and ``reload`` seen (:meth:`_goto`)."""
        goto, reload = page.goto, page.reload

        def reloaded(*args, **kwargs):
            self.app_url = None
            self.restarts = 0
            return reload(*args, **kwargs)

        page.goto = lambda url, **kwargs: self._goto(goto, url, **kwargs)
        page.reload = reloaded
        for name in LASTING:
            original = getattr(page, name)

            def noticed(*args, _original=original, **kwargs):
                self.lasting = True
                self.app_url = None  # it needs the page loaded: no start in place
                return _original(*args, **kwargs)

            setattr(page, name, noticed)
        for name in ("on", "once"):
            original = getattr(page, name)

            def listened(event, handler, _original=original):
                self.listeners.append((event, handler))
                return _original(event, handler)

            setattr(page, name, listened)
        return page

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:  # noqa: BLE001 - closed already
                pass
        self.context = self.page = None
        self.lasting = False
        self.listeners.clear()
        self.app_url = None
        self.restarts = 0


@pytest.fixture(scope="session")
def shared_tab(browser):
    tab = SharedTab(browser)
    yield tab
    tab.close()


class TabPool:
    """The other devices of the tests that play between devices (a friend's browser
    opening a link, a second player of a game by links), kept like the shared tab: each
    a tab in a context of its own (its own storage), reset between tests as
    :class:`SharedTab` resets its tab, and taken again by the next test that asks for a
    page with the same context options (:data:`POOL_OPTIONS`).  Its service worker is
    blocked, as in the fresh contexts it replaces (a device that opens a link is not a
    test of the service worker): a fresh context boots the app in about 4 core-seconds
    with what follows in the next 3 s (a new renderer compiling Pyodide's WebAssembly,
    a plain boot), a pooled tab that has booted it once in about 1.3 (measured 4 loads a
    variant; with its service worker, 0.9 a load but 5 for the first, which precaches
    the site: more, at the few tests a worker hands each pool)."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.tabs: dict[str, list[SharedTab]] = {}

    @staticmethod
    def key(options: dict) -> str | None:
        """The pool of a page with ``options`` (``None``: a fresh context instead)."""
        extra = {k: v for k, v in options.items() if k not in TAB_OPTIONS}
        if not set(extra) <= POOL_OPTIONS:
            return None
        return json.dumps(extra, sort_keys=True)

    def free(self, key: str, taken: list[SharedTab]) -> SharedTab:
        """A tab of pool ``key`` that the test has not taken yet (a new one if none)."""
        tabs = self.tabs.setdefault(key, [])
        for tab in tabs:
            if tab not in taken:
                return tab
        options = {"service_workers": "block", **DEFAULT_OPTIONS, **json.loads(key)}
        tab = SharedTab(self.browser, options)
        tabs.append(tab)
        return tab

    def close(self) -> None:
        for tabs in self.tabs.values():
            for tab in tabs:
                tab.close()


@pytest.fixture(scope="session")
def tab_pool(browser):
    pool = TabPool(browser)
    yield pool
    pool.close()


@pytest.fixture
def new_page(browser, network_guard, shared_tab, tab_pool, request):
    """``new_page(route=True, **context_options)``: a page on a blank profile, with
    reduced motion unless the options say otherwise.  A test's first page is the
    worker's shared tab, reset (:class:`SharedTab`) when the options allow it; its other
    pages are tabs of the worker's pool (:class:`TabPool`: each its own context, reset
    between tests) when their options allow it (:data:`POOL_OPTIONS`), else a fresh
    context each; every page of a test marked ``first_visit`` (a test of the boot, the
    service worker or the page's policy) gets a fresh context.

    A fresh context of a test that is not a ``first_visit`` one (a locale, a time zone)
    blocks the service worker unless its options say otherwise: that test is not about
    the service worker, whose precache of the whole site would cost about 2.3 s of CPU
    there (the page runs as in a browser without service workers; the ``first_visit``
    tests, the shared tab and the persistent contexts keep it).  ``route=False``: a
    fresh context of the test's own that keeps its service worker (the tests of caches
    and updates); no context is routed through Playwright (:meth:`NetworkGuard.watch`)."""
    contexts = []
    pooled: list[SharedTab] = []
    first_visit = request.node.get_closest_marker("first_visit") is not None
    load = request.node.get_closest_marker("page_load") is not None
    took_tab = first_visit

    def make(route: bool = True, **options):
        nonlocal took_tab
        if not took_tab and SharedTab.fits(route, options):
            took_tab = True
            return shared_tab.take(network_guard, options, load)
        key = None if first_visit or not route else TabPool.key(options)
        if key is not None:
            tab = tab_pool.free(key, pooled)
            pooled.append(tab)
            return tab.take(network_guard, options, load)
        if not first_visit and route:
            options = {"service_workers": "block", **options}
        context = browser.new_context(**{**DEFAULT_OPTIONS, **options})
        context.add_init_script(PLAYBACK_OFF)
        contexts.append(context)
        network_guard.watch(context)
        return context.new_page()

    yield make
    if took_tab and request.node.get_closest_marker("first_visit") is None:
        shared_tab.give_back(network_guard)
    for tab in pooled:
        tab.give_back(network_guard)
    for context in contexts:
        context.close()


@pytest.fixture
def persistent_context(playwright_instance, network_guard, tmp_path):
    """``persistent_context(name="profile")``: a browser with a profile on disk (keeps its
    HTTP cache and service workers, unlike ``new_context()``), closed after the test.
    Calling it again with the same name after closing restarts the same browser."""
    contexts = []

    def make(name: str = "profile", **options):
        context = playwright_instance.chromium.launch_persistent_context(
            str(tmp_path / name), **launch_options(), **{**DEFAULT_OPTIONS, **options}
        )
        context.add_init_script(PLAYBACK_OFF)
        contexts.append(context)
        network_guard.watch(context, route=False)
        return context

    yield make
    for context in contexts:
        try:
            context.close()
        except Exception:  # noqa: BLE001 - already closed by the test
            pass


def wait_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the app is interactive (``body[data-ready="1"]``); fail with the boot
    screen's message if the boot fails instead."""
    page.wait_for_function(
        "document.body && (document.body.dataset.ready === '1'"
        " || document.body.dataset.bootFailed)",
        timeout=timeout_ms,
    )
    ready = page.evaluate("document.body.dataset.ready === '1'")
    if not ready:
        message = page.inner_text("#boot-error")
        pytest.fail(f"the boot failed: {message}")


def wait_offline_ready(page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the service worker is activated (its precache is complete)."""
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=timeout_ms)


@pytest.fixture(name="wait_ready")
def wait_ready_fixture():
    """``wait_ready`` as a fixture, for tests that prefer fixtures to imports."""
    return wait_ready


@pytest.fixture
def timer():
    start = time.perf_counter()
    return lambda: time.perf_counter() - start
