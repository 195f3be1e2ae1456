// What the Pyodide-under-Node test runners share (tests/support/pyodide_run.mjs,
// tests/platform/golden/pyodide_replay.mjs): start the project's Pyodide (node_modules/pyodide)
// with Python's stdout collected and its stderr passed through, then write the collected
// stdout -- one JSON document -- as the runner's only output.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");

export async function startPyodide() {
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
  return { pyodide, out };
}

export function writeOutput(out) {
  return new Promise((resolve) => process.stdout.write(Buffer.concat(out), resolve));
}

export function run(name, main) {
  main().then(
    (rc) => process.exit(rc ?? 0),
    (err) => {
      process.stderr.write(`${name}: ${err && err.message ? err.message : err}\n`);
      process.exit(1);
    },
  );
}
