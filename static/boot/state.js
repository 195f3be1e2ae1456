// Tablero's boot loader: the boot screen, its stages and progress, failure messages, the
// app's start, the service worker and the "update available" prompt.  See docs/pwa.md.
//
// Stages, each driven by real events:
//   download  runtime bytes counted as they stream in (fetch wrapper + resource timing)
//   python    after the runtime is in, until the interpreter module's boot() resolves
//   games     the page's wheels fetched (bytes counted) and unpacked onto sys.path
//   app       tablero.web.main.start() run by start.js .. our tablero:ready
// The app does not wait for PyScript: it is loaded after the board is interactive, gets
// the interpreter already running, and runs the page's <script type="py"> (which starts
// the app only if that did not happen).
// A 404, a wrong MIME type, a failed download, a Python error or a timeout stops the boot
// with a message naming the file or stage and what to do.
//
// The loader is the files of static/boot/, one job each (this one: the boot's data and
// state, window.tableroBoot).  Plain script text, not ES modules: buildtools/page.py joins
// them, in the order of its BOOT_MODULES, into the one inline script of index.html, where
// they share one scope (a file uses what the files before it declare); the Python they
// run is tablero.web.bootglue, whose source the build puts in start.js (BOOT_GLUE).

const data = JSON.parse(document.getElementById("tablero-boot-data").textContent);
const STAGES = ["download", "python", "games", "app"];
const WEIGHTS = { download: 0.7, python: 0.12, games: 0.08, app: 0.1 };
const LANG_KEY = "tablero.lang";
const t0 = performance.now();

const boot = {
  stage: "download",
  done: false,
  failed: null,
  log: [], // [{stage, state, ms}] for tests and diagnostics
  lang: "en",
  messages: { ...data.messages },
  pythonFailed: (detail) => fail("python", String(detail)),
  // A promise settled when the service worker is active (offline play possible).
  offlineReady: null,
};
window.tableroBoot = boot;
