// The boot loader (static/boot/): the service worker and the "update available" prompt.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// --- service worker and updates -------------------------------------------------------

let reloading = false;
// How often an open page asks the server for a new version (besides each start and each
// return to the page): a game can stay open for hours.
const UPDATE_CHECK_MS = 30 * 60 * 1000;
// tableroBoot.checkForUpdate(): ask now (a promise; also what the tests call).
boot.checkForUpdate = () => Promise.resolve();

// The reload the prompt offers keeps the game: every move is saved as it is played, and
// the reloaded app reopens the game on the table (docs/pwa.md, "Updates").  Only a game
// the app could not save (tablero.web.main sets body[data-unsaved]) would be lost: then
// the first press says so (export it first) and only a second one reloads; so it does
// while a game with friends is open (body[data-remote-game]: the friends need the same version).
function showUpdatePrompt(registration) {
  const prompt = $("update-prompt");
  prompt.hidden = false;
  let warned = false;
  $("update-reload").onclick = () => {
    const unsaved = document.body.dataset.unsaved === "1";
    // a game with friends on screen: every device must play the same version (its links
    // carry the rules' version), which the first press says
    if ((unsaved || document.body.dataset.remoteGame === "1") && !warned) {
      warned = true;
      const text = prompt.querySelector("p");
      const key = unsaved ? "boot.update.unsaved" : "boot.update.remote";
      text.dataset.msg = key;
      text.textContent = t(key);
      $("update-reload").dataset.msg = "boot.update.reload-anyway";
      $("update-reload").textContent = t("boot.update.reload-anyway");
      return;
    }
    takeOver(registration);
  };
  $("update-later").onclick = () => {
    prompt.hidden = true;
  };
}

// Reload: the waiting version is asked to take over (SKIP_WAITING), and the page reloads
// on `controllerchange`.  The ask is repeated while the version still waits (a message to
// a worker that is starting or stopping can be lost, and nothing would say so), and after
// the last one the page reloads anyway: it then runs whichever version is active, and a
// version still waiting is offered again by the prompt.  tableroBoot.updateTakeover
// counts the asks (the tests lower askEveryMs).  docs/pwa.md, "Updates".
boot.updateTakeover = { askEveryMs: 2000, asks: 4, asked: 0 };

let reloadAsked = false;
function reloadOnce() {
  if (reloadAsked) return;
  reloadAsked = true;
  location.reload();
}

function takeOver(registration) {
  if (reloading) return; // pressed again while it waits
  reloading = true;
  const takeover = boot.updateTakeover;
  const ask = () => {
    const waiting = registration.waiting;
    if (!waiting) {
      // it is taking over (controllerchange reloads), or nothing was waiting at all
      if (takeover.asked) setTimeout(reloadOnce, takeover.askEveryMs);
      else reloadOnce();
      return;
    }
    if (takeover.asked >= takeover.asks) {
      reloadOnce(); // no answer: the prompt offers the waiting version again
      return;
    }
    takeover.asked += 1;
    waiting.postMessage({ type: "SKIP_WAITING" });
    setTimeout(ask, takeover.askEveryMs);
  };
  ask();
}

function watchInstalling(registration, worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showUpdatePrompt(registration);
    }
  });
}

async function whenActivated(registration) {
  await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker && worker.state !== "activated") {
    await new Promise((resolve) => {
      worker.addEventListener("statechange", () => worker.state === "activated" && resolve());
    });
  }
  document.documentElement.dataset.offline = "ready";
}

// Once the service worker has precached the gzipped snapshot, keep a raw copy of it for
// the next visit (static/snapshot-reader.js: read as it is, no gunzip on the way).
// tableroBoot.snapshotKept: null (not yet), true, or false (not needed or not possible).
boot.snapshotKept = null;
function keepSnapshot() {
  const read = window.tableroSnapshotRead;
  if (!read?.keepRaw) return;
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  idle(
    () =>
      read.keepRaw().then(
        (kept) => {
          boot.snapshotKept = kept;
        },
        (error) => {
          boot.snapshotKept = false;
          console.warn("Tablero: could not keep the snapshot for the next visit", error);
        },
      ),
    { timeout: 5000 },
  );
}

// Registered only once the app is interactive: registering at load would download the
// whole runtime a second time on the first visit, competing with the boot itself.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !data.sw) return;
  try {
    const hadController = Boolean(navigator.serviceWorker.controller);
    const registration = await navigator.serviceWorker.register(data.sw, { scope: "./" });
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading) reloadOnce();
    });
    if (registration.waiting && navigator.serviceWorker.controller) {
      showUpdatePrompt(registration);
    }
    watchInstalling(registration, registration.installing);
    registration.addEventListener("updatefound", () =>
      watchInstalling(registration, registration.installing),
    );
    boot.offlineReady = whenActivated(registration);
    boot.offlineReady.then(keepSnapshot, () => {});
    boot.checkForUpdate = () => registration.update().catch(() => {});
    if (hadController) boot.checkForUpdate();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") boot.checkForUpdate();
    });
    setInterval(boot.checkForUpdate, UPDATE_CHECK_MS);
  } catch (error) {
    console.warn("Tablero: the service worker could not be registered", error);
  }
}
