// The boot loader (static/boot/): starting the app (the interpreter, the wheels, start()).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// --- starting the app -----------------------------------------------------------------

// The boot's Python (tablero.web.bootglue), its source put here by the build as a string:
// not imported, since some of it runs before the page's wheels are on sys.path.  Run once
// into a fresh namespace of its own, the first time a function of it is called; on a
// snapshot restore, too, that is after the interpreter module's boot() resolved.
const BOOT_GLUE = __BOOT_GLUE__;
let glueNamespace = null;
function glue(py, name, ...args) {
  if (!glueNamespace) {
    const namespace = py.runPython("{}");
    py.runPython(BOOT_GLUE, { globals: namespace });
    glueNamespace = namespace;
  }
  const run = glueNamespace.get(name);
  try {
    return run(...args);
  } finally {
    run.destroy();
  }
}

async function fetchWheel(url) {
  // Through the watching fetch (bytes counted, status checked); preloaded by index.html.
  const response = await window.fetch(new URL(url, location.href).href);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function startApp() {
  // The page's bundles download while the interpreter starts, once the runtime is in.
  const wheels = data.wheels.map((url) => runtimeIn.then(() => fetchWheel(url)));
  for (const w of wheels) w.catch(() => {}); // reported by the fetch wrapper, or below
  let module;
  let py;
  try {
    // import() resolves against this module's URL: make the site-relative path absolute.
    module = await import(new URL(data.interpreter, location.href).href);
  } catch (error) {
    fail("network", String(error), { file: data.interpreter.replace(/^\.\//, "") });
    return;
  }
  try {
    // Starts Python (a snapshot restore when the reader found one: static/snapshot-reader.js).
    py = await module.boot();
  } catch (error) {
    fail("python", String(error?.stack || error));
    return;
  }
  if (boot.failed) return;
  setStage("games", "active");
  stdlibExtraLater(py);
  const games = Object.keys(data.engines);
  if (globalThis.tableroSnapshot?.used === true) {
    // Restored: the app's modules (the engines of the games in the snapshot too) and every
    // catalog are in memory (docs/pwa.md, "The snapshot"), so the app starts at once; the
    // files, for lazy imports, come after.  A game left out of the snapshot is unpacked
    // on demand, as on the plain path: before the start if the first screen needs it (a
    // link's game, the one to reopen, the start screen), else after interactive.
    const held = data.snapshot_engines || games;
    const outside = games.filter((game) => !held.includes(game));
    let first = [];
    if (outside.length) {
      // Not unpackWheels(): tableroBoot.wheels waits for the page's wheels (unpackLater).
      first = await firstEngines(py, outside, (buffers) => {
        for (const buffer of buffers) py.unpackArchive(buffer, "zip");
      });
      if (!first) return;
    }
    const rest = outside.filter((game) => !first.includes(game));
    boot.engines = rest.length ? "partial" : "all";
    unpackLater(py, () => [
      ...wheels,
      ...held.filter((game) => game in data.engines).map((g) => fetchWheel(data.engines[g])),
    ]);
    if (rest.length) enginesLater(py, rest);
    await runApp(py);
    return;
  }
  let buffers;
  try {
    buffers = await Promise.all(wheels);
  } catch (error) {
    fail("network", String(error), { file: data.wheels[0].replace(/^\.\//, "") });
    return;
  }
  if (boot.failed) return;
  try {
    unpackWheels(py, buffers);
  } catch (error) {
    fail("python", String(error));
    return;
  }
  const first = await firstEngines(py, games, (engines) => unpackWheels(py, engines));
  if (!first) return;
  const rest = games.filter((game) => !first.includes(game));
  boot.engines = rest.length ? "partial" : "all";
  if (rest.length) enginesLater(py, rest);
  performance.mark("tablero-wheels-done");
  await runApp(py);
}

// The engines of the first screen's game among `games` (a link's, the one to reopen; all
// of them for the start screen), as Python reads the address and the storage, fetched and
// given to `unpack`; the others come later.  Those games, or null when the boot failed.
async function firstEngines(py, games, unpack) {
  let first = games;
  try {
    const wanted = String(glue(py, "boot_engines")).split(",");
    first = games.filter((game) => wanted.includes(game));
  } catch (error) {
    // Every engine then; a broken app is reported when it starts (stage "app").
    console.warn("Tablero: which games the first screen needs is not known", error);
  }
  try {
    unpack(await Promise.all(first.map((game) => fetchWheel(data.engines[game]))));
  } catch (error) {
    fail("network", String(error), { file: first.map((g) => data.engines[g]).join(", ") });
    return null;
  }
  if (boot.failed) return null;
  return first;
}

// tableroBoot.engines: "partial" while engines are still to come, then "all" (or
// "failed": the games whose engine is missing are then simply not offered).
boot.engines = null;

async function runApp(py) {
  setStage("app", "active");
  await domReady; // start() draws into <main id="app">
  // No task boundary for the stage to be drawn first: the frame it cost (a layout of the
  // boot screen) came between the interpreter and the board, 10-16 ms; the board follows
  // within tens of milliseconds anyway.
  performance.mark("tablero-app-start");
  // A Python error goes to tableroBoot.pythonFailed(traceback).
  glue(py, "start_app", boot.pythonFailed);
  // The app stopped, then started again in this page at its address as it then is (what
  // the storage then holds): the browser tests' reuse of one booted page from test to
  // test (docs/testing.md).  A player's page never calls them.
  boot.stop = () => glue(py, "stop_app");
  boot.restart = () => glue(py, "start_app", boot.pythonFailed);
}
