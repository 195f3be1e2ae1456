// Run a Python module inside real Pyodide (from node_modules/pyodide) under Node.
//
//   node tests/golden/pyodide_replay.mjs MANIFEST.json
//
// The manifest (written by tests/golden/test_golden.py) is
//   {"files": {"/abs/path/in/pyodide.py": "source", ...}, "path": ["/dir", ...],
//    "module": "name", "argv": ["...", ...]}
// Every file is written into Pyodide's filesystem, the "path" folders go first on
// sys.path, and module.main(argv) runs.  Python's stdout -- one JSON document -- is the
// only thing written to stdout; everything else goes to stderr.  (Like
// tests/pyodide_run.mjs, which unpacks built wheels instead of writing sources.)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");

async function main() {
  const [manifestPath] = process.argv.slice(2);
  if (!manifestPath) throw new Error("usage: node tests/golden/pyodide_replay.mjs MANIFEST.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
  // Raw writes, not the line-batched default, which splits lines longer than 64 KiB.
  const out = [];
  pyodide.setStdout({
    write(buf) {
      out.push(Buffer.from(buf));
      return buf.length;
    },
  });
  pyodide.setStderr({
    write(buf) {
      process.stderr.write(Buffer.from(buf));
      return buf.length;
    },
  });
  for (const [file, source] of Object.entries(manifest.files)) {
    pyodide.FS.mkdirTree(path.posix.dirname(file));
    pyodide.FS.writeFile(file, source);
  }
  pyodide.globals.set("MANIFEST_PATH", pyodide.toPy(manifest.path));
  pyodide.globals.set("MANIFEST_MODULE", manifest.module);
  pyodide.globals.set("MANIFEST_ARGV", pyodide.toPy(manifest.argv));
  const rc = pyodide.runPython(`
import importlib, sys
sys.path[:0] = list(MANIFEST_PATH)
importlib.invalidate_caches()
importlib.import_module(MANIFEST_MODULE).main(list(MANIFEST_ARGV))
`);
  await new Promise((resolve) => process.stdout.write(Buffer.concat(out), resolve));
  return rc;
}

main().then(
  (rc) => process.exit(rc ?? 0),
  (err) => {
    process.stderr.write(`pyodide_replay.mjs: ${err && err.message ? err.message : err}\n`);
    process.exit(1);
  },
);
