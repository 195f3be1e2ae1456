// Run a Python module inside real Pyodide (from node_modules/pyodide) under Node.
//
//   node tests/platform/golden/pyodide_replay.mjs MANIFEST.json
//
// The manifest (written by tests/platform/golden/test_golden.py) is
//   {"files": {"/abs/path/in/pyodide.py": "source", ...}, "path": ["/dir", ...],
//    "module": "name", "argv": ["...", ...]}
// Every file is written into Pyodide's filesystem, the "path" folders go first on
// sys.path, and module.main(argv) runs.  Python's stdout -- one JSON document -- is the
// only thing written to stdout; everything else goes to stderr.  (Like
// tests/support/pyodide_run.mjs, which unpacks built wheels instead of writing sources.)
import { readFile } from "node:fs/promises";
import path from "node:path";

import { run, startPyodide, writeOutput } from "../../support/pyodide_node.mjs";


async function main() {
  const [manifestPath] = process.argv.slice(2);
  if (!manifestPath) throw new Error("usage: node tests/platform/golden/pyodide_replay.mjs MANIFEST.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
  const { pyodide, out } = await startPyodide();
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
  await writeOutput(out);
  return rc;
}

run("pyodide_replay.mjs", main);
