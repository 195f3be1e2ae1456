// The boot loader (static/boot/): PyScript after the board is interactive, the end of the boot.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// --- PyScript, after the board is interactive ------------------------------------------

// PyScript runs the page's <script type="py"> once it has set itself up: py:done on the
// script.  tableroBoot.pyscript: null, "loading", "done" or "failed".
boot.pyscript = null;
function watchPyScript() {
  $("tablero-main").addEventListener("py:done", () => {
    if (boot.pyscript !== "failed") boot.pyscript = "done";
    performance.mark("tablero-pyscript-done");
  });
  // PyScript shows the errors it catches as .py-error banners: during the boot they become
  // our error message; afterwards they stay (PyScript's own report) and are noted.
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) {
        if (node.nodeType !== 1 || !node.classList.contains("py-error")) continue;
        if (!boot.done) {
          fail("python", node.textContent || "");
          node.remove();
        } else {
          boot.pyscript = "failed";
        }
      }
    }
  }).observe(document.body, { childList: true });
}

function loadPyScript() {
  boot.pyscript = "loading";
  performance.mark("tablero-pyscript-start");
  // import() resolves against this module's URL: make the site-relative path absolute.
  const url = new URL(data.pyscript, location.href).href;
  stdlibExtraDone.then(() => import(url)).catch((error) => {
    boot.pyscript = "failed";
    console.warn("Tablero: PyScript could not be loaded", error);
  });
}

addEventListener("error", (event) => {
  const message = String(event.message || "");
  if (message.includes("PythonError")) fail("python", message);
});

addEventListener("tablero:ready", () => {
  if (boot.failed) return;
  setStage("app", "done");
  boot.done = true;
  clearTimeout(timer);
  window.fetch = originalFetch;
  stageFraction.app = 1;
  renderProgress();
  performance.mark("tablero-interactive");
  boot.log.push({ stage: "ready", state: "done", ms: Math.round(performance.now() - t0) });
  $("boot").hidden = true;
  document.body.dataset.bootStage = "ready";
  // The service worker's install re-checks every file, and PyScript sets itself up (about
  // 0.3 s of the page's thread): let the first clicks go first.
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  // After the rest of the standard library is in (its one download, the precache then
  // finds it in the HTTP cache).
  const register = () => idle(() => registerServiceWorker(), { timeout: 3000 });
  setTimeout(() => stdlibExtraDone.then(register), 1000);
  setTimeout(() => idle(() => loadPyScript(), { timeout: 3000 }), 1500);
});
