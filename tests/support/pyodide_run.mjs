// Run tests/support/parity_games.py inside real Pyodide (from node_modules/pyodide) under Node.
//
//   node tests/support/pyodide_run.mjs [--games JSON] WHEEL...
//
// Unpacks the given wheels (built by `python3 build.py wheels`) into Pyodide's
// site-packages, writes parity_games.py into its filesystem and runs its main() with the
// game specs (default: its PARITY_GAMES).  Python's stdout -- one JSON document -- is the
// only thing written to stdout; everything else goes to stderr.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { run, startPyodide, writeOutput } from "./pyodide_node.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const testDir = "/tablero_tests";

function parseArgs(argv) {
  const wheels = [];
  let games = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--games") games = argv[++i];
    else wheels.push(argv[i]);
  }
  if (wheels.length === 0) throw new Error("usage: node tests/support/pyodide_run.mjs [--games JSON] WHEEL...");
  return { wheels, games };
}

async function main() {
  const { wheels, games } = parseArgs(process.argv.slice(2));
  const { pyodide, out } = await startPyodide();
  for (const wheel of wheels) {
    // Pyodide wants a plain Uint8Array, not Node's Buffer subclass.
    pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel");
  }
  pyodide.FS.mkdirTree(testDir);
  const source = await readFile(path.join(here, "parity_games.py"), "utf8");
  pyodide.FS.writeFile(`${testDir}/parity_games.py`, source);
  pyodide.globals.set("PARITY_ARGS", pyodide.toPy(games === null ? [] : [games]));
  const rc = pyodide.runPython(`
import importlib, sys
sys.path.insert(0, ${JSON.stringify(testDir)})
importlib.invalidate_caches()
import parity_games
parity_games.main(PARITY_ARGS)
`);
  await writeOutput(out);
  return rc;
}

run("pyodide_run.mjs", main);
