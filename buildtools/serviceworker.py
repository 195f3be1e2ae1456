"""The service worker: dist/sw.js by Workbox generateSW (build-sw.mjs), precaching the
whole app (docs/pwa.md, "Service worker and updates")."""

from __future__ import annotations

import json
from pathlib import Path

from buildtools.common import TOOLS, BuildError, run_node
from buildtools.record import BUILD_RECORD

# PyScript chunks only its editor and terminal load (Tablero uses neither): copied, so that
# nothing PyScript might import is missing, but not precached for offline use.  (Its small
# py-editor/py-terminal/py-game plugin stubs are imported at every boot: precached.)
PYSCRIPT_UNUSED = ("codemirror", "xterm")


MAX_PRECACHE_FILE = 32 * 1024 * 1024


def generate_service_worker(out: Path) -> dict:
    """dist/sw.js by Workbox generateSW (buildtools/build-sw.mjs), precaching the whole app."""
    options = {
        "dir": str(out),
        # Pyodide's own python_stdlib.zip stays in the runtime folder, unused by the page
        # (it mounts its own: page_stdlib()).
        "ignore": [
            "sw.js",
            BUILD_RECORD,  # the build's own (read by its later steps)
            "pyodide/*/python_stdlib.zip",
            *(f"pyscript/*/{name}*" for name in PYSCRIPT_UNUSED),
        ],
        # Already versioned URLs (content hash in the path or the name): the service worker
        # precaches them from the HTTP cache instead of downloading them a second time.
        "hashed": r"^(pyodide|pyscript|wheels|py)/[0-9a-f]{12}/|\.[0-9a-f]{12}\.[a-z]+$",
        "maxFileSize": MAX_PRECACHE_FILE,
    }
    stdout = run_node(TOOLS / "build-sw.mjs", options, "generating the service worker")
    report = json.loads(stdout)
    if report["warnings"]:
        raise BuildError("workbox-build warned: " + "; ".join(report["warnings"]))
    sw = (out / "sw.js").read_text(encoding="utf-8")
    for must in (
        "pyodide.asm.wasm",
        "/stdlib.zip",
        "/stdlib-extra.zip",
        "index.html",
        "tablero_web-",
        "tablero_bots-",
        "static/bot-worker.",
    ):
        if must not in sw:
            raise BuildError(f"the service worker does not precache {must}")
    return report
