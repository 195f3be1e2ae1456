// Runs the ristretto255 measurement inside Pyodide under Node (called by
// bench/bench_ristretto255.py, which builds tablero-core's wheel and runs the same code in
// CPython).
//   node bench/bench_ristretto255_pyodide.mjs PARAMS.json
// PARAMS: {wheels: [paths], code: Python source that defines measure(params) -> dict, and
//          the measure parameters}
// Prints one JSON line: {python, result}.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const require = createRequire(import.meta.url);
const params = JSON.parse(await readFile(process.argv[2], "utf8"));
const entry = require.resolve("pyodide/pyodide.mjs");
const { loadPyodide } = await import(entry);
const pyodide = await loadPyodide({ indexURL: dirname(entry) + "/" });
process.on("uncaughtException", (error) => {
  // Short: Node would print the whole minified source line of pyodide.asm.mjs.
  process.stderr.write(`error: ${String(error && error.message).slice(-4000)}\n`);
  process.exit(1);
});
for (const wheel of params.wheels) {
  pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel");
}
pyodide.globals.set("params_json", JSON.stringify(params));
pyodide.runPython(params.code);
const out = pyodide.runPython(
  "import json, sys\njson.dumps({'python': sys.version.split()[0], " +
    "'result': measure(json.loads(params_json))})",
);
process.stdout.write(out + "\n");
