// Compiles the page's Python to bytecode with the page's own Pyodide (called by build.py;
// not copied into the site).  docs/pwa.md, "The page's Python bundles".
//   node buildtools/make-bytecode.mjs OPTIONS.json
// OPTIONS: {pyodide: runtime folder, jobs: [{src: zip of sources, dst: zip to write}]}
// Each .py of a source zip becomes a sourceless .pyc beside where the .py would be (its
// docstrings left out, but those of classes), compiled as site-packages/<path>, so
// tracebacks name the file and line; every other file is copied.  A first visit then
// imports the app without compiling it (measured: about 90 ms of the page's thread).
// Prints {jobs: [{src, dst, bytes}]} as JSON.
import { readFile, writeFile } from "node:fs/promises";
import { readOptions, startPyodide } from "./node-runtime.mjs";

const options = await readOptions();
const py = await startPyodide(options.pyodide);

py.runPython(`
import ast, io, sys, zipfile
import importlib._bootstrap_external as _external

_SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
_STAMP = (2020, 2, 2, 0, 0, 0)


class _NoDocstrings(ast.NodeTransformer):
    def _strip(self, node):
        self.generic_visit(node)
        body = node.body
        first = body[0] if body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                and isinstance(first.value.value, str):
            node.body = body[1:] or [ast.Pass(lineno=first.lineno, col_offset=first.col_offset)]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _strip

    # A class keeps its docstring: without one, @dataclass builds a signature text for it
    # with inspect at import time.
    def visit_ClassDef(self, node):
        self.generic_visit(node)
        return node


def sourceless(data):
    src = zipfile.ZipFile(io.BytesIO(bytes(data)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name in sorted(src.namelist()):
            body = src.read(name)
            if name.endswith(".py"):
                tree = _NoDocstrings().visit(ast.parse(body, name))
                code = compile(tree, _SITE + name, "exec", dont_inherit=True)
                name, body = name + "c", bytes(_external._code_to_timestamp_pyc(code, 0, len(body)))
            zf.writestr(zipfile.ZipInfo(name, _STAMP), body, zipfile.ZIP_DEFLATED, 9)
    return out.getvalue()
`);

const sourceless = py.globals.get("sourceless");
const done = [];
for (const job of options.jobs) {
  let bytes;
  try {
    bytes = sourceless(new Uint8Array(await readFile(job.src))).toJs();
  } catch (error) {
    process.stderr.write(`compiling ${job.src} failed:\n${error}\n`);
    process.exit(1);
  }
  await writeFile(job.dst, bytes);
  done.push({ src: job.src, dst: job.dst, bytes: bytes.length });
}
process.stdout.write(JSON.stringify({ jobs: done }) + "\n");
process.exit(0);
