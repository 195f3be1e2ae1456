// Makes the Pyodide memory snapshot the page restores on later visits (called by
// build.py; not copied into the site).  See docs/pwa.md, "The snapshot".
//   node static/make-snapshot.mjs OPTIONS.json
// OPTIONS: {pyodide: folder of the runtime (the same files the site ships),
//           stdlib: the page's standard library (static/make-stdlib.mjs): the snapshot
//           only restores with the very zip it was made with mounted,
//           zips: [wheel paths, unpacked onto sys.path with unpackArchive],
//           imports: [module names imported before the snapshot],
//           warm: Python source run after the imports, before the snapshot (optional),
//           check: Python source run after a restore (must not raise),
//           out: path of the raw snapshot, heapLimit: bytes}
// Prints {bytes, heap, heapLimit, modules, makeMs, restoreMs} as JSON; exits 1 with a
// message on stderr when the heap grew past the limit or the snapshot does not restore.
import { writeFile } from "node:fs/promises";
import { readOptions, startPyodide, unpackZips } from "./node-runtime.mjs";

const options = await readOptions();
const stdLibURL = options.stdlib;

function die(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let t = performance.now();
// No loadPackage before makeMemorySnapshot ("Unexpected hiwire entry"): the app's code
// goes in with unpackArchive, and Python must hold no JS object when the snapshot is made.
const py = await startPyodide(options.pyodide, { stdLibURL, _makeSnapshot: true });
await unpackZips(py, options.zips);
const imports = JSON.stringify(options.imports);
try {
  py.runPython(`
import importlib, sys
for _name in ${imports}:
    importlib.import_module(_name)
del _name
`);
} catch (error) {
  die(`importing the app's modules before the snapshot failed:\n${error}`);
}
if (options.warm) {
  try {
    py.runPython(options.warm);
  } catch (error) {
    die(`warming the app up before the snapshot failed:\n${error}`);
  }
}
const modules = py.runPython("len(sys.modules)");
const heap = py._module.HEAP8.buffer.byteLength;
if (heap > options.heapLimit) {
  die(
    `the Python heap grew to ${(heap / 2 ** 20).toFixed(1)} MiB after importing the app's ` +
      `modules (limit ${(options.heapLimit / 2 ** 20).toFixed(1)} MiB): a snapshot of a grown ` +
      `heap does not restore ("RangeError: offset is out of bounds"). Import fewer modules ` +
      `before the snapshot (SNAPSHOT_IMPORTS in build.py).`,
  );
}
const snapshot = py.makeMemorySnapshot();
await writeFile(options.out, snapshot);
const makeMs = performance.now() - t;

// Restore it once, as the page will, and run the check.
t = performance.now();
let restoreMs;
try {
  const again = await startPyodide(options.pyodide, { stdLibURL, _loadSnapshot: snapshot });
  await unpackZips(again, options.zips);
  again.runPython(options.check);
  restoreMs = performance.now() - t;
} catch (error) {
  die(`the snapshot was made but does not restore:\n${error}`);
}
process.stdout.write(
  JSON.stringify({
    bytes: snapshot.byteLength,
    heap,
    heapLimit: options.heapLimit,
    modules,
    makeMs: Math.round(makeMs),
    restoreMs: Math.round(restoreMs),
  }) + "\n",
);
process.exit(0);
