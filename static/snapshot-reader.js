// Starts the two big reads of a later visit as the page's very first act.  build.py
// inlines this classic script at the top of index.html's <head> (before the stylesheets,
// so nothing holds it back), with the content-hashed URLs of the snapshot, the boot's
// worker (static/cache-reader.js) and the runtime's wasm filled in.
//
// On a page under the service worker (a later visit), the worker at once
//  - reads the memory snapshot from the Cache Storage: the raw copy kept by the page in
//    the cache "tablero-snapshot" under the snapshot's URL plus "?raw" (its pages of zeros
//    left out: 17 of the 31.5 MB, put back in place as it streams in), else the gzipped
//    one precached by the service worker (gunzipped there);
//  - compiles the runtime's wasm from the Cache Storage (decoding and validating it): the
//    page's thread, busy starting everything else, only instantiates the module.
// On a first visit (no service worker yet) nothing is read: the wasm is preloaded for
// Pyodide instead, and after the service worker has precached everything, static/boot.js
// calls keepRaw(): the worker gunzips the snapshot, stores the raw copy and deletes the
// copies of other builds.
//
// window.tableroSnapshotRead = {url, present, form, bytes, module, keepRaw}: `form`
// resolves to "raw", "gzip" or null, `present` to whether there is a snapshot, `bytes` to
// it (a Uint8Array; null when not present) or rejects, `module` to the compiled wasm (a
// WebAssembly.Module) or null.  static/snapshot-interpreter.mjs hands both to Pyodide.
// See docs/pwa.md, "The snapshot".
(() => {
  const url = new URL("__SNAPSHOT__", document.baseURI).href;
  const workerURL = new URL("__CACHE_READER__", document.baseURI).href;
  const wasmURL = new URL("__WASM__", document.baseURI).href;
  const RAW = { cache: "tablero-snapshot", key: `${url}?raw` };
  const canGunzip = typeof DecompressionStream === "function";
  const canRead = Boolean(window.caches) && typeof Worker === "function";

  // Only a page under the service worker can find anything in the cache.
  const controlled = Boolean(navigator.serviceWorker?.controller);
  if (!controlled || !canRead) {
    // Pyodide fetches the wasm itself: start the download now.
    const link = document.createElement("link");
    Object.assign(link, { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: wasmURL });
    document.head.append(link);
  }

  // A promise with its resolve and reject at hand.
  function deferred() {
    const d = {};
    d.promise = new Promise((resolve, reject) => Object.assign(d, { resolve, reject }));
    d.promise.catch(() => {});
    return d;
  }

  const form = deferred();
  const bytes = deferred();
  const module = deferred();
  if (controlled && canRead) {
    try {
      // The job goes in the worker's name: it starts before a message could reach it.
      const job = { snapshot: { url, raw: RAW, gzip: canGunzip }, wasm: wasmURL };
      const worker = new Worker(workerURL, { name: JSON.stringify(job) });
      let left = 2; // the snapshot and the wasm
      const settled = () => --left || worker.terminate();
      const fail = (error) => {
        form.reject(error); // no effect once settled
        bytes.reject(error);
        module.resolve(null);
        worker.terminate();
      };
      worker.onmessage = ({ data }) => {
        if ("module" in data || "wasmError" in data) {
          if (data.wasmError) console.warn("Tablero: the wasm did not compile in the worker.", data.wasmError);
          module.resolve(data.module ?? null);
          settled();
        } else if (data.error) {
          fail(new Error(data.error));
        } else if ("form" in data) {
          form.resolve(data.form);
          if (!data.form) {
            bytes.resolve(null);
            settled();
          }
        } else if (data.bytes) {
          bytes.resolve(new Uint8Array(data.bytes));
          settled();
        }
      };
      worker.onerror = (event) => fail(new Error(event.message || "the cache reader (a worker) failed"));
    } catch (error) {
      form.reject(error);
    }
  } else {
    form.resolve(null);
    module.resolve(null);
  }
  // Not found, or not readable: a plain boot.
  const found = form.promise.catch((error) => {
    console.warn("Tablero: the snapshot cannot be read; starting without it.", error);
    module.resolve(null);
    return null;
  });
  found.then((which) => {
    if (which) performance.mark("tablero-snapshot-read-start");
    else bytes.resolve(null);
  });
  bytes.promise.then((snapshot) => snapshot && performance.mark("tablero-snapshot-read"));

  // After a boot that did not read the raw copy: make it for the next visit.
  async function keepRaw() {
    if ((await found) === "raw" || !canRead || !canGunzip) return false;
    if (!(await caches.match(url))) return false;
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerURL, { name: JSON.stringify({ keep: { url, ...RAW } }) });
      const done = () => worker.terminate();
      worker.onmessage = ({ data }) => {
        done();
        if (data.error) reject(new Error(data.error));
        else resolve(Boolean(data.kept));
      };
      worker.onerror = (event) => {
        done();
        reject(new Error(event.message || "the cache reader (a worker) failed"));
      };
    });
  }

  window.tableroSnapshotRead = {
    url,
    form: found,
    present: found.then(Boolean),
    bytes: bytes.promise,
    module: module.promise,
    keepRaw,
  };
})();
