// Tablero's interpreter module: a plain Pyodide boot, or, when a memory snapshot of this
// very build is already in the service worker's cache, a restore of that snapshot (the
// app's modules already imported).  See docs/pwa.md, "The snapshot" and "Booting".
//
// build.py copies it as static/interpreter.<hash>.mjs with the three placeholders below
// replaced (the runtime folder, the page's standard library and the snapshot's
// content-hashed URL, all relative to this module).  Never fetches the snapshot from the
// network: a first visit boots plain and the service worker precaches the snapshot after
// the board is interactive.
//
// static/boot.js imports it and calls boot() at once (the snapshot is being read and
// gunzipped, in a worker, since the page's first script: static/snapshot-reader.js), then
// unpacks the page's wheels and starts the app itself.  PyScript, loaded after the board
// is interactive, names this module as its "interpreter" in place of pyodide.mjs; its
// call to loadPyodide() gets the interpreter that is already running.
// window.tableroSnapshot tells what happened: {url, used, form, error, ms, wasm} (form: "raw"
// or "gzip", the copy read; wasm: "worker" when the cache reader compiled it, else "page").
import { loadPyodide as plainLoad, version } from "__RUNTIME__/pyodide.mjs";

export { version };

const indexURL = new URL("__RUNTIME__/", import.meta.url).href;
// The page's own standard library, its modules in use compiled (build.py page_stdlib()).
const stdLibURL = new URL("__STDLIB__", import.meta.url).href;
const snapshotURL = new URL("__SNAPSHOT__", import.meta.url).href;
const status = { url: snapshotURL, used: false, form: null, error: null, ms: null, wasm: null };
globalThis.tableroSnapshot = status;

// Python's output goes to the console until PyScript hands its own writers over.
const io = { stdout: (line) => console.log(line), stderr: (line) => console.error(line) };
const stdio = { stdout: (line) => io.stdout(line), stderr: (line) => io.stderr(line) };

// The snapshot's bytes, being read since the page's first script (static/snapshot-reader.js,
// inlined into index.html): {url, present, bytes}, or nothing on a page without it.
function snapshotRead() {
  const early = globalThis.tableroSnapshotRead;
  return early && early.url === snapshotURL ? early : null;
}

// Pyodide compiles its wasm with WebAssembly.instantiateStreaming(fetch(wasm)), on this
// thread.  When the cache reader (static/snapshot-reader.js) has compiled it in its worker,
// that one call is answered with the worker's module instead, instantiated here (and
// static/boot.js answers Pyodide's fetch of the wasm without reading it); without a module
// the call goes to the browser's own function.  In place for one loadPyodide().
async function withModule(modulePromise, load) {
  status.wasm = "page";
  if (!modulePromise) return load();
  const own = WebAssembly.instantiateStreaming;
  let used = false;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const module = used ? null : await modulePromise.catch(() => null);
    used = true;
    status.wasm = module ? "worker" : "page";
    if (!module) return own.call(WebAssembly, source, imports);
    Promise.resolve(source)
      .then((response) => response?.body?.cancel())
      .catch(() => {});
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = own;
  }
}

// While Pyodide links its wasm, it wraps each JavaScript function the C code takes the
// address of in a tiny wasm module of its own (Emscripten's convertJsFunctionToWasm: about
// 250 of them, one `new WebAssembly.Module` each, 20-25 ms of this thread even with V8's
// module cache), though the module depends only on the function's signature.  For one
// loadPyodide, such small modules are compiled once per content and shared: a module is
// immutable, and each wrapper still gets an instance of its own.
async function withSharedWrappers(load) {
  const Own = WebAssembly.Module;
  const compiled = new Map();
  function Module(bytes, ...rest) {
    if (!new.target) return Own(bytes, ...rest); // throws, as the browser's does
    if (bytes instanceof Uint8Array && bytes.length <= 64 && rest.length === 0) {
      const key = bytes.join();
      let module = compiled.get(key);
      if (!module) compiled.set(key, (module = new Own(bytes)));
      return module;
    }
    return Reflect.construct(Own, [bytes, ...rest]);
  }
  Module.prototype = Own.prototype; // instanceof WebAssembly.Module still holds
  Object.setPrototypeOf(Module, Own); // and Module.customSections() and the like
  WebAssembly.Module = Module;
  try {
    return await load();
  } finally {
    WebAssembly.Module = Own;
  }
}

async function start() {
  const opts = { indexURL, stdLibURL, ...stdio };
  const t0 = performance.now();
  performance.mark("tablero-interpreter-start");
  const read = snapshotRead();
  let present = false;
  try {
    present = Boolean(read && (await read.present));
    if (present) status.form = (await read.form) ?? null;
  } catch (error) {
    status.error = `reading the snapshot: ${error}`;
  }
  if (present) {
    // Pyodide loads its JS and fetches the wasm while the snapshot is read and gunzipped;
    // it waits for the bytes only to instantiate the wasm with the snapshot's memory.
    let readError = null;
    const bytes = read.bytes.catch((error) => {
      readError = error;
      throw error;
    });
    try {
      const load = () => plainLoad({ ...opts, _loadSnapshot: bytes });
      const py = await withSharedWrappers(() => withModule(read.module, load));
      // random's state was frozen at build time: every visit would deal the same.
      py.runPython("import random as _r\n_r.seed()\ndel _r");
      status.used = true;
      status.ms = Math.round(performance.now() - t0);
      performance.mark("tablero-interpreter-done");
      return py;
    } catch (error) {
      status.error = readError
        ? `reading the snapshot: ${readError}`
        : `restoring the snapshot: ${error}`;
      console.warn("Tablero: the snapshot did not restore; starting without it.", error);
    }
  }
  const py = await withSharedWrappers(() => withModule(read?.module, () => plainLoad(opts)));
  status.ms = Math.round(performance.now() - t0);
  performance.mark("tablero-interpreter-done");
  return py;
}

let booting = null;

// Starts the interpreter (once); boot.js calls it first thing.
export function boot() {
  booting ??= start();
  return booting;
}

// What PyScript calls.  Its options carry nothing we need but its output writers
// (indexURL is this module's folder, a wrong guess: the runtime's is set above).
export async function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") io.stdout = options.stdout;
  if (typeof options.stderr === "function") io.stderr = options.stderr;
  return boot();
}
