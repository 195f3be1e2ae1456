// What the build's Node scripts share (make-bytecode.mjs, make-stdlib.mjs,
// make-snapshot.mjs; not copied into the site): their options, and the site's own
// Pyodide started under Node.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The options build.run_node() wrote to the file named on the command line.
export async function readOptions() {
  return JSON.parse(await readFile(process.argv[2], "utf8"));
}

// loadPyodide() from the runtime folder `folder` (the very files the site ships), Python's
// output silenced but its errors on stderr; `settings` go to loadPyodide.
export async function startPyodide(folder, settings = {}) {
  const indexURL = folder.endsWith("/") ? folder : `${folder}/`;
  const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
  return loadPyodide({
    indexURL,
    stdout: () => {},
    stderr: (line) => process.stderr.write(`${line}\n`),
    ...settings,
  });
}

// The zips at `paths` unpacked into Python's working directory (where the page unpacks its
// bundles, so modules get the page's __file__ and package paths).
export async function unpackZips(py, paths) {
  for (const path of paths) py.unpackArchive(new Uint8Array(await readFile(path)), "zip");
}
