// Makes the Pyodide memory snapshot the page restores on later visits, or measures the
// heap it needs bundle by bundle (called by build.py; not copied into the site).  See
// docs/pwa.md, "The snapshot".
//   node buildtools/make-snapshot.mjs OPTIONS.json
// OPTIONS: {pyodide: folder of the runtime (the same files the site ships),
//           stdlib: the page's standard library (buildtools/make-stdlib.mjs): the snapshot
//           only restores with the very zip it was made with mounted,
//           bundles: [{name, zip, imports: [module names], game: bool}], in order: core,
//           web, then the games,
//           warm: Python source run after the imports, before the snapshot (optional),
//           measure: true to measure only (below); else make the snapshot,
//           order: (measure) Python source whose value is the JSON list of the games in
//           the order they are wanted (the registry's): the game bundles are sorted by it,
//           later: [zip paths] unpacked after the restore, before the check (the games
//           left out of the snapshot, unpacked on demand on the page),
//           check: Python source run after a restore (must not raise),
//           out: path of the raw snapshot}
// Heap figures are bytes: `heap` is the size of the wasm memory, `used` the highest
// address the allocator ever reached (sbrk's break at its peak: static data, stack and
// malloc's arena), `free` what malloc holds free below it.  The snapshot is the whole
// memory, and a snapshot of a memory that grew past the size Pyodide starts with does not
// restore ("RangeError: offset is out of bounds"): `used` must stay under that size.
// Measure: every bundle is unpacked and imported in turn, each followed by `warm`, and
// the heap is read after each; prints {heap, base, order, steps: [{bundle, used, heap,
// free}]}.  The heap may grow there (nothing is snapshotted).
// Snapshot: every bundle unpacked and imported, then `warm`; prints {bytes, heap, used,
// free, base, modules, steps, makeMs, restoreMs}; exits 1 with a message on stderr when
// the heap grew (naming the bundle it grew with) or the snapshot does not restore.
import { writeFile } from "node:fs/promises";
import { readOptions, startPyodide, unpackZips } from "./node-runtime.mjs";

const options = await readOptions();
const stdLibURL = options.stdlib;
const MiB = (bytes) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;

function die(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

// The heap as malloc (dlmalloc, on sbrk) sees it: its peak is the break minus the arena
// now plus the arena at its largest.
function heapUse(py) {
  const m = py._module;
  const brk = m._sbrk(0) >>> 0;
  const used = brk - (m._malloc_footprint() >>> 0) + (m._malloc_max_footprint() >>> 0);
  const info = m._malloc(64); // struct mallinfo: 10 ints, fordblks the 9th
  m._mallinfo(info);
  const free = m.HEAPU32[(info >>> 2) + 8];
  m._free(info);
  return { used, heap: m.HEAP8.buffer.byteLength, free };
}

function run(py, source, doing) {
  try {
    return py.runPython(source);
  } catch (error) {
    die(`${doing} failed:\n${error}`);
  }
}

function importAll(py, bundle) {
  run(
    py,
    `import importlib\nfor _name in ${JSON.stringify(bundle.imports)}:\n` +
      `    importlib.import_module(_name)\ndel _name\n`,
    `importing the modules of ${bundle.name} before the snapshot`,
  );
}

let t = performance.now();
// No loadPackage before makeMemorySnapshot ("Unexpected hiwire entry"): the app's code
// goes in with unpackArchive, and Python must hold no JS object when the snapshot is made.
const py = await startPyodide(options.pyodide, { stdLibURL, _makeSnapshot: true });
const base = heapUse(py);
const bundles = options.bundles;

if (options.measure) {
  // The bundles that are not games first (core, web; the warm-up after the last), then
  // the games in the wanted order, each followed by the warm-up.
  const steps = [];
  const fixed = bundles.filter((b) => !b.game);
  for (const [i, bundle] of fixed.entries()) {
    await unpackZips(py, [bundle.zip]);
    importAll(py, bundle);
    if (i === fixed.length - 1) run(py, options.warm, `warming the app up with ${bundle.name}`);
    steps.push({ bundle: bundle.name, ...heapUse(py) });
  }
  const order = JSON.parse(run(py, options.order, "reading the order of the games"));
  const rank = (b) => (order.includes(b.name) ? order.indexOf(b.name) : order.length);
  const games = bundles
    .filter((b) => b.game)
    .sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : 1));
  for (const bundle of games) {
    await unpackZips(py, [bundle.zip]);
    importAll(py, bundle);
    run(py, options.warm, `warming the app up with ${bundle.name}`);
    steps.push({ bundle: bundle.name, ...heapUse(py) });
  }
  process.stdout.write(JSON.stringify({ heap: base.heap, base: base.used, order, steps }) + "\n");
  process.exit(0);
}

// The snapshot: every bundle's files, then their modules, then the warm-up.
await unpackZips(py, bundles.map((b) => b.zip));
const steps = [];
function grew(after) {
  const now = heapUse(py);
  steps.push({ bundle: after, ...now });
  if (now.heap > base.heap) {
    die(
      `the Python heap grew to ${MiB(now.heap)} (from ${MiB(base.heap)}) with ${after}: ` +
        `a snapshot of a grown heap does not restore ("RangeError: offset is out of ` +
        `bounds"). The measured plan said it fits: raise SNAPSHOT_HEAP_MARGIN in ` +
        `buildtools/snapshot.py, or make ${after} lighter.`,
    );
  }
}
for (const bundle of bundles) {
  importAll(py, bundle);
  grew(bundle.name);
}
if (options.warm) {
  run(py, options.warm, "warming the app up before the snapshot");
  grew("the warm-up");
}
const modules = py.runPython("import sys; len(sys.modules)");
const end = heapUse(py);
const snapshot = py.makeMemorySnapshot();
await writeFile(options.out, snapshot);
const makeMs = performance.now() - t;

// Restore it once, as the page will (its files unpacked after it, then the games left
// out of it, as on demand), and run the check.
t = performance.now();
let restoreMs;
try {
  const again = await startPyodide(options.pyodide, { stdLibURL, _loadSnapshot: snapshot });
  await unpackZips(again, bundles.map((b) => b.zip));
  await unpackZips(again, options.later || []);
  again.runPython(options.check);
  restoreMs = performance.now() - t;
} catch (error) {
  die(`the snapshot was made but does not restore:\n${error}`);
}
process.stdout.write(
  JSON.stringify({
    bytes: snapshot.byteLength,
    heap: end.heap,
    used: end.used,
    free: end.free,
    base: base.used,
    modules,
    steps,
    makeMs: Math.round(makeMs),
    restoreMs: Math.round(restoreMs),
  }) + "\n",
);
process.exit(0);
