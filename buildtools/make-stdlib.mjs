// Makes the page's own copy of Python's standard library (called by build.py; not copied
// into the site).  See docs/pwa.md, "The standard library".
//   node buildtools/make-stdlib.mjs OPTIONS.json
// OPTIONS: {pyodide: runtime folder, zips: [the page's bundles, unpacked onto sys.path],
//           imports: [module names the page imports], defer: [regular expressions on
//           file names in the zip], boot: path of the zip to write, extra: path of the
//           second zip to write}
//
// Pyodide ships its standard library (python_stdlib.zip) as sources: every module that
// Python's start and the app import is compiled in the browser, by the interpreter in
// WebAssembly, on every first visit.  Here each module imported by Python's start or by
// the page's modules (found by importing them with this very runtime) becomes a
// sourceless .pyc compiled by this runtime (docstrings kept); the modules matched by
// `defer` (never used before the board is interactive: mail, XML, test tools, codecs of
// other encodings...) go to the second zip, which the page adds to sys.path later; every
// other file stays as it is.  Prints {modules, compiled, deferred, split, boot, extra} as
// JSON, `split` naming the packages with modules in both zips.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readOptions, startPyodide, unpackZips } from "./node-runtime.mjs";

const options = await readOptions();
const py = await startPyodide(options.pyodide);
await unpackZips(py, options.zips);
const pristine = join(options.pyodide, "python_stdlib.zip");
py.globals.set("stdlib_bytes", new Uint8Array(await readFile(pristine)));
py.globals.set("options_json", JSON.stringify(options));
py.runPython(`
import importlib, io, json, re, sys, zipfile
import importlib._bootstrap_external as _external

_options = json.loads(options_json)
for _name in _options["imports"]:
    importlib.import_module(_name)

_PREFIX = "/lib/python%d%d.zip/" % sys.version_info[:2]
_STAMP = (2020, 2, 2, 0, 0, 0)
_defer = re.compile("|".join(f"(?:{p})" for p in _options["defer"]))
_used = {
    f.removeprefix(_PREFIX)
    for m in list(sys.modules.values())
    if (f := getattr(m, "__file__", None) or "").startswith(_PREFIX)
}
_source = zipfile.ZipFile(io.BytesIO(bytes(stdlib_bytes.to_py())))
_boot, _extra = io.BytesIO(), io.BytesIO()
_compiled, _deferred, _clash = 0, 0, sorted(n for n in _used if _defer.match(n))
_in_boot, _split = set(), set()
with zipfile.ZipFile(_boot, "w") as boot_zip, zipfile.ZipFile(_extra, "w") as extra_zip:
    for name in sorted(_source.namelist()):
        body = _source.read(name)
        into = boot_zip
        if name in _used and name.endswith(".py"):
            code = compile(body, _PREFIX + name, "exec", dont_inherit=True)
            name, body = name + "c", bytes(_external._code_to_timestamp_pyc(code, 0, len(body)))
            _compiled += 1
        elif _defer.match(name):
            into = extra_zip
            _deferred += 1
            if "/" in name:
                _split.add(name.rsplit("/", 1)[0])
        if into is boot_zip:
            _in_boot.add(name)
        into.writestr(zipfile.ZipInfo(name, _STAMP), body, zipfile.ZIP_DEFLATED, 9)
# Packages with modules in both zips (their __init__ in the first): the page adds the second
# zip's folder to their __path__ too, or their deferred modules would not be found.
_split = sorted(
    d.replace("/", ".") for d in _split if {f"{d}/__init__.py", f"{d}/__init__.pyc"} & _in_boot
)
result = {"modules": len(_used), "compiled": _compiled, "deferred": _deferred,
          "split": _split, "clash": _clash}
`);
const result = py.globals.get("result").toJs({ dict_converter: Object.fromEntries });
if (result.clash.length) {
  process.stderr.write(`deferred but imported by the page: ${result.clash.join(", ")}\n`);
  process.exit(1);
}
const boot = py.globals.get("_boot").getvalue().toJs();
const extra = py.globals.get("_extra").getvalue().toJs();
await writeFile(options.boot, boot);
await writeFile(options.extra, extra);
process.stdout.write(
  `${JSON.stringify({ ...result, boot: boot.length, extra: extra.length })}\n`,
);
