// The boot loader (static/boot/): what comes after the board is interactive (the other
// engines, the rest of the standard library, the wheels after a restore).
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// The other games' engines, unpacked once the board is interactive, in idle time; the
// app runs any act that waited for them (tablero.web.main.engines_ready).
function enginesLater(py, games) {
  const load = async () => {
    try {
      unpackWheels(py, await Promise.all(games.map((game) => fetchWheel(data.engines[game]))));
      glue(py, "forget_listings");
      boot.engines = "all";
    } catch (error) {
      boot.engines = "failed";
      console.warn("Tablero: the engines of the other games could not be loaded", error);
    }
    performance.mark("tablero-engines-done");
    glue(py, "engines_ready");
  };
  afterInteractive(load);
}

// The rest of the page's standard library (build.py STDLIB_DEFER: modules nothing on the
// page imports before), added to sys.path in idle time after the board is interactive,
// before PyScript starts.  tableroBoot.stdlibExtra: null, then "mounted" or "failed".
boot.stdlibExtra = null;
let stdlibExtraDone = Promise.resolve();
function stdlibExtraLater(py) {
  if (!data.stdlib_extra) return;
  const path = "/lib/tablero-stdlib-extra.zip";
  stdlibExtraDone = new Promise((resolve) => {
    afterInteractive(async () => {
      try {
        py.FS.writeFile(path, await fetchWheel(data.stdlib_extra));
        // A package with modules in both zips (encodings) also looks in the second one.
        const split = py.toPy(data.stdlib_split || []);
        try {
          glue(py, "mount_extra", path, split);
        } finally {
          split.destroy();
        }
        boot.stdlibExtra = "mounted";
      } catch (error) {
        boot.stdlibExtra = "failed";
        console.warn("Tablero: the rest of the standard library could not be loaded", error);
      }
      resolve();
    });
  });
}

// tableroBoot.wheels: "unpacked" once the page's wheels are on sys.path.
boot.wheels = null;
function unpackWheels(py, buffers) {
  for (const buffer of buffers) py.unpackArchive(buffer, "zip");
  boot.wheels = "unpacked";
}

// After a restore: unpack the wheels once the board is interactive, in idle time after the
// first clicks (the unpacking holds the page's thread for 30-70 ms; nothing needs the files
// that early: the modules and the catalogs are in the snapshot).
function unpackLater(py, wheels) {
  const unpack = async () => {
    try {
      unpackWheels(py, await Promise.all(wheels()));
      glue(py, "forget_listings");
      performance.mark("tablero-wheels-done");
    } catch (error) {
      boot.wheels = "failed";
      console.warn("Tablero: the page's wheels could not be unpacked", error);
    }
  };
  afterInteractive(unpack);
}

// Runs `work` in idle time 0.5 s after the app is ready (after the first clicks).
function afterInteractive(work) {
  const idle = window.requestIdleCallback || ((run) => setTimeout(run, 0));
  const later = () => setTimeout(() => idle(work, { timeout: 1000 }), 500);
  if (document.body?.dataset.ready === "1") later();
  else addEventListener("tablero:ready", later, { once: true });
}
