// The boot loader (static/boot/), its last file: the boot starts.
// Plain script text, not an ES module: buildtools/page.py joins the files of static/boot/,
// in the order of its BOOT_MODULES, into the one inline script of index.html, where they
// share one scope (a file uses what the files before it declare).  docs/pwa.md, "Booting".

// --- go -------------------------------------------------------------------------------

performance.mark("tablero-boot-start");
domReady.then(showScreen);
if (typeof WebAssembly !== "object") {
  fail("unsupported", "");
} else {
  loadCatalog();
  startApp().catch((error) => fail("python", String(error?.stack || error)));
}
