// The module PyScript loads as its "interpreter" in place of pyodide.mjs: a plain
// Pyodide boot, or, when a memory snapshot of this very build is already in the
// service worker's cache, a restore of that snapshot (the app's modules already
// imported).  See docs/pwa.md, "The snapshot".
//
// build.py copies it as static/interpreter.<hash>.mjs with the two placeholders below
// replaced (the runtime folder and the snapshot's content-hashed URL, both relative to
// this module).  Never fetches the snapshot from the network: a first visit boots plain
// and the service worker precaches the snapshot after the board is interactive.
// window.tableroSnapshot tells what happened: {url, used, error, ms}.
import { loadPyodide as plainLoad, version } from "__RUNTIME__/pyodide.mjs";

export { version };

const indexURL = new URL("__RUNTIME__/", import.meta.url).href;
const snapshotURL = new URL("__SNAPSHOT__", import.meta.url).href;
const status = { url: snapshotURL, used: false, error: null, ms: null };
globalThis.tableroSnapshot = status;

// The gunzipped snapshot if the Cache Storage has it, else null (never the network).
async function cachedSnapshot() {
  if (!globalThis.caches || typeof DecompressionStream !== "function") return null;
  const response = await caches.match(snapshotURL);
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A host may already have decoded it (Content-Encoding: gzip): then it is raw.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function loadPyodide(options = {}) {
  // PyScript guesses indexURL from this module's folder: point it at the runtime.
  const opts = { ...options, indexURL };
  const t0 = performance.now();
  let snapshot = null;
  try {
    snapshot = await cachedSnapshot();
  } catch (error) {
    status.error = `reading the snapshot: ${error}`;
  }
  if (snapshot) {
    try {
      const py = await plainLoad({ ...opts, _loadSnapshot: snapshot });
      // random's state was frozen at build time: every visit would deal the same.
      py.runPython("import random as _r\n_r.seed()\ndel _r");
      status.used = true;
      status.ms = Math.round(performance.now() - t0);
      return py;
    } catch (error) {
      status.error = `restoring the snapshot: ${error}`;
      console.warn("Tablero: the snapshot did not restore; starting without it.", error);
    }
  }
  const py = await plainLoad(opts);
  status.ms = Math.round(performance.now() - t0);
  return py;
}
